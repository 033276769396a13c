/**
 * Rewind (docs/decisions/031-rewind-and-format-1-migration.md): POST /__sim/rewind { before } puts a
 * world back exactly as it was just before a journaled call, through the table layer (one durable
 * change under --state); later entries are marked rewound; an unknown or out-of-reach id is a 400
 * that changes nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { call, type Envelope, testApp } from './helpers';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const PASSWORD = 'Rewind#Pass1';
const SEED_PASSWORD = 'Passw0rd!';

/** Every row of the world, each table's rows in key order (row order is not what is compared). */
function rowsOf(app: FastifyInstance, world: string): Record<string, [string, unknown][]> {
  const rows = app.worlds.get(world).db.capture();
  for (const name of Object.keys(rows)) rows[name]?.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return rows;
}

async function control(app: FastifyInstance, world: string, method: 'GET' | 'POST', path: string, body?: unknown) {
  const res = await app.inject({ method, url: `/__sim${path}`, headers: { 'x-sim-world': world }, ...(body === undefined ? {} : { payload: body as object }) });
  return Object.assign(res, { envelope: res.json() as Envelope });
}

const gateway = (app: FastifyInstance, world: string, method: 'GET' | 'POST' | 'PUT', url: string, options: Parameters<typeof call>[3] = {}) =>
  call(app, method, url, { ...options, headers: { ...options.headers, 'x-sim-world': world } });

type Step =
  | { kind: 'register'; n: number }
  | { kind: 'login' }
  | { kind: 'deposit'; amount: number }
  | { kind: 'withdraw'; amount: number }
  | { kind: 'balance' }
  | { kind: 'flag'; enabled: boolean }
  | { kind: 'status'; status: 'normal' | 'maintenance' }
  | { kind: 'clock'; ms: number }
  | { kind: 'fault'; status: number }
  | { kind: 'latency'; ms: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('register' as const), n: fc.integer({ min: 0, max: 3 }) }),
  fc.constant({ kind: 'login' as const }),
  fc.record({ kind: fc.constant('deposit' as const), amount: fc.integer({ min: 5, max: 500 }) }),
  fc.record({ kind: fc.constant('withdraw' as const), amount: fc.integer({ min: 10, max: 80 }) }),
  fc.constant({ kind: 'balance' as const }),
  fc.record({ kind: fc.constant('flag' as const), enabled: fc.boolean() }),
  fc.record({ kind: fc.constant('status' as const), status: fc.constantFrom('normal' as const, 'maintenance' as const) }),
  fc.record({ kind: fc.constant('clock' as const), ms: fc.integer({ min: 1_000, max: 3_600_000 }) }),
  fc.record({ kind: fc.constant('fault' as const), status: fc.constantFrom(500, 503) }),
  fc.record({ kind: fc.constant('latency' as const), ms: fc.constantFrom(0, 1) }),
);

/** Runs one step; returns whether it was a journaled (gateway) call. */
async function run(app: FastifyInstance, world: string, s: Step, tokens: { player?: string }): Promise<boolean> {
  const token = tokens.player;
  switch (s.kind) {
    case 'register':
      await gateway(app, world, 'PUT', '/wps/member/register', {
        encrypted: true,
        body: { username: `rewind${s.n}`, password: PASSWORD, confirmPassword: PASSWORD, registerMethod: 'WEB', login: true, registerUrl: 'http://localhost/register' },
      });
      return true;
    case 'login': {
      const res = await gateway(app, world, 'POST', '/wps/session/login', { encrypted: true, body: { type: 'username', username: 'player01', password: SEED_PASSWORD } });
      if (res.envelope.success) tokens.player = res.envelope.value.token as string;
      return true;
    }
    case 'deposit':
      await gateway(app, world, 'POST', '/wps/wallet/deposit', { token, body: { channelId: 'easypaisa', amount: s.amount } });
      return true;
    case 'withdraw':
      await gateway(app, world, 'POST', '/wps/wallet/withdraw', { token, body: { amount: s.amount, accountId: 'acc-1', paymentPassword: '135790' } });
      return true;
    case 'balance':
      await gateway(app, world, 'GET', '/wps/v2/wallets/balance', { token });
      return true;
    case 'flag':
      await control(app, world, 'POST', '/flags', { modId: 'FREEPLAY3', enabled: s.enabled });
      return false;
    case 'status':
      await control(app, world, 'POST', '/status', { status: s.status });
      return false;
    case 'clock':
      await control(app, world, 'POST', '/clock/advance', { ms: s.ms });
      return false;
    case 'fault':
      // The next deposit fails once: the call that uses the fault changes its row.
      await control(app, world, 'POST', '/faults', { path: '/wps/wallet/deposit', status: s.status, times: 1 });
      return false;
    case 'latency':
      await control(app, world, 'POST', '/latency', { ms: s.ms });
      return false;
  }
}

const nextId = (app: FastifyInstance, world: string) => app.worlds.get(world).journal.nextEntryId;

describe('rewind', () => {
  it('rewinding to call k gives exactly the rows the world had after call k-1 (random sequences)', async () => {
    const app = await testApp();
    let worldNo = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), fc.nat(), async (steps, pick) => {
        const world = `rw${++worldNo}`;
        await control(app, world, 'POST', '/worlds', { name: world });
        const tokens: { player?: string } = {};
        const points: { id: number; rows: ReturnType<typeof rowsOf> }[] = [];
        for (const s of steps) {
          const id = nextId(app, world);
          const rows = rowsOf(app, world);
          if (await run(app, world, s, tokens)) points.push({ id, rows });
        }
        if (points.length === 0) return;
        const target = points[pick % points.length] as (typeof points)[number];
        const res = await control(app, world, 'POST', '/rewind', { before: target.id });
        expect(res.statusCode, res.body).toBe(200);
        expect(rowsOf(app, world)).toEqual(target.rows);
        // Rewinding again to the same entry is refused: it was rewound.
        expect((await control(app, world, 'POST', '/rewind', { before: target.id })).statusCode).toBe(400);
        await app.inject({ method: 'DELETE', url: `/__sim/worlds/${world}` });
      }),
      { numRuns: 15 },
    );
  });

  it('marks the undone entries rewound, keeps the earlier ones, and a later rewind reaches past the first', async () => {
    const app = await testApp();
    const world = 'marks';
    await control(app, world, 'POST', '/worlds', { name: world });
    // A first call in the world seeds the records its calls read (seeded on first use, and again by
    // any call after a rewind): the world the rewind goes back to is the one calls find.
    await control(app, world, 'GET', '/state');
    const tokens: { player?: string } = {};
    const start = rowsOf(app, world);
    const first = nextId(app, world);
    await run(app, world, { kind: 'login' }, tokens);
    const afterLogin = rowsOf(app, world);
    await run(app, world, { kind: 'deposit', amount: 50 }, tokens);
    await run(app, world, { kind: 'flag', enabled: true }, tokens);
    await run(app, world, { kind: 'deposit', amount: 70 }, tokens);
    const res = await control(app, world, 'POST', '/rewind', { before: first + 1 });
    expect(res.envelope.value.rewound).toEqual([first + 1, first + 2]);
    expect(rowsOf(app, world)).toEqual(afterLogin);
    const journal = (await control(app, world, 'GET', '/journal')).envelope.value as { id: number; rewound?: boolean }[];
    expect(journal.map((e) => [e.id, e.rewound ?? false])).toEqual([
      [first + 2, true],
      [first + 1, true],
      [first, false],
    ]);
    // A call after the rewind, then back to before the very first: the world as created.
    await run(app, world, { kind: 'deposit', amount: 30 }, tokens);
    expect((await control(app, world, 'POST', '/rewind', { before: first })).statusCode).toBe(200);
    expect(rowsOf(app, world)).toEqual(start);
  });

  it('undoes injected faults and latency: set through the control API, or used by a call', async () => {
    const app = await testApp();
    const world = 'faulty';
    await control(app, world, 'POST', '/worlds', { name: world });
    // A first call in the world seeds the records its calls read (seeded on first use, and again by
    // any call after a rewind): the world the rewind goes back to is the one calls find.
    await control(app, world, 'GET', '/state');
    const tokens: { player?: string } = {};
    const start = rowsOf(app, world);
    const first = nextId(app, world);
    await run(app, world, { kind: 'login' }, tokens);
    await control(app, world, 'POST', '/faults', { path: '/wps/wallet/deposit', status: 500, times: 1 });
    await control(app, world, 'POST', '/latency', { ms: 2 });
    const armed = (await control(app, world, 'GET', '/faults')).envelope.value as unknown[];
    expect(armed).toHaveLength(1);
    const hit = nextId(app, world);
    expect((await gateway(app, world, 'POST', '/wps/wallet/deposit', { token: tokens.player, body: { channelId: 'easypaisa', amount: 20 } })).statusCode).toBe(500);
    expect((await control(app, world, 'GET', '/faults')).envelope.value).toEqual([]);
    // Before the call that used it: the fault is back, unused; the latency set before it stays.
    expect((await control(app, world, 'POST', '/rewind', { before: hit })).statusCode).toBe(200);
    expect((await control(app, world, 'GET', '/faults')).envelope.value).toEqual(armed);
    expect((await control(app, world, 'GET', '/state')).envelope.value.latencyMs).toBe(2);
    // Before the login: the control calls after it are undone too, so no fault and no latency.
    expect((await control(app, world, 'POST', '/rewind', { before: first })).statusCode).toBe(200);
    expect((await control(app, world, 'GET', '/faults')).envelope.value).toEqual([]);
    expect((await control(app, world, 'GET', '/state')).envelope.value).toMatchObject({ latencyMs: 0, counts: { faults: 0 } });
    expect(rowsOf(app, world)).toEqual(start);
  });

  it('refuses an unknown, evicted or rewound id with 400 and changes nothing', async () => {
    const app = await testApp({ journalSize: 3 });
    const tokens: { player?: string } = {};
    const first = nextId(app, 'default');
    await run(app, 'default', { kind: 'login' }, tokens);
    for (let i = 0; i < 4; i++) await run(app, 'default', { kind: 'deposit', amount: 10 + i }, tokens);
    const rows = rowsOf(app, 'default');
    const newest = nextId(app, 'default') - 1;
    for (const [before, message] of [
      [newest + 5, /No journal entry/],
      [first, /no longer in the journal/],
    ] as const) {
      const res = await control(app, 'default', 'POST', '/rewind', { before });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.envelope.message).toMatch(message);
      expect(rowsOf(app, 'default')).toEqual(rows);
    }
    const bad = await control(app, 'default', 'POST', '/rewind', { before: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('before');
    expect(rowsOf(app, 'default')).toEqual(rows);
  });

  it('a call recorded before rewind data existed is out of reach', async () => {
    const app = await testApp();
    const sim = app.worlds.get('default');
    // An entry from before the world kept change sets (as one read back from elsewhere would be).
    sim.journal.add({
      time: 0, simTime: 0, method: 'GET', path: '/wps/x', operationId: null, query: {},
      headers: { merchant: null, device: null, language: null, moduleId: null, authorization: null },
      encrypted: false, body: null, status: 200, reply: null, durationMs: 0, fault: null, latencyMs: 0,
      contract: { request: null, reply: null, errors: [] },
    });
    const old = sim.journal.nextEntryId - 1;
    await run(app, 'default', { kind: 'login' }, {});
    const res = await control(app, 'default', 'POST', '/rewind', { before: old });
    expect(res.statusCode).toBe(400);
    expect(res.envelope.message).toMatch(/out of reach/);
  });

  it('under --state the rewind is durable: a new app on the directory has the rewound world', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sim-rewind-'));
    dirs.push(dir);
    const first = await testApp({ stateDir: dir });
    const tokens: { player?: string } = {};
    await run(first, 'default', { kind: 'login' }, tokens);
    const before = rowsOf(first, 'default');
    const id = nextId(first, 'default');
    await run(first, 'default', { kind: 'deposit', amount: 123 }, tokens);
    await run(first, 'default', { kind: 'flag', enabled: true }, tokens);
    await run(first, 'default', { kind: 'register', n: 9 }, tokens);
    expect(rowsOf(first, 'default')).not.toEqual(before);
    expect((await control(first, 'default', 'POST', '/rewind', { before: id })).statusCode).toBe(200);
    expect(rowsOf(first, 'default')).toEqual(before);
    await first.close();
    const second = await testApp({ stateDir: dir });
    expect(rowsOf(second, 'default')).toEqual(before);
  });
});
