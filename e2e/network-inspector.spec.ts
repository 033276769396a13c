/**
 * The sandbox bar's network inspector (ADR 012): a registration through the form shows up live
 * with its decrypted plaintext body (the referral code from the invite link included, passwords
 * masked), the journal verifies it, and the panel works from the keyboard.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { paths } from '../web/src/config/paths';

function form(page: Page) {
  return page.getByRole('region', { name: 'Registration form' });
}

// Referral codes are R + the member id (server/sim/state.ts); R010001 is player01's.
const REFERRAL = 'R010001';

test('a registration through the form appears in the inspector with its plaintext body, passwords masked', async ({ page, sim }) => {
  // A registration, the home page after it and the stream on a shared 2-core machine.
  test.setTimeout(90_000);
  await page.goto(paths.register({ referralCode: REFERRAL }));
  const inspectorToggle = page.getByRole('button', { name: 'Network', exact: true });
  // The sandbox bar is a lazy chunk loaded once /__sim answers: the first page of a worker is slow.
  await expect(inspectorToggle).toBeVisible({ timeout: 20_000 });
  await inspectorToggle.click();
  const panel = page.getByRole('region', { name: 'Network inspector' });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('status').first()).toHaveText('Live');

  const f = form(page);
  await expect(f.getByLabel('Referral code')).toHaveValue(REFERRAL);
  await f.getByLabel('Username').fill('journal77');
  await f.getByLabel('Password', { exact: true }).fill('Secret99');
  await f.getByLabel('Confirm password').fill('Secret99');
  // Submitted from the keyboard: the open panel may cover the button on a small viewport.
  await f.getByLabel('Confirm password').press('Enter');
  await expect(page.getByRole('dialog', { name: 'Registered successfully' })).toBeVisible({ timeout: 20_000 });

  // The row arrived over the stream; filter down to it (the home page's calls keep arriving around
  // it) and open it.
  await panel.getByLabel('Filter calls').fill('member/register');
  await expect(panel.getByText(/^1 of \d+ calls$/)).toBeVisible();
  const calls = panel.getByRole('list', { name: 'Calls, newest first' });
  const row = calls.getByRole('button', { name: /PUT\s*\/wps\/member\/register/ }).first();
  await expect(row).toBeVisible();
  await expect(row).toContainText('decrypted');
  await row.click();
  await expect(row).toHaveAttribute('aria-expanded', 'true');
  const body = panel.getByTestId('journal-request-body');
  await expect(body).toContainText(`"referralCode": "${REFERRAL}"`);
  await expect(body).toContainText('"username": "journal77"');
  await expect(body).toContainText('"password": "***"');
  await expect(body).toContainText('"confirmPassword": "***"');
  await expect(body).not.toContainText('Secret99');
  await expect(panel.getByText('The portal sends this body encrypted (DES + RSA)')).toBeVisible();

  // The same call, verified through the control API as a QA test would.
  expect((await sim.verify({ operationId: 'register', status: 200, body: { referralCode: REFERRAL } })).ok).toBe(true);
  const unmet = await sim.verify({ operationId: 'register', body: { referralCode: 'NOPE' } });
  expect(unmet.ok).toBe(false);
  expect(unmet.nearMisses[0]?.differences).toContainEqual({ field: 'body/referralCode', expected: 'NOPE', actual: REFERRAL });
});

test('keyboard: open the panel, move between calls, expand one, copy as curl, clear, close with Escape', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(paths.register());
  await expect(page.getByRole('heading', { level: 1, name: 'Create account' })).toBeVisible();
  const toggle = page.getByRole('button', { name: 'Network', exact: true });
  await toggle.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const panel = page.getByRole('region', { name: 'Network inspector' });
  const rows = panel.getByRole('list', { name: 'Calls, newest first' }).getByRole('button');
  await expect(rows.nth(1)).toBeVisible();
  await rows.first().focus();
  await page.keyboard.press('ArrowDown');
  await expect(rows.nth(1)).toBeFocused();
  await page.keyboard.press('Home');
  await expect(rows.first()).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(rows.first()).toHaveAttribute('aria-expanded', 'true');
  await panel.getByRole('button', { name: 'Copy as curl' }).click();
  await expect(panel.getByText('Copied to the clipboard')).toBeVisible();
  const curl = await page.evaluate(() => navigator.clipboard.readText());
  expect(curl).toMatch(/^curl -X GET 'http:\/\/localhost:\d+\/wps\//m);
  expect(curl).toContain("-H 'Merchant: ");

  await panel.getByRole('button', { name: 'Clear' }).click();
  await expect(panel.getByText('0 of 0 calls')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect(toggle).toBeFocused();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
});
