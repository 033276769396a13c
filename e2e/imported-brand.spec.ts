/**
 * Import a brand (ADR 013): a recording made through gateway mode from a stand-in gateway
 * (the simulator with a vendor and the brand renamed), imported with the same code as
 * `npm run sim -- import DIR --brand NAME`, and the portal started on it as `npm start -- --brand
 * NAME` does: the lobby shows the imported brand's vendors. The same recording replayed
 * (`--replay DIR`) shows them too, and the sandbox bar lists the replayed calls.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { WEB_DIST } from '../scripts/start';
import { buildApp } from '../server/app';
import { importBrand } from '../server/gateway/import-brand';
import { buildGatewayApp } from '../server/gateway/proxy';
import { Sim } from '../server/sim/state';
import { brandDir, FIXTURES_DIR, forgetBrand } from '../server/sim/world';
import { expect, test } from './fixtures';
import { paths } from '../web/src/config/paths';

const BRAND = `e2e-imported-${process.pid}`;
const HEADERS = { Merchant: 'DEMO', Device: 'web', Language: 'EN' };
let portal: FastifyInstance;
let portalUrl = '';
let replaying: FastifyInstance;
let replayUrl = '';
let recording = '';

// Each test opens a fresh portal's first page (its chunks not yet cached): allow for a busy machine.
test.describe.configure({ timeout: 60_000 });

test.beforeAll(async () => {
  // Two simulators, a proxy and an import: more than a usual hook's 30 s on a busy 2-core machine.
  test.setTimeout(120_000);
  const upstream = await buildApp({ controlApi: true, logger: false });
  const vendor = upstream.sim.own('vendors').find((v) => v.vendor === 'JILI');
  if (!vendor) throw new Error('fixture vendor JILI missing');
  vendor.vendorName = 'Planted Gaming';
  upstream.sim.world.brand.brandName = 'Planted Brand';
  const upstreamUrl = await upstream.listen({ port: 0, host: '127.0.0.1' });
  recording = mkdtempSync(join(tmpdir(), 'e2e-recording-'));
  const gateway = await buildGatewayApp({ gatewayUrl: upstreamUrl, record: recording, logger: false });
  const gatewayUrl = await gateway.listen({ port: 0, host: '127.0.0.1' });
  for (const path of [
    '/wps/system/permission?host=localhost',
    '/wps/system/whitelabel',
    '/wps/relay/GCSGAME_vendorList?merchantCode=DEMO&platform=html5-desktop',
    '/wps/relay/GCSGAME_gameList?vassalage=JILI_RNG&gameType=RNG&pageNo=1&pageSize=42',
    '/wps/relay/GCSGAME_gameList?vassalage=PG_RNG&gameType=RNG&pageNo=1&pageSize=42',
  ]) {
    const res = await fetch(`${gatewayUrl}${path}`, { headers: HEADERS });
    expect(res.status, path).toBe(200);
    // Read to the end: a body left unread can leave its connection open, and closing the gateway
    // then waits for that connection (about 70 s was seen) before it ends.
    await res.arrayBuffer();
  }
  await gateway.close();
  await upstream.close();
  importBrand(recording, BRAND, FIXTURES_DIR, (name) => {
    forgetBrand(name);
    new Sim({ brand: name });
  });
  portal = await buildApp({ brand: BRAND, webDist: WEB_DIST, controlApi: true, logger: false });
  portalUrl = (await portal.listen({ port: 0, host: '127.0.0.1' })).replace('127.0.0.1', 'localhost');
  // The same recording replayed (npm start -- --replay DIR) beside the default fixtures.
  replaying = await buildApp({ replay: recording, webDist: WEB_DIST, controlApi: true, logger: false });
  replayUrl = (await replaying.listen({ port: 0, host: '127.0.0.1' })).replace('127.0.0.1', 'localhost');
});

test.afterAll(async () => {
  await portal?.close();
  await replaying?.close();
  rmSync(brandDir(BRAND), { recursive: true, force: true });
  rmSync(recording, { recursive: true, force: true });
});

test('the portal on an imported brand shows its vendors and games', async ({ page }) => {
  await page.goto(`${portalUrl}${paths.rng()}`);
  const tab = page.getByRole('tab', { name: /Planted Gaming/ });
  await expect(tab).toBeVisible();
  await tab.click();
  await expect(page).toHaveURL(/\/rng\?page=JILI$/);
  await expect(page.getByRole('list', { name: 'Games of Planted Gaming' }).getByRole('button', { name: /^Play / }).first()).toBeVisible();
  await expect(page.getByRole('img', { name: /Planted Brand/ }).first()).toBeVisible();
});

test('in replay mode the lobby shows the recorded vendors and the sandbox bar names the replayed calls', async ({ page }) => {
  await page.goto(`${replayUrl}${paths.rng()}`);
  await expect(page.getByRole('tab', { name: /Planted Gaming/ })).toBeVisible();
  await page.getByRole('button', { name: /Sandbox/ }).click();
  const note = page.getByText(/Replaying \d+ calls from a recording/);
  await expect(note).toBeVisible();
  await note.click();
  await expect(page.getByRole('list', { name: 'Calls answered from the recording' }).getByText('getVendors')).toBeVisible();
});
