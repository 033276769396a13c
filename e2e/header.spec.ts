/**
 * Header: logged-out buttons per flag, login, the balance with its placeholder, hide/show and
 * refresh, and the avatar menu. Sign-out with confirmation is checked in e2e/login.spec.ts; checks
 * share a loaded page where they only follow one another (docs/test-suite.md).
 */
import { expect, PLAYER, shell, test } from './fixtures';
import { paths } from '../web/src/config/paths';

test.describe('logged out', () => {
  // One page carries the visitor's header checks; the free demo, which logs a guest in, comes last.
  test('shows login, register (DIRECTREG3) and free demo (FREEPLAY3); register opens its popup; free demo starts a guest session', async ({ page }) => {
    await page.goto(paths.home());
    const header = shell(page).header;

    await test.step('shows login, register (DIRECTREG3) and free demo (FREEPLAY3)', async () => {
      await expect(header.getByRole('button', { name: 'Log in' })).toBeVisible();
      await expect(header.getByRole('button', { name: 'Register' })).toBeVisible();
      await expect(header.getByRole('button', { name: 'Free demo' })).toBeVisible();
    });

    await test.step('register opens the registration popup', async () => {
      await header.getByRole('button', { name: 'Register' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create account' });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: 'Log in' }).click();
      const login = page.getByRole('dialog', { name: 'Log in' });
      await expect(login).toBeVisible();
      // The free demo is the header's on a desktop: the login dialog offers it on phones only.
      await expect(login.getByRole('button', { name: 'Try the free demo' })).toBeHidden();
      await login.getByRole('button', { name: 'Close' }).click();
      await expect(page.getByRole('dialog')).toHaveCount(0);
    });

    await test.step('free demo starts a guest session that members-only actions refuse', async () => {
      await header.getByRole('button', { name: 'Free demo' }).click();
      await expect(page.getByTestId('balance-amount')).toHaveText(/\$/);
      expect(await page.evaluate(() => sessionStorage.getItem('isAgent'))).toBe('4');
      // A trial account has no Deposit or Withdraw.
      await expect(header.getByRole('button', { name: 'Deposit' })).toHaveCount(0);
      // A guest's centre says 'Please Register An Account First' instead of its pages.
      await header.getByRole('button', { name: /Account menu/ }).click();
      await page.getByRole('menuitem', { name: 'Members centre' }).click();
      const centre = page.getByRole('dialog', { name: 'Members centre' });
      await expect(centre.getByRole('alert')).toHaveText('Please Register An Account First');
      await expect(centre.getByRole('navigation')).toHaveCount(0);
    });
  });

  test('hides register and free demo when their flags are off', async ({ page, sim }) => {
    await sim.setFlag('DIRECTREG3', false);
    await sim.setFlag('FREEPLAY3', false);
    await page.goto(paths.home());
    const header = shell(page).header;
    await expect(header.getByRole('button', { name: 'Log in' })).toBeVisible();
    await expect(header.getByRole('button', { name: 'Register' })).toHaveCount(0);
    await expect(header.getByRole('button', { name: 'Free demo' })).toHaveCount(0);
  });
});

test('login with a wrong password shows the error, then succeeds', async ({ page }) => {
  await page.goto(paths.home());
  await shell(page).header.getByRole('button', { name: 'Log in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await expect(dialog.getByText('Username cannot be empty')).toBeVisible();
  await dialog.getByLabel('Username').fill(PLAYER.username);
  await dialog.getByLabel('Password', { exact: true }).fill('wrong-password');
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await expect(dialog.getByRole('alert')).toBeVisible();
  await dialog.getByLabel('Password', { exact: true }).fill(PLAYER.password);
  // After a failed login the simulator asks for a captcha on every attempt of that name; the control
  // API knows its answer.
  const captcha = dialog.getByLabel('Captcha', { exact: true });
  await expect(captcha).toBeVisible();
  const answer = (await (await page.request.get('/__sim/captcha')).json()) as { value: { answer: string } };
  await captcha.fill(answer.value.answer);
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('balance-amount')).toHaveText(/\$[\d,]+\.\d\d/);
});

test('the balance shows a refreshing placeholder, then the amount with its symbol', async ({ page, apiLogin }) => {
  const session = await apiLogin();
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/wps/v2/wallets/balance', async (route) => {
    await gate;
    await route.continue();
  });
  await page.addInitScript((s) => {
    sessionStorage.setItem('token', s.token);
    sessionStorage.setItem('isAgent', String(s.isAgent));
  }, session);
  await page.goto(paths.home());
  await expect(page.getByTestId('balance-amount')).toHaveText('Refreshing…');
  release();
  await expect(page.getByTestId('balance-amount')).toHaveText(/^\$[\d,]+\.\d\d$/);
});

// One signed-in page: the balance first, then the avatar menu, which ends in the members centre.
test('the balance hides, shows and refreshes; the avatar menu lists the member entries, agent only for agents', async ({ loggedIn: page }) => {
  await test.step('the balance hides, shows and refreshes', async () => {
    const amount = page.getByTestId('balance-amount');
    const shown = await amount.textContent();
    await page.getByRole('button', { name: 'Hide balance' }).click();
    await expect(amount).toHaveText('******');
    await page.getByRole('button', { name: 'Show balance' }).click();
    await expect(amount).toHaveText(shown ?? '');
    const refreshed = page.waitForRequest((req) => req.url().includes('/wps/v2/wallets/balance'));
    await page.getByRole('button', { name: 'Refresh balance' }).click();
    await refreshed;
    await expect(amount).toHaveText(/^\$[\d,]+\.\d\d$/);
  });

  await test.step('the avatar menu lists the member entries; agent only for agents', async () => {
    await page.getByRole('button', { name: /Account menu/ }).click();
    const menu = page.getByRole('menu');
    for (const name of ['Members centre', 'Account record', 'Betting record', 'Sign out']) {
      await expect(menu.getByRole('menuitem', { name })).toBeVisible();
    }
    await expect(menu.getByRole('menuitem', { name: 'Agent centre' })).toHaveCount(0);
    await menu.getByRole('menuitem', { name: 'Betting record' }).click();
    await expect(page.getByRole('dialog', { name: 'Members centre' })).toBeVisible();
  });
});

// An agent opening the agent centre from the avatar menu: e2e/agent-centre.spec.ts ("an agent opens
// the agent centre on the overview…"); the entry by account type: web/src/features/header/avatar-menu.test.tsx.
// Sign out with its confirmation: e2e/login.spec.ts ("logout asks first…").
