/**
 * Game category lobbies: vendor tabs push ?page={vendor}, infinite scroll loads
 * page 2 (42 a page), classification tabs, search, esports split out of sports, the VASSALAGE
 * vendor popup, and favourites (login required; present removed, absent added).
 */
import type { Page } from '@playwright/test';
import { expect, test, useSession } from './fixtures';
import { paths } from '../web/src/config/paths';

const GUEST = { username: 'guest0001', password: 'a1234567' } as const;

const tiles = (page: Page, name: RegExp | string) => page.getByRole('list', { name }).getByRole('button', { name: /^Play / });

// One visitor's lobby carries the checks that only browse it, each a step named as its former test
// (docs/test-suite.md): /rng first (infinite scroll on the fresh grid, then the popup and the tabs,
// which come back to /rng), then one load of /rng?page=PG.
test('a visitor browses the lobby: infinite scroll, vendor popup and tabs; favourites, classification tabs and search', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto(paths.rng());

  await test.step('infinite scroll loads page 2 of the lobby', async () => {
    const grid = tiles(page, 'Games of Slots');
    await expect(grid).toHaveCount(42);
    const second = page.waitForRequest((r) => r.url().includes('GCSGAME_gameList') && r.url().includes('pageNo=2'));
    await grid.last().scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 4000);
    const request = await second;
    expect(new URL(request.url()).searchParams.get('pageSize')).toBe('42');
    await expect.poll(() => grid.count()).toBeGreaterThan(42);
  });

  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));

  await test.step('a VASSALAGE vendor tab opens the vendor popup list', async () => {
    await page.getByRole('tab', { name: /KA Gaming/ }).click();
    const popup = page.getByRole('dialog', { name: /KA Gaming/ });
    await expect(popup).toBeVisible();
    await expect(tiles(page, 'KA Gaming games').first()).toBeVisible();
    await expect(page).toHaveURL(/\/rng$/);
    await popup.getByRole('button', { name: 'Close' }).click();
    await expect(popup).toBeHidden();
  });

  await test.step('vendor tabs push ?page={vendor}', async () => {
    await expect(page.getByRole('heading', { name: 'Slots', level: 1 })).toBeVisible();
    await page.getByRole('tab', { name: /JILI Games/ }).click();
    await expect(page).toHaveURL(/\/rng\?page=JILI$/);
    await expect(page.getByRole('tab', { name: /JILI Games/ })).toHaveAttribute('aria-selected', 'true');
    await expect(tiles(page, 'Games of JILI Games').first()).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/rng$/);
    await expect(page.getByRole('tab', { name: 'All providers' })).toHaveAttribute('aria-selected', 'true');
  });

  await page.goto(paths.rng({ page: 'PG' }));

  await test.step('favourites need a login', async () => {
    await page.getByRole('button', { name: 'Add Fortune Tiger to favourites' }).click();
    await expect(page.getByRole('dialog').getByLabel('Username')).toBeVisible();
    // The member views ask for a login too.
    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: 'Favourites' }).click();
    await expect(page.getByRole('dialog').getByLabel('Username')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  await test.step('classification tabs and search filter the lobby', async () => {
    await page.getByRole('tab', { name: /Table games/ }).click();
    const grid = tiles(page, 'Games of PG Soft');
    await expect(grid).toHaveCount(4);

    await page.getByRole('tab', { name: 'All games' }).click();
    await page.getByRole('searchbox', { name: 'Search games by name' }).fill('Tiger');
    const labels = () => grid.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
    // The list is asked again once typing settles: every tile then names a tiger.
    await expect
      .poll(async () => {
        const names = await labels();
        return names.length > 0 && names.every((n) => /tiger/i.test(n));
      })
      .toBe(true);
    await page.getByRole('searchbox', { name: 'Search games by name' }).fill('zzzz-no-such-game');
    await expect(page.getByText('No games match “zzzz-no-such-game”')).toBeVisible();
  });
});

test('esports vendors are split out of sports', async ({ page }) => {
  await page.goto(paths.esports());
  await expect(page.getByRole('tab', { name: /AVIA Esports/ })).toBeVisible();
  await expect(page.getByRole('tab', { name: /SABA Sports/ })).toHaveCount(0);
  await page.goto(paths.sports());
  await expect(page.getByRole('tab', { name: /SABA Sports/ })).toBeVisible();
  await expect(page.getByRole('tab', { name: /AVIA Esports/ })).toHaveCount(0);
});

test('a member toggles a favourite: absent added, present removed', async ({ page, apiLogin, sim }) => {
  void sim; // resets the simulator after the test: the favourites list changes here
  await useSession(page, await apiLogin());
  await page.goto(paths.rng({ page: 'PG' }));
  const star = page.getByRole('button', { name: /(Add|Remove) Fortune Tiger (to|from) favourites/ });
  const before = await star.getAttribute('aria-pressed');
  await star.click();
  await expect(star).toHaveAttribute('aria-pressed', before === 'true' ? 'false' : 'true');

  // The favourites view lists it when present.
  await page.getByRole('tab', { name: 'Favourites' }).click();
  const favourite = page.getByRole('list', { name: 'Favourites' }).getByRole('button', { name: 'Play Fortune Tiger' });
  if (before === 'true') await expect(favourite).toHaveCount(0);
  else await expect(favourite).toBeVisible();

  // And back again.
  await page.getByRole('tab', { name: 'All games' }).click();
  await star.click();
  await expect(star).toHaveAttribute('aria-pressed', before ?? 'false');
});

test('a guest gets the real-account dialog for favourites', async ({ page, apiLogin }) => {
  await useSession(page, await apiLogin(GUEST));
  await page.goto(paths.rng({ page: 'PG' }));
  await page.getByRole('button', { name: 'Add Fortune Tiger to favourites' }).click();
  await expect(page.getByRole('dialog').getByText(/register a real account/i)).toBeVisible();
});

test('a lobby in Urdu mirrors and keeps its tabs', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('hisLang', 'UR'));
  await page.goto(paths.live());
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: 'لائیو کیسینو', level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'تمام فراہم کنندگان' })).toBeVisible();
});
