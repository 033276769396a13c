/**
 * Durable state in one process (ADR 010, ADR 021): a world written to a state directory comes back
 * whole in a new app on the same directory, passwords never reach the disk, a commit writes the
 * request's change set only, and a change that cannot be written is never answered 2xx.
 * tests/durable-restart.test.ts does the same across real processes killed with SIGKILL.
 */
import { existsSync, readFileSync, readdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { SqliteWorldPersistence as FileWorldPersistence } from '../server/sim/persistence';
import { Sim } from '../server/sim/state';
import { call, failWritesOf, login, tempDirs, testApp } from './helpers';

const stateDir = tempDirs('sim-state-');

const PASSWORD = 'Durable#Secret9';

function allText(dir: string): string {
  const walk = (d: string): string[] =>
    readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(d, e.name)) : [readFileSync(join(d, e.name), 'latin1')]));
  return walk(dir).join('\n');
}

async function registerAndDeposit(app: Awaited<ReturnType<typeof testApp>>, username: string, amount: number) {
  const reg = await call(app, 'PUT', '/wps/member/register', {
    encrypted: true,
    body: { username, password: PASSWORD, confirmPassword: PASSWORD, registerMethod: 'WEB', login: true, registerUrl: 'http://localhost/register' },
  });
  expect(reg.statusCode, reg.body).toBe(200);
  const token = reg.envelope.value.token as string;
  const dep = await call(app, 'POST', '/wps/wallet/deposit', { token, body: { channelId: 'easypaisa', amount } });
  expect(dep.statusCode, dep.body).toBe(200);
  return token;
}

const balance = async (app: Awaited<ReturnType<typeof testApp>>, token: string) =>
  (await call(app, 'GET', '/wps/v2/wallets/balance', { token })).envelope;

describe('a state directory', () => {
  it('brings back accounts, sessions, the ledger, the clock, flags, module state and the RSA key', async () => {
    const dir = stateDir();
    const first = await testApp({ stateDir: dir });
    const token = await registerAndDeposit(first, 'keeper01', 250.75);
    const seedToken = await login(first);
    await call(first, 'POST', '/__sim/clock/advance', { body: { ms: 60_000 } });
    await call(first, 'POST', '/__sim/flags', { body: { modId: 'FREEPLAY3', enabled: true } });
    const modulus = first.sim.rsa.modulusHex;
    const rows = first.sim.db.capture(new Set(['clock']));
    await first.close();

    const second = await testApp({ stateDir: dir });
    // Every row of every table of the first world, before any call reads (and seeds) more.
    expect(second.sim.db.capture(new Set(['clock']))).toEqual(rows);
    expect(second.sim.rsa.modulusHex).toBe(modulus);
    expect((await balance(second, token)).value.sumBalance).toBe(250.75);
    expect((await balance(second, seedToken)).success).toBe(true);
    expect(second.sim.clock.offset).toBeGreaterThanOrEqual(60_000);
    expect(second.sim.flag('FREEPLAY3')).toBe(true);
    expect(second.sim.ledger.consistent('keeper01')).toBe(true);
    // A password set before the restart still logs in (and works with the kept key).
    const relog = await call(second, 'POST', '/wps/session/login', { encrypted: true, body: { type: 'username', username: 'keeper01', password: PASSWORD } });
    expect(relog.envelope.success, relog.body).toBe(true);
    // Instances work again: a new deposit posts on the restored ledger.
    const dep = await call(second, 'POST', '/wps/wallet/deposit', { token, body: { channelId: 'easypaisa', amount: 10 } });
    expect(dep.envelope.value.balanceAfter).toBe(260.75);
  });

  it('brings back injected faults and latency, which go on counting where they were, and a reset that cleared them', async () => {
    const dir = stateDir();
    const first = await testApp({ stateDir: dir });
    const token = await login(first);
    const added = await call(first, 'POST', '/__sim/faults', { body: { path: '/wps/member/info', status: 503, times: 2 } });
    expect(added.statusCode, added.body).toBe(200);
    expect((await call(first, 'POST', '/__sim/latency', { body: { ms: 5 } })).statusCode).toBe(200);
    expect((await call(first, 'GET', '/wps/member/info', { token })).statusCode).toBe(503);
    await first.close();

    const second = await testApp({ stateDir: dir });
    const faults = (await call(second, 'GET', '/__sim/faults')).envelope.value;
    expect(faults).toEqual([{ ...added.envelope.value, hits: 1, remaining: 1 }]);
    expect((await call(second, 'GET', '/__sim/state')).envelope.value).toMatchObject({ latencyMs: 5, counts: { faults: 1 } });
    // The last use of the fault, then it is spent; the next fault's id goes on from the first's.
    expect((await call(second, 'GET', '/wps/member/info', { token })).statusCode).toBe(503);
    expect((await call(second, 'GET', '/wps/member/info', { token })).statusCode).toBe(200);
    const next = await call(second, 'POST', '/__sim/faults', { body: { path: '/wps/x', drop: true } });
    expect(next.envelope.value.id).toBe(added.envelope.value.id + 1);
    expect((await call(second, 'POST', '/__sim/reset', { body: {} })).statusCode).toBe(200);
    await second.close();

    const third = await testApp({ stateDir: dir });
    expect((await call(third, 'GET', '/__sim/faults')).envelope.value).toEqual([]);
    expect((await call(third, 'GET', '/__sim/state')).envelope.value).toMatchObject({ latencyMs: 0, counts: { faults: 0 } });
  });

  it('writes the use of a drop fault before the connection is cut: a restart does not drop again', async () => {
    const dir = stateDir();
    const app = await testApp({ stateDir: dir });
    const added = await call(app, 'POST', '/__sim/faults', { body: { path: '/wps/system/status', drop: true, times: 1 } });
    expect(added.statusCode, added.body).toBe(200);
    const faultsOnDisk = () => {
      const db = new DatabaseSync(join(dir, 'worlds', 'default.sqlite'), { readOnly: true });
      try {
        return (db.prepare('SELECT count(*) AS n FROM faults').get() as { n: number }).n;
      } finally {
        db.close();
      }
    };
    expect(faultsOnDisk()).toBe(1);
    await expect(app.inject({ method: 'GET', url: '/wps/system/status', headers: { merchant: 'DEMO' } })).rejects.toThrow();
    // Read while the server still runs (closing it saves every world whole, which would hide a miss).
    expect(faultsOnDisk()).toBe(0);
    await app.close();
  });

  it('reads back every kind of column: booleans, nulls, absent optional fields, nested JSON', () => {
    const dir = stateDir();
    const persistence = new FileWorldPersistence({ dir });
    const sim = new Sim();
    sim.createAccount({ account: 'columns01', password: PASSWORD, referredBy: 'player01', firstTimeLogin: false });
    sim.editAccount('columns01').favourites = [3, 1, 2];
    persistence.commit('default', sim);
    persistence.close();
    const back = new FileWorldPersistence({ dir }).load('default', () => new Sim());
    const account = back?.findAccount('columns01');
    expect(account).toEqual(sim.findAccount('columns01'));
    expect(account?.paymentPasswordHash).toBeNull();
    expect(account?.firstTimeLogin).toBe(false);
    expect(back?.findAccount('player01')).not.toHaveProperty('referredBy');
    expect(back?.db.capture()).toEqual(sim.db.capture());
  });

  it('never writes a plaintext password: not a registered one, a seed one or the brand default', async () => {
    const dir = stateDir();
    const app = await testApp({ stateDir: dir });
    await registerAndDeposit(app, 'secretive', 5);
    await login(app);
    await app.close();
    const text = allText(dir);
    expect(text).toContain('secretive');
    expect(text).not.toContain(PASSWORD);
    // No password field at all (the seed members' and the brand's default); hashes are kept.
    expect(text).not.toMatch(/"(password|paymentPassword|defaultPassword)":"/);
    expect(text).not.toContain(`"${app.sim.world.brand.defaultPassword}"`);
    const db = new DatabaseSync(join(dir, 'worlds', 'default.sqlite'), { readOnly: true });
    const hashes = db.prepare("SELECT passwordHash FROM accounts WHERE key = 'secretive'").all() as { passwordHash: string }[];
    db.close();
    expect(hashes[0]?.passwordHash).toMatch(/\S{20,}/);
    expect(hashes[0]?.passwordHash).not.toContain(PASSWORD);
    // The key and the worlds are the owner's only.
    expect(statSync(join(dir, 'rsa-key.pem')).mode & 0o077).toBe(0);
    expect(statSync(join(dir, 'worlds', 'default.sqlite')).mode & 0o077).toBe(0);
  });

  it('skips the commit of a read that changed nothing, and commits one that did', async () => {
    const dir = stateDir();
    const app = await testApp({ stateDir: dir });
    const token = await login(app);
    const stats = (app.worlds as unknown as { options: { persistence: FileWorldPersistence } }).options.persistence.stats;
    await call(app, 'GET', '/wps/v2/wallets/balance', { token });
    const commits = stats.commits;
    await call(app, 'GET', '/wps/v2/wallets/balance', { token });
    await call(app, 'GET', '/wps/member/info', { token });
    expect(stats.commits).toBe(commits);
    // A captcha is issued by a GET: it must survive too.
    await call(app, 'GET', '/wps/captcha');
    expect(stats.commits).toBe(commits + 1);
  });

  it('writes the change set of a call only: a deposit costs the same rows in a world of 300 more accounts', () => {
    const dir = stateDir();
    const persistence = new FileWorldPersistence({ dir });
    const sim = new Sim();
    persistence.commit('default', sim);
    sim.db.changes.clear();
    const deposit = () => {
      const before = persistence.stats.rows;
      sim.ledger.post('player01', 'deposit', 5, 'test', sim.now());
      persistence.commit('default', sim);
      sim.db.changes.clear();
      return persistence.stats.rows - before;
    };
    const small = deposit();
    for (let i = 0; i < 300; i++) {
      sim.createAccount({ account: `many${i}`, password: PASSWORD });
      sim.ledger.post(`many${i}`, 'deposit', 10, 'seed', sim.now());
    }
    persistence.commit('default', sim);
    sim.db.changes.clear();
    expect(deposit()).toBe(small);
    expect(small).toBeLessThanOrEqual(2);
    persistence.close();
    expect(new FileWorldPersistence({ dir }).load('default', () => new Sim())?.ledger.balance('many299')).toBe(10);
  });

  it('moves a corrupt world aside, names it, and serves the world fresh', async () => {
    const dir = stateDir();
    const persistence = new FileWorldPersistence({ dir });
    const sim = new Sim();
    sim.createAccount({ account: 'lost01', password: PASSWORD });
    persistence.save('default', sim);
    persistence.close();
    const snapshot = join(dir, 'worlds', 'default.sqlite');
    writeFileSync(snapshot, 'SQLite format 3\u0000 but not really');
    const report = vi.fn();
    expect(new FileWorldPersistence({ dir, report }).load('default', () => new Sim())).toBeUndefined();
    expect(report).toHaveBeenCalledWith(expect.stringMatching(/default\.sqlite of world "default" is unreadable.*moved to .*corrupt-.*serving the world fresh/));
    expect(existsSync(snapshot)).toBe(false);
    const aside = readdirSync(join(dir, 'worlds')).filter((f) => f.includes('.corrupt-'));
    expect(aside.some((f) => f.startsWith('default.sqlite.corrupt-'))).toBe(true);
  });

  it('answers 503 with the envelope, never 2xx, when the change cannot be written (a full disk)', async () => {
    const dir = stateDir();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const full = await testApp({ stateDir: dir });
    // A session written while the disk could still take it.
    const session = full.sim.sessions.create('player01', 'username').token;
    expect((await call(full, 'GET', '/wps/member/info', { token: session })).statusCode).toBe(200);
    // /dev/full: every write fails from here on, as on a full disk.
    failWritesOf(full, dir);
    const token = (await call(full, 'POST', '/wps/session/login', { encrypted: true, body: { type: 'username', username: 'player01', password: 'Passw0rd!' } })).envelope;
    expect(token).toMatchObject({ success: false, errorCode: 'sim.state.unwritable' });
    const before = full.sim.ledger.balance('player01');
    const dep = await call(full, 'POST', '/wps/wallet/deposit', { token: session, body: { channelId: 'easypaisa', amount: 10 } });
    expect(dep.statusCode).toBe(503);
    expect(dep.envelope).toMatchObject({ success: false, errorCode: 'sim.state.unwritable' });
    expect(dep.envelope.message).toMatch(/could not be saved to .*default\.sqlite \(/);
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('default.sqlite'));
    // A refusal keeps its own answer.
    const bad = await call(full, 'POST', '/wps/wallet/deposit', { token: session, body: { channelId: 'easypaisa', amount: -1 } });
    expect(bad.statusCode).toBe(400);
    // The refused change is undone: a client that tries again deposits once.
    expect(full.sim.ledger.balance('player01')).toBe(before);
  });

  it('serves a world fresh when a device stands in its database (never reads it forever)', async () => {
    const dir = stateDir();
    const report = vi.fn();
    const persistence = new FileWorldPersistence({ dir, report });
    symlinkSync('/dev/zero', join(dir, 'worlds', 'default.sqlite'));
    expect(persistence.load('default', () => new Sim())).toBeUndefined();
    expect(report).toHaveBeenCalledWith(expect.stringContaining('not a regular file'));
  });

  it('past --max-worlds saves the least recently used idle world, and brings it back on its next request', async () => {
    const app = await testApp({ stateDir: stateDir(), maxWorlds: 2 });
    const w1 = { 'x-sim-world': 'capped-1' };
    const reg = await call(app, 'PUT', '/wps/member/register', {
      encrypted: true,
      headers: w1,
      body: { username: 'capkeeper', password: PASSWORD, confirmPassword: PASSWORD, registerMethod: 'WEB', login: true, registerUrl: 'http://localhost/register' },
    });
    expect(reg.statusCode, reg.body).toBe(200);
    const token = reg.envelope.value.token as string;
    // A world with a request in flight is never unloaded, even the least recently used one.
    const held = app.worlds.enter('capped-2');
    await call(app, 'GET', '/wps/system/status', { headers: { 'x-sim-world': 'capped-3' } });
    expect(app.worlds.has('capped-2')).toBe(true);
    expect(app.worlds.has('capped-1')).toBe(false);
    held.leave();
    const gone = app.worlds.list().unloaded.find((u) => u.name === 'capped-1');
    expect(gone?.reason).toMatch(/saved, back on its next request/);
    // Back: the account and its live token.
    const info = await call(app, 'GET', '/wps/member/info', { token, headers: w1 });
    expect(info.statusCode, info.body).toBe(200);
    expect(info.envelope.value.account).toBe('capkeeper');
    expect(app.worlds.list().unloaded.some((u) => u.name === 'capped-1')).toBe(false);
  });

  it('keeps free-play guests and their expiry across a restart, and sweeps them after it', async () => {
    const dir = stateDir();
    const first = await testApp({ stateDir: dir, scenario: 'free-play' });
    const free = await call(first, 'POST', '/wps/session/login/freeplay', {
      headers: { 'x-gateway-version': '3' },
      body: { os: 'Linux', platform: 'W', value: 'cmFuZG9tLWRldmljZS1zdHJpbmc=' },
    });
    expect(free.statusCode, free.body).toBe(200);
    const name = free.envelope.value.username as string;
    await first.close();
    const second = await testApp({ stateDir: dir, scenario: 'free-play' });
    expect(second.sim.guests.get(name)).toBeGreaterThan(second.sim.now());
    expect((await call(second, 'GET', '/wps/member/info', { token: free.envelope.value.token as string })).statusCode).toBe(200);
    await second.inject({ method: 'POST', url: '/__sim/clock/advance', payload: { ms: second.sim.guestTtlMs + 1000 } });
    expect(second.sim.findAccount(name)).toBeUndefined();
    expect(second.sim.guests.size).toBe(0);
  });
});
