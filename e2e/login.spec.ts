/**
 * Login: password login, the captcha box after a failure (answer read
 * through the control API, refresh at most once per second), SMS login with its countdown, remember
 * me without the password, logout with confirmation, and a keyboard-only login.
 */
import type { Page } from '@playwright/test';
import { expect, PLAYER, shell, test } from './fixtures';
import { paths } from '../web/src/config/paths';

const SMS_MOBILE = '03001234567';

async function openLogin(page: Page) {
  await shell(page).header.getByRole('button', { name: 'Log in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function loggedIn(page: Page) {
  await expect(page.getByTestId('balance-amount')).toHaveText(/\$[\d,]+\.\d\d/);
}

// Failed logins leave a captcha requirement on the account: every test resets the simulator.
test.beforeEach(async ({ sim }) => {
  expect(sim).toBeTruthy();
});

/** Close the login dialog; opened again, its form starts afresh, as on a new page. */
async function closeLogin(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
}

// One page carries the form's checks, each step on a freshly opened dialog; the one that logs in
// comes last (docs/test-suite.md lists the former tests).
test('the login form: what is missing, the password manager, a failed network call, then a password login', async ({ page }) => {
  await page.goto(paths.home());

  await test.step('empty fields say what is missing', async () => {
    const dialog = await openLogin(page);
    await dialog.getByRole('button', { name: 'Log in' }).click();
    await expect(dialog.getByText('Username cannot be empty')).toBeVisible();
    await expect(dialog.getByText('Password cannot be empty')).toBeVisible();
    await expect(dialog.getByLabel('Username')).toBeFocused();
    await closeLogin(page);
  });

  await test.step('the password manager can fill the login, and an over-long password is refused with its limit', async () => {
    const dialog = await openLogin(page);
    await expect(dialog.getByLabel('Username')).toHaveAttribute('autocomplete', 'username');
    const password = dialog.getByLabel('Password', { exact: true });
    await expect(password).toHaveAttribute('autocomplete', 'current-password');
    await expect(password).not.toHaveAttribute('maxlength', /.*/);
    const long = 'p'.repeat(129);
    await dialog.getByLabel('Username').fill(PLAYER.username);
    await password.fill(long);
    // Before the first submit nothing is said yet.
    await expect(dialog.getByText('Must be up to 128 characters')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Log in' }).click();
    await expect(dialog.getByText('Must be up to 128 characters')).toBeVisible();
    await expect(password).toHaveValue(long);
    // After the first submit the message follows the typing.
    await password.fill(PLAYER.password);
    await expect(dialog.getByText('Must be up to 128 characters')).toHaveCount(0);
    await closeLogin(page);
  });

  await test.step('a failed network call says so instead of leaving a blank screen', async () => {
    await page.route('**/wps/session/login', (route) => route.abort('internetdisconnected'));
    const dialog = await openLogin(page);
    await dialog.getByLabel('Username').fill(PLAYER.username);
    await dialog.getByLabel('Password', { exact: true }).fill(PLAYER.password);
    await dialog.getByRole('button', { name: 'Log in' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Network link abnormal, please try again');
    await expect(dialog.getByLabel('Username')).toHaveValue(PLAYER.username);
    await page.unroute('**/wps/session/login');
    await closeLogin(page);
  });

  await test.step('password login stores the session and closes the modal', async () => {
    const dialog = await openLogin(page);
    // A fresh form: nothing of the steps before is left in it.
    await expect(dialog.getByLabel('Username')).toHaveValue('');
    await dialog.getByLabel('Username').fill(PLAYER.username);
    await dialog.getByLabel('Password', { exact: true }).fill(PLAYER.password);
    await dialog.getByRole('button', { name: 'Log in' }).click();
    await expect(dialog).toHaveCount(0);
    await loggedIn(page);
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeTruthy();
    await expect(page.getByText('Welcome back, Lucky Player!')).toBeVisible();
  });
});

test('a failed login shows the captcha box; its answer lets the next attempt in', async ({ page, sim }) => {
  await page.goto(paths.home());
  const dialog = await openLogin(page);
  await expect(dialog.getByLabel('Captcha', { exact: true })).toHaveCount(0);
  await dialog.getByLabel('Username').fill(PLAYER.username);
  await dialog.getByLabel('Password', { exact: true }).fill('wrong-password');
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Incorrect username or password');

  // The box appears and loads its image (a data URL from GET /wps/captcha).
  const captcha = dialog.getByLabel('Captcha', { exact: true });
  await expect(captcha).toBeVisible();
  const image = dialog.getByRole('button', { name: 'Load a new captcha' }).locator('img');
  await expect(image).toHaveAttribute('src', /^data:image\//);

  // A wrong answer is refused and a new image loads.
  await dialog.getByLabel('Password', { exact: true }).fill(PLAYER.password);
  await captcha.fill('0000x');
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Captcha check failed, please try again');

  await expect(image).toHaveAttribute('src', /^data:image\//);
  const { answer } = await sim.getCaptcha();
  await dialog.getByLabel('Password', { exact: true }).fill(PLAYER.password);
  await captcha.fill(answer);
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await expect(dialog).toHaveCount(0);
  await loggedIn(page);
});

test('the captcha image refreshes on click at most once per second', async ({ page }) => {
  // The page's clock is stepped by hand: the clicks land at one moment, a second apart.
  await page.clock.install();
  await page.goto(paths.home());
  const dialog = await openLogin(page);
  await dialog.getByLabel('Username').fill(PLAYER.username);
  await dialog.getByLabel('Password', { exact: true }).fill('wrong-password');
  await dialog.getByRole('button', { name: 'Log in' }).click();
  const refresh = dialog.getByRole('button', { name: 'Load a new captcha' });
  await expect(refresh.locator('img')).toHaveAttribute('src', /^data:image\//);

  let loads = 0;
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/wps/captcha') loads++;
  });
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_100));
  await refresh.click();
  await refresh.click();
  await refresh.click();
  await expect(refresh.locator('img')).toHaveAttribute('src', /^data:image\//);
  expect(loads).toBe(1);
  await page.clock.fastForward(1_100);
  await refresh.click();
  await expect.poll(() => loads).toBe(2);
});

test.describe('SMS login (MOBILEVERCODELOGIN3)', () => {
  test.beforeEach(async ({ sim }) => {
    await sim.setScenario('sms-login');
  });

  // One page carries the three SMS checks, each on a freshly opened dialog; the login comes last.
  test('the country-code picker, a failed send, then a login with the code the SMS carried', async ({ page, sim }) => {
    await page.goto(paths.home());

    await test.step('the country-code picker lists flags and dialing codes', async () => {
      const dialog = await openLogin(page);
      await dialog.getByRole('tab', { name: 'SMS login' }).click();
      await dialog.getByRole('button', { name: /Country code/ }).click();
      const list = dialog.getByRole('listbox', { name: 'Country code' });
      await expect(list.getByRole('option', { name: /India \+91/ })).toBeVisible();
      await expect(list.getByRole('option').first().locator('img')).toHaveAttribute('src', '/assets/flag/PK.svg');
      await list.getByRole('option', { name: /India \+91/ }).click();
      await expect(dialog.getByRole('button', { name: /Country code: India \+91/ })).toBeFocused();
      await closeLogin(page);
    });

    await test.step('a failed send shows a warning dialog with the message and a confirm button', async () => {
      const dialog = await openLogin(page);
      await dialog.getByRole('tab', { name: 'SMS login' }).click();
      // The form starts afresh: the country chosen before is forgotten.
      await expect(dialog.getByRole('button', { name: /Country code: Pakistan \+92/ })).toBeVisible();
      await dialog.getByLabel('Mobile number').fill('03009999999');
      await dialog.getByRole('button', { name: 'Send code' }).click();
      const warning = page.getByRole('dialog', { name: 'Code not sent' });
      await expect(warning).toContainText('Please enter a valid mobile number');
      await warning.getByRole('button', { name: 'Confirm' }).click();
      await expect(warning).toHaveCount(0);
      await expect(dialog.getByRole('button', { name: 'Send code' })).toBeEnabled();
      await closeLogin(page);
    });

    await test.step('logs in with the code the SMS carried', async () => {
      const dialog = await openLogin(page);
      await dialog.getByRole('tab', { name: 'SMS login' }).click();
      const send = dialog.getByRole('button', { name: 'Send code' });

      // The number must be valid before a code is asked for.
      await send.click();
      await expect(dialog.getByText('Mobile number cannot be empty')).toBeVisible();

      await expect(dialog.getByRole('button', { name: /Country code: Pakistan \+92/ })).toBeVisible();
      await dialog.getByLabel('Mobile number').fill(SMS_MOBILE);
      await send.click();
      const counting = dialog.getByRole('button', { name: /^Code sent \(\d+s\)$/ });
      await expect(counting).toBeDisabled();
      // 60 s per minute of expiry (the simulator's codes live 5 minutes).
      await expect(counting).toHaveText(/Code sent \((29\d|300)s\)/);

      const sms = await sim.getLastSms(SMS_MOBILE);
      expect(sms.purpose).toBe('login');
      await dialog.getByLabel('Verification code').fill(sms.code);
      await dialog.getByRole('button', { name: 'Log in' }).click();
      await expect(dialog).toHaveCount(0);
      await loggedIn(page);
    });
  });
});

test('remember me keeps the username for a day but never the password', async ({ page }) => {
  await page.goto(paths.home());
  let dialog = await openLogin(page);
  await dialog.getByLabel('Username').fill(PLAYER.username);
  await dialog.getByLabel('Password', { exact: true }).fill(PLAYER.password);
  await dialog.getByLabel('Remember me for 1 day').check();
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await loggedIn(page);

  const cookies = await page.context().cookies();
  const remembered = cookies.find((c) => c.name === 'rememberLogin');
  expect(remembered).toBeDefined();
  // One day, give or take the test's own run time.
  expect(remembered!.expires * 1000 - Date.now()).toBeGreaterThan(86_400_000 - 60_000);
  expect(remembered!.expires * 1000 - Date.now()).toBeLessThanOrEqual(86_400_000 + 1_000);
  const documentCookie = await page.evaluate(() => document.cookie);
  expect(documentCookie).toContain('player01');
  expect(documentCookie).not.toContain(PLAYER.password);
  expect(decodeURIComponent(documentCookie).toLowerCase()).not.toContain('password');
  // Nor anywhere else the page can write.
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
  expect(stored).not.toContain(PLAYER.password);

  await page.reload();
  await page.evaluate(() => sessionStorage.removeItem('token'));
  await page.reload();
  dialog = await openLogin(page);
  await expect(dialog.getByLabel('Username')).toHaveValue(PLAYER.username);
  await expect(dialog.getByLabel('Password', { exact: true })).toHaveValue('');
  await expect(dialog.getByLabel('Remember me for 1 day')).toBeChecked();

  // Unticked, the next login forgets the details.
  await dialog.getByLabel('Password', { exact: true }).fill(PLAYER.password);
  await dialog.getByLabel('Remember me for 1 day').uncheck();
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await loggedIn(page);
  expect((await page.context().cookies()).some((c) => c.name === 'rememberLogin')).toBe(false);
});

test('logout asks first, then clears the session but keeps the merchant code', async ({ loggedIn: page }) => {
  await page.goto(paths.promotions());
  const header = shell(page).header;
  await header.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  let confirm = page.getByRole('dialog', { name: 'Sign out' });
  await expect(confirm).toContainText('Are you sure you want to sign out?');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('balance-amount')).toBeVisible();

  await header.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  confirm = page.getByRole('dialog', { name: 'Sign out' });
  // The server is told: DELETE /wps/session/logout (from e2e/header.spec.ts's sign-out test).
  const logout = page.waitForRequest((req) => req.url().includes('/wps/session/logout') && req.method() === 'DELETE');
  await confirm.getByRole('button', { name: 'Sign out' }).click();
  await logout;
  await expect(page).toHaveURL(/\/$/);
  await expect(header.getByRole('button', { name: 'Log in' })).toBeVisible();
  const storage = await page.evaluate(() => ({ token: sessionStorage.getItem('token'), merchant: sessionStorage.getItem('merchantCode') }));
  expect(storage).toEqual({ token: null, merchant: 'DEMO' });
});

test('keyboard only: Tab to the login button, Enter, type, Enter', async ({ page }) => {
  // The header comes after the side menu's entries in the Tab order: many key presses.
  test.setTimeout(90_000);
  await page.goto(paths.home());
  const loginButton = shell(page).header.getByRole('button', { name: 'Log in' });
  await expect(loginButton).toBeVisible();
  for (let i = 0; i < 300 && !(await loginButton.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(loginButton).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  await expect(dialog.getByLabel('Username')).toBeFocused();
  await page.keyboard.type(PLAYER.username);
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Password', { exact: true })).toBeFocused();
  await page.keyboard.type(PLAYER.password);
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await loggedIn(page);
  // The Log in button that opened the dialog is gone: focus goes to the header's account actions
  // it stood in, not to the page's body.
  await expect(page.locator('#account-actions')).toBeFocused();
});
