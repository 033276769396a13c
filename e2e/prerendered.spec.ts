/**
 * The first screen comes in the HTML (docs/decisions/026-first-screen-in-the-html.md): the public
 * routes of the default world are served pre-rendered, so the banner and the first games paint
 * before any script runs; the app hydrates over them without moving anything and without asking
 * again for the data the page holds. Sandbox worlds, maintenance and a signed-in player get the
 * plain shell and the app as before.
 *
 * These tests use the default world (pages of a sandbox world are never pre-rendered), in contexts
 * of their own without the world header of the other specs; they run one after the other, and the
 * maintenance test puts the default world back.
 */
import { request as playwrightRequest, type APIRequestContext, type Browser, type BrowserContextOptions } from '@playwright/test';
import { paths } from '../web/src/config/paths';
import { expect, loginOverApi, PLAYER, shell, test, useSession } from './fixtures';

// The server renders its pages in the background once it starts: on a busy machine that takes a while.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

let api: APIRequestContext;
let baseURL: string;

// Contexts of their own without the test's world header (the runner gives new contexts the
// project's options, the fixtures' X-Sim-World among them).
const DEFAULT_WORLD = { extraHTTPHeaders: {} };

test.beforeEach(async ({ baseURL: url }) => {
  baseURL = url ?? '';
  api = await playwrightRequest.newContext({ baseURL, ...DEFAULT_WORLD });
});

test.afterEach(async () => {
  await api.dispose();
});

/** Waits until the server answers `path` pre-rendered in `language` (it renders in the background after it starts). */
async function awaitPrerendered(path: string, language = 'EN'): Promise<string> {
  let html = '';
  await expect
    .poll(
      async () => {
        html = await (await api.get(path, { headers: { cookie: `hisLang=${language}` } })).text();
        return html.includes(`data-prerendered="${language}"`);
      },
      { timeout: 90_000, intervals: [500, 1_000] },
    )
    .toBe(true);
  return html;
}

async function defaultWorldPage(browser: Browser, options: BrowserContextOptions & { language?: string } = {}) {
  const { language, ...contextOptions } = options;
  const context = await browser.newContext({ baseURL, ...DEFAULT_WORLD, ...contextOptions });
  if (language) await context.addCookies([{ name: 'hisLang', value: language, url: baseURL }]);
  return { context, page: await context.newPage() };
}

test('the banner and the first games are in the HTML and paint with JavaScript off', async ({ browser }) => {
  await awaitPrerendered('/');
  const { context, page } = await defaultWorldPage(browser, { javaScriptEnabled: false });
  await page.goto(paths.home());
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(shell(page).header).toBeVisible();
  await expect(shell(page).banner.locator('img').first()).toBeVisible();
  await expect(shell(page).banner.locator('img').first()).toHaveJSProperty('complete', true);
  await expect(page.locator('.gx-card').first()).toBeVisible();
  expect(await page.locator('.gx-card').count()).toBeGreaterThan(4);
  // Styled: the header is laid out by the stylesheet, and the boot screen is gone.
  const header = await shell(page).header.boundingBox();
  expect(header?.height).toBeGreaterThan(40);
  expect(header?.height).toBeLessThan(120);
  await expect(page.getByRole('status', { name: 'Loading' })).toHaveCount(0);
  await context.close();
});

test('Urdu gets its page pre-rendered right to left', async ({ browser }) => {
  await awaitPrerendered('/rng', 'UR');
  const { context, page } = await defaultWorldPage(browser, { javaScriptEnabled: false, language: 'UR' });
  await page.goto(paths.rng());
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ur');
  await expect(page.getByRole('complementary', { name: 'سائٹ مینو' })).toBeVisible();
  await expect(page.locator('.gx-card').first()).toBeVisible();
  // The side menu is on the right.
  const menu = await page.getByRole('complementary', { name: 'سائٹ مینو' }).boundingBox();
  expect((menu?.x ?? 0) + (menu?.width ?? 0)).toBeGreaterThan((page.viewportSize()?.width ?? 0) - 5);
  await context.close();
});

test('the app hydrates the page: the same elements, nothing moves, no second call for its data', async ({ browser }) => {
  await awaitPrerendered('/');
  const { context, page } = await defaultWorldPage(browser);
  const calls: string[] = [];
  const errors: string[] = [];
  page.on('request', (r) => {
    const { pathname } = new URL(r.url());
    if (/^\/(wps|lgw|lotto)\//.test(pathname)) calls.push(pathname + new URL(r.url()).search);
  });
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.addInitScript(() => {
    const w = window as unknown as { shifts: { value: number; sandbox: boolean }[] };
    w.shifts = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node?: Node | null }[] })[]) {
        if (e.hadRecentInput) continue;
        // The simulator's own QA bar (absent from production builds' hosts) comes after the start.
        const sandbox = e.sources.every((s) => s.node instanceof Element && !!s.node.closest('.sandbox, .sandbox__toggle, .netinspect__toggle'));
        w.shifts.push({ value: e.value, sandbox });
      }
    }).observe({ type: 'layout-shift', buffered: true });
    // Marks the pre-rendered header before any script of the app runs.
    document.addEventListener('readystatechange', () => {
      const header = document.querySelector('header');
      if (header && document.readyState === 'interactive') (header as unknown as { prerendered: boolean }).prerendered = true;
    });
  });
  await page.goto(paths.home());
  // Hydrated: React has taken over the pre-rendered header element itself (its fiber is on the
  // element marked before any script ran), rather than rendering a new one.
  await expect
    .poll(() => page.evaluate(() => Object.keys(document.querySelector('header') ?? {}).some((k) => k.startsWith('__reactFiber'))), { timeout: 30_000 })
    .toBe(true);
  expect(await page.evaluate(() => (document.querySelector('header') as unknown as { prerendered?: boolean }).prerendered)).toBe(true);
  await page.waitForTimeout(1_000);

  const shifts = await page.evaluate(() => (window as unknown as { shifts: { value: number; sandbox: boolean }[] }).shifts);
  const cls = shifts.filter((s) => !s.sandbox).reduce((sum, s) => sum + s.value, 0);
  expect(cls).toBeLessThan(0.01);
  for (const held of ['/wps/system/status', '/wps/system/permission', '/wps/system/banners', 'GCSGAME_vendorList', '/wps/system/setting/menu']) {
    expect(calls.filter((c) => c.includes(held)), held).toEqual([]);
  }
  expect(errors).toEqual([]);
  await context.close();
});

test('a returning visitor, the service worker in control, still gets the page in the HTML from the server; offline, the cached shell', async ({ browser }) => {
  await awaitPrerendered('/');
  const { context, page } = await defaultWorldPage(browser, { serviceWorkers: 'allow' });
  await page.goto(paths.home());
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
  // The worker's script names the page's own entry script in its precache list, quoted and
  // relative to the scope: how a page after a deploy tells that a waiting worker is of its own build
  // and offers no switch to it (register-sw.ts listsEntry).
  const entry = await page.locator('script[type="module"][src]').getAttribute('src');
  expect(entry).toMatch(/^\/static\/index-[\w-]+\.js$/);
  const workerScript = await (await page.request.get('/sw.js')).text();
  expect(workerScript).toContain(`"${entry!.slice(1)}"`);
  // The worker answers the navigation (fetching it), yet with the server's page: the header and
  // the first games already in it, not the cached boot shell the worker keeps for offline use.
  const again = await page.reload();
  expect(again?.fromServiceWorker()).toBe(true);
  const html = (await again?.text()) ?? '';
  expect(html).toContain('data-prerendered="EN"');
  expect(html).toContain('<header');
  await context.setOffline(true);
  const offline = await page.reload();
  expect(offline?.fromServiceWorker()).toBe(true);
  expect(await offline?.text()).not.toContain('data-prerendered=');
  await expect(page.getByTestId('offline-notice')).toBeVisible();
  await context.close();
});

test('a signed-in player gets the boot screen and the app as before, not the visitor page', async ({ browser }) => {
  await awaitPrerendered('/');
  const session = await loginOverApi(api, PLAYER.username, PLAYER.password);
  const { context, page } = await defaultWorldPage(browser);
  await useSession(page, session);
  // Hold the app back to see what the HTML shows by itself.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/static\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(paths.home(), { waitUntil: 'commit' });
  await expect(page.getByRole('status', { name: 'Loading' })).toBeVisible();
  await expect(shell(page).header).toHaveCount(0);
  release();
  await expect(shell(page).header.getByRole('button', { name: 'Log in' })).toHaveCount(0);
  // The header names the signed-in player by nickname (player01 is "Lucky Player") with the balance.
  await expect(shell(page).header).toContainText('Lucky Player');
  await expect(page.locator('html')).not.toHaveAttribute('data-prerendered', /.*/);
  await context.close();
});

test('in maintenance the page is the plain shell and the maintenance page shows as before', async ({ browser }) => {
  await awaitPrerendered('/');
  const switched = await api.post('/__sim/status', { data: { status: 'maintenance' } });
  expect(switched.ok()).toBe(true);
  try {
    const html = await (await api.get('/')).text();
    // The shell's own style and guard name the attribute; the page itself must not carry it.
    expect(html).not.toMatch(/<html[^>]*data-prerendered/);
    const { context, page } = await defaultWorldPage(browser);
    await page.goto(paths.home());
    await expect(page.getByRole('heading', { name: /maintenance/i })).toBeVisible();
    await expect(shell(page).header).toHaveCount(0);
    await context.close();
  } finally {
    await api.post('/__sim/status', { data: { status: 'normal' } });
  }
  await awaitPrerendered('/');
});
