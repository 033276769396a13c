/**
 * Password recovery and changes: forgot by email (form-encoded), reset by
 * phone (logs in and lands on /), and the forced change of a default or expired password after which
 * the session ends and the login modal opens again.
 */
import type { Page } from '@playwright/test';
import { expect, loginOverApi, PLAYER, shell, test } from './fixtures';
import { paths } from '../web/src/config/paths';

test.beforeEach(async ({ sim }) => {
  expect(sim).toBeTruthy();
});

async function openForgot(page: Page) {
  await shell(page).header.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('dialog', { name: 'Log in' }).getByRole('button', { name: 'Forgot password?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Forgot password' });
  await expect(dialog).toBeVisible();
  return dialog;
}

// One page (ADR 040): the email form in the default scenario, then the phone reset in `sms-login`
// (set through `sim` before its own load of /promotions, as before).
test('forgot by email, then reset by phone', async ({ page, sim, request }) => {
  test.setTimeout(90_000);
  await test.step('forgot by email sends a form-encoded request and confirms', async () => {
    await page.goto(paths.home());
    const dialog = await openForgot(page);
    // Email only by default (CHNGPASSVERIF3 off): no mode tabs.
    await expect(dialog.getByRole('tab')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Send reset link' }).click();
    await expect(dialog.getByText('Username cannot be empty')).toBeVisible();
    await expect(dialog.getByText('Email cannot be empty')).toBeVisible();

    await dialog.getByLabel('Username').fill(PLAYER.username);
    await dialog.getByLabel('Email').fill('someone@example.com');
    await dialog.getByRole('button', { name: 'Send reset link' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Account/password/email format incorrect');

    await dialog.getByLabel('Email').fill('player01@example.com');
    const request = page.waitForRequest((r) => r.url().endsWith('/wps/member/password/email'));
    await dialog.getByRole('button', { name: 'Send reset link' }).click();
    const sent = await request;
    expect(sent.headers()['content-type']).toBe('application/x-www-form-urlencoded');
    expect(sent.postData()).toBe('username=player01&email=player01%40example.com');
    const done = page.getByRole('dialog', { name: 'Check your inbox' });
    await expect(done).toContainText('player01@example.com');
    await done.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('dialog', { name: 'Log in' })).toBeVisible();
  });

  await test.step('reset by phone logs in and lands on /', async () => {
    await sim.setScenario('sms-login');
    const mobile = '03001234567';
    await page.goto(paths.promotions());
    const dialog = await openForgot(page);
    await dialog.getByRole('tab', { name: 'By mobile' }).click();
    await dialog.getByLabel('Mobile number').fill(mobile);
    await dialog.getByRole('button', { name: 'Send code' }).click();
    // The countdown runs to the returned expiration time (5 minutes in the simulator).
    await expect(dialog.getByRole('button', { name: /^Code sent \(\d+s\)$/ })).toHaveText(/Code sent \((2\d\d|300)s\)/);
    const sms = await sim.getLastSms(mobile);
    expect(sms.purpose).toBe('forgot');

    await dialog.getByLabel('Verification code').fill(sms.code);
    await dialog.getByLabel('New password').fill('Fresh2024');
    await dialog.getByRole('button', { name: 'Reset password and log in' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('balance-amount')).toHaveText(/\$[\d,]+\.\d\d/);
    // The new password is the account's password now.
    const session = await loginOverApi(request, mobile, 'Fresh2024');
    expect(session.username).toBe(mobile);
  });
});

// One page and one load in the scenario `pwd-expiry` (ADR 040): expired01 closes the forced change
// and is logged out, then newbie changes the default password on the same page.
test('pwd-expiry: closing the forced change logs out; newbie must change the default password', async ({ page, sim, request }) => {
  test.setTimeout(90_000);
  await sim.setScenario('pwd-expiry');
  await page.goto(paths.home());

  await test.step('closing the forced change logs out', async () => {
    await shell(page).header.getByRole('button', { name: 'Log in' }).click();
    const login = page.getByRole('dialog', { name: 'Log in' });
    await login.getByLabel('Username').fill('expired01');
    await login.getByLabel('Password', { exact: true }).fill('Passw0rd!');
    await login.getByRole('button', { name: 'Log in' }).click();
    const change = page.getByRole('dialog', { name: 'Change password' });
    await expect(change).toBeVisible();
    await change.getByRole('button', { name: 'Close' }).click();
    await expect(change).toHaveCount(0);
    await expect(shell(page).header.getByRole('button', { name: 'Log in' })).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
  });

  await test.step('pwd-expiry: newbie must change the default password, then logs in again', async () => {
    // On the page the step before left: logged out, no dialog open.
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await shell(page).header.getByRole('button', { name: 'Log in' }).click();
    const login = page.getByRole('dialog', { name: 'Log in' });
    await login.getByLabel('Username').fill('newbie');
    await login.getByLabel('Password', { exact: true }).fill('a1234567');
    await login.getByRole('button', { name: 'Log in' }).click();

    const change = page.getByRole('dialog', { name: 'Change password' });
    await expect(change).toContainText('Your password has expired or is still the default one');
    // The old password is known from the login: only the new one and its confirmation are asked.
    await expect(change.getByLabel('Current password')).toHaveCount(0);
    await expect(change.getByLabel('New password', { exact: true })).toBeFocused();
    await change.getByLabel('New password', { exact: true }).fill('Better2024');
    await change.getByLabel('Confirm new password').fill('Better2025');
    await change.getByRole('button', { name: 'Change password' }).click();
    await expect(change.getByText('Confirmation password incorrect')).toBeVisible();

    // The server refuses the default password as the new one.
    await change.getByLabel('New password', { exact: true }).fill('a1234567');
    await change.getByLabel('Confirm new password').fill('a1234567');
    await change.getByRole('button', { name: 'Change password' }).click();
    await expect(change.getByText('The new password must not be the default password')).toBeVisible();

    await change.getByLabel('New password', { exact: true }).fill('Better2024');
    await change.getByLabel('Confirm new password').fill('Better2024');
    await change.getByRole('button', { name: 'Change password' }).click();

    // The session ended (the server revoked it) and the login modal is back, username filled in.
    const again = page.getByRole('dialog', { name: 'Log in' });
    await expect(again).toBeVisible();
    await expect(page.getByText('Password changed. Please log in with your new password.')).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
    await expect(again.getByLabel('Username')).toHaveValue('newbie');
    await again.getByLabel('Password', { exact: true }).fill('Better2024');
    await again.getByRole('button', { name: 'Log in' }).click();
    await expect(again).toHaveCount(0);
    await expect(page.getByRole('dialog', { name: 'Change password' })).toHaveCount(0);
    await expect(page.getByTestId('balance-amount')).toHaveText(/\$/);
    // And the old password no longer works.
    await expect(loginOverApi(request, 'newbie', 'a1234567')).rejects.toThrow();
  });
});

test('an expired password logged in by SMS is not forced to change', async ({ page, sim }) => {
  await sim.setScenario('pwd-expiry');
  await sim.setFlag('MOBILEVERCODELOGIN3', true);
  const mobile = '03121697482'; // expired01
  await page.goto(paths.home());
  await shell(page).header.getByRole('button', { name: 'Log in' }).click();
  const login = page.getByRole('dialog', { name: 'Log in' });
  await login.getByRole('tab', { name: 'SMS login' }).click();
  await login.getByLabel('Mobile number').fill(mobile);
  await login.getByRole('button', { name: 'Send code' }).click();
  await expect(login.getByRole('button', { name: /^Code sent/ })).toBeDisabled();
  await login.getByLabel('Verification code').fill((await sim.getLastSms(mobile)).code);
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(login).toHaveCount(0);
  await expect(page.getByRole('dialog', { name: 'Change password' })).toHaveCount(0);
  await expect(page.getByTestId('balance-amount')).toHaveText(/\$/);
});
