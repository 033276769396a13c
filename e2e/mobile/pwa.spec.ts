/**
 * The lite app (ADR 014): the manifest, and the service worker that opens the shell offline with
 * an offline notice while never answering an API call from its cache. The only spec that lets
 * service workers run (playwright.config.ts blocks them elsewhere).
 */
import { expect, sandboxBarBox, test } from '../fixtures';
import { paths } from '../../web/src/config/paths';

test.use({ serviceWorkers: 'allow' });

test('the manifest names the brand, with 192 and 512 px icons and a maskable one', async ({ page, request }) => {
  await page.goto(paths.home());
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const res = await request.get(href!);
  expect(res.headers()['content-type']).toContain('manifest+json');
  const manifest = (await res.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    theme_color: string;
    background_color: string;
    icons: { src: string; sizes: string; purpose?: string }[];
  };
  expect(manifest).toMatchObject({ name: 'Lucky Lotus', start_url: '/', display: 'standalone' });
  expect(manifest.short_name.length).toBeGreaterThan(0);
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose ?? 'any'}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  for (const icon of manifest.icons) {
    const png = await request.get(icon.src);
    expect(png.headers()['content-type']).toBe('image/png');
    const body = await png.body();
    // The PNG's own header: its width is the declared size.
    expect(body.readUInt32BE(16)).toBe(Number(icon.sizes.split('x')[0]));
  }
});

test('offline, a reload opens the shell with the offline notice; API calls never come from the cache', async ({ page, context }) => {
  const fromWorker: string[] = [];
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (/^\/(wps|lgw|lotto|__sim|__demo|assets)\//.test(path) && response.fromServiceWorker()) fromWorker.push(path);
  });
  await page.goto(paths.home());
  await expect(page.getByTestId('offline-notice')).toHaveCount(0);
  // The worker installs, precaches the shell and takes control (clientsClaim on first install).
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
  await expect(page.getByRole('banner')).toBeVisible();

  // Its cache holds the shell and bundle, nothing of the APIs.
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname);
    return urls;
  });
  expect(cached).toContain('/index.html');
  expect(cached.filter((u) => /^\/(wps|lgw|lotto|__sim|__gateway|__demo|assets)\//.test(u))).toEqual([]);

  // Going offline on an open page says so at once, above the sandbox bar in its bottom corner
  // (on a phone the notice spans the width), not under it. The bar is there first (sandboxBarBox)
  // and is read again once offline, in case going offline changed it.
  await sandboxBarBox(page);
  await context.setOffline(true);
  await expect(page.getByTestId('offline-notice')).toBeVisible();
  const notices = (await page.locator('.lite-notices').boundingBox())!;
  const bar = await sandboxBarBox(page);
  expect(notices.y + notices.height).toBeLessThanOrEqual(bar.y);
  await page.reload();
  await expect(page.getByTestId('offline-notice')).toBeVisible();
  await expect(page.getByTestId('offline-notice')).toContainText('You are offline');
  // The portal's own page (its retry button), not the browser's error page.
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  // An API call made offline fails rather than being answered from a cache.
  const api = await page.evaluate(async () => {
    try {
      const res = await fetch('/wps/system/status', { headers: { Merchant: 'DEMO' } });
      return `status ${res.status}`;
    } catch {
      return 'network error';
    }
  });
  expect(api).toBe('network error');
  await context.setOffline(false);
  // Back online, the portal comes back by itself, as the notice promises.
  await expect(page.getByTestId('offline-notice')).toHaveCount(0);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true })).toBeVisible();

  // A page address carrying a token (a launch, a URL-token login) is never answered by the worker.
  await context.setOffline(true);
  await expect(page.goto(paths.home({ token: 'abc123' }))).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
  await context.setOffline(false);
  expect(fromWorker).toEqual([]);
});

test('/down offers the install: the iOS steps without a browser prompt, the prompt when the browser has one', async ({ page }) => {
  await page.goto(paths.download());
  const section = page.getByRole('region', { name: 'Install the lite app' });
  await expect(section.getByText('On iPhone and iPad')).toBeVisible();
  await expect(section.getByRole('listitem')).toHaveText(['Open this site in Safari.', 'Tap the Share button.', 'Choose “Add to Home Screen”, then “Add”.']);
  await expect(section.getByText('Open this site in Chrome, tap the ⋮ menu')).toBeVisible();
  await expect(section.getByRole('button', { name: 'Install the lite app' })).toHaveCount(0);

  // Chromium fires beforeinstallprompt when the portal is installable; a stand-in records its use.
  await page.evaluate(() => {
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: async () => {
        (window as unknown as { prompted: boolean }).prompted = true;
      },
      userChoice: Promise.resolve({ outcome: 'accepted' as const }),
    });
    window.dispatchEvent(event);
  });
  await section.getByRole('button', { name: 'Install the lite app' }).click();
  await expect(section.getByText('On iPhone and iPad')).toHaveCount(0);
  await expect(section.getByRole('status')).toHaveText('The lite app is installed. Open it from your home screen.');
  expect(await page.evaluate(() => (window as unknown as { prompted?: boolean }).prompted)).toBe(true);
});
