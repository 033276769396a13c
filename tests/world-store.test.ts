/**
 * The world as declared tables in SQLite (docs/decisions/021-world-as-data.md): random sequences of
 * changes come back from disk equal to the world in memory; a deleted world stays deleted, also when
 * the DELETE carries the world's own header and while its other requests are in flight; open
 * databases stay bounded; a directory of the old JSON format is refused with a message saying so.
 */
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PersistenceError, SqliteWorldPersistence } from '../server/sim/persistence';
import { WorldFile } from '../server/sim/store/sqlite';
import { Sim } from '../server/sim/state';
import { openStateDir } from '../server/sim/state-dir';
import { loginFailures } from '../server/sim/login-failures';
import { earnPoints } from '../server/sim/points';
import { worldTables } from '../server/sim/store/world-schema';
import { call, tempDirs, testApp } from './helpers';

const stateDir = tempDirs('sim-store-');

type Op =
  | { kind: 'register'; n: number }
  | { kind: 'deposit'; n: number; amount: number }
  | { kind: 'session'; n: number }
  | { kind: 'logout'; n: number }
  | { kind: 'flag'; on: boolean }
  | { kind: 'clock'; ms: number }
  | { kind: 'points'; n: number; points: number }
  | { kind: 'captcha' }
  | { kind: 'sweep' }
  | { kind: 'loginFailed'; n: number }
  | { kind: 'loginPassed'; n: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('register' as const), n: fc.nat(5) }),
  fc.record({ kind: fc.constant('deposit' as const), n: fc.nat(5), amount: fc.integer({ min: 1, max: 500 }) }),
  fc.record({ kind: fc.constant('session' as const), n: fc.nat(5) }),
  fc.record({ kind: fc.constant('logout' as const), n: fc.nat(5) }),
  fc.record({ kind: fc.constant('flag' as const), on: fc.boolean() }),
  fc.record({ kind: fc.constant('clock' as const), ms: fc.integer({ min: 0, max: 3 * 60 * 60_000 }) }),
  fc.record({ kind: fc.constant('points' as const), n: fc.nat(5), points: fc.integer({ min: 1, max: 50 }) }),
  fc.record({ kind: fc.constant('captcha' as const) }),
  fc.record({ kind: fc.constant('sweep' as const) }),
  // A failed login deletes its name's row and puts it again (it moves to the end of its table).
  fc.record({ kind: fc.constant('loginFailed' as const), n: fc.nat(3) }),
  fc.record({ kind: fc.constant('loginPassed' as const), n: fc.nat(3) }),
);

function apply(sim: Sim, o: Op): void {
  const name = `prop${'n' in o ? o.n : 0}`;
  switch (o.kind) {
    case 'register':
      if (!sim.findAccount(name)) sim.createAccount({ account: name, password: 'Prop#Pass1' });
      return;
    case 'deposit':
      if (sim.findAccount(name)) sim.ledger.post(name, 'deposit', o.amount, 'prop', sim.now());
      return;
    case 'session':
      if (sim.findAccount(name)) sim.sessions.create(name, 'username');
      return;
    case 'logout':
      sim.sessions.revokeAccount(name);
      return;
    case 'flag':
      sim.setFlag('FREEPLAY3', o.on);
      return;
    case 'clock':
      sim.clock.advance(o.ms);
      return;
    case 'points': {
      const account = sim.findAccount(name);
      if (account) earnPoints(sim, account, o.points, 'prop');
      return;
    }
    case 'captcha':
      sim.captcha.issue();
      return;
    case 'sweep':
      sim.sweep();
      return;
    case 'loginFailed':
      loginFailures(sim).record(name);
      return;
    case 'loginPassed':
      loginFailures(sim).clear(name);
      return;
  }
}

describe('a world in SQLite', () => {
  it('comes back from disk equal to the world in memory after any sequence of committed changes', () => {
    fc.assert(
      fc.property(fc.array(fc.array(op, { maxLength: 6 }), { minLength: 1, maxLength: 8 }), (requests) => {
        const dir = stateDir();
        const persistence = new SqliteWorldPersistence({ dir });
        const sim = new Sim();
        // Each inner array is one request: its change set is committed as one transaction.
        for (const ops of [[] as Op[], ...requests]) {
          for (const o of ops) apply(sim, o);
          persistence.commit('default', sim);
          sim.db.changes.clear();
        }
        persistence.close();
        const back = new SqliteWorldPersistence({ dir }).load('default', () => new Sim());
        expect(back?.db.capture()).toEqual(sim.db.capture());
        for (const account of sim.accounts.keys()) expect(back?.ledger.balance(account)).toBe(sim.ledger.balance(account));
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 25) },
    );
  });

  it('comes back from disk equal to the world in memory when requests are written in groups (group commit)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(fc.array(op, { maxLength: 4 }), { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 6 }), async (groups) => {
        const dir = stateDir();
        const persistence = new SqliteWorldPersistence({ dir });
        const sim = new Sim();
        persistence.commit('default', sim);
        sim.db.changes.clear();
        // Each innermost array is one request, each middle one the requests of one turn: every
        // request's change set is taken for the turn's write, which is awaited before the next turn.
        for (const requests of groups) {
          const written: Promise<void>[] = [];
          for (const ops of requests) {
            for (const o of ops) apply(sim, o);
            written.push(persistence.commitSoon('default', sim));
            sim.db.changes.clear();
          }
          await Promise.all(written);
        }
        persistence.close();
        const back = new SqliteWorldPersistence({ dir }).load('default', () => new Sim());
        expect(back?.db.capture()).toEqual(sim.db.capture());
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 25) },
    );
  });

  it('declares every table once, with a key and a row schema', () => {
    const names = worldTables().map((t) => t.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(expect.arrayContaining(['accounts', 'sessions', 'ledger', 'bets', 'guests', 'sms_outbox', 'captchas', 'world', 'clock', 'sub_wallets', 'points_wallets', 'agent', 'launch_tickets', 'login_failures', 'snapshots']));
    for (const t of worldTables()) expect(t.row.type).toBe('object');
  });

  it('seeds each world with copies of one prepared seed: no row shared, every password digest salted anew', () => {
    const [a, b] = [new Sim({ scenario: 'agent' }), new Sim({ scenario: 'agent' })];
    expect(a.accounts.size).toBeGreaterThan(10);
    const digests = new Set<string>();
    for (const [name, row] of a.accounts) {
      const other = b.accounts.get(name);
      // The same seed, but not the same objects: a change in place in one world stays there.
      expect({ ...other, passwordHash: '', paymentPasswordHash: null }).toEqual({ ...row, passwordHash: '', paymentPasswordHash: null });
      expect(other).not.toBe(row);
      expect(other?.clubLabel).not.toBe(row.clubLabel);
      expect(other?.recentGames).not.toBe(row.recentGames);
      for (const digest of [row.passwordHash, row.paymentPasswordHash, other?.passwordHash, other?.paymentPasswordHash]) {
        if (digest === null || digest === undefined) continue;
        expect(digests.has(digest)).toBe(false);
        digests.add(digest);
      }
      expect(a.checkPassword(row, 'Passw0rd!')).toBe(b.checkPassword(other as typeof row, 'Passw0rd!'));
      expect(a.ledger.transactions(name)).toEqual(b.ledger.transactions(name));
      if (a.ledger.transactions(name).length) expect(a.ledger.transactions(name)[0]).not.toBe(b.ledger.transactions(name)[0]);
    }
    expect(a.checkPassword(a.accounts.get('player01') as never, 'Passw0rd!')).toBe(true);
    a.editAccount('player01').clubLabel.labelName = 'changed in a';
    a.ledger.post('player01', 'deposit', 5, 'only in a', a.now());
    expect(b.accounts.get('player01')?.clubLabel.labelName).not.toBe('changed in a');
    expect(b.ledger.balance('player01')).toBe(a.ledger.balance('player01') - 5);
  });

  it('deletes a world for good, also under its own header and with a request of it in flight', async () => {
    const dir = stateDir();
    const app = await testApp({ stateDir: dir });
    const own = { 'x-sim-world': 'doomed' };
    const reg = await call(app, 'PUT', '/wps/member/register', {
      encrypted: true,
      headers: own,
      body: { username: 'doomed01', password: 'Doomed#Pass1', confirmPassword: 'Doomed#Pass1', registerMethod: 'WEB', login: true, registerUrl: 'http://localhost/register' },
    });
    expect(reg.statusCode, reg.body).toBe(200);
    const file = join(dir, 'worlds', 'doomed.sqlite');
    expect(existsSync(file)).toBe(true);
    // A request of the world still in flight, holding the world, writes after the delete.
    const held = app.worlds.enter('doomed');
    const del = await app.inject({ method: 'DELETE', url: '/__sim/worlds/doomed', headers: own });
    expect(del.statusCode, del.body).toBe(200);
    expect(existsSync(file)).toBe(false);
    held.sim.ledger.post('doomed01', 'deposit', 5, 'late', held.sim.now());
    (app.worlds as unknown as { options: { persistence: SqliteWorldPersistence } }).options.persistence.commit('doomed', held.sim);
    held.leave();
    expect(existsSync(file)).toBe(false);
    await app.close();
    // After a restart the world is not there: its name starts a fresh world.
    const again = await testApp({ stateDir: dir });
    const info = await call(again, 'GET', '/wps/member/info', { token: reg.envelope.value.token as string, headers: own });
    expect(info.envelope).toMatchObject({ success: false, errorCode: 'login.not.session' });
  });

  it('knows a saved world it has not loaded: listed, not made again on top of it, and deleted for good', async () => {
    const dir = stateDir();
    const app = await testApp({ stateDir: dir });
    const kept = { 'x-sim-world': 'kept' };
    const reg = await call(app, 'PUT', '/wps/member/register', {
      encrypted: true,
      headers: kept,
      body: { username: 'kept0001', password: 'Kept#Pass1', confirmPassword: 'Kept#Pass1', registerMethod: 'WEB', login: true, registerUrl: 'http://localhost/register' },
    });
    expect(reg.statusCode, reg.body).toBe(200);
    await app.inject({ method: 'POST', url: '/__sim/worlds', payload: { name: 'other' } });
    await app.close();

    const again = await testApp({ stateDir: dir });
    // Listed though not loaded: it exists.
    const list = (await again.inject({ method: 'GET', url: '/__sim/worlds' })).json().value;
    expect(list.worlds.map((w: { name: string }) => w.name)).toEqual(['default']);
    expect(list.unloaded.map((u: { name: string }) => u.name).sort()).toEqual(['kept', 'other']);
    expect(list.unloaded[0].reason).toMatch(/saved/);
    // Creating it again is refused; its saved data is untouched (no fresh world written over it).
    const create = await again.inject({ method: 'POST', url: '/__sim/worlds', payload: { name: 'kept' } });
    expect(create.statusCode).toBe(409);
    expect(create.json().errorCode).toBe('sim.world.exists');
    expect(again.worlds.get('kept').findAccount('kept0001')).toBeDefined();
    // Deleted while not loaded (the second world): gone from disk, and its name starts afresh.
    const del = await again.inject({ method: 'DELETE', url: '/__sim/worlds/other' });
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json().value).toEqual({ name: 'other', removed: true });
    expect(existsSync(join(dir, 'worlds', 'other.sqlite'))).toBe(false);
    expect((await again.inject({ method: 'DELETE', url: '/__sim/worlds/other' })).statusCode).toBe(404);
    // And a loaded one deleted stays deleted over a restart.
    expect((await again.inject({ method: 'DELETE', url: '/__sim/worlds/kept' })).statusCode).toBe(200);
    await again.close();
    const third = await testApp({ stateDir: dir });
    const after = (await third.inject({ method: 'GET', url: '/__sim/worlds' })).json().value;
    expect(after.unloaded).toEqual([]);
    expect(third.worlds.get('kept').findAccount('kept0001')).toBeUndefined();
    await third.close();
  });

  it('refuses to make anew a world unloaded past --max-worlds and saved', async () => {
    const dir = stateDir();
    const app = await testApp({ stateDir: dir, maxWorlds: 2 });
    await app.inject({ method: 'POST', url: '/__sim/worlds', payload: { name: 'first', scenario: 'maintenance' } });
    await app.inject({ method: 'POST', url: '/__sim/worlds', payload: { name: 'second' } });
    expect(app.worlds.has('first')).toBe(false);
    expect((await app.inject({ method: 'POST', url: '/__sim/worlds', payload: { name: 'first' } })).statusCode).toBe(409);
    expect(app.worlds.get('first').scenario.name).toBe('maintenance');
    await app.close();
  });

  it('leaves a saved world in place when the machine cannot read it now, and answers 503 until it can', async () => {
    const dir = stateDir();
    const app = await testApp({ stateDir: dir });
    const own = { 'x-sim-world': 'patient' };
    await app.inject({ method: 'POST', url: '/__sim/worlds', payload: { name: 'patient', scenario: 'maintenance' } });
    await app.close();
    const again = await testApp({ stateDir: dir });
    const readAll = WorldFile.prototype.readAll;
    WorldFile.prototype.readAll = function () {
      throw Object.assign(new Error('database or disk is full'), { code: 'ERR_SQLITE_ERROR', errcode: 13 });
    };
    try {
      const res = await again.inject({ method: 'GET', url: '/__sim/state', headers: own });
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json().errorCode).toBe('sim.state.unwritable');
      expect(readdirSync(join(dir, 'worlds')).filter((f) => f.includes('corrupt'))).toEqual([]);
    } finally {
      WorldFile.prototype.readAll = readAll;
    }
    const later = await again.inject({ method: 'GET', url: '/__sim/state', headers: own });
    expect(later.statusCode).toBe(200);
    expect(later.json().value.scenario.name).toBe('maintenance');
    await again.close();
  });

  it('makes no world it cannot write: 503, not listed, its name still free', async () => {
    const dir = stateDir();
    const app = await testApp({ stateDir: dir });
    const persistence = (app.worlds as unknown as { options: { persistence: SqliteWorldPersistence } }).options.persistence;
    const commit = persistence.commit;
    persistence.commit = (name) => {
      throw new PersistenceError(name, persistence.file(name), Object.assign(new Error('disk full'), { code: 'ENOSPC' }));
    };
    try {
      const res = await app.inject({ method: 'POST', url: '/__sim/worlds', payload: { name: 'unborn' } });
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json().errorCode).toBe('sim.state.unwritable');
      const byHeader = await app.inject({ method: 'GET', url: '/__sim/state', headers: { 'x-sim-world': 'unborn2' } });
      expect(byHeader.statusCode, byHeader.body).toBe(503);
    } finally {
      persistence.commit = commit;
    }
    const list = (await app.inject({ method: 'GET', url: '/__sim/worlds' })).json().value;
    expect(list.worlds.map((w: { name: string }) => w.name)).toEqual(['default']);
    expect(list.unloaded).toEqual([]);
    expect((await app.inject({ method: 'POST', url: '/__sim/worlds', payload: { name: 'unborn' } })).statusCode).toBe(200);
    await app.close();
  });

  it('keeps at most maxOpen databases open, and reopens a closed one on its next write', () => {
    const dir = stateDir();
    const persistence = new SqliteWorldPersistence({ dir, maxOpen: 3 });
    const sims = Array.from({ length: 8 }, () => new Sim());
    sims.forEach((sim, i) => persistence.commit(`w${i}`, sim));
    expect(persistence.openCount).toBe(3);
    sims[0]?.ledger.post('player01', 'deposit', 9, 'again', sims[0].now());
    persistence.commit('w0', sims[0] as Sim);
    expect(persistence.openCount).toBe(3);
    persistence.close();
    expect(new SqliteWorldPersistence({ dir }).load('w0', () => new Sim())?.ledger.balance('player01')).toBe(sims[0]?.ledger.balance('player01'));
  });

  it('refuses a state directory of the old JSON format, naming its format and what to do', () => {
    const dir = stateDir();
    mkdirSync(join(dir, 'worlds'), { recursive: true });
    writeFileSync(join(dir, 'worlds', 'default.snapshot.json'), '{"format":1,"records":{}}');
    expect(() => openStateDir(dir, { report: () => {} })).toThrow(/format 1 \(JSON snapshot and log files: default\.snapshot\.json\).*SQLite \(format 2\).*mv /);
    // Nothing was changed or removed, and the lock was released.
    expect(readdirSync(join(dir, 'worlds'))).toEqual(['default.snapshot.json']);
    rmSync(join(dir, 'worlds', 'default.snapshot.json'));
    openStateDir(dir, { report: () => {} }).close();
  });
});
