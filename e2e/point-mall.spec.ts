/**
 * The points mall: a member redeems a reward with the password
 * check, sees it in the redemption list, and converts points into wallet money.
 */
import { expect, test } from './fixtures';
import { paths } from '../web/src/config/paths';

// One signed-in page (ADR 040): the ways in end on the points mall, where the refused redemption
// (nothing spent) and then the redemption and conversion that spend points follow without a reload.
test('the points mall: reachable from three menus, a redemption refused for lack of points, then a redemption and a conversion', async ({ loggedIn: page }) => {
  test.setTimeout(90_000);
  await test.step('the points mall is reachable from the side menu, the avatar menu and the member centre', async () => {
    await page.getByRole('complementary', { name: 'Site menu' }).getByRole('link', { name: 'Points mall' }).click();
    await expect(page).toHaveURL(/\/pointMall$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Points mall' })).toBeVisible();

    await page.goto(paths.home());
    await page.locator('.avatar-menu__button').click();
    await page.getByRole('menuitem', { name: 'Points mall' }).click();
    await expect(page).toHaveURL(/\/pointMall$/);

    await page.goto(paths.home());
    await page.locator('.avatar-menu__button').click();
    await page.getByRole('menuitem', { name: 'Members centre' }).click();
    const centre = page.getByRole('dialog');
    await centre.getByRole('button', { name: 'Points mall' }).click();
    await expect(centre).toBeHidden();
    await expect(page).toHaveURL(/\/pointMall$/);
    await expect(page.getByTestId('points-balance')).toHaveText('1,200');
  });

  await test.step('a member who lacks the points is told how many are missing and cannot spend them', async () => {
    // Already on the points mall, as the step before left it (no dialog open).
    await expect(page).toHaveURL(/\/pointMall$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByTestId('points-balance')).toHaveText('1,200');
    await page.getByRole('button', { name: 'Redeem $20 Bonus Voucher' }).click();
    const dialog = page.getByRole('dialog', { name: 'Redeem $20 Bonus Voucher' });
    await dialog.getByLabel('Login password', { exact: true }).fill('Passw0rd!');
    await dialog.getByRole('button', { name: /Redeem for/ }).click();
    await expect(dialog.getByText('Not enough points: this needs 1,900')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    // Focus goes back to the reward's button; nothing was spent or listed.
    await expect(page.getByRole('button', { name: 'Redeem $20 Bonus Voucher' })).toBeFocused();
    await expect(page.getByTestId('points-balance')).toHaveText('1,200');
    const list = page.getByRole('table', { name: 'Redemption list' });
    await expect(list.getByRole('row').filter({ hasText: 'Lucky Lotus Hoodie' })).toContainText('Approved');
    await expect(list).not.toContainText('$20 Bonus Voucher');
  });

  await test.step('a member redeems the 500-point voucher, sees it in process, and converts points to the wallet', async () => {
    // Already on the points mall, as the step before left it (no dialog open).
    await expect(page).toHaveURL(/\/pointMall$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    const points = page.getByTestId('points-balance');
    await expect(points).toHaveText('1,200');

    // Non-cash rewards show their points but never a "$0.00" value.
    const hoodie = page.getByRole('listitem').filter({ hasText: 'Lucky Lotus Hoodie' });
    await expect(hoodie).toBeVisible();
    await expect(hoodie).not.toContainText('$0.00');

    await page.getByRole('button', { name: 'Redeem $5 Bonus Voucher' }).click();
    const dialog = page.getByRole('dialog', { name: 'Redeem $5 Bonus Voucher' });
    await expect(dialog.getByText('Costs 500 pts; 700 pts left after')).toBeVisible();

    // A wrong password is refused in place; the dialog stays with what was typed.
    await dialog.getByLabel('Remark (optional)').fill('for my birthday');
    await dialog.getByLabel('Login password', { exact: true }).fill('wrong-password');
    await dialog.getByRole('button', { name: 'Redeem for 500 pts' }).click();
    await expect(dialog.getByText('Password incorrect')).toBeVisible();
    await expect(dialog.getByLabel('Remark (optional)')).toHaveValue('for my birthday');
    await expect(points).toHaveText('1,200');

    await dialog.getByLabel('Login password', { exact: true }).fill('Passw0rd!');
    await dialog.getByRole('button', { name: 'Redeem for 500 pts' }).click();
    await expect(dialog).toBeHidden();
    await expect(points).toHaveText('700');

    const list = page.getByRole('table', { name: 'Redemption list' });
    const row = list.getByRole('row').filter({ hasText: '$5 Bonus Voucher' });
    await expect(row).toContainText('500');
    await expect(row).toContainText('$5.00');
    await expect(row).toContainText('In process');
    await expect(row).toContainText('for my birthday');

    // Conversion: limits and what the player gets as they type, then the wallet balance moves.
    const balance = page.getByTestId('balance-amount');
    const before = Number((await balance.innerText()).replace(/[^\d.]/g, ''));
    const convert = page.getByRole('form', { name: 'Convert points' });
    await convert.getByLabel('Points to convert').fill('900');
    await convert.getByLabel('Login password', { exact: true }).fill('Passw0rd!');
    await convert.getByRole('button', { name: 'Convert to wallet' }).click();
    await expect(convert.getByText('Not enough points: this needs 900')).toBeVisible();
    await convert.getByLabel('Points to convert').fill('200');
    await expect(convert.getByText('You get $2.00')).toBeVisible();
    await convert.getByRole('button', { name: 'Convert to wallet' }).click();
    await expect(points).toHaveText('500');
    await expect(balance).toHaveText(`$${(before + 2).toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
    await expect(convert.getByLabel('Points to convert')).toHaveValue('');
  });
});
