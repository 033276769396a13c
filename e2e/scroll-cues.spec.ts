/**
 * Scroll cues (ADR 020): a row that hides content says so. The logged-in header's category
 * bar, the home page's game strips and a lobby's provider tabs show a fade and an arrow button at
 * the end that hides content, only there, and mirrored in Urdu; the arrows scroll the row, and a
 * keyboard user can press them. The VIP ladder's columns fit its modal, and on a phone the ladder
 * scrolls inside its own box.
 *
 * One logged-in page per language carries every check about layout at a width: the viewport is
 * resized on it (`page.setViewportSize`) rather than a page loaded per width, since the rows and
 * the ladder follow the width live (docs/test-suite.md lists where each former test went).
 */
import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { animationsSettled, expect, shell, test, useSession } from './fixtures';
import { paths } from '../web/src/config/paths';

// The arrows scroll smoothly unless the player asks for reduced motion: this spec checks the default.
test.use({ reducedMotion: 'no-preference' });

type Lang = 'EN' | 'UR';
const common = (lang: Lang) =>
  JSON.parse(readFileSync(`web/src/i18n/locales/${lang.toLowerCase()}/common.json`, 'utf8')) as Record<string, string>;
const vipLabel = (lang: Lang) =>
  (JSON.parse(readFileSync(`web/src/i18n/locales/${lang.toLowerCase()}/sideMenu.json`, 'utf8')) as Record<string, string>).vip ?? '';
const LEFT = { EN: common('EN').scroll_left ?? '', UR: common('UR').scroll_left ?? '' };
const RIGHT = { EN: common('EN').scroll_right ?? '', UR: common('UR').scroll_right ?? '' };

/** The arrows of a row: "next" scrolls towards the end (right in English, left in Urdu). */
function arrows(row: Locator, lang: Lang) {
  const rtl = lang === 'UR';
  return {
    next: row.getByRole('button', { name: rtl ? LEFT[lang] : RIGHT[lang], exact: true }),
    back: row.getByRole('button', { name: rtl ? RIGHT[lang] : LEFT[lang], exact: true }),
  };
}

/** Layout in fractions of a pixel: scrollWidth and clientWidth are rounded, boxes are not. */
const SUBPIXEL = 1.5;

const scrollLeft = (viewport: Locator) => viewport.evaluate((el) => el.scrollLeft);

async function logIn(page: Page, apiLogin: () => Promise<Parameters<typeof useSession>[1]>, lang: Lang) {
  await useSession(page, await apiLogin());
  await page.addInitScript((l) => localStorage.setItem('hisLang', l), lang);
}

/**
 * Every category of the bar is either wholly in view, or the bar shows the arrow on the side where
 * it hides: nothing is clipped without a cue.
 */
async function expectNoSilentClip(bar: Locator, lang: Lang) {
  // The scroller: the bar's row, or the bar itself where it scrolls without one.
  const row = bar.locator('.scroll-row__viewport');
  const viewport = (await row.count()) > 0 ? row : bar;
  const box = (await viewport.boundingBox())!;
  const { next, back } = arrows(bar, lang);
  const links = await bar.getByRole('link').all();
  expect(links.length).toBeGreaterThan(5);
  for (const link of links) {
    const b = (await link.boundingBox())!;
    const name = await link.textContent();
    // A fraction of a pixel lost to rounding is no clipping.
    if (b.x < box.x - SUBPIXEL) await expect(lang === 'UR' ? next : back, `${name} hides on the left`).toBeVisible();
    if (b.x + b.width > box.x + box.width + SUBPIXEL) await expect(lang === 'UR' ? back : next, `${name} hides on the right`).toBeVisible();
  }
}

/** Where a fresh page has the bar: scrolled to its start, the start arrow hidden. */
async function barToStart(bar: Locator, lang: Lang) {
  await bar.locator('.scroll-row__viewport').evaluate((el) => el.scrollTo({ left: 0, behavior: 'instant' }));
  await expect(arrows(bar, lang).back).toBeHidden();
}

const categoryBar = (page: Page, lang: Lang) => shell(page).header.getByRole('navigation', { name: common(lang).main_navigation });

/** The logged-in header's category bar never clips a category without a cue at this width (800 px high). */
async function barNeverClipsSilently(page: Page, lang: Lang, width: number) {
  await page.setViewportSize({ width, height: 800 });
  const bar = categoryBar(page, lang);
  await barToStart(bar, lang);
  await expect(bar.getByRole('link').nth(6)).toBeVisible();
  await expectNoSilentClip(bar, lang);
  // Scrolled to the far end, every category is still either in view or cued.
  await bar.locator('.scroll-row__viewport').evaluate((el) => el.scrollBy({ left: (getComputedStyle(el).direction === 'rtl' ? -1 : 1) * 5000 }));
  await expect(arrows(bar, lang).next).toBeHidden();
  await expectNoSilentClip(bar, lang);
}

/** A home strip that overflows has arrows and a fade; one that fits has none (page at 1440 × 900, scrolled to the top). */
async function homeStrips(page: Page, lang: Lang) {
  const home = JSON.parse(readFileSync(`web/src/i18n/locales/${lang.toLowerCase()}/home.json`, 'utf8')) as Record<string, string>;
  const heading = (id: string) => (home['sections.hot_in'] ?? '').replace('{{name}}', home[`categories.${id}`] ?? id);
  const live = page.locator('section.gx-section', { has: page.getByRole('heading', { name: heading('LIVE') }) });
  await live.scrollIntoViewIfNeeded();
  const viewport = live.locator('.scroll-row__viewport');
  const { next, back } = arrows(live, lang);
  await expect(next).toBeVisible();
  await expect(back).toBeHidden();
  const box = (await viewport.boundingBox())!;
  const nextBox = (await next.boundingBox())!;
  if (lang === 'UR') expect(nextBox.x).toBeLessThan(box.x + box.width / 2);
  else expect(nextBox.x).toBeGreaterThan(box.x + box.width / 2);
  await next.click();
  await expect.poll(async () => Math.abs(await scrollLeft(viewport))).toBeGreaterThan(100);
  expect(Math.sign(await scrollLeft(viewport))).toBe(lang === 'UR' ? -1 : 1);
  await expect(back).toBeVisible();

  // Two sportsbooks fit: no arrow, no fade.
  const sports = page.locator('section.gx-section', { has: page.getByRole('heading', { name: heading('SPORTS') }) });
  await sports.scrollIntoViewIfNeeded();
  await expect(sports.getByRole('listitem').first()).toBeVisible();
  await expect(sports.locator('.scroll-row__arrow:visible')).toHaveCount(0);
  await expect(sports.locator('.scroll-row[data-overflow-start], .scroll-row[data-overflow-end]')).toHaveCount(0);
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
}

/** At 1024 px the end arrow scrolls the bar and the start arrow appears (English). */
async function barArrowsScroll(page: Page) {
  await page.setViewportSize({ width: 1024, height: 768 });
  const bar = shell(page).header.getByRole('navigation', { name: 'Game categories' });
  await barToStart(bar, 'EN');
  const viewport = bar.locator('.scroll-row__viewport');
  const { next, back } = arrows(bar, 'EN');
  await expect(next).toBeVisible();
  await expect(back).toBeHidden();
  // The next arrow sits at the right end of the bar.
  const barBox = (await viewport.boundingBox())!;
  const nextBox = (await next.boundingBox())!;
  expect(nextBox.x).toBeGreaterThan(barBox.x + barBox.width / 2);
  expect(await viewport.evaluate((el) => el.closest('.scroll-row')?.hasAttribute('data-overflow-end'))).toBe(true);

  await next.click();
  await expect.poll(() => scrollLeft(viewport)).toBeGreaterThan(0);
  await expect(back).toBeVisible();
  await expect(viewport.locator('..')).toHaveAttribute('data-overflow-start', 'true');

  await back.click();
  await expect.poll(() => scrollLeft(viewport)).toBe(0);
  await expect(back).toBeHidden();
}

/** Keyboard (English, 1024 px): the arrows are tab stops, and the one pressed to its end hands focus to the other. */
async function barKeyboard(page: Page) {
  await page.setViewportSize({ width: 1024, height: 768 });
  const bar = shell(page).header.getByRole('navigation', { name: 'Game categories' });
  await barToStart(bar, 'EN');
  const { next, back } = arrows(bar, 'EN');
  await expect(next).toBeVisible();
  // Shift+Tab from the first button after the bar reaches the next arrow: it is a tab stop.
  await shell(page).header.locator('.topbar__actions button').first().focus();
  await page.keyboard.press('Shift+Tab');
  await expect(next).toBeFocused();
  // Focusing a hidden category scrolls it into view.
  const last = bar.getByRole('link').last();
  await last.focus();
  const viewport = (await bar.locator('.scroll-row__viewport').boundingBox())!;
  const box = (await last.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.x + viewport.width + SUBPIXEL);
  await bar.locator('.scroll-row__viewport').evaluate((el) => el.scrollTo({ left: 0 }));
  await expect(back).toBeHidden();

  // Each Enter scrolls the bar by a page, smoothly: the next press comes once the scroll has ended.
  const row = bar.locator('.scroll-row__viewport');
  const atEnd = () => row.evaluate((el) => el.scrollLeft + el.clientWidth >= el.scrollWidth - 1);
  await next.focus();
  for (let presses = 0; !(await atEnd()); presses++) {
    expect(presses, 'pages of categories').toBeLessThan(6);
    await row.evaluate((el) => {
      (el as HTMLElement & { scrolled?: Promise<void> }).scrolled = new Promise((resolve) =>
        el.addEventListener('scrollend', () => resolve(), { once: true }),
      );
    });
    await page.keyboard.press('Enter');
    await row.evaluate((el) => (el as HTMLElement & { scrolled?: Promise<void> }).scrolled);
  }
  await expect(next).toBeHidden();
  await expect(back).toBeFocused();
}

/** In Urdu (1024 px) the arrows are mirrored: the next arrow is on the left and scrolls leftwards. */
async function barMirrored(page: Page) {
  await page.setViewportSize({ width: 1024, height: 768 });
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const bar = categoryBar(page, 'UR');
  await barToStart(bar, 'UR');
  const viewport = bar.locator('.scroll-row__viewport');
  const { next, back } = arrows(bar, 'UR');
  await expect(next).toBeVisible();
  await expect(back).toBeHidden();
  const barBox = (await viewport.boundingBox())!;
  const nextBox = (await next.boundingBox())!;
  expect(nextBox.x + nextBox.width).toBeLessThan(barBox.x + barBox.width / 2);
  await next.click();
  await expect.poll(() => scrollLeft(viewport)).toBeLessThan(0);
  await expect(back).toBeVisible();
  const backBox = (await back.boundingBox())!;
  expect(backBox.x).toBeGreaterThan(barBox.x + barBox.width / 2);
}

const read = (lang: Lang, ns: string) =>
  JSON.parse(readFileSync(`web/src/i18n/locales/${lang.toLowerCase()}/${ns}.json`, 'utf8')) as Record<string, string>;

/** The VIP ladder's columns fit at this viewport size: opened from the side menu, measured, closed again. */
async function vipLadderFits(page: Page, lang: Lang, width: number, height: number) {
  await page.setViewportSize({ width, height });
  if (width < 768) await shell(page).header.getByRole('button', { name: read(lang, 'header').menu, exact: true }).click();
  await page.getByRole('complementary').getByRole('button', { name: new RegExp(vipLabel(lang)) }).click();
  const dialog = page.getByRole('dialog');
  const region = dialog.getByRole('region', { name: read(lang, 'vip').ladder_region });
  await expect(region.getByRole('row').nth(10)).toBeVisible();
  // Measured where the modal comes to rest, not during its opening animation.
  await animationsSettled(dialog);
  const box = (await region.boundingBox())!;
  const modal = (await dialog.boundingBox())!;
  // The ladder's box stays inside the modal, and the page never scrolls sideways.
  expect(box.x).toBeGreaterThanOrEqual(modal.x - SUBPIXEL);
  expect(box.x + box.width).toBeLessThanOrEqual(modal.x + modal.width + SUBPIXEL);
  const page_ = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(page_.scroll).toBeLessThanOrEqual(page_.client);
  const { scroll, client } = await region.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  if (width >= 1024) expect(scroll, 'the ladder fits without scrolling').toBeLessThanOrEqual(client);

  const cells = await region.getByRole('columnheader').all();
  expect(cells).toHaveLength(6);
  const boxes = [];
  for (const cell of cells) {
    const b = (await cell.boundingBox())!;
    boxes.push(b);
    // A heading's text is never cut inside its cell.
    expect(await cell.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    // Either the heading is wholly in the box's visible area, or the box scrolls to it.
    const inside = b.x >= box.x - SUBPIXEL && b.x + b.width <= box.x + box.width + SUBPIXEL;
    if (!inside) expect(scroll, `${await cell.textContent()} (${b.x}+${b.width}) is out of view of ${box.x}+${box.width} in a box that does not scroll`).toBeGreaterThan(client);
  }
  // No two columns overlap.
  boxes.sort((a, b) => a.x - b.x);
  for (let i = 1; i < boxes.length; i++) expect(boxes[i]!.x).toBeGreaterThanOrEqual(boxes[i - 1]!.x + boxes[i - 1]!.width - SUBPIXEL);
  // On a phone the ladder scrolls inside its box, with a fade at the end that hides columns.
  if (width < 768) {
    expect(scroll).toBeGreaterThan(client);
    await expect(region.locator('..')).toHaveAttribute('data-overflow-end', 'true');
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
}

for (const lang of ['EN', 'UR'] as const) {
  test(`logged in (${lang}): home strips, the header category bar at each width, and the VIP ladder at each size`, async ({ page, apiLogin }) => {
    // Eleven checks of the former one-page-each tests, each a step named as that test was.
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await logIn(page, apiLogin, lang);
    await page.goto(paths.home());
    await expect(page.getByTestId('balance-amount')).toHaveText(/\$[\d,]+\.\d\d/);

    await test.step(`home strips and lobby provider rows › a home strip that overflows has arrows and a fade; one that fits has none (${lang})`, () =>
      homeStrips(page, lang));
    for (const width of [1440, 1280, 1024]) {
      await test.step(`the logged-in header category bar › never clips a category without a cue at ${width} px (${lang})`, () =>
        barNeverClipsSilently(page, lang, width));
    }
    if (lang === 'EN') {
      await test.step('the logged-in header category bar › at 1024 px the end arrow scrolls the bar and the start arrow appears', () => barArrowsScroll(page));
      await test.step('the logged-in header category bar › keyboard: the arrows are buttons in the tab order, and the one pressed to its end hands focus to the other', () =>
        barKeyboard(page));
    } else {
      await test.step('the logged-in header category bar › in Urdu the arrows are mirrored: the next arrow is on the left and scrolls leftwards', () =>
        barMirrored(page));
    }
    for (const [width, height] of [
      [1440, 900],
      [1024, 768],
      [390, 844],
    ] as const) {
      await test.step(`the VIP ladder › its columns fit at ${width} px (${lang})`, () => vipLadderFits(page, lang, width, height));
    }
  });
}

test.describe('home strips and lobby provider rows', () => {
  test('the provider tabs of a lobby scroll with arrows, and the chosen provider is scrolled into view', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(paths.rng());
    const tabs = page.getByRole('tablist', { name: 'Game providers' });
    await expect(tabs.getByRole('tab').nth(3)).toBeVisible();
    const row = page.locator('.gx-vtabs-row');
    const viewport = row.locator('.scroll-row__viewport');
    const { next, back } = arrows(row, 'EN');
    await expect(next).toBeVisible();
    await expect(back).toBeHidden();
    await next.click();
    await expect.poll(() => scrollLeft(viewport)).toBeGreaterThan(100);
    await expect(back).toBeVisible();

    // The chosen provider is never left out of sight: opening the lobby on the last tab shows it.
    const last = tabs.locator('[role="tab"]:not([aria-haspopup])').last();
    await last.click();
    await expect(page).toHaveURL(/\?page=/);
    await page.reload();
    const chosen = page.getByRole('tablist', { name: 'Game providers' }).locator('[aria-selected="true"]');
    await expect(chosen).toBeVisible();
    await expect
      .poll(async () => {
        const b = (await chosen.boundingBox())!;
        const v = (await viewport.boundingBox())!;
        return b.x >= v.x - SUBPIXEL && b.x + b.width <= v.x + v.width + SUBPIXEL;
      })
      .toBe(true);
  });
});
