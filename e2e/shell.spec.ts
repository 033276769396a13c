/**
 * The portal shell: every route with its header / banner / footer / side-menu
 * combination and banner group, the top navigation, banner autoplay, the side-menu flyout and mini
 * mode, and the footer.
 */
import type { Page } from '@playwright/test';
import { CATEGORY_ROUTES, LAYOUTS } from '../web/src/app/layout-table';
import { paths } from '../web/src/config/paths';
import { expect, NO_SUCH_PAGE, patchJson, routerGo, shell, test } from './fixtures';

const BANNERS = '/wps/system/banners';

/** No dialog open and the mouse parked on the header's empty middle, where no hover flyout opens. */
async function atRest(page: Page): Promise<void> {
  await page.mouse.move(700, 5);
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

test.describe('route layouts', () => {
  // One page visits every route in turn (a full load each, a step each): the shell parts are what is
  // checked, not a fresh browser context per route. Soft assertions: a failing route does not hide
  // the others.
  test('every route shows the right shell parts', async ({ page }) => {
    test.setTimeout(Object.keys(LAYOUTS).length * 30_000);
    let groups: string[] = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (url.pathname === BANNERS) groups.push(url.searchParams.get('groupName') ?? '');
    });
    for (const [path, layout] of Object.entries(LAYOUTS)) {
      await test.step(`${path} shows the right shell parts`, async () => {
        groups = [];
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        const parts = shell(page);

        // /seamless and /vnlottery hide both bars unless the menu settings allow them.
        const header = layout.header && !layout.barsByFlag;
        const side = layout.sideMenu && !layout.barsByFlag;
        await expect.soft(parts.header).toHaveCount(header ? 1 : 0);
        await expect.soft(parts.sideMenu).toHaveCount(side ? 1 : 0);
        await expect.soft(parts.footer).toHaveCount(layout.footer ? 1 : 0);
        if (layout.banner) {
          await expect.soft(parts.banner).toBeVisible();
          expect.soft(groups).toContain(layout.banner);
        } else {
          await expect.soft(parts.banner).toHaveCount(0);
        }
        // The shell asks only its own group (lobby content may ask others, never the shell's wrong one).
        for (const g of groups) expect.soft(['w_hot', 'w_down', 'w_promotion', 'w_shop', 'w_help', 'w_reg']).toContain(g);
        if (layout.barsByFlag) await expect.soft(page.getByRole('button', { name: 'Show menus' })).toBeVisible();
        if (path === '/login') await expect.soft(page.getByRole('dialog', { name: 'Log in' })).toBeVisible();
      });
    }
  });

  test('an unknown path shows the 404 page inside the shell', async ({ page }) => {
    await page.goto(NO_SUCH_PAGE);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(shell(page).header).toBeVisible();
    await expect(shell(page).sideMenu).toBeVisible();
  });

  test('the bars of /seamless can be shown and hidden again', async ({ page }) => {
    await page.goto(paths.seamless());
    await page.getByRole('button', { name: 'Show menus' }).click();
    await expect(shell(page).header).toBeVisible();
    await expect(shell(page).sideMenu).toBeVisible();
    await shell(page).sideMenu.getByRole('button', { name: 'Show or hide the top and side bars' }).click();
    await expect(shell(page).header).toHaveCount(0);
    await expect(shell(page).sideMenu).toHaveCount(0);
  });
});

test.describe('top navigation', () => {

  test('hides a category without vendors', async ({ page }) => {
    await patchJson<{ value: { data: { lanes: { title: string }[] } } }>(page, '**/wps/relay/GCSGAME_vendorList**', (body) => {
      body.value.data.lanes = body.value.data.lanes.filter((l) => l.title !== 'FISH');
    });
    await page.goto(paths.home());
    const nav = shell(page).header.getByRole('navigation', { name: 'Game categories' });
    await expect(nav.getByRole('link', { name: 'Slots', exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Fishing', exact: true })).toHaveCount(0);
    await expect(shell(page).sideMenu.getByRole('link', { name: 'Fishing' })).toHaveCount(0);
  });

  test('going to another category scrolls back to the top', async ({ page }) => {
    await page.goto(paths.rng());
    // The lobby's games, not its loading placeholders: those are replaced (and the page's height
    // changes under the scroll position) when the list arrives.
    await expect(page.getByRole('main').locator('[aria-busy="true"], [class*="skeleton"]')).toHaveCount(0);
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(1600);
    // Scrolled down, and still there once any late layout has settled.
    await expect
      .poll(() => page.evaluate(() => (window.scrollTo(0, 1200), new Promise<number>((r) => requestAnimationFrame(() => r(window.scrollY))))))
      .toBeGreaterThan(200);
    await shell(page).header.getByRole('link', { name: 'Live Casino' }).click();
    await expect(page).toHaveURL(/\/live$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  // Each category route is also loaded directly by "every route shows the right shell parts"; here
  // they are reached in turn through the router, as the header's links reach them.
  test('every category route renders its page', async ({ page }) => {
    await page.goto(paths.home());
    for (const path of CATEGORY_ROUTES) {
      await routerGo(page, path);
      await expect(page.locator(`.shell[data-route="${path}"]`)).toBeAttached();
      await expect(page.getByRole('main')).toBeVisible();
      await expect(page.getByRole('alert')).toHaveCount(0);
    }
  });
});

test.describe('banner carousel', () => {
  test('autoplays every 5 seconds, loops, pauses on hover, and brings a slide in from smaller than its place', async ({ page }) => {
    // The page's clock is Playwright's: the 5 s of autoplay are run through, not waited out.
    await page.clock.install();
    await page.goto(paths.home());
    const carousel = shell(page).banner;
    const current = carousel.locator('.carousel__dot[aria-current="true"]');
    await expect(carousel.getByRole('button', { name: 'Show banner 1' })).toHaveAttribute('aria-current', 'true');
    await page.clock.runFor(5_100);
    await expect(carousel.getByRole('button', { name: 'Show banner 2' })).toHaveAttribute('aria-current', 'true');
    // A slide not shown rests smaller than the carousel, so one that autoplay brings in is first
    // painted smaller than the first banner was, and never becomes the page's largest paint.
    const restingScale = await carousel
      .locator('.carousel__slide:not(.carousel__slide--active)')
      .first()
      .evaluate((el) => new DOMMatrix(getComputedStyle(el).transform).a);
    expect(restingScale).toBeLessThan(1);
    // Hovering pauses the autoplay.
    await carousel.hover();
    const before = await current.getAttribute('aria-label');
    await page.clock.runFor(5_600);
    expect(await current.getAttribute('aria-label')).toBe(before);
    // Dots and keys move between slides; the last one loops to the first.
    await carousel.getByRole('button', { name: 'Show banner 4' }).click();
    await carousel.getByRole('button', { name: 'Next banner' }).click();
    await expect(carousel.getByRole('button', { name: 'Show banner 1' })).toHaveAttribute('aria-current', 'true');
  });

  test('does not autoplay with a single banner', async ({ page }) => {
    await page.goto(paths.help());
    const carousel = shell(page).banner;
    await expect(carousel).toBeVisible();
    await expect(carousel.getByRole('button', { name: /Show banner/ })).toHaveCount(0);
  });

  test('is not shown when the route group has no banners', async ({ page }) => {
    await page.route('**/wps/system/banners?**', (route) => route.fulfill({ json: { success: true, value: [] } }));
    await page.goto(paths.home());
    // The data router renders the shell and the home section together: both may be there at once.
    await expect(page.getByRole('heading', { level: 1 }).or(page.getByRole('main')).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(shell(page).banner).toHaveCount(0);
  });
});

test.describe('side menu', () => {





  test('VIP opens the player rank for members', async ({ loggedIn: page }) => {
    // Members do not see the footer's start button (checked here to spare a second signed-in page).
    await expect(shell(page).footer.getByRole('button', { name: 'Start now' })).toHaveCount(0);
    await shell(page).sideMenu.getByRole('button', { name: /VIP level/ }).click();
    await expect(page.getByRole('dialog', { name: 'VIP level' })).toBeVisible();
  });


});

// One visitor's page of `/` carries the shell's checks that only read it or open and close a flyout
// or dialog (docs/test-suite.md): each step is named as its former test, starts with the mouse
// parked where no flyout opens and no dialog open, and closes what it opened; the two steps that
// navigate away come last.
test('a visitor on the home page: footer, side menu, modals, mini mode and top navigation', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(paths.home());

  await test.step('footer › shows the info groups, 18+ notice, payments, vendors and legal text', async () => {
    await atRest(page);
    const footer = shell(page).footer;
    for (const name of ['About', 'Help', 'Responsible gaming', 'Products', 'Play responsibly']) {
      await expect(footer.getByRole('heading', { name, exact: true })).toBeVisible();
    }
    await expect(footer.getByText('18+', { exact: true })).toBeVisible();
    await expect(footer.getByRole('heading', { name: 'Payment methods' })).toBeVisible();
    await expect(footer.getByRole('img', { name: 'visa' })).toBeVisible();
    await expect(footer.getByRole('heading', { name: 'Game providers' })).toBeVisible();
    await expect(footer.getByRole('img', { name: 'PG Soft' })).toBeVisible();
    await expect(footer.getByText(/licensed and regulated/)).toBeVisible();
    await expect(footer.getByText(/Lotus Digital Entertainment/)).toBeVisible();
    await expect(footer.getByText(/All rights reserved/)).toBeVisible();
  });

  await test.step('side menu › a category with at most 9 vendors has no see more', async () => {
    await atRest(page);
    // Social links appear when configured (checked on this page load rather than one of their own).
    for (const name of ['Facebook', 'Instagram', 'Telegram']) {
      await expect(shell(page).sideMenu.getByRole('link', { name })).toBeVisible();
    }
    await shell(page).sideMenu.getByRole('link', { name: 'Live Casino' }).hover();
    const flyout = page.getByRole('region', { name: 'Live Casino providers' });
    await expect(flyout.getByRole('listitem')).toHaveCount(8);
    await expect(flyout.getByRole('link', { name: /See more/ })).toHaveCount(0);
  });

  await test.step('side menu › app download shows the Android and iOS QR codes', async () => {
    await atRest(page);
    await shell(page).sideMenu.getByRole('link', { name: 'App download' }).hover();
    const flyout = page.getByRole('region', { name: 'App download' });
    await expect(flyout.getByRole('img', { name: 'QR code for the Android app' })).toBeVisible();
    await expect(flyout.getByRole('img', { name: 'QR code for the iOS app' })).toBeVisible();
    await flyout.getByRole('button', { name: 'How to install' }).click();
    const dialog = page.getByRole('dialog', { name: 'App download' });
    await expect(dialog.getByRole('tab', { name: 'Android' })).toHaveAttribute('aria-selected', 'true');
    // The tab's own four steps (the lite app's install steps follow the tab panel).
    await expect(dialog.getByRole('tabpanel').getByRole('listitem')).toHaveCount(4);
    await dialog.getByRole('tab', { name: 'iOS' }).click();
    await expect(dialog.getByRole('heading', { name: 'Install on iOS in 4 steps' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  });

  await test.step('side menu › customer service lists its sub-items and opens the announcements', async () => {
    await atRest(page);
    await shell(page).sideMenu.getByRole('button', { name: 'Customer service' }).click();
    const flyout = page.getByRole('region', { name: 'Customer service' });
    for (const name of ['Live chat', 'Messages', 'Announcements', 'Help', 'Speed test', 'Platform information', 'Help centre']) {
      await expect(flyout.getByRole(name === 'Platform information' || name === 'Help centre' ? 'link' : 'button', { name, exact: true })).toBeVisible();
    }
    await flyout.getByRole('button', { name: 'Announcements' }).click();
    const dialog = page.getByRole('dialog', { name: 'Announcements' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('list', { name: 'Announcement list' }).getByRole('button')).toHaveCount(9);
    await expect(dialog.getByRole('navigation', { name: 'Announcement pages' })).toBeVisible();
    await dialog.getByRole('navigation', { name: 'Announcement pages' }).getByRole('button', { name: 'Page 2' }).click();
    await expect(dialog.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  });

  await test.step('side menu › VIP and referral ask visitors to log in', async () => {
    await atRest(page);
    await shell(page).sideMenu.getByRole('button', { name: 'VIP level' }).click();
    await expect(page.getByRole('dialog', { name: 'Log in' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Log in' })).toHaveCount(0);
  });

  await test.step('modal behaviour › the login modal closes by outside click and Escape, traps focus, locks scroll', async () => {
    await atRest(page);
    await shell(page).header.getByRole('button', { name: 'Log in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log in' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute('aria-modal', 'true');
    await expect(dialog.getByLabel('Username')).toBeFocused();
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
    // A wheel while the modal is open moves the page behind it nowhere: once it has closed, the
    // page stands where one later wheel takes it.
    const top = await page.evaluate(() => scrollY);
    await page.mouse.wheel(0, 400);
    for (let i = 0; i < 8; i++) await page.keyboard.press('Tab');
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('');
    await page.mouse.wheel(0, 200);
    await expect.poll(() => page.evaluate(() => scrollY)).toBe(top + 200);
    await page.evaluate((y) => scrollTo(0, y), top);

    await shell(page).header.getByRole('button', { name: 'Log in' }).click();
    await expect(dialog).toBeVisible();
    await page.mouse.click(10, 840);
    await expect(dialog).toHaveCount(0);
  });

  await test.step('modal behaviour › the modal can be dragged by its header', async () => {
    await atRest(page);
    await shell(page).header.getByRole('button', { name: 'Log in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log in' });
    // Measured once the opening animation is over (it moves and scales the dialog).
    await dialog.evaluate((el) =>
      Promise.all(
        el
          .getAnimations({ subtree: true })
          .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
          .map((a) => a.finished),
      ),
    );
    const before = await dialog.boundingBox();
    const title = dialog.getByRole('heading', { name: 'Log in' });
    const t = await title.boundingBox();
    if (!before || !t) throw new Error('no boxes');
    await page.mouse.move(t.x + 5, t.y + 5);
    await page.mouse.down();
    await page.mouse.move(t.x + 125, t.y + 65, { steps: 5 });
    await page.mouse.up();
    const after = await dialog.boundingBox();
    expect(Math.round((after?.x ?? 0) - before.x)).toBe(120);
    expect(Math.round((after?.y ?? 0) - before.y)).toBe(60);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  });

  await test.step('side menu › the arrow toggles mini mode', async () => {
    await atRest(page);
    const menu = shell(page).sideMenu;
    await menu.getByRole('button', { name: 'Collapse menu' }).click();
    await expect(menu).toHaveClass(/side-menu--mini/);
    // The width animates to the mini size: polled until the transition has ended.
    await expect.poll(async () => (await menu.boundingBox())?.width).toBeLessThan(100);
    // Entries keep their names for assistive technology.
    await expect(menu.getByRole('link', { name: 'Promotions' })).toBeVisible();
    await menu.getByRole('button', { name: 'Expand menu' }).click();
    await expect(menu).not.toHaveClass(/side-menu--mini/);
  });

  await test.step('footer › the start button opens registration for visitors only', async () => {
    await atRest(page);
    await shell(page).footer.getByRole('button', { name: 'Start now' }).click();
    await expect(page.getByRole('dialog', { name: 'Create account' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Create account' })).toHaveCount(0);
  });

  await test.step('top navigation › lists every category that has vendors and links to its page', async () => {
    await atRest(page);
    const nav = shell(page).header.getByRole('navigation', { name: 'Game categories' });
    for (const name of ['Home', 'In-House', 'Lottery', 'Live Casino', 'Sports', 'Fishing', 'Slots', 'Poker', 'E-Sports']) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await nav.getByRole('link', { name: 'Live Casino' }).click();
    await expect(page).toHaveURL(/\/live$/);
  });

  await test.step('side menu › the category flyout shows 9 vendor icons, all, and see more', async () => {
    await atRest(page);
    await shell(page).sideMenu.getByRole('link', { name: 'Slots' }).hover();
    const flyout = page.getByRole('region', { name: 'Slots providers' });
    await expect(flyout).toBeVisible();
    await expect(flyout.getByRole('listitem')).toHaveCount(9);
    await expect(flyout.getByRole('link', { name: 'All' })).toBeVisible();
    await expect(flyout.getByRole('link', { name: /See more/ })).toBeVisible();
    await flyout.getByRole('link', { name: 'PG Soft' }).click();
    await expect(page).toHaveURL(/\/rng\?page=PG$/);
  });
});
