/**
 * Registration: the /register page and popup, field errors from the
 * shared rule engine and from the server, the whole submit sequence, mobile registration with its
 * SMS code and account notice, the referralCode prefill, invitation_code_error, the captcha when the
 * settings ask for it, the reset button and a keyboard-only registration.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, patchJson, shell, test } from './fixtures';
import { paths } from '../web/src/config/paths';

// Every test here creates accounts or switches scenarios: the sim fixture resets after each.
test.beforeEach(async ({ sim }) => {
  expect(sim).toBeTruthy();
});

function form(page: Page): Locator {
  return page.getByRole('region', { name: 'Registration form' });
}

async function expectRegistered(page: Page, account: string) {
  const success = page.getByRole('dialog', { name: 'Registered successfully' });
  await expect(success).toContainText(`Your account ${account} is ready`);
  await expect(page).toHaveURL(/\/$/);
  await success.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByTestId('balance-amount')).toHaveText(/\$[\d,]+\.\d\d/);
  await expect(shell(page).header.getByRole('button', { name: new RegExp(`Account menu for ${account}`) })).toBeVisible();
}

// One /register page carries the checks that need no registration: the page, its fields, and the
// form's messages, the form reset between steps (docs/test-suite.md lists the former tests).
test('the register page: its parts, what each field holds, messages as typed, the reset button and an over-long password', async ({ page }) => {
  await test.step('the page: title with the bonus, back link, new-player promotions, no Google or Facebook', async () => {
    // The page's clock is Playwright's: the 5 s of autoplay are run through, not waited out.
    await page.clock.install();
    await page.goto(paths.register());
    await expect(page.getByRole('heading', { level: 1, name: 'Create account' })).toBeVisible();
    await expect(page.getByText('Sign up today and get a 1000 VND welcome bonus')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    const promos = page.getByRole('region', { name: 'New player offers' });
    // Inactive slides are hidden from assistive technology, so count them by their role description.
    await expect(promos.locator('[aria-roledescription="slide"]')).toHaveCount(4);
    await expect(promos).toHaveAttribute('data-slide', '0');
    // Autoplay every 5 s with more than one promotion.
    await page.clock.runFor(5_100);
    await expect(promos).toHaveAttribute('data-slide', '1');
    await expect(page.getByRole('link', { name: /Google|Facebook/ })).toHaveCount(0);
    // Username registration only by default: no tabs.
    await expect(form(page).getByRole('tab')).toHaveCount(0);
    await expect(form(page).getByPlaceholder('* Choose a username')).toBeVisible();
    await expect(form(page).getByPlaceholder('Your number')).toBeVisible();
  });
  const f = form(page);

  await test.step('every credential field tells the browser what it holds', async () => {
    await expect(f.getByLabel('Username')).toHaveAttribute('autocomplete', 'username');
    await expect(f.getByLabel('Password', { exact: true })).toHaveAttribute('autocomplete', 'new-password');
    await expect(f.getByLabel('Confirm password')).toHaveAttribute('autocomplete', 'new-password');
    await expect(f.getByRole('textbox', { name: 'Mobile number' })).toHaveAttribute('autocomplete', 'tel-national');
    await expect(f.locator('input[maxlength]')).toHaveCount(0);
  });

  await test.step('messages follow the typing after the first submit, and leaving a field checks it', async () => {
    const username = f.getByLabel('Username');
    const rule = f.getByText('Must be 6-16 letters or digits, starting with a letter');

    // Before any submit: leaving a field with a wrong value says so; an untouched field says nothing.
    await username.fill('ab');
    await expect(rule).toHaveCount(0);
    await f.getByLabel('Password', { exact: true }).focus();
    await expect(rule).toBeVisible();
    await f.getByLabel('Confirm password').focus();
    await expect(f.getByText('Password cannot be empty', { exact: true })).toHaveCount(0);

    await username.fill('');
    await f.getByRole('button', { name: 'Create my account' }).click();
    await expect(f.getByText('Username cannot be empty')).toBeVisible();
    // After the first submit every keystroke re-checks, without another submit.
    await username.pressSequentially('ab');
    await expect(rule).toBeVisible();
    await expect(f.getByText('Username cannot be empty')).toHaveCount(0);
    await username.pressSequentially('cdef1');
    await expect(rule).toHaveCount(0);
    await expect(username).toHaveAttribute('aria-invalid', 'false');
    await f.getByLabel('Password', { exact: true }).pressSequentially('Secret99');
    await f.getByLabel('Confirm password').pressSequentially('Secret9');
    await expect(f.getByText('The passwords entered twice are inconsistent')).toBeVisible();
    await f.getByLabel('Confirm password').pressSequentially('9');
    await expect(f.getByText('The passwords entered twice are inconsistent')).toHaveCount(0);
  });

  await test.step('the reset button clears the form', async () => {
    await f.getByLabel('Username').fill('someone1');
    await f.getByLabel('Password', { exact: true }).fill('x');
    await f.getByRole('button', { name: 'Create my account' }).click();
    await expect(f.getByText('Must be 6-20 characters without spaces')).toBeVisible();
    await f.getByRole('button', { name: 'Reset' }).click();
    await expect(f.getByLabel('Username')).toHaveValue('');
    await expect(f.getByLabel('Password', { exact: true })).toHaveValue('');
    await expect(f.getByText('Must be 6-20 characters without spaces')).toHaveCount(0);
  });

  await test.step('an over-long password is refused with the rule limits, never silently cut', async () => {
    const typed = 'Secret99Secret99Secret99'; // 24 characters; the default rule allows 6-20
    await f.getByLabel('Username').fill('longpass01');
    await f.getByLabel('Password', { exact: true }).fill(typed);
    await f.getByLabel('Confirm password').fill(typed);
    await expect(f.getByLabel('Password', { exact: true })).toHaveValue(typed);
    await f.getByRole('button', { name: 'Create my account' }).click();
    await expect(f.getByText('Must be 6-20 characters without spaces')).toBeVisible();
    await expect(f.getByLabel('Password', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByRole('dialog', { name: 'Registered successfully' })).toHaveCount(0);
  });
});

test('Google and Facebook buttons appear when the brand resources carry them', async ({ page }) => {
  await patchJson<{ value: { resources: { resourceType: string; url: string; qrCodeUrl: string; labelNameEn: string }[] } }>(
    page,
    '**/wps/system/permission*',
    (body) => {
      body.value.resources.push(
        { resourceType: 'GOOGLELOGIN', url: '/__demo/google', qrCodeUrl: '', labelNameEn: 'Google' },
        { resourceType: 'FACEBOOKLOGIN', url: '/__demo/facebook', qrCodeUrl: '', labelNameEn: 'Facebook' },
      );
    },
  );
  await page.goto(paths.register());
  await expect(form(page).getByRole('link', { name: 'Google' })).toHaveAttribute('href', '/__demo/google');
  await expect(form(page).getByRole('link', { name: 'Facebook' })).toHaveAttribute('href', '/__demo/facebook');
});

test('username registration: field errors first, then success and home', async ({ page }) => {
  await page.goto(paths.registerHtml());
  const f = form(page);
  await f.getByRole('button', { name: 'Create my account' }).click();
  await expect(f.getByText('Username cannot be empty')).toBeVisible();
  await expect(f.getByText('Password cannot be empty', { exact: true })).toBeVisible();
  await expect(f.getByText('Confirm password cannot be empty')).toBeVisible();
  await expect(f.getByLabel('Username')).toBeFocused();

  await f.getByLabel('Username').fill('9lives');
  await f.getByLabel('Password', { exact: true }).fill('abc');
  await f.getByLabel('Confirm password').fill('abd');
  await f.getByRole('button', { name: 'Create my account' }).click();
  await expect(f.getByText('Must be 6-16 letters or digits, starting with a letter')).toBeVisible();
  await expect(f.getByText('Must be 6-20 characters without spaces')).toBeVisible();
  await expect(f.getByText('The passwords entered twice are inconsistent')).toBeVisible();
  await expect(f.getByLabel('Username')).toHaveAttribute('aria-invalid', 'true');

  // The server's own errors show in place: a taken username.
  await f.getByLabel('Username').fill('player01');
  await f.getByLabel('Password', { exact: true }).fill('Secret99');
  await f.getByLabel('Confirm password').fill('Secret99');
  await f.getByRole('button', { name: 'Create my account' }).click();
  await expect(f.getByText('This username is already taken')).toBeVisible();

  await f.getByLabel('Username').fill('newface77');
  await f.getByRole('button', { name: 'Create my account' }).click();
  await expectRegistered(page, 'newface77');
});

// One page: the refused code first, then a registration with the code the SMS carried.
test('mobile registration: an unknown SMS code is refused in place, then the SMS code, the account notice first, then success', async ({ page, sim }) => {
  await sim.setScenario('mobile-registration');
  const mobile = '03111234567';
  await page.goto(paths.register());
  const f = form(page);

  await test.step('an unknown SMS code is refused in place by the server', async () => {
    await f.getByRole('tab', { name: 'Mobile number' }).click();
    await f.getByRole('textbox', { name: 'Mobile number' }).fill('03111234568');
    await f.getByLabel('Verification code').fill('123456');
    await f.getByLabel('Password', { exact: true }).fill('Mobile123');
    await f.getByLabel('Confirm password').fill('Mobile123');
    await f.getByRole('button', { name: 'Create my account' }).click();
    await page.getByRole('dialog', { name: 'Your account number' }).getByRole('button', { name: 'Continue' }).click();
    await expect(f.getByRole('alert')).toHaveText('Please enter a valid verification code');
  });

  await test.step('mobile registration: SMS code, the account notice first, then success', async () => {
    await f.getByRole('tab', { name: 'Mobile number' }).click();
    await expect(f.getByRole('tab', { name: 'Mobile number' })).toHaveAttribute('aria-selected', 'true');
    await expect(f.getByLabel('Username')).toHaveCount(0);

    await f.getByRole('textbox', { name: 'Mobile number' }).fill(mobile);
    await expect(f.getByLabel('Account')).toHaveValue(mobile);
    await expect(f.getByLabel('Account')).toBeDisabled();
    await f.getByRole('button', { name: 'Send code' }).click();
    await expect(f.getByRole('button', { name: /^Code sent \(\d+s\)$/ })).toBeDisabled();
    const sms = await sim.getLastSms(mobile);
    expect(sms.purpose).toBe('register');

    // The code the step before typed is cleared: the form asks for one.
    await f.getByLabel('Verification code').fill('');
    await f.getByRole('button', { name: 'Create my account' }).click();
    await expect(f.getByText('Verification code cannot be empty')).toBeVisible();
    await f.getByLabel('Verification code').fill(sms.code);
    await f.getByLabel('Password', { exact: true }).fill('Mobile123');
    await f.getByLabel('Confirm password').fill('Mobile123');
    await f.getByRole('button', { name: 'Create my account' }).click();

    const notice = page.getByRole('dialog', { name: 'Your account number' });
    await expect(notice).toContainText(mobile);
    await notice.getByRole('button', { name: 'Continue' }).click();
    await expectRegistered(page, mobile);
  });
});

test('referralCode in the URL prefills the referral code', async ({ page }) => {
  await page.goto(paths.register({ referralCode: 'R010001' }));
  const f = form(page);
  await expect(f.getByLabel('Referral code')).toHaveValue('R010001');
  await f.getByLabel('Username').fill('friendof01');
  await f.getByLabel('Password', { exact: true }).fill('Secret99');
  await f.getByLabel('Confirm password').fill('Secret99');
  await f.getByRole('button', { name: 'Create my account' }).click();
  await expectRegistered(page, 'friendof01');
});

test('an affiliate link with an unknown code warns invitation_code_error and shows the field', async ({ page }) => {
  await page.goto(paths.register({ affiliateCode: 'NOSUCH' }));
  const warning = page.getByRole('dialog', { name: 'Notice' });
  await expect(warning).toContainText('Invalid invitation code');
  await warning.getByRole('button', { name: 'Confirm' }).click();
  const f = form(page);
  const field = f.getByLabel('Affiliate code');
  await expect(field).toBeVisible();

  // A typed code is checked with the server before submitting.
  await f.getByLabel('Username').fill('affiliated1');
  await f.getByLabel('Password', { exact: true }).fill('Secret99');
  await f.getByLabel('Confirm password').fill('Secret99');
  await field.fill('WRONG1');
  await f.getByRole('button', { name: 'Create my account' }).click();
  await expect(page.getByRole('dialog', { name: 'Notice' })).toContainText('Invalid invitation code');
  await page.getByRole('dialog', { name: 'Notice' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(f.getByText('Invalid invitation code')).toBeVisible();

  await field.fill('AG1001');
  await f.getByRole('button', { name: 'Create my account' }).click();
  await expectRegistered(page, 'affiliated1');
});

test('a valid affiliate link hides the field', async ({ page }) => {
  const checked = page.waitForResponse((r) => r.url().includes('/wps/agent/affiliate?affiliateCode=AG1001'));
  await page.goto(paths.register({ affiliateCode: 'AG1001' }));
  expect((await checked).status()).toBe(200);
  await expect(form(page).getByLabel('Username')).toBeVisible();
  await expect(form(page).getByLabel('Affiliate code')).toHaveCount(0);
  await expect(page.getByRole('dialog', { name: 'Notice' })).toHaveCount(0);
});

test('the captcha shows when the register settings say so, and refreshes at most once a second', async ({ page }) => {
  await patchJson<{ value: { captchaEnabled: boolean } }>(page, '**/wps/system/setting/register', (body) => {
    body.value.captchaEnabled = true;
  });
  let loads = 0;
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/wps/captcha') loads++;
  });
  // The page's clock is stepped by hand: the two clicks land at one moment.
  await page.clock.install();
  await page.goto(paths.register());
  const f = form(page);
  const refresh = f.getByRole('button', { name: 'Load a new captcha' });
  await expect(refresh.locator('img')).toHaveAttribute('src', /^data:image\//);
  expect(loads).toBe(1);
  await f.getByRole('button', { name: 'Create my account' }).click();
  await expect(f.getByText('Captcha cannot be empty')).toBeVisible();
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_100));
  await refresh.click();
  await refresh.click();
  await expect(refresh.locator('img')).toHaveAttribute('src', /^data:image\//);
  expect(loads).toBe(2);
});

test('the popup registers too, and its login link swaps to the login modal', async ({ page }) => {
  await page.goto(paths.promotions());
  await shell(page).header.getByRole('button', { name: 'Register' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create account' });
  await expect(dialog.getByText('Sign up today and get a 1000 VND welcome bonus')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Reset' })).toHaveCount(0);
  await expect(dialog.getByLabel('Username')).toBeFocused();
  await dialog.getByLabel('Username').fill('popupplayer');
  await dialog.getByLabel('Password', { exact: true }).fill('Secret99');
  await dialog.getByLabel('Confirm password').fill('Secret99');
  await dialog.getByRole('button', { name: 'Create my account' }).click();
  await expectRegistered(page, 'popupplayer');
  await expect(dialog).toHaveCount(0);
});

test('keyboard only: Tab through the form, Enter to submit and to confirm', async ({ page }) => {
  await page.goto(paths.register());
  const f = form(page);
  const tabTo = async (target: Locator) => {
    for (let i = 0; i < 60; i++) {
      if (await target.evaluate((el) => el === document.activeElement)) return;
      await page.keyboard.press('Tab');
    }
    throw new Error('never reached by Tab');
  };
  await tabTo(f.getByLabel('Username'));
  await page.keyboard.type('keyboard01');
  await tabTo(f.getByLabel('Password', { exact: true }));
  await page.keyboard.type('Secret99');
  await tabTo(f.getByLabel('Confirm password'));
  await page.keyboard.type('Secret99');
  await page.keyboard.press('Enter');
  const success = page.getByRole('dialog', { name: 'Registered successfully' });
  await expect(success.getByRole('button', { name: 'Confirm' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(success).toHaveCount(0);
  await expect(page.getByTestId('balance-amount')).toHaveText(/\$/);
});

test('without the register settings (network failure) the form falls back to the default rules', async ({ page }) => {
  await page.route('**/wps/system/setting/register', (route) => route.abort('internetdisconnected'));
  await page.goto(paths.register());
  const f = form(page);
  await expect(f.getByLabel('Username')).toBeVisible();
  await f.getByRole('button', { name: 'Create my account' }).click();
  await expect(f.getByText('Username cannot be empty')).toBeVisible();
});

