/**
 * Member centre (the personal centre's member menu): opened from
 * the avatar menu, every page in order, a deposit moving the header balance and writing the account
 * record, a withdrawal with the payment password and its 'confirm received' (or the forced
 * confirmation after the server's minutes), and the centre in Urdu. The player's checks share one
 * signed-in page (docs/test-suite.md); a guest's register message is checked in e2e/roles.spec.ts.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, loginOverApi, PLAYER, test, useSession } from './fixtures';
import { paths } from '../web/src/config/paths';

/** The pages of the member menu in their order, as the English menu names them. */
const PAGES = [
  'My account',
  'My wallet',
  'Deposit',
  'Withdrawal',
  'Transfer to upline',
  'Betting record',
  'Account record',
  'Personal profit and loss',
  'Bonus details',
  'Reward center',
  'Invite friends',
  'Mission activity',
  'Platform information',
  'Rebate promo',
];

async function openCentre(page: Page): Promise<Locator> {
  await page
    .getByRole('banner')
    .getByRole('button', { name: /account menu/i })
    .click();
  await page.getByRole('menuitem', { name: 'Members centre' }).click();
  const dialog = page.getByRole('dialog', { name: 'Members centre' });
  await expect(dialog).toBeVisible();
  return dialog;
}

function menu(dialog: Locator): Locator {
  return dialog.getByRole('navigation', { name: 'Members centre menu' });
}

async function go(dialog: Locator, name: string): Promise<void> {
  // A menu item's name may carry its badge after the label ('Mission activity 6 open missions').
  await menu(dialog)
    .getByRole('button', { name: new RegExp(`^${name}( |$)`) })
    .click();
  await expect(dialog.getByRole('heading', { level: 3, name, exact: true })).toBeVisible();
}

/** The header balance as a number ($1,250.75 → 1250.75). */
async function headerBalance(page: Page): Promise<number> {
  const text = (await page.getByTestId('balance-amount').textContent()) ?? '';
  return Number(text.replace(/[^\d.]/g, ''));
}

const money = (n: number) =>
  `$${n.toLocaleString('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** Close the centre (its Close button), so the next step opens it from the avatar menu as a fresh page would. */
async function closeCentre(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Members centre' });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
}

// One signed-in page carries the player's centre checks, each a step named as its former test that
// opens the centre from the avatar menu and closes it again (docs/test-suite.md). The step that
// moves the simulator's clock past the withdrawal window comes last.
test('the members centre of a player: every page, records, upline transfer, messages, rewards, deposit and withdrawals', async ({
  loggedIn: page,
  sim,
}) => {
  test.setTimeout(120_000);

  await test.step('opens from the avatar menu with every page of the menu, in order', async () => {
    const dialog = await openCentre(page);
    await expect(menu(dialog).getByRole('button')).toHaveText(PAGES.map((p) => new RegExp(`^${p}`)));
    // Mission activity carries the open-mission count as a badge.
    await expect(menu(dialog).getByRole('button', { name: /^Mission activity/ })).toContainText(
      /\d+/,
    );
    for (const name of PAGES) await go(dialog, name);
    // Escape closes it, and focus goes back to the account menu's button that opened it.
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('banner').getByRole('button', { name: /account menu/i })).toBeFocused();
  });

  await test.step('the record pages filter by date and page through results', async () => {
    const dialog = await openCentre(page);
    await go(dialog, 'Account record');
    const table = dialog.getByRole('table', { name: 'Account record' });
    await expect(table.getByRole('row')).toHaveCount(11);
    await dialog.getByRole('button', { name: 'Page 2' }).click();
    await expect(dialog.getByRole('button', { name: 'Page 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await dialog.getByRole('button', { name: 'Today' }).click();
    await expect(dialog.getByText('No records in this period.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Custom' }).click();
    await dialog.getByLabel('From').fill('2026-11-20');
    await dialog.getByLabel('To').fill('2026-11-01');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      'The end date must be on or after the start date',
    );
    await closeCentre(page);
  });

  await test.step('transfer to upline is offered only to members with toUpline', async () => {
    const dialog = await openCentre(page);
    await expect(menu(dialog).getByRole('button', { name: 'Transfer to upline' })).toBeVisible();
    await go(dialog, 'Transfer to upline');
    await dialog.getByRole('button', { name: 'Transfer to upline' }).last().click();
    await expect(dialog.getByText('Amount cannot be empty')).toBeVisible();
    await closeCentre(page);
  });

  await test.step('reading a platform message clears its unread mark', async () => {
    const dialog = await openCentre(page);
    await go(dialog, 'Platform information');
    await expect(dialog.getByText(/You have \d+ unread messages?\./)).toBeVisible();
    const second = dialog.getByRole('list', { name: 'Messages' }).getByRole('button').nth(1);
    await expect(second).toContainText('Unread');
    await expect(second).toContainText('New mission available');
    await second.click();
    await expect(second).not.toContainText('Unread');
    await expect(dialog.getByRole('article').getByRole('heading')).toHaveText(
      'New mission available',
    );
    await closeCentre(page);
  });

  await test.step('the reward center joins an activity with a remark of at most 140 characters', async () => {
    const dialog = await openCentre(page);
    await go(dialog, 'Reward center');
    await dialog.getByRole('tab', { name: 'All activities' }).click();
    const card = dialog
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: /^Join:/ }) })
      .first();
    await card.getByRole('button', { name: /^Join:/ }).click();
    const join = page.getByRole('dialog', { name: 'Join activity' });
    const remark = join.getByLabel(/Remark/);
    // Over-long is refused with a message, never cut: nothing typed is lost.
    await remark.fill('x'.repeat(200));
    await expect(remark).toHaveValue('x'.repeat(200));
    await expect(join.getByRole('alert')).toHaveText('The remark can be at most 140 characters: shorten it to send.');
    await expect(join.getByRole('button', { name: 'Join', exact: true })).toBeDisabled();
    await remark.fill('x'.repeat(140));
    await expect(join.getByText('140 / 140 characters')).toBeVisible();
    await expect(join.getByRole('alert')).toHaveCount(0);
    await join.getByRole('button', { name: 'Join', exact: true }).click();
    await expect(join).toHaveCount(0);
    await expect(page.getByText(/You have joined the activity|Application sent/)).toBeVisible();
    await closeCentre(page);
  });

  await test.step('a deposit moves the header balance and appears in the account record', async () => {
    const before = await headerBalance(page);
    const dialog = await openCentre(page);
    await go(dialog, 'Deposit');

    // Validation before anything is sent.
    await dialog.getByRole('button', { name: 'Deposit now' }).click();
    await expect(dialog.getByText('Amount cannot be empty')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Amount', exact: true }).fill('1');
    await dialog.getByRole('button', { name: 'Deposit now' }).click();
    await expect(dialog.getByText('The amount must be between $5.00 and $2,000.00')).toBeVisible();

    await dialog.getByRole('radio', { name: /JazzCash/ }).check({ force: true });
    await dialog.getByRole('button', { name: '$100.00' }).click();
    await dialog.getByRole('button', { name: 'Deposit now' }).click();
    await expect(dialog.getByRole('status').filter({ hasText: 'Deposit successful' })).toBeVisible();
    await expect(page.getByTestId('balance-amount')).toHaveText(money(before + 100));

    await dialog.getByRole('button', { name: 'View account record' }).click();
    const row = dialog.getByRole('table', { name: 'Account record' }).getByRole('row').nth(1);
    await expect(row).toContainText('Deposit via JazzCash');
    await expect(row).toContainText('+$100.00');
    await expect(row).toContainText('Completed');
    await closeCentre(page);
  });

  await test.step('withdraws with the payment password and confirms it received', async () => {
    const before = await headerBalance(page);
    const dialog = await openCentre(page);
    await go(dialog, 'Withdrawal');
    await expect(
      dialog.getByText(
        'A withdrawal you do not confirm within 30 minutes is marked as received automatically.',
        { exact: false },
      ),
    ).toBeVisible();

    await dialog.getByRole('textbox', { name: 'Amount', exact: true }).fill('20');
    await dialog.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await expect(dialog.getByText('Payment password cannot be empty')).toBeVisible();

    await dialog.getByLabel('Payment password').fill('000000');
    await dialog.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await expect(dialog.getByText('The payment password is incorrect')).toBeVisible();

    await dialog.getByLabel('Payment password').fill('135790');
    await dialog.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await expect(page.getByTestId('balance-amount')).toHaveText(money(before - 20));

    const history = dialog.getByRole('table', { name: 'Withdrawal history' });
    const pending = history.getByRole('row').filter({ hasText: 'Awaiting confirmation' });
    await expect(pending).toHaveCount(1);
    await expect(pending).toContainText('Received automatically at');
    await pending.getByRole('button', { name: 'Confirm $20.00 received' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm withdrawal received' });
    await expect(confirm).toContainText('Has $20.00 arrived in your account?');
    await confirm.getByRole('button', { name: 'Confirm received' }).click();
    await expect(history.getByRole('row').nth(1)).toContainText('Received');
    await expect(history.getByRole('row').filter({ hasText: 'Awaiting confirmation' })).toHaveCount(
      0,
    );
    await closeCentre(page);
  });

  await test.step('a withdrawal not confirmed in time is received automatically', async () => {
    let dialog = await openCentre(page);
    await go(dialog, 'Withdrawal');
    await dialog.getByRole('textbox', { name: 'Amount', exact: true }).fill('15');
    await dialog.getByLabel('Payment password').fill('135790');
    await dialog.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await expect(dialog.getByRole('row').filter({ hasText: 'Awaiting confirmation' })).toHaveCount(1);

    await sim.advanceClock(31 * 60_000);
    await page.reload();
    dialog = await openCentre(page);
    await go(dialog, 'Withdrawal');
    const row = dialog.getByRole('table', { name: 'Withdrawal history' }).getByRole('row').nth(1);
    await expect(row).toContainText('Received automatically');
    await expect(row).toContainText('Not confirmed within 30 minutes');
    await expect(row.getByRole('button', { name: /Confirm/ })).toHaveCount(0);
  });
});

test('shows the centre in Urdu, right to left', async ({ page, request }) => {
  await page.addInitScript(() => localStorage.setItem('hisLang', 'UR'));
  await useSession(page, await loginOverApi(request, PLAYER.username, PLAYER.password));
  await page.goto(paths.home());
  await page
    .getByRole('banner')
    .getByRole('button', { name: /اکاؤنٹ مینو/ })
    .click();
  await page.getByRole('menuitem', { name: 'ممبر سینٹر' }).click();
  const dialog = page.getByRole('dialog', { name: 'ممبر سینٹر' });
  await expect(dialog).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
  await dialog
    .getByRole('navigation', { name: 'ممبر سینٹر کا مینو' })
    .getByRole('button', { name: 'میرا والٹ' })
    .click();
  await expect(dialog.getByRole('heading', { level: 3, name: 'میرا والٹ' })).toBeVisible();
});

// A guest's centre ('Please Register An Account First' instead of its pages, no centre menu):
// e2e/roles.spec.ts, "guest (isAgent 4) › … › the centres say Please Register An Account First".
