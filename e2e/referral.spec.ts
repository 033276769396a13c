/**
 * The side menu's "Refer a friend": the real commission of the
 * brand's referral promotion and the invitation link, as the member centre's invite page shows them.
 */
import { expect, shell, test } from './fixtures';
import { paths } from '../web/src/config/paths';

test('the referral modal shows the commission per depositing friend and a readable invitation link', async ({ loggedIn: page, baseURL }) => {
  await shell(page).sideMenu.getByRole('button', { name: 'Refer a friend' }).click();
  const dialog = page.getByRole('dialog', { name: 'Refer a friend' });
  await expect(dialog.getByText('Invite friends and earn $10.00 for every friend who deposits.')).toBeVisible();
  await expect(dialog.getByText('R010001', { exact: true })).toBeVisible();

  const link = dialog.getByRole('textbox', { name: 'Your invitation link' });
  await expect(link).toHaveValue(`${baseURL}${paths.register({ referralCode: 'R010001' })}`);
  // The link is legible: dark text on the light field, not white on white.
  const colours = await link.evaluate((el) => {
    const style = getComputedStyle(el);
    return { color: style.color, background: style.backgroundColor };
  });
  expect(colours.color).not.toBe(colours.background);
  expect(colours.color).not.toBe('rgb(255, 255, 255)');
});
