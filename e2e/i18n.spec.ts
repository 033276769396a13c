/**
 * Languages (spec section 1): Urdu renders right to left and translated, the choice is kept in
 * localStorage `hisLang` and sent as the `Language` header; the menu shows only with more than one
 * supported language.
 */
import { expect, patchJson, shell, test } from './fixtures';

type PermissionReply = { value: { languages: string[] } };

test('switching to Urdu translates, mirrors, persists and sends the Language header', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  const english = page.waitForRequest((req) => req.url().includes('/wps/') && req.headers()['language'] === 'EN');
  await page.reload();
  await english;

  await shell(page).sideMenu.getByRole('button', { name: 'Language' }).click();
  const urdu = page.waitForRequest((req) => req.url().includes('/wps/') && req.headers()['language'] === 'UR');
  await page.getByRole('region', { name: 'Language' }).getByRole('button', { name: /اردو/ }).click();

  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ur');
  await expect(shell(page).header.getByRole('button', { name: 'لاگ ان' })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'سائٹ مینو' }).getByRole('link', { name: 'پروموشنز' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('hisLang'))).toBe('UR');
  await urdu;

  // The layout mirrors: the side menu sits on the right.
  const box = await page.getByRole('complementary', { name: 'سائٹ مینو' }).boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeGreaterThan(1300);

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('contentinfo').getByRole('heading', { name: 'ادائیگی کے طریقے' })).toBeVisible();
});

test('the language menu is hidden when the brand offers one language', async ({ page }) => {
  await patchJson<PermissionReply>(page, '**/wps/system/permission?**', (body) => {
    body.value.languages = ['EN'];
  });
  await page.goto('/');
  await expect(shell(page).sideMenu.getByRole('link', { name: 'Promotions' })).toBeVisible();
  await expect(shell(page).sideMenu.getByRole('button', { name: 'Language' })).toHaveCount(0);
});

test('a saved language the brand does not offer falls back to its default', async ({ page }) => {
  await patchJson<PermissionReply>(page, '**/wps/system/permission?**', (body) => {
    body.value.languages = ['EN', 'TH'];
  });
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('hisLang', 'UR');
      sessionStorage.setItem('seeded', '1');
    }
  });
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(shell(page).header.getByRole('button', { name: 'Log in' })).toBeVisible();
});

test('other listed languages fall back to English where untranslated', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('hisLang', 'TH'));
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'th');
  await expect(shell(page).header.getByRole('button', { name: 'Log in' })).toBeVisible();
});
