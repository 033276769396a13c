/**
 * The lottery lobby on a phone (ADR 018, the `mobile` project: 390 × 844 with touch):
 * "Open lottery lobby" shows every lottery in the frame, fitting its width, in English and in Urdu
 * (right to left); a tap on one opens that lottery.
 */
import type { FrameLocator, Locator, Page } from '@playwright/test';
import { expect, test, useSession } from '../fixtures';
import { paths } from '../../web/src/config/paths';

test.describe.configure({ timeout: 60_000 });
const SLOW = { timeout: 20_000 };

/**
 * The frame comes first on the phone's screen, nothing of the page covers it, and nothing in it runs
 * past its width (no sideways scrolling inside the iframe).
 */
async function expectFits(page: Page, iframe: Locator, frame: FrameLocator): Promise<void> {
  const box = (await iframe.boundingBox())!;
  expect(box.y).toBeLessThan(page.viewportSize()!.height / 3);
  const hit = await page.evaluate(
    ([x, y]) => document.elementFromPoint(x!, y!)?.tagName,
    [box.x + box.width / 2, box.y + Math.min(box.height, page.viewportSize()!.height - box.y) / 2],
  );
  expect(hit).toBe('IFRAME');
  expect(box.width).toBeGreaterThanOrEqual(320);
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  const widths = await frame.locator('html').evaluate((html) => ({ scroll: html.scrollWidth, client: html.clientWidth }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.client);
  const entry = (await frame.getByRole('main').getByRole('link').first().boundingBox())!;
  expect(entry.x).toBeGreaterThanOrEqual(box.x);
  expect(entry.x + entry.width).toBeLessThanOrEqual(box.x + box.width);
}

test('the lobby lists every lottery on a phone, and a tap opens one', async ({ page, apiLogin }) => {
  await useSession(page, await apiLogin());
  await page.goto(paths.lottery());
  await page.getByRole('button', { name: 'Open lottery lobby' }).tap();
  const iframe = page.locator('iframe[title="Lottery lobby"]');
  const frame = page.frameLocator('iframe[title="Lottery lobby"]');
  await expect(frame.getByRole('heading', { name: 'Lottery lobby', level: 1 })).toBeVisible(SLOW);
  await expect.poll(() => frame.getByRole('main').getByRole('link').count()).toBeGreaterThan(3);
  await expectFits(page, iframe, frame);

  const fast = frame.getByRole('link', { name: 'Vietnam 1 Min' });
  // Mid-screen: the sandbox bar's pill sits at the bottom of the page.
  await fast.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await expect(fast.getByRole('timer')).toHaveText(/^\d\d:\d\d$/);
  await fast.tap();
  await expect(frame.getByRole('heading', { name: 'Vietnam 1 Min', level: 1 })).toBeVisible(SLOW);
  await expect(frame.getByRole('button', { name: 'Draw' })).toBeVisible();
  await expect(frame.getByRole('link', { name: /Lottery lobby/ })).toBeVisible();
});

test('the lobby speaks Urdu right to left on a phone', async ({ page, apiLogin }) => {
  await page.addInitScript(() => localStorage.setItem('hisLang', 'UR'));
  await useSession(page, await apiLogin());
  await page.goto(paths.lottery({ view: 'lobby' }));
  const iframe = page.locator('iframe[title="لاٹری لابی"]');
  const frame = page.frameLocator('iframe[title="لاٹری لابی"]');
  await expect(frame.getByRole('heading', { name: 'لاٹری لابی', level: 1 })).toBeVisible(SLOW);
  await expect(frame.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(frame.getByRole('heading', { name: 'شمالی ویتنام' })).toBeVisible();
  await expect.poll(() => frame.getByRole('main').getByRole('link').count()).toBeGreaterThan(3);
  await expectFits(page, iframe, frame);
  await frame.getByRole('link', { name: 'ہنوئی' }).tap();
  await expect(frame.getByRole('heading', { name: 'Ha Noi', level: 1 })).toBeVisible(SLOW);
});
