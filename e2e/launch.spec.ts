/**
 * Launching games: visitors get the login popup and guests the real-account
 * dialog; a member launches, plays the demo game in the iframe (a real bet) and finds the header
 * balance changed on return; PVP rooms; the game-under-maintenance page; the lottery lobby and the
 * Vietnamese lottery page.
 */
import type { Page } from '@playwright/test';
import { axeViolations } from './axe';
import { expect, test, useSession } from './fixtures';
import { paths } from '../web/src/config/paths';

const GUEST = { username: 'guest0001', password: 'a1234567' } as const;

/** The header balance text once it has loaded (not the 'refreshing' placeholder). */
async function balanceText(page: Page): Promise<string> {
  const amount = page.getByRole('group', { name: 'Balance' }).getByRole('status');
  await expect(amount).toHaveText(/\d/);
  return (await amount.textContent()) ?? '';
}

// One page goes through the launch checks, each a step named as its former test (a full load each,
// as before; docs/test-suite.md): first as a visitor, then, from the lottery page's own login on,
// as the seed player. The world is the test's own, so the bet of the iframe game is undone with it.
test('launching as a visitor, then as a member: the login popup, maintenance, lotteries, the iframe game, PVP rooms', async ({ page, apiLogin }) => {
  test.setTimeout(120_000);

  await test.step('a visitor who launches a game gets the login popup', async () => {
    await page.goto(paths.rng({ page: 'PG' }));
    await page.getByRole('button', { name: 'Play Fortune Tiger' }).click();
    await expect(page.getByRole('dialog').getByLabel('Username')).toBeVisible();
    await expect(page).toHaveURL(/\/rng\?page=PG$/);
  });

  await test.step('a game under maintenance shows the maintenance page with suggestions', async () => {
    await page.goto(paths.rng({ page: 'JDB' }));
    await page.getByRole('searchbox', { name: 'Search games by name' }).fill('Lotus Safari');
    await page.getByRole('button', { name: 'Play Lotus Safari' }).click();
    await expect(page.getByRole('heading', { name: 'Game under maintenance' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'You might also like' }).getByRole('button', { name: /^Play / }).first()).toBeVisible();
  });

  await test.step('the Vietnamese lottery page shows the latest draw and the last 100', async () => {
    await page.goto(paths.vnLottery());
    await expect(page.getByRole('heading', { name: /Ha Noi · draw \d+/ })).toBeVisible();
    const rows = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'Special prize' }) }).locator('tbody tr');
    await expect(rows).toHaveCount(100);
    await page.getByRole('button', { name: /View draw/ }).nth(3).click();
    await expect(page.getByText('Past result')).toBeVisible();
  });

  await test.step('timed lotteries show their next draw number and a countdown that moves', async () => {
    await page.goto(paths.lottery());
    const card = page.getByRole('list', { name: 'Popular lotteries' }).getByRole('listitem').filter({ hasText: 'Lotus SSC 1 Min' });
    await expect(card.getByText(/^Draw \d{8}-\d{4}$/)).toBeVisible();
    const timer = card.getByRole('timer');
    await expect(timer).toHaveText(/^\d\d:\d\d$/);
    const first = await timer.innerText();
    await expect(timer).not.toHaveText(first);
    await expect(timer).toHaveAccessibleName(/^Bets close in \d\d:\d\d$/);
  });

  await test.step('the lottery page lists popular lotteries and opens the lobby in an iframe', async () => {
    await page.goto(paths.lottery());
    const popular = page.getByRole('list', { name: 'Popular lotteries' });
    await expect(popular.getByRole('button', { name: /^Play / }).first()).toBeVisible();

    await useSession(page, await apiLogin());
    await page.reload();
    await page.getByRole('complementary', { name: 'Lottery menu' }).getByRole('button', { name: /^Lotus SSC 1 Min/ }).click();
    await expect(page).toHaveURL(/gameCode=LLSSC1/);
    await expect(page.locator('iframe[title="Lotus SSC 1 Min lottery"]')).toBeVisible();
  });

  await test.step('"Open lottery lobby" opens the lobby of every lottery, and choosing one opens that lottery', async () => {
    await page.goto(paths.lottery());
    await page.getByRole('button', { name: 'Open lottery lobby' }).click();
    await expect(page).toHaveURL(/view=lobby/);
    const frame = page.frameLocator('iframe[title="Lottery lobby"]');
    await expect(frame.getByRole('heading', { name: 'Lottery lobby', level: 1 })).toBeVisible();

    // Several lotteries, by region, each with its next draw.
    const entries = frame.getByRole('main').getByRole('link');
    await expect.poll(() => entries.count()).toBeGreaterThan(3);
    await expect(frame.getByRole('heading', { name: 'North Vietnam' })).toBeVisible();
    await expect(frame.getByRole('heading', { name: 'South Vietnam' })).toBeVisible();
    await expect(frame.getByRole('link', { name: 'Ha Noi' })).toBeVisible();
    const fast = frame.getByRole('link', { name: 'Vietnam 1 Min' });
    await expect(fast.getByText(/^Draw \d{8}-\d{4}$/)).toBeVisible();
    await expect(fast.getByRole('timer')).toHaveText(/^\d\d:\d\d$/);

    // With the keyboard: an entry takes the focus and Enter opens it; its betting page opens in the frame.
    const canTho = frame.getByRole('link', { name: 'Can Tho' });
    await canTho.focus();
    await expect(canTho).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(frame.getByRole('heading', { name: 'Can Tho', level: 1 })).toBeVisible();
    await expect(frame.getByRole('button', { name: 'Draw' })).toBeVisible();
    await expect(page).toHaveURL(/view=lobby/);

    // And back to the lobby, in the same frame.
    await frame.getByRole('link', { name: /Lottery lobby/ }).click();
    await expect(frame.getByRole('link', { name: 'Ha Noi' })).toBeVisible();
  });

  await test.step('a member plays in the iframe and the balance changes on return', async () => {
    await page.goto(paths.rng({ page: 'PG' }));
    const before = await balanceText(page);

    await page.getByRole('button', { name: 'Play Fortune Tiger' }).click();
    await expect(page).toHaveURL(/\/game\?gameId=1001/);
    const frame = page.frameLocator('iframe[title="Fortune Tiger game"]');
    await expect(frame.getByRole('heading', { name: 'Fortune Tiger' })).toBeVisible();

    const result = frame.getByRole('status');
    await frame.getByRole('button', { name: 'Spin' }).click();
    await expect(result).not.toHaveText(/Choose a stake/);

    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/rng\?page=PG$/);
    await expect.poll(() => balanceText(page)).not.toBe(before);

    // The game joined the recent list.
    await page.getByRole('tab', { name: 'Recently played' }).click();
    await expect(page.getByRole('list', { name: 'Recently played' }).getByRole('button', { name: 'Play Fortune Tiger' })).toBeVisible();
  });

  await test.step('a launch refused with game.maintenance shows the maintenance page', async () => {
    // Opened cold, the game page launches by itself; the server refuses the game under maintenance.
    await page.goto(paths.game({ gameId: '1101', nodeId: '0', gameType: 'RNG', name: 'Lotus Safari' }));
    await expect(page.getByRole('heading', { name: 'Game under maintenance' })).toBeVisible();
  });

  await test.step('a PVP game lists its rooms, then launches the chosen room', async () => {
    await page.goto(paths.pvp({ page: 'KY' }));
    await page.getByRole('button', { name: 'Play Niu Niu' }).first().click();
    const rooms = page.getByRole('dialog', { name: /Niu Niu: choose a room/ });
    await expect(rooms).toBeVisible();
    await rooms.getByRole('list', { name: 'Rooms' }).getByRole('button', { name: /^Join / }).first().click();
    await expect(page).toHaveURL(/\/game\?.*roomId=/);
    await expect(page.locator('iframe[title="Niu Niu game"]')).toBeVisible();
  });
});

test('a guest who launches a game gets the real-account dialog', async ({ page, apiLogin }) => {
  await useSession(page, await apiLogin(GUEST));
  await page.goto(paths.rng({ page: 'PG' }));
  await page.getByRole('button', { name: 'Play Fortune Tiger' }).click();
  await expect(page.getByRole('dialog').getByText(/register a real account/i)).toBeVisible();
  await expect(page).toHaveURL(/\/rng\?page=PG$/);
});

test('the lottery lobby and the lottery it opens pass axe (WCAG 2 A and AA) in English and Urdu', async ({ page, request, apiLogin }) => {
  const session = await apiLogin();
  for (const language of ['EN', 'UR']) {
    const res = await request.post('/lgw/games/lobby/launch', {
      headers: { Merchant: 'DEMO', Device: 'web', Language: language, ModuleId: 'LOTT3', Authorization: session.token },
      data: { area: 'VN', mode: 'LOTT', view: 'lobby', language },
    });
    const url = ((await res.json()) as { value: { url: string } }).value.url;
    for (const at of [url, `${url}&gameCode=VNHN`]) {
      await page.goto(at);
      await expect(page.locator('h1')).toBeVisible();
      const violations = await axeViolations(page);
      expect(violations.map((v) => `${language} ${at}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    }
  }
});

