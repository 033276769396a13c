/**
 * Sandbox worlds (ADR 009): one process, isolated worlds named by X-Sim-World, the sim_world cookie
 * or ?world=; bad names refused with the field named; the control API's worlds; the cap.
 */
import { get as httpGet } from 'node:http';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { buildApp } from '../server/app';
import { sumBalance } from '../server/sim/wallet';
import { call, login, SEED, tempDirs, testApp } from './helpers';

const stateDirs = tempDirs('sim-worlds-');

const inWorld = (world: string) => ({ headers: { 'x-sim-world': world } });

describe('worlds', () => {
  it('keep accounts, flags, status and clocks apart', async () => {
    const app = await testApp();
    const body = { username: 'twinuser1', password: 'Passw0rd!', confirmPassword: 'Passw0rd!', registerMethod: 'WEB', login: true };
    for (const world of ['qa-anna', 'qa-ben']) {
      const res = await call(app, 'PUT', '/wps/member/register', { encrypted: true, body, ...inWorld(world) });
      expect(res.envelope.success, world).toBe(true);
    }
    // The same name in a third world is still free; in the default world too.
    expect(app.sim.findAccount('twinuser1')).toBeUndefined();
    await app.inject({ method: 'POST', url: '/__sim/status', headers: { 'x-sim-world': 'qa-anna' }, payload: { status: 'maintenance' } });
    await app.inject({ method: 'POST', url: '/__sim/clock/advance', headers: { 'x-sim-world': 'qa-ben' }, payload: { ms: 3_600_000 } });
    expect((await call(app, 'GET', '/wps/system/whitelabel', inWorld('qa-anna'))).statusCode).toBe(503);
    expect((await call(app, 'GET', '/wps/system/whitelabel', inWorld('qa-ben'))).statusCode).toBe(200);
    expect((await call(app, 'GET', '/wps/system/whitelabel')).statusCode).toBe(200);
    const anna = app.worlds.get('qa-anna');
    const ben = app.worlds.get('qa-ben');
    expect(ben.now() - anna.now()).toBeGreaterThan(3_500_000);
    expect(anna.ledger).not.toBe(ben.ledger);
    // One RSA key for the process: a modulus fetched in one world logs in in another.
    expect(anna.rsa).toBe(app.sim.rsa);
  });

  it('follow the sim_world cookie, and ?world= sets it', async () => {
    const app = await testApp();
    await call(app, 'POST', '/__sim/status', { body: { status: 'maintenance' }, cookies: { sim_world: 'by-cookie' } });
    expect((await call(app, 'GET', '/wps/system/whitelabel', { cookies: { sim_world: 'by-cookie' } })).statusCode).toBe(503);
    expect((await call(app, 'GET', '/wps/system/whitelabel')).statusCode).toBe(200);
    // A control path written with percent escapes follows the cookie too, not the default world.
    await call(app, 'POST', '/%5F%5Fsim/status', { body: { status: 'maintenance' }, cookies: { sim_world: 'by-cookie-2' } });
    expect((await call(app, 'GET', '/wps/system/whitelabel', { cookies: { sim_world: 'by-cookie-2' } })).statusCode).toBe(503);
    expect((await call(app, 'GET', '/wps/system/whitelabel')).statusCode).toBe(200);
  });

  it('refuse a bad world name with 400 naming the header or cookie, changing nothing', async () => {
    const app = await testApp();
    for (const bad of ['', 'a b', 'x'.repeat(65), 'ünï']) {
      const res = await app.inject({ method: 'GET', url: '/wps/system/status', headers: { 'x-sim-world': bad, merchant: 'DEMO', device: 'web', language: 'EN' } });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json()).toMatchObject({ success: false, errorCode: 'request_param_err', value: { fields: [{ field: 'headers/x-sim-world' }] } });
    }
    const cookie = await call(app, 'GET', '/wps/system/status', { cookies: { sim_world: 'no spaces' } });
    expect(cookie.statusCode).toBe(400);
    expect(cookie.envelope.value.fields[0].field).toBe('cookies/sim_world');
    expect(app.worlds.size).toBe(1);
  });

  it('are listed, created in a scenario and removed through the control API', async () => {
    const app = await testApp();
    const created = await app.inject({ method: 'POST', url: '/__sim/worlds', payload: { name: 'qa-maint', scenario: 'maintenance' } });
    expect(created.statusCode).toBe(200);
    expect(created.json().value).toMatchObject({ name: 'qa-maint', scenario: 'maintenance', status: 1 });
    const again = await app.inject({ method: 'POST', url: '/__sim/worlds', payload: { name: 'qa-maint' } });
    expect(again.statusCode).toBe(409);
    const unknownScenario = await app.inject({ method: 'POST', url: '/__sim/worlds', payload: { name: 'qa-x', scenario: 'nope' } });
    expect(unknownScenario.statusCode).toBe(400);
    const token = await login(app);
    expect(token).toBeTruthy();
    const list = (await app.inject({ method: 'GET', url: '/__sim/worlds' })).json().value;
    expect(list.worlds.map((w: { name: string }) => w.name)).toEqual(['default', 'qa-maint']);
    expect(list.worlds[0]).toMatchObject({ name: 'default', liveSessions: 1 });
    const removed = await app.inject({ method: 'DELETE', url: '/__sim/worlds/qa-maint' });
    expect(removed.json().value).toEqual({ name: 'qa-maint', removed: true });
    expect((await app.inject({ method: 'DELETE', url: '/__sim/worlds/qa-maint' })).statusCode).toBe(404);
  });

  it('are managed by the name in the path or body, never made by the header or cookie of the call', async () => {
    const app = await testApp();
    // A client bound to the world it creates (the header names it): created once, not found made already.
    const created = await app.inject({ method: 'POST', url: '/__sim/worlds', headers: { 'x-sim-world': 'qa-own' }, payload: { name: 'qa-own' } });
    expect(created.statusCode).toBe(200);
    expect(created.json().value).toMatchObject({ name: 'qa-own' });
    // Another world named by the header or the cookie is not created on the side.
    await app.inject({ method: 'POST', url: '/__sim/worlds', headers: { 'x-sim-world': 'qa-other' }, payload: { name: 'qa-made' } });
    await call(app, 'GET', '/__sim/worlds', { cookies: { sim_world: 'qa-cookie' } });
    expect(app.worlds.has('qa-other')).toBe(false);
    expect(app.worlds.has('qa-cookie')).toBe(false);
    // Deleting a world that does not exist says so, whatever the header names.
    const ghost = await app.inject({ method: 'DELETE', url: '/__sim/worlds/qa-ghost', headers: { 'x-sim-world': 'qa-ghost' } });
    expect(ghost.statusCode).toBe(404);
    expect(app.worlds.has('qa-ghost')).toBe(false);
    // A world bound client deletes its own world; the next call in it starts a fresh one, as before.
    expect((await app.inject({ method: 'DELETE', url: '/__sim/worlds/qa-own', headers: { 'x-sim-world': 'qa-own' } })).json().value).toEqual({ name: 'qa-own', removed: true });
    expect(app.worlds.has('qa-own')).toBe(false);
    await call(app, 'GET', '/wps/system/status', inWorld('qa-own'));
    expect(app.worlds.has('qa-own')).toBe(true);
    // The same path with percent escapes is the same collection (the router decodes it).
    await app.inject({ method: 'POST', url: '/%5F%5Fsim/worlds', headers: { 'x-sim-world': 'qa-escaped' }, payload: { name: 'qa-made2' } });
    expect(app.worlds.has('qa-escaped')).toBe(false);
    expect(app.worlds.has('qa-made2')).toBe(true);
    // Paths that only begin alike are not the collection.
    await app.inject({ method: 'GET', url: '/__sim/worldsx', headers: { 'x-sim-world': 'qa-alike' } });
    expect(app.worlds.has('qa-alike')).toBe(true);
  });

  describe.each([
    ['in memory', () => ({})],
    ['under --state', () => ({ stateDir: stateDirs() })],
  ])('a call in flight when its world goes (%s)', (_mode, options) => {
    /** An app whose world "qa-gone" has a logged-in player and makes every gateway call wait 300 ms. */
    async function slowWorld() {
      const app = await testApp(options());
      const world = inWorld('qa-gone');
      const signIn = await call(app, 'POST', '/wps/session/login', { encrypted: true, body: { type: 'username', ...SEED.player }, ...world });
      const token = signIn.envelope.value.token as string;
      const before = (await call(app, 'GET', '/wps/v2/wallets/balance', { token, ...world })).envelope.value.sumBalance as number;
      expect((await call(app, 'POST', '/__sim/latency', { body: { ms: 300 }, ...world })).statusCode).toBe(200);
      const inFlight = (n: number) => vi.waitFor(() => expect(app.worlds.list().worlds.find((w) => w.name === 'qa-gone')?.inFlight).toBe(n), { interval: 5 });
      return { app, world, token, before, inFlight };
    }

    it('answers a write 410 sim.world.removed when the world is deleted, and keeps nothing of it', async () => {
      const { app, world, token, inFlight } = await slowWorld();
      const deposit = call(app, 'POST', '/wps/wallet/deposit', { token, body: { channelId: 'easypaisa', amount: 100 }, ...world });
      await inFlight(1);
      expect((await app.inject({ method: 'DELETE', url: '/__sim/worlds/qa-gone' })).statusCode).toBe(200);
      const res = await deposit;
      expect(res.statusCode, res.body).toBe(410);
      expect(res.envelope).toMatchObject({ success: false, errorCode: 'sim.world.removed' });
      expect(res.envelope.message).toMatch(/qa-gone.*deleted/);
      // Nothing of the world or the call is left: no file, and the name makes a fresh world.
      const dir = app.stateDir?.dir;
      if (dir) expect(existsSync(join(dir, 'worlds', 'qa-gone.sqlite'))).toBe(false);
      expect(app.worlds.exists('qa-gone')).toBe(false);
    });

    it('answers a write 410 when the world is imported over while it runs; the imported world is as exported', async () => {
      const { app, world, token, before, inFlight } = await slowWorld();
      const file = await app.inject({ method: 'GET', url: '/__sim/worlds/qa-gone/export' });
      expect(file.statusCode).toBe(200);
      const deposit = call(app, 'POST', '/wps/wallet/deposit', { token, body: { channelId: 'easypaisa', amount: 100 }, ...world });
      await inFlight(1);
      const imported = await app.inject({ method: 'POST', url: '/__sim/worlds/qa-gone/import', headers: { 'content-type': 'application/vnd.sqlite3' }, payload: file.rawPayload });
      expect(imported.statusCode, imported.body).toBe(200);
      const res = await deposit;
      expect(res.statusCode, res.body).toBe(410);
      expect(res.envelope).toMatchObject({ success: false, errorCode: 'sim.world.removed' });
      await call(app, 'POST', '/__sim/latency', { body: { ms: 0 }, ...world });
      expect((await call(app, 'GET', '/wps/v2/wallets/balance', { token, ...world })).envelope.value.sumBalance).toBe(before);
    });

    it('answers a read that changed nothing 200 with what it read', async () => {
      const { app, world, token, before, inFlight } = await slowWorld();
      const read = call(app, 'GET', '/wps/v2/wallets/balance', { token, ...world });
      await inFlight(1);
      expect((await app.inject({ method: 'DELETE', url: '/__sim/worlds/qa-gone' })).statusCode).toBe(200);
      const res = await read;
      expect(res.statusCode, res.body).toBe(200);
      expect(res.envelope.value.sumBalance).toBe(before);
    });
  });

  it('unload the least recently used idle world past --max-worlds, and say so', async () => {
    const app = await buildApp({ maxWorlds: 3, logger: false });
    try {
      for (const name of ['w1', 'w2', 'w3']) await call(app, 'GET', '/wps/system/status', inWorld(name));
      await call(app, 'GET', '/wps/system/status', inWorld('w2'));
      const list = app.worlds.list();
      expect(list.worlds.map((w) => w.name).sort()).toEqual(['default', 'w2', 'w3']);
      expect(list.unloaded.map((u) => u.name)).toEqual(['w1']);
      expect(list.unloaded[0]?.reason).toMatch(/dropped \(no --state\)/);
    } finally {
      await app.close();
    }
  });

  it('hold their world while a request is answered and let go once it is sent, also over HTTP and when the client goes away', { timeout: 60_000 }, async () => {
    const app = await buildApp({ maxWorlds: 3, logger: false });
    try {
      const inFlight = (name: string) => app.worlds.list().worlds.find((w) => w.name === name)?.inFlight;
      const seen: (number | undefined)[] = [];
      app.addHook('preHandler', (request, _reply, done) => {
        if (request.worldName !== 'default') seen.push(inFlight(request.worldName));
        // A slow call, for a client that gives up waiting.
        if (request.headers['x-test-slow']) setTimeout(done, 200);
        else done();
      });
      await call(app, 'GET', '/wps/system/status', inWorld('held'));
      expect(seen).toEqual([1]);
      expect(inFlight('held')).toBe(0);
      // The same over a socket, many times: nothing is left held.
      await app.listen({ host: '127.0.0.1', port: 0 });
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const get = (headers: Record<string, string>, giveUpAfterMs?: number) =>
        new Promise<number>((resolve, reject) => {
          const req = httpGet({ host: '127.0.0.1', port, path: '/wps/system/status', agent: false, headers: { merchant: 'DEMO', 'x-sim-world': 'held', ...headers } }, (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          });
          req.on('error', reject);
          if (giveUpAfterMs) setTimeout(() => req.destroy(new Error('gave up')), giveUpAfterMs);
        });
      for (let i = 0; i < 10; i++) expect(await get({})).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(inFlight('held')).toBe(0);
      // A client that goes away before its reply: the world is let go too.
      await expect(get({ 'x-test-slow': '1' }, 50)).rejects.toThrow('gave up');
      expect(inFlight('held')).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(inFlight('held')).toBe(0);
    } finally {
      await app.close();
    }
  });

  it('1,000 concurrent requests over 50 worlds: every ledger consistent, money conserved, worlds apart', { timeout: 120_000 }, async () => {
    const app = await testApp();
    const account = SEED.player.username;
    const defaultBefore = sumBalance(app.sim, account);
    const defaultTxs = app.sim.ledger.transactions(account).length;
    const worlds = Array.from({ length: 50 }, (_, i) => `load-${String(i).padStart(2, '0')}`);
    const tokens = new Map<string, string>();
    for (const world of worlds) {
      const res = await call(app, 'POST', '/wps/session/login', { encrypted: true, body: { type: 'username', ...SEED.player }, ...inWorld(world) });
      expect(res.envelope.success, res.body).toBe(true);
      tokens.set(world, res.envelope.value.token as string);
    }
    const vendor = ((await call(app, 'GET', '/wps/wallet/merchant')).envelope.value.wallets as { vendor: string }[])[0]?.vendor ?? '';
    expect(vendor).not.toBe('');
    const before = new Map(worlds.map((w) => [w, sumBalance(app.worlds.get(w), account)]));

    // A fixed mix: deposits, moves to and from a vendor wallet (some too large: refused), balances.
    const ops = Array.from({ length: 1000 }, (_, i) => ({ world: worlds[i % 50] as string, kind: Math.floor(i / 50) % 4, amount: 1 + ((i * 37) % 500) + (i % 7) / 100 }));
    const replies = await Promise.all(
      ops.map((op) => {
        const options = { token: tokens.get(op.world), ...inWorld(op.world) };
        if (op.kind === 0) return call(app, 'POST', '/wps/wallet/deposit', { ...options, body: { channelId: 'easypaisa', amount: op.amount } });
        if (op.kind === 1) return call(app, 'POST', '/wps/relay/GCS_walletTransfer', { ...options, body: { from: 'MAIN', to: vendor, amount: op.amount * 40 } });
        if (op.kind === 2) return call(app, 'POST', '/wps/relay/GCS_walletTransfer', { ...options, body: { from: vendor, to: 'MAIN', amount: op.amount } });
        return call(app, 'GET', '/wps/v2/wallets/balance', options);
      }),
    );
    const expected = new Map(before);
    let refused = 0;
    replies.forEach((res, i) => {
      const op = ops[i];
      expect(res.statusCode, res.body).toBeLessThan(500);
      if (!res.envelope.success) refused++;
      else if (op?.kind === 0) expected.set(op.world, Math.round(((expected.get(op.world) ?? 0) + (res.envelope.value.amount as number)) * 100) / 100);
    });
    // The mix met refusals (insufficient balance) as well as successes.
    expect(refused).toBeGreaterThan(0);
    expect(refused).toBeLessThan(500);
    for (const world of worlds) {
      const sim = app.worlds.get(world);
      expect(sim.ledger.consistent(account), `ledger of ${world}`).toBe(true);
      expect(sumBalance(sim, account), `money in ${world}`).toBe(expected.get(world));
      expect(sim.ledger.transactions(account).length, world).toBeGreaterThan(defaultTxs);
    }
    // The default world saw none of it.
    expect(sumBalance(app.sim, account)).toBe(defaultBefore);
    expect(app.sim.ledger.transactions(account)).toHaveLength(defaultTxs);
  });
});
