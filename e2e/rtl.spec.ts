/**
 * Urdu without scrambling (ADR 015): server content comes in Urdu, its figures keep
 * their order ("$500", not "500$"), amounts in the member centre are whole, and the register page's
 * back chevron points the Urdu way.
 */
import type { Page } from '@playwright/test';
import { expect, test, useSession } from './fixtures';
import { paths } from '../web/src/config/paths';

/** The figure characters of an element's text, in the order they are drawn from left to right. */
async function drawnFigures(page: Page, selector: string): Promise<string> {
  return page.locator(selector).first().evaluate((el) => {
    const chars: [string, number][] = [];
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n.textContent ?? '';
      for (let i = 0; i < text.length; i++) {
        if (!/[$0-9%.,+-]/.test(text[i] ?? '')) continue;
        const range = document.createRange();
        range.setStart(n, i);
        range.setEnd(n, i + 1);
        chars.push([text[i] ?? '', range.getBoundingClientRect().x]);
      }
    }
    return chars.sort((a, b) => a[1] - b[1]).map(([c]) => c).join('');
  });
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('hisLang', 'UR'));
});

test('a promotion comes in Urdu with its amounts in reading order', async ({ page }) => {
  const urdu = page.waitForRequest((req) => req.url().includes('/wps/promotion/detail') && req.headers()['language'] === 'UR');
  await page.goto(paths.promoDetail('1'));
  await urdu;
  const title = page.getByRole('heading', { level: 1 });
  await expect(title).toContainText('خوش آمدید بونس');
  // "$500" drawn as "$500" (not "500$"), "100%" as "100%".
  expect(await drawnFigures(page, 'h1')).toBe('$500100%');
  await expect(page.locator('.rich-text td').first()).toBeVisible();
  expect(await drawnFigures(page, '.rich-text tr:nth-child(2) td:first-child')).toBe('$10-$99');
});

test('the wallet shows whole amounts on an Urdu page', async ({ page, apiLogin }) => {
  await useSession(page, await apiLogin());
  await page.goto(paths.home());
  const balance = page.getByTestId('balance-amount');
  await expect(balance).toHaveText(/\$[\d,]+\.\d\d/);
  const drawn = await drawnFigures(page, '[data-testid="balance-amount"]');
  expect(drawn).toMatch(/^\$[\d,]+\.\d\d$/);
});

test("the register page's back chevron points the Urdu way", async ({ page }) => {
  await page.goto(paths.register());
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const chevron = page.locator('.register-page .back-link svg');
  await expect(chevron).toHaveCSS('transform', 'matrix(-1, 0, 0, 1, 0, 0)');
});
