/**
 * No horizontal scroll from 360 px up (ADR 014): every route of the layout table (plus a vendor
 * tab, a game, a promotion and the 404 page) in English and right-to-left Urdu, and the modals the
 * phone layout shows as full-screen sheets, on the narrowest phone the portal supports.
 */
import type { Locator, Page } from '@playwright/test';
import { LAYOUTS } from '../../web/src/app/layout-table';
import { AGENT, expect, expectPlaceholdersFit, NO_SUCH_PAGE, routerGo, sandboxBarBox, shell, test, useSession } from '../fixtures';
import { paths } from '../../web/src/config/paths';

const VIEWPORT = { width: 360, height: 740 };
test.use({ viewport: VIEWPORT });

const ROUTES = [...Object.keys(LAYOUTS), paths.rng({ page: 'PG' }), paths.game({ gameId: '1001' }), paths.promoDetail('1'), NO_SUCH_PAGE];

async function expectNoSideScroll(page: Page, what: string): Promise<void> {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll, `${what} scrolls sideways`).toBeLessThanOrEqual(client);
}

/**
 * Nothing in `scope` reaches out of the box it sits in: a part wider than its container is cut off
 * by a box that clips, or runs over its neighbours and the screen's edge, even where the page itself
 * does not scroll sideways (a sheet's own scroller, a card that clips). Not counted: whatever is in a
 * box that scrolls only sideways (a strip, a menu bar) or in a table's own box: its content is meant
 * to be wider; parts placed or moved on purpose (positioned badges and decorations, a picture
 * zoomed on hover); and a part that a negative margin pulls out as far as it reaches. Any other box
 * that scrolls down (a sheet's page) may not scroll sideways as well.
 */
async function expectNothingSticksOut(scope: Locator, what: string): Promise<void> {
  const out = await scope.evaluate((root) => {
    const found: string[] = [];
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${typeof el.className === 'string' && el.className.trim() ? `.${el.className.trim().split(/\s+/).join('.')}` : ''}`;
    const all = [...root.querySelectorAll('*')];
    const scrollsSideways = (el: Element) => ['auto', 'scroll'].includes(getComputedStyle(el).overflowX);
    // Overflow one way makes the other way scroll too (auto): a box that holds wider content and no
    // taller is a strip, meant to scroll sideways, and so is a table's own box, which may scroll
    // both ways; any other box that also scrolls down (a sheet's page) is not.
    const scrollsDown = (el: Element) => el.scrollHeight > el.clientHeight + 1;
    const wider = (el: Element) => el.scrollWidth > el.clientWidth + 1;
    const strips = all.filter(
      (el) => scrollsSideways(el) && wider(el) && (!scrollsDown(el) || el.querySelector(':scope > table') !== null),
    );
    for (const el of all) {
      const parent = el.parentElement;
      if (!parent || !el.checkVisibility()) continue;
      if (strips.some((strip) => strip !== el && strip.contains(el))) continue;
      if (scrollsSideways(el) && wider(el) && scrollsDown(el) && !strips.includes(el)) found.push(`${name(el)} scrolls sideways as well as down`);
      const style = getComputedStyle(el);
      if (style.position === 'absolute' || style.position === 'fixed' || style.transform !== 'none') continue;
      if (getComputedStyle(parent).display === 'contents') continue;
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const frame = parent.getBoundingClientRect();
      // Inside a visually hidden box (text for screen readers only).
      if (frame.width <= 1) continue;
      const beyond = Math.max(frame.left - box.left, box.right - frame.right);
      const bleed = Math.max(0, -parseFloat(style.marginLeft), -parseFloat(style.marginRight));
      if (beyond > bleed + 1) found.push(`${name(el)} ${Math.round(beyond)} px beyond ${name(parent)}`);
    }
    return found;
  });
  // Soft: one page's finding does not hide the next page's.
  expect.soft(out, `${what}: parts wider than their container`).toEqual([]);
}

/** A modal on a phone: a sheet over the whole screen, nothing wider than it, closed with Escape. */
async function expectSheet(page: Page, dialog: Locator, what: string): Promise<void> {
  await expect(dialog, what).toBeVisible();
  await expect
    .poll(async () => {
      const box = await dialog.boundingBox();
      return box ? [Math.round(box.x), Math.round(box.y), Math.round(box.width), Math.round(box.height)] : null;
    }, { message: `${what} is a full-screen sheet` })
    .toEqual([0, 0, VIEWPORT.width, VIEWPORT.height]);
  const inner = await dialog.evaluate((el) => {
    const body = el.querySelector('.modal__body') ?? el;
    return { scroll: body.scrollWidth, client: body.clientWidth };
  });
  expect(inner.scroll, `${what}'s content is wider than the sheet`).toBeLessThanOrEqual(inner.client);
  await expectNothingSticksOut(dialog, what);
  await expectNoSideScroll(page, what);
}

async function closeSheet(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

/**
 * Every route of ROUTES in the language the page was last told to use: the first a full load (the
 * language takes at start), the rest through the router without a reload, as a tap on a link goes
 * (the layout a route gets does not depend on how it was reached; a full load costs a page's start).
 */
async function expectRoutesFit(page: Page): Promise<void> {
  let loaded = false;
  for (const path of ROUTES) {
    if (!loaded) {
      await page.goto(path);
      loaded = true;
    } else {
      await routerGo(page, path);
    }
    // The shell shows where the router is (a route may redirect, as a full load would: /register
    // for a player already logged in goes home).
    await expect
      .poll(() => page.evaluate(() => document.querySelector('.shell')?.getAttribute('data-route') === location.pathname), { message: `${path} is shown` })
      .toBe(true);
    // The section has rendered (its spinner gone); polling pages never reach network idle.
    await expect(page.locator('.shell__pending, .boot')).toHaveCount(0, { timeout: 20_000 });
    const main = page.locator('main, [role="main"]').first();
    await expect(main).toBeVisible();
    await expectNoSideScroll(page, path);
    await expectNothingSticksOut(main, path);
  }
}

// One page (ADR 040): the visitor's modals on the first load of `/`, then the seed player's session
// and every route in English, then in Urdu (a full load for the first route of each language, the
// router for the rest).
test("a visitor's modals, then every route as a player in English and Urdu", async ({ page, apiLogin, sim }) => {
  test.setTimeout(300_000);
  await test.step("a visitor's modals are sheets that fit 360 px", async () => {
    // Registration by mobile, for its SMS code field.
    await sim.setScenario('mobile-registration');
    await page.goto(paths.home());
    const header = shell(page).header;
    await header.getByRole('button', { name: 'Log in' }).click();
    const login = page.getByRole('dialog', { name: 'Log in' });
    await expectSheet(page, login, 'log in');
    // A failed login (a name of its own: the seed player logs in next) asks for the captcha, whose
    // image shares the field with the answer.
    await login.getByLabel('Username').fill('visitor360');
    await login.getByLabel('Password', { exact: true }).fill('wrong-password');
    await login.getByRole('button', { name: 'Log in' }).last().click();
    await expect(login.getByRole('button', { name: 'Load a new captcha' }).locator('img')).toBeVisible();
    await expectPlaceholdersFit(login, 'log in with the captcha');
    await expectNothingSticksOut(login, 'log in with the captcha');
    await login.getByRole('button', { name: 'Forgot password?' }).click();
    await expectSheet(page, page.getByRole('dialog', { name: 'Forgot password' }), 'forgot password');
    await closeSheet(page);

    await header.getByRole('button', { name: 'Register' }).click();
    const register = page.getByRole('dialog', { name: 'Create account' });
    await expectSheet(page, register, 'register');
    // Every field of registration by mobile shows its placeholder whole while empty (the mobile
    // number shares its frame with the country-code picker).
    await register.getByRole('tab', { name: 'Mobile number' }).click();
    await expectPlaceholdersFit(register, 'register by mobile');
    // The SMS code field while its button counts down (the longest label it has).
    await register.getByRole('textbox', { name: 'Mobile number' }).fill('03111236360');
    await register.getByRole('button', { name: 'Send code' }).click();
    await expect(register.getByRole('button', { name: /^Code sent \(\d+s\)$/ })).toBeDisabled();
    await expectPlaceholdersFit(register.locator('[data-field="verificationCode"]'), 'the SMS code while its button counts down');
    await expectNothingSticksOut(register, 'register by mobile');
    // Send code handed the focus to the code input, inside the sheet, which Escape closes.
    await expect(register.getByRole('textbox', { name: 'Verification code' })).toBeFocused();
    await closeSheet(page);
    await sim.setScenario('default');

    await header.getByRole('button', { name: 'Menu', exact: true }).click();
    await shell(page).sideMenu.getByRole('button', { name: 'Customer service' }).click();
    await page.getByRole('button', { name: 'Announcements' }).click();
    await expectSheet(page, page.getByRole('dialog', { name: /Announcements/ }), 'announcements');
    await closeSheet(page);

    // A VASSALAGE vendor's game list (the game popup).
    await page.getByRole('list', { name: 'Hot providers' }).getByRole('button', { name: /Evolution/ }).click();
    await expectSheet(page, page.getByRole('dialog', { name: /Evolution/ }), 'game popup');
    await closeSheet(page);
  });

  await useSession(page, await apiLogin());
  // Init scripts run in the order they were added: the later language wins from the next load on.
  for (const lang of ['EN', 'UR'] as const) {
    await test.step(`every route fits 360 px (${lang})`, async () => {
      await page.addInitScript((l) => localStorage.setItem('hisLang', l), lang);
      await expectRoutesFit(page);
      // The language took: the last page is laid out in its direction.
      await expect(page.locator('html')).toHaveAttribute('dir', lang === 'UR' ? 'rtl' : 'ltr');
    });
  }
});

test("a member's and an agent's modals are sheets that fit 360 px", async ({ page, apiLogin }) => {
  test.slow();
  await useSession(page, await apiLogin(AGENT));
  await page.goto(paths.home());
  const header = shell(page).header;
  await expect(page.getByTestId('balance-amount')).toHaveText(/\$/, { timeout: 20_000 });
  await header.getByRole('button', { name: 'Deposit' }).click();
  const centre = page.getByRole('dialog', { name: 'Members centre' });
  await expectSheet(page, centre, 'members centre');
  // The result card of a deposit fits the page, its buttons under each other when they do not fit
  // side by side.
  await centre.getByRole('button', { name: '$100.00' }).click();
  await centre.getByRole('button', { name: 'Deposit now' }).click();
  await expect(centre.getByRole('status').filter({ hasText: 'Deposit successful' })).toBeVisible();
  await expectNothingSticksOut(centre, 'a deposit\'s result');
  await centre.getByRole('button', { name: 'Close' }).click();
  await expect(centre).toHaveCount(0);

  await header.getByRole('button', { name: /account menu/i }).click();
  await page.getByRole('menuitem', { name: 'Agent centre' }).click();
  await expectSheet(page, page.getByRole('dialog', { name: 'Agent centre' }), 'agent centre');
  await closeSheet(page);

  for (const [entry, name] of [
    ['VIP level', /VIP/],
    ['Refer a friend', /Refer/],
  ] as const) {
    await header.getByRole('button', { name: 'Menu', exact: true }).click();
    await shell(page).sideMenu.getByRole('button', { name: entry }).click();
    await expectSheet(page, page.getByRole('dialog', { name }), entry);
    await closeSheet(page);
  }

  // The chat window takes the whole screen, and its message box stays clear of the sandbox bar,
  // which keeps the bottom edge.
  await header.getByRole('button', { name: 'Menu', exact: true }).click();
  await shell(page).sideMenu.getByRole('button', { name: 'Customer service' }).click();
  await page.getByRole('region', { name: 'Customer service' }).getByRole('switch', { name: 'Chat window', exact: true }).click();
  const chat = page.locator('.chat-window');
  await expect(chat.locator('iframe')).toBeVisible();
  const bar = await sandboxBarBox(page);
  const frame = (await chat.locator('iframe').boundingBox())!;
  expect(frame.y + frame.height, 'the chat ends above the sandbox bar').toBeLessThanOrEqual(bar.y);
  await expectNoSideScroll(page, 'the chat window');
  await chat.getByRole('button', { name: 'Close' }).click();
  await expect(chat).toHaveCount(0);
});
