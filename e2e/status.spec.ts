/**
 * Root render by system status: 1 the System Maintenance page with Contact Us and
 * Refresh, 2 the IP Restriction page with the visitor's IP and country. The `sim` fixture resets the
 * simulator (status 0) after each test.
 *
 * One page (ADR 040): each former test is a step; a step that needs a status sets it through `sim`
 * before its own full load, as the test did, and the one that switches the page to Urdu is last.
 */
import { expect, shell, test } from './fixtures';
import { paths } from '../web/src/config/paths';

test('system status on one page: network failure, sandbox bar, contact us, maintenance, chunk failure, IP restriction, a maintenance answer, Urdu', async ({ page, sim }) => {
  test.setTimeout(120_000);

  await test.step('a network failure shows the catalogue message and a retry, never a blank page', async () => {
    let fail = true;
    await page.route('**/wps/system/status', (route) => (fail ? route.abort('connectionrefused') : route.continue()));
    await page.goto(paths.home());
    await expect(page.getByText('Network link abnormal, please try again')).toBeVisible();
    // The browser says it is online, but the backend cannot be reached: the offline notice says so.
    await expect(page.getByTestId('offline-notice')).toBeVisible();
    fail = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(shell(page).header).toBeVisible();
    await expect(page.getByTestId('offline-notice')).toHaveCount(0);
    await page.unroute('**/wps/system/status');
  });

  await test.step('the sandbox bar switches the system status', async () => {
    await page.getByRole('button', { name: 'Sandbox' }).click();
    const panel = page.getByRole('region', { name: 'Simulator controls' });
    await panel.getByRole('radio', { name: 'Maintenance' }).click();
    await expect(page.getByRole('heading', { name: 'System Maintenance' })).toBeVisible();
    await expect(panel.getByRole('radio', { name: 'Maintenance' })).toBeChecked();
    await panel.getByRole('radio', { name: 'Normal' }).click();
    await expect(shell(page).header).toBeVisible();
    expect((await sim.getState()).status).toBe(0);
  });

  await test.step('Contact us opens the customer-service window', async () => {
    // A visit in normal times (this page's, above) keeps the support link for when the gateway
    // refuses everything else.
    await expect(shell(page).header).toBeVisible();
    await sim.setStatus(1);
    await page.reload();
    const popup = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Contact us' }).click();
    const window = await popup;
    await expect.poll(() => window.url()).toContain('/__demo/chat');
    await window.close();
  });

  await test.step('status 1 shows the maintenance page with contact and refresh', async () => {
    await sim.setStatus(1);
    await page.goto(paths.rng());
    await expect(page.getByRole('heading', { name: 'System Maintenance' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Contact us' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Refresh' })).toBeVisible();
    await expect(shell(page).header).toHaveCount(0);
    await expect(shell(page).sideMenu).toHaveCount(0);

    // Refresh while still down keeps the page.
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(page.getByRole('heading', { name: 'System Maintenance' })).toBeVisible();

    // Back to normal: the open page follows by itself, no reload (ADR 017).
    await sim.setStatus(0);
    await expect(shell(page).header).toBeVisible();
    await expect(page.getByRole('heading', { name: 'System Maintenance' })).toHaveCount(0);
  });

  await test.step('a section chunk that cannot load shows the chunk message', async () => {
    const chunk = /\/static\/section-promo-[^/]+\.js$/;
    await page.route(chunk, (route) => route.abort('connectionrefused'));
    await page.goto(paths.promotions());
    await expect(page.getByText('Page took too long to load, check network connectivity')).toBeVisible();
    await expect(shell(page).header).toBeVisible();
    await page.unroute(chunk);
  });

  await test.step('status 2 shows the IP restriction page with IP and country', async () => {
    await sim.setStatus(2);
    await page.goto(paths.home());
    await expect(page.getByRole('heading', { name: 'IP Restriction' })).toBeVisible();
    await expect(page.getByTestId('visitor-ip')).toHaveText('203.0.113.24');
    await expect(page.getByTestId('visitor-country')).toContainText('PK');
    await expect(page.getByTestId('visitor-country')).toContainText('Pakistan');
    await expect(page.getByRole('button', { name: 'Contact us' })).toBeVisible();
    await expect(shell(page).header).toHaveCount(0);
  });

  await test.step('a maintenance answer while browsing switches to the maintenance page', async () => {
    await sim.setStatus(0);
    // The page's clock stands still from the status change to the clicks, so no timed refresh (the
    // winners board's) reaches the simulator first: the speed test's call is the one refused.
    await page.clock.install();
    await page.goto(paths.home());
    await expect(shell(page).header).toBeVisible();
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000));
    await sim.setStatus(1);
    const maintenance = page.getByRole('heading', { name: 'System Maintenance' });
    await expect(maintenance).toHaveCount(0);
    // A call refused for maintenance re-checks the status.
    await shell(page).sideMenu.getByRole('button', { name: 'Customer service' }).click();
    await page.getByRole('button', { name: 'Speed test' }).click();
    await page.clock.resume();
    await expect(maintenance).toBeVisible();
  });

  await test.step('the maintenance page is translated', async () => {
    await sim.setStatus(1);
    await page.addInitScript(() => localStorage.setItem('hisLang', 'UR'));
    await page.goto(paths.home());
    await expect(page.getByRole('heading', { name: 'سسٹم کی دیکھ بھال' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  });
});
