/**
 * Links that lead nowhere explain themselves: a bare /game and a lottery link
 * with a gameCode no menu names show a clear page with a way on, never a blank frame or a generic
 * error.
 */
import { expect, test, useSession } from './fixtures';
import { paths } from '../web/src/config/paths';

test('a bare /game says no game was chosen and leads home', async ({ page }) => {
  await page.goto(paths.game());
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('No game chosen');
  await expect(alert).not.toContainText('Unknown error');
  await expect(page.locator('iframe')).toHaveCount(0);
  await alert.getByRole('link', { name: 'Back to home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('an unknown lottery gameCode says so and offers the lobby', async ({ page, apiLogin }) => {
  await useSession(page, await apiLogin());
  const launches: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/lgw/games/lobby/launch')) launches.push(req.url());
  });
  await page.goto(paths.lottery({ gameCode: 'NOPE99' }));
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('This lottery was not found');
  await expect(alert).toContainText('NOPE99');
  await expect(page.locator('iframe')).toHaveCount(0);
  expect(launches).toEqual([]);
  await alert.getByRole('button', { name: 'Open lottery lobby' }).click();
  await expect(page).toHaveURL(/view=lobby/);
});

test('a known lottery gameCode still opens its game', async ({ page, apiLogin }) => {
  await useSession(page, await apiLogin());
  await page.goto(paths.lottery({ gameCode: 'VNHN' }));
  await expect(page.locator('iframe')).toHaveCount(1);
  await expect(page.getByText('This lottery was not found')).toHaveCount(0);
});
