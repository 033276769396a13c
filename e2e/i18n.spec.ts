/**
 * Languages: Urdu renders right to left and translated, the choice is kept in
 * localStorage `hisLang` and sent as the `Language` header; the menu shows only with more than one
 * supported language.
 */
import { expect, patchJson, shell, test } from './fixtures';
import { paths } from '../web/src/config/paths';

type PermissionReply = { value: { languages: string[] } };

test('switching to Urdu translates, mirrors, persists and sends the Language header', async ({ page }) => {
  await page.goto(paths.home());
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
  await page.goto(paths.home());
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
  await page.goto(paths.home());
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(shell(page).header.getByRole('button', { name: 'Log in' })).toBeVisible();
});

// Offered means complete: a supported language without catalogues is never offered, even
// when a brand lists it, so a saved one falls back to the brand's default instead of showing English
// under its own name.
test('a listed language without catalogues is not offered: a saved one falls back to the default', async ({ page }) => {
  await patchJson<PermissionReply>(page, '**/wps/system/permission?**', (body) => {
    body.value.languages = ['EN', 'TH', 'VI'];
  });
  await page.addInitScript(() => localStorage.setItem('hisLang', 'TH'));
  await page.goto(paths.home());
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(shell(page).header.getByRole('button', { name: 'Log in' })).toBeVisible();
  await shell(page).sideMenu.getByRole('button', { name: 'Language' }).click();
  const picker = page.getByRole('region', { name: 'Language' });
  await expect(picker.getByRole('button', { name: /Tiếng Việt/ })).toBeVisible();
  await expect(picker.getByRole('button', { name: /ไทย/ })).toHaveCount(0);
});

test('the demo brand offers English, Urdu, Vietnamese and Simplified Chinese, each translated', async ({ page }) => {
  await page.goto(paths.home());
  await shell(page).sideMenu.getByRole('button', { name: 'Language' }).click();
  const picker = page.getByRole('region', { name: 'Language' });
  await expect(picker.getByRole('button')).toHaveText([/English/, /اردو/, /Tiếng Việt/, /简体中文/]);
  await picker.getByRole('button', { name: /简体中文/ }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(shell(page).header.getByRole('button', { name: '登录' })).toBeVisible();
});
