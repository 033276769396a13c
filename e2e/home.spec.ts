/**
 * Home: hot vendors (isHot 1) and hot games, the winners list, category cards, a
 * VASSALAGE vendor's popup list, the member-only recent and favourite sections, and Urdu in RTL.
 */
import { expect, shell, test, useSession } from './fixtures';
import { paths } from '../web/src/config/paths';

// One page for a visitor (ADR 040): the checks that only read the home page, then the popup opened
// and closed, then the vendor card that navigates away.
test('a visitor on the home page: games, providers, categories, winners, the sports strips, a popup, a vendor card', async ({ page }) => {
  await page.goto(paths.home());

  await test.step('home shows hot games, hot vendors, categories and winners', async () => {
    const hotGames = page.getByRole('list', { name: 'Hot games' });
    await expect(hotGames.getByRole('listitem').first()).toBeVisible();
    await expect(hotGames.getByRole('button', { name: /^Play / }).first()).toBeVisible();

    const hotVendors = page.getByRole('list', { name: 'Hot providers' });
    await expect(hotVendors.getByRole('link', { name: /PG Soft/ })).toBeVisible();
    // JDB Gaming is not hot (isHot 0): it is not among the hot providers.
    await expect(hotVendors.getByRole('link', { name: /JDB Gaming/ })).toHaveCount(0);

    await expect(page.getByRole('navigation', { name: 'Browse by category' }).getByRole('link', { name: /Live Casino/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Latest winners' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Hot in Live Casino' })).toBeVisible();

    // Visitors have no recent or favourite sections.
    await expect(page.getByRole('heading', { name: 'Recently played' })).toHaveCount(0);
  });

  await test.step('"Hot in Sports" shows sportsbooks only; e-sports have a strip of their own', async () => {
    const sports = page.getByRole('list', { name: 'Hot in Sports' });
    await expect(sports.getByRole('button', { name: 'Play SABA Sportsbook' })).toBeVisible();
    await expect(sports.getByRole('button', { name: /Esports/ })).toHaveCount(0);
    const esports = page.getByRole('list', { name: 'Hot in E-Sports' });
    await expect(esports.getByRole('button', { name: 'Play AVIA Esports Arena' })).toBeVisible();
    await expect(esports.getByRole('button', { name: /Sportsbook|Cricket/ })).toHaveCount(0);
  });

  await test.step('a VASSALAGE vendor opens its popup list', async () => {
    await page.getByRole('list', { name: 'Hot providers' }).getByRole('button', { name: /Evolution/ }).click();
    const popup = page.getByRole('dialog', { name: /Evolution/ });
    await expect(popup).toBeVisible();
    await expect(popup.getByRole('list', { name: 'Evolution games' }).getByRole('button', { name: /^Play / }).first()).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    // Closed again, for the next step.
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  await test.step('a hot vendor card leads to its lobby tab', async () => {
    await page.getByRole('list', { name: 'Hot providers' }).getByRole('link', { name: /PG Soft/ }).click();
    await expect(page).toHaveURL(/\/rng\?page=PG$/);
    await expect(page.getByRole('tab', { name: /PG Soft/ })).toHaveAttribute('aria-selected', 'true');
  });
});

test('members see their recent and favourite games', async ({ page, apiLogin }) => {
  await useSession(page, await apiLogin());
  await page.goto(paths.home());
  await expect(page.getByRole('heading', { name: 'Recently played' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'My favourites' })).toBeVisible();
});

test('home in Urdu is right to left and translated, and its category cards fill rows of equal length at every width', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('hisLang', 'UR'));
  await page.goto(paths.home());
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: 'مقبول گیمز' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'تازہ ترین فاتحین' })).toBeVisible();

  // The cards a row holds, row by row, as laid out at each window width.
  const rows = () =>
    page.locator('.hx-cats').evaluate((grid) => {
      const counts = new Map<number, number>();
      for (const card of grid.children) {
        const top = Math.round(card.getBoundingClientRect().top);
        counts.set(top, (counts.get(top) ?? 0) + 1);
      }
      return [...counts.values()];
    });
  await expect(page.locator('.hx-cats').getByRole('link')).toHaveCount(8);
  for (const [width, expected] of [
    [1366, [8]],
    [1280, [4, 4]],
    [1024, [4, 4]],
    [390, [4, 4]],
  ] as const) {
    await test.step(`${width} px: ${expected.join(' + ')}`, async () => {
      await page.setViewportSize({ width, height: 850 });
      await expect.poll(rows).toEqual(expected);
    });
  }
});

// Headless Chromium hides scrollbars unless told otherwise; this test shows them, as a desktop
// browser does, to check that the page's width does not depend on whether it scrolls yet.
test('the home page lays out in the same width whether it scrolls yet or not: growing past the window or opening a dialog moves nothing', async ({ playwright, launchOptions, baseURL, extraHTTPHeaders }) => {
  const browser = await playwright.chromium.launch({ ...launchOptions, ignoreDefaultArgs: ['--hide-scrollbars'] });
  try {
    const page = await browser.newPage({ baseURL, extraHTTPHeaders, viewport: { width: 1350, height: 940 }, reducedMotion: 'reduce' });
    await page.goto(paths.home());
    const cards = page.locator('.hx-cats');
    await expect(cards.getByRole('link').first()).toBeVisible();
    // The width the page lays out in and where the last category card sits in its grid: the page as
    // served (taller than the window), then with its lower part not there yet (shorter than it).
    const measure = () =>
      page.evaluate(() => {
        const grid = document.querySelector('.hx-cats')!.getBoundingClientRect();
        const last = document.querySelector('.hx-cats > :last-child')!.getBoundingClientRect();
        return { width: document.body.getBoundingClientRect().width, lastCard: [Math.round(last.left - grid.left), Math.round(last.top - grid.top)] };
      });
    const tall = await measure();
    expect(await page.evaluate(() => document.documentElement.scrollHeight > innerHeight)).toBe(true);

    // A dialog takes the scrollbar away while it is open: the page behind it stays where it was.
    const before = await cards.boundingBox();
    await shell(page).header.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await cards.boundingBox()).toEqual(before);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.evaluate(() => {
      // What comes after the category cards goes, as before the rest of the page has come in.
      for (let el = document.querySelector('.hx-cats'); el; el = el.parentElement) {
        for (let next = el.nextElementSibling; next; next = next.nextElementSibling) (next as HTMLElement).style.display = 'none';
      }
    });
    expect(await page.evaluate(() => document.documentElement.scrollHeight <= innerHeight)).toBe(true);
    expect(await measure()).toEqual(tall);

    // Right to left, the scrollbar is still drawn on the right: the page behind a dialog stays put
    // there too, and so does the side menu along the right edge.
    const urdu = await browser.newPage({ baseURL, extraHTTPHeaders, viewport: { width: 1350, height: 940 }, reducedMotion: 'reduce' });
    await urdu.addInitScript(() => localStorage.setItem('hisLang', 'UR'));
    await urdu.goto(paths.home());
    const urduCards = urdu.locator('.hx-cats');
    await expect(urduCards.getByRole('link').first()).toBeVisible();
    const sideMenu = urdu.getByRole('complementary').first();
    const urduBefore = [await urduCards.boundingBox(), await sideMenu.boundingBox()];
    await shell(urdu).header.getByRole('button', { name: 'لاگ ان', exact: true }).click();
    await expect(urdu.getByRole('dialog')).toBeVisible();
    expect([await urduCards.boundingBox(), await sideMenu.boundingBox()]).toEqual(urduBefore);
  } finally {
    await browser.close();
  }
});
