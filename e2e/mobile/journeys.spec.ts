/**
 * The key journeys on a phone (ADR 014; the `mobile` project: 390 × 844 with touch): the side menu
 * as a drawer, logging in and registering in full-screen sheets, a demo game (launched by a
 * visitor's Play once logged in) moving the balance, a deposit in the member centre, the agent
 * centre, and Urdu.
 */
import type { Locator, Page } from '@playwright/test';
import { AGENT, animationsSettled, expect, expectPlaceholdersFit, PLAYER, sandboxBarBox, shell, test, useSession } from '../fixtures';
import { paths } from '../../web/src/config/paths';
import { DROPDOWN_CLOSE_DELAY_MS } from '../../web/src/config/constants';

// The shared 2-core machine can be slow to answer the first calls of a page.
test.describe.configure({ timeout: 60_000 });
const SLOW = { timeout: 20_000 };

const menuButton = (page: Page) => shell(page).header.getByRole('button', { name: 'Menu', exact: true });

/** A dialog fills the screen on a phone (a sheet), with its close button inside the screen. */
async function expectSheet(page: Page, dialog: Locator): Promise<void> {
  const viewport = page.viewportSize()!;
  // Polled: the sheet may still be sliding in.
  await expect
    .poll(async () => {
      const box = await dialog.boundingBox();
      return box ? [Math.round(box.x), Math.round(box.y), Math.round(box.width), Math.round(box.height)] : null;
    })
    .toEqual([0, 0, viewport.width, viewport.height]);
  await animationsSettled(dialog);
  const close = await dialog.getByRole('button', { name: 'Close' }).first().boundingBox();
  expect(close!.width).toBeGreaterThanOrEqual(44);
  expect(close!.height).toBeGreaterThanOrEqual(44);
  expect(close!.x + close!.width).toBeLessThanOrEqual(viewport.width);
  expect(close!.y).toBeGreaterThanOrEqual(0);
}

// One load of / for a visitor (ADR 040): the tap sizes (the drawer closed again after), then the drawer,
// whose last check navigates away, then the free demo, which logs a trial account in.
test('a visitor on a phone: every control at least 44 × 44 px, then the side menu as a drawer, then the free demo', async ({ page }) => {
  await page.goto(paths.home());
  await test.step('every control of the compact header and the drawer is at least 44 × 44 px to tap', async () => {
    const small = async (scope: Locator) =>
      scope.evaluate((root) =>
        [...root.querySelectorAll<HTMLElement>('a[href], button')]
          .filter((el) => el.checkVisibility() && el.getBoundingClientRect().width > 0)
          .map((el) => ({ name: el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName, box: el.getBoundingClientRect() }))
          .filter(({ box }) => box.width < 44 || box.height < 44)
          .map(({ name, box }) => `${name} ${Math.round(box.width)}×${Math.round(box.height)}`),
      );
    expect(await small(shell(page).header)).toEqual([]);
    await menuButton(page).click();
    await expect(shell(page).sideMenu).toBeVisible();
    expect(await small(shell(page).sideMenu)).toEqual([]);
    // Closed again, for the next step.
    await page.keyboard.press('Escape');
    await expect(shell(page).sideMenu).toBeHidden();
  });

  await test.step('the side menu is a drawer: Menu opens it, Escape, a tap outside and navigating close it', async () => {
    const button = menuButton(page);
    const drawer = shell(page).sideMenu;
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(button).toHaveAttribute('aria-controls', 'side-menu');
    await expect(drawer).toBeHidden();

    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(drawer).toBeVisible();
    // Its last row, the social links, ends above the sandbox bar, which keeps the bottom edge.
    const bar = await sandboxBarBox(page);
    const social = (await drawer.getByRole('list', { name: 'Follow us' }).boundingBox())!;
    expect(social.y + social.height).toBeLessThanOrEqual(bar.y);
    // Focus moves into the drawer, and back to the button when it closes.
    await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('#side-menu'))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(button).toBeFocused();

    await button.click();
    await expect(drawer).toBeVisible();
    // A tap beside the drawer, on the dimmed page.
    await page.touchscreen.tap(370, 400);
    await expect(drawer).toBeHidden();

    await button.click();
    await drawer.getByRole('link', { name: 'Slots' }).click();
    await expect(page).toHaveURL(/\/rng$/);
    await expect(drawer).toBeHidden();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  await test.step("the page's end scrolls above the sandbox bar, which keeps the bottom edge", async () => {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const last = page.getByRole('contentinfo').locator('p').last();
    await expect(last).toBeInViewport();
    const bar = await sandboxBarBox(page);
    const end = (await last.boundingBox())!;
    expect(end.y + end.height).toBeLessThanOrEqual(bar.y);
  });

  await test.step('the free demo, which the compact header has no room for, is in the login sheet', async () => {
    const header = shell(page).header;
    await expect(header.getByRole('button', { name: 'Free demo' })).toBeHidden();
    await header.getByRole('button', { name: 'Log in' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Log in' });
    const demo = dialog.getByRole('button', { name: 'Try the free demo' });
    await expect(demo).toBeVisible();
    expect((await demo.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await demo.tap();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('balance-amount')).toHaveText(/\$/, SLOW);
    expect(await page.evaluate(() => sessionStorage.getItem('isAgent'))).toBe('4');
  });
});

test('log in from the compact header in a full-screen sheet', async ({ page }) => {
  await page.goto(paths.home());
  const header = shell(page).header;
  // Visitors: log in and register; no withdraw, theme or demo crowding the header.
  await expect(header.getByRole('button', { name: 'Register' })).toBeVisible();
  await expect(header.getByRole('button', { name: 'Free demo' })).toBeHidden();
  await header.getByRole('button', { name: 'Log in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  await expect(dialog).toBeVisible();
  await expectSheet(page, dialog);
  await dialog.getByLabel('Username').fill(PLAYER.username);
  await dialog.getByLabel('Password', { exact: true }).fill(PLAYER.password);
  await dialog.getByRole('button', { name: 'Log in' }).last().click();
  await expect(page.getByTestId('balance-amount')).toHaveText(/\$[\d,]+\.\d\d/, SLOW);
  await expect(header.getByRole('button', { name: 'Deposit' })).toBeVisible();
  await expect(header.getByRole('button', { name: 'Withdraw' })).toBeHidden();
});

test('register on the register page', async ({ page, sim }) => {
  void sim; // the new account must not outlive the test
  await page.goto(paths.register());
  const form = page.getByRole('region', { name: 'Registration form' });
  // Every empty field shows its placeholder whole (the mobile number shares its frame with the
  // country-code picker, a password field with its reveal button).
  await expect(form.getByRole('textbox', { name: 'Mobile number' })).toBeVisible();
  await expectPlaceholdersFit(form, 'the register page');
  // No side menu here: the page's own language switch, a tap away, lays the page out in Urdu (whose
  // placeholders fit too) and back.
  await page.getByRole('button', { name: /Language/ }).tap();
  await page.getByRole('button', { name: /اردو/ }).tap();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const language = page.getByRole('button', { name: /زبان/ });
  await expect(language).toBeFocused();
  await expectPlaceholdersFit(page.getByRole('region', { name: 'رجسٹریشن فارم' }), 'the register page in Urdu');
  await language.tap();
  await page.getByRole('button', { name: /English/ }).tap();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await form.getByLabel('Username').fill('phone1234');
  await form.getByLabel('Password', { exact: true }).fill('Secret99');
  await form.getByLabel('Confirm password').fill('Secret99');
  await form.getByRole('button', { name: 'Create my account' }).click();
  const success = page.getByRole('dialog', { name: 'Registered successfully' });
  await expect(success).toContainText('Your account phone1234 is ready');
  await success.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByTestId('balance-amount')).toHaveText(/\$[\d,]+\.\d\d/, SLOW);
});

test('a demo game fills the screen and moves the balance', async ({ page, sim }) => {
  void sim;
  await page.goto(paths.rng({ page: 'PG' }));
  await test.step('Play as a visitor opens the login sheet, and the game launches once logged in there', async () => {
    await page.getByRole('button', { name: 'Play Fortune Tiger' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Log in' });
    await dialog.getByLabel('Username').fill(PLAYER.username);
    await dialog.getByLabel('Password', { exact: true }).fill(PLAYER.password);
    await dialog.getByRole('button', { name: 'Log in' }).last().tap();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/\/game\?gameId=1001/, SLOW);
  });
  const amount = page.getByTestId('balance-amount');
  await expect(amount).toHaveText(/\d/, SLOW);
  const before = await amount.textContent();
  const iframe = page.locator('iframe[title="Fortune Tiger game"]');
  // The sandbox bar keeps the bottom edge: the game ends above it, nothing of the game under it.
  const bar = await sandboxBarBox(page);
  const box = await iframe.boundingBox();
  expect(box!.width).toBeGreaterThanOrEqual(389);
  expect(box!.height).toBeGreaterThan(600);
  expect(box!.y + box!.height).toBeLessThanOrEqual(bar.y);
  const frame = page.frameLocator('iframe[title="Fortune Tiger game"]');
  await frame.getByRole('button', { name: 'Spin' }).click();
  await expect(frame.getByRole('status')).not.toHaveText(/Choose a stake/);
  await page.getByRole('button', { name: 'Back' }).click();
  await expect.poll(async () => amount.textContent()).not.toBe(before);
});

test('deposit in the member centre, whose menu is a top bar', async ({ page, apiLogin, sim }) => {
  void sim;
  await useSession(page, await apiLogin());
  await page.goto(paths.home());
  await expect(page.getByTestId('balance-amount')).toHaveText(/\$/, SLOW);
  // The balance pill's buttons sit inside its border, each still a 44 × 44 px target to tap.
  const balance = shell(page).header.getByRole('group', { name: 'Balance' });
  for (const name of ['Hide balance', 'Refresh balance']) {
    const placed = await balance.getByRole('button', { name }).evaluate((button) => {
      const pill = button.closest('.balance')!;
      const frame = pill.getBoundingClientRect();
      const box = button.getBoundingClientRect();
      const border = pill.clientLeft;
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      const taps = [[-21, -21], [21, -21], [-21, 21], [21, 21]].map(([dx, dy]) => document.elementFromPoint(x + dx!, y + dy!)?.closest('button') === button);
      return {
        inside:
          box.left >= frame.left + border && box.right <= frame.right - border && box.top >= frame.top + border && box.bottom <= frame.bottom - border,
        taps,
      };
    });
    expect(placed, name).toEqual({ inside: true, taps: [true, true, true, true] });
  }
  await shell(page).header.getByRole('button', { name: 'Deposit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Members centre' });
  await expect(dialog).toBeVisible();
  await expectSheet(page, dialog);
  const menu = dialog.getByRole('navigation', { name: 'Members centre menu' });
  // The menu runs across the top and scrolls sideways.
  const scroller = await menu.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(scroller.scroll).toBeGreaterThan(scroller.client);
  await dialog.getByRole('radio', { name: /JazzCash/ }).check({ force: true });
  await dialog.getByRole('button', { name: '$100.00' }).click();
  await dialog.getByRole('button', { name: 'Deposit now' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'Deposit successful' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
});

test('the agent centre as agent01', async ({ page, apiLogin }) => {
  await useSession(page, await apiLogin(AGENT));
  await page.goto(paths.home());
  await expect(page.getByTestId('balance-amount')).toHaveText(/\$/, SLOW);
  await test.step('a tap opens the avatar menu, which stays open until an item is chosen', async () => {
    const account = shell(page).header.getByRole('button', { name: /account menu/i });
    await account.tap();
    await expect(account).toHaveAttribute('aria-expanded', 'true');
    // The browser follows a tap with mouse events (Chromium a mouseout after the click): past the
    // hover's close delay the menu must still be open.
    await page.waitForTimeout(DROPDOWN_CLOSE_DELAY_MS + 300);
    await expect(account).toHaveAttribute('aria-expanded', 'true');
    await page.getByRole('menuitem', { name: 'Agent centre' }).tap();
  });
  const dialog = page.getByRole('dialog', { name: 'Agent centre' });
  await expect(dialog).toBeVisible();
  await expectSheet(page, dialog);
  const menu = dialog.getByRole('navigation', { name: 'Agent centre menu' });
  await menu.getByRole('button', { name: 'Team management', exact: true }).click();
  await expect(dialog.getByRole('heading', { level: 3, name: 'Team management', exact: true })).toBeVisible();
  // A wide table scrolls inside its own box, never the page.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
});

test('switch to Urdu from the drawer: right to left, drawer from the right', async ({ page }) => {
  await page.goto(paths.home());
  await menuButton(page).click();
  // By id: its name turns Urdu with the page.
  const drawer = page.locator('#side-menu');
  await drawer.getByRole('button', { name: /Language/ }).click();
  await page.getByRole('button', { name: /اردو/ }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  // Choosing a language closes the drawer and gives focus back to the (now Urdu) Menu button.
  const button = shell(page).header.getByRole('button', { name: 'مینو' });
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await expect(drawer).toBeHidden();
  await expect(button).toBeFocused();
  await button.click();
  await expect(drawer).toBeVisible();
  // The drawer comes in from the inline start, the right in Urdu (polled: it slides in).
  await expect
    .poll(async () => {
      const box = await drawer.boundingBox();
      return box ? Math.round(box.x + box.width) : null;
    })
    .toBe(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
});

test.describe('on a tablet', () => {
  test.use({ viewport: { width: 1024, height: 768 } });

  test('the side menu starts in mini mode beside the page, with no Menu button', async ({ page }) => {
    await page.goto(paths.home());
    const menu = shell(page).sideMenu;
    await expect(menu.getByRole('button', { name: 'Expand menu' })).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeVisible();
    await expect(shell(page).header.getByRole('button', { name: 'Menu', exact: true })).toBeHidden();
  });
});
