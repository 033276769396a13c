/**
 * Route guard: with the brand's login-before-home setting, every path except
 * /login, /register, /register.html, /helpmc and /down (and /download, which leads to /down) goes to
 * /login until a token is stored; a token in the URL logs the player in on start.
 */
import { expect, PLAYER, shell, test } from './fixtures';
import { paths } from '../web/src/config/paths';

test.describe('login before home', () => {
  test.beforeEach(async ({ sim }) => {
    await sim.setScenario('login-before-home');
  });

  // One page visits the paths in turn (a full load each, as before), each a step named as its former
  // test (docs/test-suite.md); the login comes last.
  test('protected paths go to /login, open paths and /download do not, and logging in returns to the page asked for', async ({ page }) => {
    await test.step('redirects protected paths to /login with the login modal', async () => {
      for (const path of [paths.home(), paths.rng(), paths.promotions(), paths.pointMall()]) {
        await page.goto(path);
        await expect(page).toHaveURL(/\/login$/);
        await expect(page.getByRole('dialog', { name: 'Log in' })).toBeVisible();
      }
    });

    await test.step('leaves the open paths alone', async () => {
      for (const path of [paths.register(), paths.registerHtml(), paths.helpCentre()]) {
        await page.goto(path);
        await expect(page).toHaveURL(new RegExp(`${path.replace('.', '\\.')}$`));
      }
      await expect(page.getByRole('heading', { name: 'Help centre' })).toBeVisible();
    });

    await test.step('/download leads to the download page, open without logging in', async () => {
      await page.goto(paths.downloadRedirect());
      await expect(page).toHaveURL(/\/down$/);
      await expect(page.getByRole('dialog', { name: 'Log in' })).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 1, name: /Download the .* app/ })).toBeVisible();
    });

    await test.step('logging in returns to the page asked for', async () => {
      await page.goto(paths.promotions());
      const dialog = page.getByRole('dialog', { name: 'Log in' });
      await dialog.getByLabel('Username').fill(PLAYER.username);
      await dialog.getByLabel('Password', { exact: true }).fill(PLAYER.password);
      await dialog.getByRole('button', { name: 'Log in' }).click();
      await expect(page).toHaveURL(/\/promotions$/);
      await expect(page.getByTestId('balance-amount')).toHaveText(/\$/);
      await page.goto(paths.rng());
      await expect(page).toHaveURL(/\/rng$/);
    });
  });
});

// One page: an invalid token first (the visitor stays logged out), then a valid one logs in.
test('an invalid URL token is dropped; a valid one logs the player in and leaves the address bar', async ({ page, apiLogin }) => {
  await test.step('an invalid URL token is dropped and the visitor stays logged out', async () => {
    await page.goto(paths.home({ token: 'not-a-real-token' }));
    await expect(shell(page).header.getByRole('button', { name: 'Log in' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
  });

  await test.step('a token in the URL logs the player in and leaves the address bar', async () => {
    const session = await apiLogin();
    await page.goto(paths.rng({ token: session.token, page: 'PG' }));
    await expect(page.getByTestId('balance-amount')).toHaveText(/\$[\d,]+\.\d\d/);
    await expect(page).toHaveURL(/\/rng\?page=PG$/);
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBe(session.token);
  });
});
