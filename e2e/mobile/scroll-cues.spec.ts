/**
 * Scroll cues on a phone (ADR 020; the `mobile` project: 390 × 844 with touch): the
 * category bar and the home strips keep scrolling sideways under the thumb, and a fade (not arrows,
 * which would cover what the thumb moves) shows the end that hides content, mirrored in Urdu.
 */
import type { Locator } from '@playwright/test';
import { expect, shell, test, useSession } from '../fixtures';
import { paths } from '../../web/src/config/paths';

// The arrows scroll smoothly unless the player asks for reduced motion: this spec checks the default.
test.use({ reducedMotion: 'no-preference' });

test.describe.configure({ timeout: 60_000 });

const rowOf = (viewport: Locator) => viewport.locator('xpath=..');

for (const lang of ['EN', 'UR'] as const) {
  test(`the category bar scrolls sideways with a fade at the hidden end, no arrows (${lang})`, async ({ page, apiLogin }) => {
    await useSession(page, await apiLogin());
    await page.addInitScript((l) => localStorage.setItem('hisLang', l), lang);
    await page.goto(paths.home());
    await expect(page.getByTestId('balance-amount')).toHaveText(/\$[\d,]+\.\d\d/, { timeout: 20_000 });
    const viewport = shell(page).header.getByRole('navigation').locator('.scroll-row__viewport');
    await expect(rowOf(viewport)).toHaveAttribute('data-overflow-end', 'true');
    await expect(rowOf(viewport)).not.toHaveAttribute('data-overflow-start', 'true');
    // The fade is drawn over the hidden end: a mask on the row.
    expect(await viewport.evaluate((el) => getComputedStyle(el).maskImage)).toContain('linear-gradient');
    await expect(rowOf(viewport).locator('.scroll-row__arrow:visible')).toHaveCount(0);

    // A swipe moves the bar towards its end (leftwards content in English, rightwards in Urdu).
    const box = (await viewport.boundingBox())!;
    const y = box.y + box.height / 2;
    const [from, to] = lang === 'UR' ? [box.x + 40, box.x + box.width - 40] : [box.x + box.width - 40, box.x + 40];
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x: Math.round(x), y: Math.round(y) }] });
    await touch('touchStart', from);
    for (let i = 1; i <= 8; i++) await touch('touchMove', from + ((to - from) * i) / 8);
    await touch('touchEnd', to);
    await expect.poll(() => viewport.evaluate((el) => Math.abs(el.scrollLeft))).toBeGreaterThan(20);
    expect(Math.sign(await viewport.evaluate((el) => el.scrollLeft))).toBe(lang === 'UR' ? -1 : 1);
    await expect(rowOf(viewport)).toHaveAttribute('data-overflow-start', 'true');
    // The page itself never scrolls sideways.
    const doc = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect(doc.scroll).toBeLessThanOrEqual(doc.client);
  });
}

test('a home strip that hides tiles fades its end', async ({ page }) => {
  await page.goto(paths.home());
  const section = page.locator('section.gx-section', { has: page.getByRole('heading', { name: 'Hot in Live Casino' }) });
  await section.scrollIntoViewIfNeeded();
  const row = section.locator('.scroll-row');
  await expect(row).toHaveAttribute('data-overflow-end', 'true');
  // Snapping never leaves a fresh strip a pixel or two off its start, which would fade its first tile.
  await expect(row).not.toHaveAttribute('data-overflow-start', 'true');
  await expect(row.locator('.scroll-row__arrow:visible')).toHaveCount(0);
});

for (const lang of ['EN', 'UR'] as const) {
  test(`a lobby opened on a provider far along its row shows that tab whole, though the row snaps tabs by their start (${lang})`, async ({ page }) => {
    await page.addInitScript((l) => localStorage.setItem('hisLang', l), lang);
    await page.goto(`${paths.rng()}?page=JILI`);
    const viewport = page.locator('.gx-vtabs-row .scroll-row__viewport');
    const chosen = viewport.locator('[aria-selected="true"]');
    await expect(chosen).toBeVisible();
    // Not at the row's start: the row had to scroll to show it.
    await expect.poll(() => viewport.evaluate((el) => Math.abs(el.scrollLeft))).toBeGreaterThan(0);
    await expect
      .poll(async () => {
        const b = (await chosen.boundingBox())!;
        const v = (await viewport.boundingBox())!;
        return b.x >= v.x - 1 && b.x + b.width <= v.x + v.width + 1;
      })
      .toBe(true);
  });
}
