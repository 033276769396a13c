/**
 * Keyboard reach: side-menu flyouts open on hover, click, Enter or ArrowRight but
 * not on focus, so Tab walks the menu entry by entry; the skip links offer the main content and the
 * header's account actions; Escape returns focus to what opened the flyout.
 */
import { expect, shell, test } from './fixtures';
import { paths } from '../web/src/config/paths';

test('the skip link reaches "Log in" in three key presses', async ({ page }) => {
  await page.goto(paths.home());
  await expect(shell(page).header).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to log in and account' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  // The header's first action (the free demo when the brand offers it, else Log in).
  const focused = page.locator(':focus');
  await expect(focused).toHaveText(/^(Free demo|Log in)$/);
  expect(await focused.evaluate((el) => !!el.closest('header'))).toBe(true);
});

test('Tab walks the side menu without opening flyouts; ArrowRight opens one and Escape comes back', async ({ page }) => {
  await page.goto(paths.home());
  await page.mouse.move(900, 5);
  const menu = shell(page).sideMenu;
  const slots = menu.getByRole('link', { name: 'Slots' });
  await slots.focus();
  await expect(page.getByRole('region', { name: 'Slots providers' })).toHaveCount(0);
  await page.keyboard.press('Tab');
  // The next entry, not a vendor of the slots flyout.
  await expect(page.locator(':focus')).toHaveClass(/side-menu__item/);
  await expect(page.locator('.flyout')).toHaveCount(0);

  await slots.focus();
  await page.keyboard.press('ArrowRight');
  const flyout = page.getByRole('region', { name: 'Slots providers' });
  await expect(flyout).toBeVisible();
  await expect(flyout.getByRole('link').first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(flyout).toHaveCount(0);
  await expect(slots).toBeFocused();
});
