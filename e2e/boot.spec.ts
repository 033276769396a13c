/**
 * The first paint of a cold start (ADR 019 and ADR 026): the boot screen shows the brand's
 * mark as soon as the HTML is in, before the stylesheet and the bundle; the app itself never
 * renders before its stylesheet.
 */
import { expect, shell, test } from './fixtures';
import { paths } from '../web/src/config/paths';

test('the boot screen paints the brand before the stylesheet and the bundle, and the app waits for the stylesheet', async ({ page }) => {
  // Hold the app's stylesheet back, as a slow phone connection would.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/static\/index-[^/]+\.css$/, async (route) => {
    await held;
    await route.continue();
  });

  const entryLoaded = page.waitForResponse(/\/static\/index-[^/]+\.js$/);
  await page.goto(paths.home(), { waitUntil: 'commit' });
  const boot = page.getByRole('status', { name: 'Loading' });
  await expect(boot).toBeVisible();
  // The mark is drawn inline (no request to wait for) and is decoration for assistive technology.
  const mark = boot.locator('svg.boot__mark');
  await expect(mark).toBeVisible();
  await expect(mark).toHaveAttribute('aria-hidden', 'true');
  const box = await mark.boundingBox();
  expect(box?.width).toBe(64);

  // The stylesheet sits at the end of the body: it holds back what follows it (and the module
  // scripts), not the boot screen before it.
  expect(await page.locator('head link[rel="stylesheet"]').count()).toBe(0);
  expect(await page.locator('body > link[rel="stylesheet"]').count()).toBe(1);

  // While the stylesheet is held, the app does not render unstyled: the entry module is in, yet it
  // has not run (DOMContentLoaded, which follows the module scripts, has not fired) and no header is
  // drawn.
  await entryLoaded;
  expect(
    await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).domContentLoadedEventStart),
  ).toBe(0);
  await expect(shell(page).header).toHaveCount(0);
  await expect(boot).toBeVisible();

  release();
  await expect(shell(page).header).toBeVisible();
  await expect(boot).toHaveCount(0);
  // Styled: the header is laid out by the stylesheet (a block box of the shell's height).
  const header = await shell(page).header.boundingBox();
  expect(header?.height).toBeGreaterThan(40);
  expect(header?.height).toBeLessThan(120);
});
