/**
 * No horizontal scroll from 360 px up (issue 16): every route of the layout table and the main
 * modals, on the narrowest phone the portal supports, in English and in right-to-left Urdu.
 */
import type { Page } from '@playwright/test';
import { LAYOUTS } from '../../web/src/session/layout-table';
import { expect, shell, test, useSession } from '../fixtures';

test.use({ viewport: { width: 360, height: 740 } });

async function expectNoSideScroll(page: Page, what: string): Promise<void> {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll, `${what} scrolls sideways`).toBeLessThanOrEqual(client);
}

for (const lang of ['EN', 'UR'] as const) {
  test(`every route fits 360 px (${lang})`, async ({ page, apiLogin }) => {
    test.slow();
    await useSession(page, await apiLogin());
    await page.addInitScript((l) => localStorage.setItem('hisLang', l), lang);
    for (const path of Object.keys(LAYOUTS)) {
      await page.goto(path);
      // The section has rendered (its spinner gone); polling pages never reach network idle.
      await expect(page.locator('.shell__pending, .boot')).toHaveCount(0, { timeout: 20_000 });
      await expectNoSideScroll(page, path);
    }
  });
}

test('the main modals fit 360 px', async ({ page, apiLogin }) => {
  test.slow();
  await page.goto('/');
  const header = shell(page).header;
  for (const name of ['Log in', 'Register'] as const) {
    await header.getByRole('button', { name }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoSideScroll(page, `${name} modal`);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }

  await useSession(page, await apiLogin());
  await page.goto('/');
  await expect(page.getByTestId('balance-amount')).toHaveText(/\$/, { timeout: 20_000 });
  await header.getByRole('button', { name: 'Deposit' }).click();
  await expect(page.getByRole('dialog', { name: 'Members centre' })).toBeVisible();
  await expectNoSideScroll(page, 'members centre');
});
