/**
 * A world as one file (docs/decisions/030-world-files.md): GET /__sim/worlds/NAME/export answers the
 * world's SQLite database in a state directory's format with its journal, POST
 * /__sim/worlds/NAME/import makes a world of it again (sessions, balances, clock, flags, status,
 * scenario, injected faults and latency, and journal), in memory and under --state; the journal
 * carries its rewind data, so the copy rewinds to a call made before the export; a file that is not
 * a world of this format answers 400 and changes nothing; the CLI does the same round trip.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { main } from '../scripts/sim-cli';
import type { TSchema } from '@sinclair/typebox';
import { MONEY_LIMIT } from '../openapi/money';
import { referencesOf } from '../server/sim/store/consistency';
import { worldTables } from '../server/sim/store/schema';
import { APPLICATION_ID, columnsOf, fileTables, WORLD_FORMAT } from '../server/sim/store/sqlite';
import { controlApp } from './control-app';
import { call, tempDirs, type CallOptions } from './helpers';

const tempDir = tempDirs('sim-world-file-test-');

const PASSWORD = 'Export#Secret9';
type App = FastifyInstance;

/** A gateway call in one world. */
const inWorld = (app: App, world: string, method: 'GET' | 'POST' | 'PUT', path: string, options: CallOptions = {}) =>
  call(app, method, path, { ...options, headers: { 'x-sim-world': world, ...options.headers } });

/** A control call in one world; the parsed envelope alongside. */
async function control(app: App, world: string, method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown) {
  const res = await app.inject({ method, url: `/__sim${path}`, headers: { 'x-sim-world': world }, ...(body === undefined ? {} : { payload: body as object }) });
  return Object.assign(res, { envelope: res.json() });
}

/** A player registered and paid in `world`, with the world's clock, a flag, status and scenario moved. */
async function furnish(app: App, world: string, username: string) {
  expect((await control(app, world, 'POST', '/scenario', { name: 'agent' })).statusCode).toBe(200);
  const reg = await inWorld(app, world, 'PUT', '/wps/member/register', {
    encrypted: true,
    body: { username, password: PASSWORD, confirmPassword: PASSWORD, registerMethod: 'WEB', login: true, registerUrl: 'http://localhost/register' },
  });
  expect(reg.statusCode, reg.body).toBe(200);
  const token = reg.envelope.value.token as string;
  const dep = await inWorld(app, world, 'POST', '/wps/wallet/deposit', { token, body: { channelId: 'easypaisa', amount: 321.5 } });
  expect(dep.statusCode, dep.body).toBe(200);
  await control(app, world, 'POST', '/clock/advance', { ms: 3_600_000 });
  await control(app, world, 'POST', '/flags', { modId: 'FREEPLAY3', enabled: true });
  await control(app, world, 'POST', '/status', { status: 'region-restricted' });
  // Injected faults and latency are world rows too (ADR 036): one fault half used, a small latency.
  expect((await control(app, world, 'POST', '/faults', { path: '/wps/system/status', status: 502, times: 3 })).statusCode).toBe(200);
  expect((await inWorld(app, world, 'GET', '/wps/system/status')).statusCode).toBe(502);
  await control(app, world, 'POST', '/latency', { ms: 3 });
  return token;
}

async function exportOf(app: App, world: string): Promise<Buffer> {
  const res = await app.inject({ method: 'GET', url: `/__sim/worlds/${world}/export` });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/vnd.sqlite3');
  expect(res.headers['content-disposition']).toBe(`attachment; filename="${world}.sqlite"`);
  return res.rawPayload;
}

const importTo = (app: App, bytes: Buffer, name?: string, type = 'application/vnd.sqlite3') =>
  app.inject({ method: 'POST', url: name ? `/__sim/worlds/${name}/import` : '/__sim/worlds/import', headers: { 'content-type': type }, payload: bytes });

/** What a world shows: its control state (less wall-clock noise), flags and journal. */
async function looks(app: App, world: string) {
  const state = (await control(app, world, 'GET', '/state')).envelope.value;
  const journal = (await control(app, world, 'GET', '/journal')).envelope.value;
  const faults = (await control(app, world, 'GET', '/faults')).envelope.value;
  return { scenario: state.scenario, status: state.status, flags: state.flags, offsetMs: state.clock.offsetMs, latencyMs: state.latencyMs, counts: state.counts, faults, journal };
}

const balance = async (app: App, world: string, token: string) => (await inWorld(app, world, 'GET', '/wps/v2/wallets/balance', { token })).envelope;

/** The bytes of a database written by `build` (a file the tests tamper with). */
function database(build: (db: DatabaseSync) => void): Buffer {
  const path = join(tempDir(), 'made.sqlite');
  const db = new DatabaseSync(path);
  build(db);
  db.close();
  return readFileSync(path);
}

describe('export and import in memory', () => {
  it('round trip: the copy has the same accounts, balances, working sessions, clock, flags, status, scenario and journal', async () => {
    const app = await controlApp();
    const token = await furnish(app, 'alpha', 'exporter01');
    const before = await looks(app, 'alpha');
    expect(before.journal.length).toBeGreaterThan(0);
    const bytes = await exportOf(app, 'alpha');

    // The file is a world database of this format: the state directory's tables and columns.
    const path = join(tempDir(), 'alpha.sqlite');
    writeFileSync(path, bytes);
    const db = new DatabaseSync(path, { readOnly: true });
    expect(db.prepare('PRAGMA application_id').get()).toEqual({ application_id: APPLICATION_ID });
    expect(db.prepare('PRAGMA user_version').get()).toEqual({ user_version: WORLD_FORMAT });
    expect(db.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'delete' });
    for (const def of fileTables()) {
      const columns = (db.prepare(`PRAGMA table_info("${def.name}")`).all() as { name: string }[]).map((c) => c.name);
      expect(columns, def.name).toEqual(['key', ...columnsOf(def).map((c) => c.name)]);
    }
    expect(db.prepare('SELECT world, journalNextId FROM world_file').get()).toMatchObject({ world: 'alpha' });
    expect((db.prepare('SELECT count(*) AS n FROM journal').get() as { n: number }).n).toBe(before.journal.length);
    db.close();

    const imported = await importTo(app, bytes, 'beta');
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json().value).toMatchObject({ name: 'beta', scenario: 'agent', status: 2 });
    const after = await looks(app, 'beta');
    expect(after.offsetMs).toBeGreaterThanOrEqual(3_600_000);
    expect({ ...after, offsetMs: 0 }).toEqual({ ...before, offsetMs: 0 });
    // Status 2 refuses gateway calls; back to normal, the imported session's token works in beta.
    await control(app, 'beta', 'POST', '/status', { status: 'normal' });
    expect((await balance(app, 'beta', token)).value.sumBalance).toBe(321.5);
    // The copy is a world of its own: a deposit there leaves alpha alone, and ids go on.
    await inWorld(app, 'beta', 'POST', '/wps/wallet/deposit', { token, body: { channelId: 'easypaisa', amount: 10 } });
    await control(app, 'alpha', 'POST', '/status', { status: 'normal' });
    expect((await balance(app, 'alpha', token)).value.sumBalance).toBe(321.5);
    expect((await balance(app, 'beta', token)).value.sumBalance).toBe(331.5);
    const newest = (await control(app, 'beta', 'GET', '/journal?limit=1')).envelope.value[0];
    expect(newest.id).toBeGreaterThan(before.journal[0].id);

    // Without a name, the file's own: alpha replaced by its export (its newer journal entries go).
    const again = await importTo(app, bytes, undefined, 'application/octet-stream');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().value.name).toBe('alpha');
    expect((await looks(app, 'alpha')).journal).toEqual(before.journal);
  });

  it('refuses a file that is not a world of this format with 400 naming it, and changes nothing', async () => {
    const app = await controlApp();
    const token = await furnish(app, 'kept', 'keeper02');
    await control(app, 'kept', 'POST', '/status', { status: 'normal' });
    const bytes = await exportOf(app, 'kept');
    const before = await looks(app, 'kept');

    const newer = database((db) => db.exec(`PRAGMA application_id=${APPLICATION_ID}; PRAGMA user_version=${WORLD_FORMAT + 1}; CREATE TABLE t (x)`));
    const foreign = database((db) => db.exec('PRAGMA application_id=1234; PRAGMA user_version=2; CREATE TABLE accounts (x)'));
    const plain = database((db) => db.exec('CREATE TABLE notes (x); INSERT INTO notes VALUES (1)'));
    // A page in the middle overwritten: the header is right, the database is damaged.
    const damaged = Buffer.from(bytes);
    damaged.fill(0x5a, 4096 * 3, 4096 * 3 + 2048);
    const cases: [string, Buffer, RegExp][] = [
      ['not SQLite', Buffer.from('{"hello":"world"}'.repeat(100)), /not a SQLite database/],
      ['empty', Buffer.alloc(0), /not a SQLite database/],
      ['truncated', bytes.subarray(0, Math.floor(bytes.length / 2)), /truncated/],
      ['damaged', damaged, /damaged|cannot be read|malformed|row/],
      ['another application', foreign, /not a world database \(application_id 1234/],
      ['plain SQLite', plain, /not a world database \(application_id 0/],
      ['a newer format', newer, new RegExp(`world format ${WORLD_FORMAT + 1} is newer`)],
    ];
    for (const [what, file, reason] of cases) {
      for (const name of ['kept', 'fresh-one']) {
        const res = await importTo(app, file, name);
        expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
        const envelope = res.json();
        expect(envelope, what).toMatchObject({ success: false, errorCode: 'request_param_err', value: { fields: [{ field: 'body' }] } });
        expect(envelope.message, what).toMatch(reason);
      }
    }
    // Nothing changed: no new world, the old one whole and working.
    const list = (await control(app, 'default', 'GET', '/worlds')).envelope.value.worlds.map((w: { name: string }) => w.name);
    expect(list).not.toContain('fresh-one');
    expect(await looks(app, 'kept')).toEqual(before);
    expect((await balance(app, 'kept', token)).value.sumBalance).toBe(321.5);

    // A JSON body is the wrong type (415), an unknown world has nothing to export (404).
    const json = await app.inject({ method: 'POST', url: '/__sim/worlds/kept/import', payload: { file: 'x' } });
    expect(json.statusCode, json.body).toBe(415);
    expect(json.json().value.fields[0].field).toBe('headers/content-type');
    expect((await app.inject({ method: 'GET', url: '/__sim/worlds/nobody/export' })).statusCode).toBe(404);
    // Another control route does not take a file body.
    const wrong = await app.inject({ method: 'POST', url: '/__sim/flags', headers: { 'content-type': 'application/octet-stream' }, payload: bytes });
    expect(wrong.statusCode, wrong.body).toBe(415);
  });

  it('the CLI exports a world to a file and imports it under the file\'s name or another', async () => {
    const app = await controlApp();
    const token = await furnish(app, 'cli-src', 'clirun01');
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const cli = async (...args: string[]) => {
      const out: string[] = [];
      const err: string[] = [];
      const code = await main([...args, '--url', url], { out: (l) => out.push(l), err: (l) => err.push(l), env: {} });
      return { code, out: out.join('\n'), err: err.join('\n') };
    };
    const file = join(tempDir(), 'cli-src.sqlite');
    const exported = await cli('world', 'export', 'cli-src', file);
    expect(exported, exported.err).toMatchObject({ code: 0 });
    expect(exported.out).toMatch(/cli-src.*cli-src\.sqlite/);
    expect(readFileSync(file).subarray(0, 15).toString()).toBe('SQLite format 3');

    const as = await cli('world', 'import', file, '--as', 'cli-copy');
    expect(as, as.err).toMatchObject({ code: 0 });
    expect(as.out).toMatch(/cli-copy/);
    await control(app, 'cli-copy', 'POST', '/status', { status: 'normal' });
    expect((await balance(app, 'cli-copy', token)).value.sumBalance).toBe(321.5);

    await control(app, 'cli-src', 'DELETE', '/worlds/cli-src');
    const own = await cli('world', 'import', file);
    expect(own, own.err).toMatchObject({ code: 0 });
    expect((await looks(app, 'cli-src')).scenario.name).toBe('agent');

    const garbage = join(tempDir(), 'garbage.sqlite');
    writeFileSync(garbage, 'not a world');
    const refused = await cli('world', 'import', garbage, '--as', 'cli-copy');
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/400.*not a SQLite database/);
    expect((await cli('world', 'import')).code).toBe(2);
    expect((await cli('world', 'export', 'cli-src', join(tempDir(), 'missing-dir', 'x', 'y.sqlite'))).code).toBe(1);
  });
});

/** Every row of a world, each table's rows in key order. */
function rowsOf(app: App, world: string) {
  const rows = app.worlds.get(world).db.capture();
  for (const name of Object.keys(rows)) rows[name]?.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return rows;
}

/** A copy of a world file with `sql` run on it. */
function altered(bytes: Buffer, sql: string): Buffer {
  const path = join(tempDir(), 'altered.sqlite');
  writeFileSync(path, bytes);
  const db = new DatabaseSync(path);
  db.exec(sql);
  db.close();
  return readFileSync(path);
}

describe('rewind data in the file', () => {
  /** A world with a login, a deposit, a fault used by a failed deposit, control calls, and a second deposit. */
  async function history(app: App, world: string) {
    await control(app, world, 'POST', '/worlds', { name: world });
    const login = await inWorld(app, world, 'POST', '/wps/session/login', { encrypted: true, body: { type: 'username', username: 'player01', password: 'Passw0rd!' } });
    const token = login.envelope.value.token as string;
    const deposit = (amount: number) => inWorld(app, world, 'POST', '/wps/wallet/deposit', { token, body: { channelId: 'easypaisa', amount } });
    const sim = app.worlds.get(world);
    const points: { id: number; rows: ReturnType<typeof rowsOf> }[] = [];
    const mark = () => points.push({ id: sim.journal.nextEntryId, rows: rowsOf(app, world) });
    mark();
    expect((await deposit(40)).statusCode).toBe(200);
    await control(app, world, 'POST', '/faults', { path: '/wps/wallet/deposit', status: 503, times: 1 });
    await control(app, world, 'POST', '/flags', { modId: 'FREEPLAY3', enabled: true });
    mark();
    expect((await deposit(50)).statusCode).toBe(503);
    await control(app, world, 'POST', '/latency', { ms: 1 });
    mark();
    expect((await deposit(60)).statusCode).toBe(200);
    return { token, points };
  }

  it('an imported world rewinds to a call made before the export: the world as it was before that call', async () => {
    const app = await controlApp();
    const { points } = await history(app, 'rw-src');
    const bytes = await exportOf(app, 'rw-src');
    for (const [n, point] of points.entries()) {
      const copy = `rw-copy${n}`;
      expect((await importTo(app, bytes, copy)).statusCode).toBe(200);
      const res = await control(app, copy, 'POST', '/rewind', { before: point.id });
      expect(res.statusCode, res.body).toBe(200);
      expect(rowsOf(app, copy), `before entry ${point.id}`).toEqual(point.rows);
      // Marked in the copy's journal, and not rewound twice.
      const entry = (await control(app, copy, 'GET', '/journal')).envelope.value.find((e: { id: number }) => e.id === point.id);
      expect(entry).toMatchObject({ id: point.id, rewound: true });
      expect((await control(app, copy, 'POST', '/rewind', { before: point.id })).statusCode).toBe(400);
    }
    // A rewound world exports its marks: the copy refuses them too, and still rewinds further back.
    const rewound = await exportOf(app, 'rw-copy2');
    expect((await importTo(app, rewound, 'rw-again')).statusCode).toBe(200);
    const journal = (await control(app, 'rw-again', 'GET', '/journal')).envelope.value as { id: number; rewound?: boolean }[];
    expect(journal.filter((e) => e.rewound).map((e) => e.id)).toEqual(journal.filter((e) => e.id >= (points[2]?.id ?? 0)).map((e) => e.id));
    expect(JSON.stringify(journal)).not.toMatch(/"rewound":true,"rewound"/);
    expect((await control(app, 'rw-again', 'POST', '/rewind', { before: points[2]?.id })).statusCode).toBe(400);
    expect((await control(app, 'rw-again', 'POST', '/rewind', { before: points[0]?.id })).statusCode).toBe(200);
    expect(rowsOf(app, 'rw-again')).toEqual(points[0]?.rows);
  });

  it('a file without rewind data (an earlier version\'s) still imports, its entries out of reach; bad rewind data is refused', async () => {
    const app = await controlApp();
    const { points, token } = await history(app, 'rw-old');
    const bytes = await exportOf(app, 'rw-old');
    // The journal as the previous version wrote it: no changes column.
    const older = altered(bytes, 'ALTER TABLE journal DROP COLUMN changes');
    expect((await importTo(app, older, 'rw-older')).statusCode).toBe(200);
    expect((await balance(app, 'rw-older', token)).value.sumBalance).toBe((await balance(app, 'rw-old', token)).value.sumBalance);
    const refused = await control(app, 'rw-older', 'POST', '/rewind', { before: points[1]?.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.envelope.message).toMatch(/out of reach/);

    const cases: [string, RegExp][] = [
      [`UPDATE journal SET changes = '[[{"table":"accounts","key":"player01","before":{"account":5}}]]' WHERE id = ${points[1]?.id}`, /table "journal", row "\d+": changes\/0\/0, a row of "accounts": \/id Expected required/],
      [`UPDATE journal SET changes = '[[{"table":"nowhere","key":"x"}]]' WHERE id = ${points[1]?.id}`, /"nowhere" is not a table of the world/],
      [`UPDATE journal SET changes = '[{"table":"accounts"}]' WHERE id = ${points[1]?.id}`, /table "journal", row "\d+"/],
    ];
    for (const [sql, reason] of cases) {
      const res = await importTo(app, altered(bytes, sql), 'rw-bad');
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toMatch(reason);
    }
  });
});

describe('a well-typed file whose rows disagree', () => {
  /**
   * Each change leaves every row of the right type, but holds what no call makes: money beyond
   * what cents keep exact or with a third decimal, a row naming a row that is not there, a count
   * below zero, a counter that would hand out an id again.
   */
  const cases: [string, string, RegExp][] = [
    ['a balance of 1e308', "UPDATE ledger SET balanceAfter = 1e308 WHERE key = (SELECT max(CAST(key AS INTEGER)) FROM ledger WHERE account = 'keeper03')",
      /table "ledger", row "\d+": \/balanceAfter is 1e\+308, not an amount of money/],
    ['an amount with three decimals', "UPDATE ledger SET amount = 1.005 WHERE account = 'keeper03'", /table "ledger", row "\d+": \/amount is 1\.005, not an amount of money/],
    ['a session naming no account', "UPDATE sessions SET account = 'ghost' WHERE account = 'keeper03'",
      /table "sessions", row "[^"]+": \/account is "ghost", which is no row of table "accounts"/],
    ['a ledger row naming no account', "UPDATE ledger SET account = 'ghost' WHERE account = 'keeper03'", /table "ledger", row "\d+": \/account is "ghost", which is no row of table "accounts"/],
    ['an upline that is no account', `UPDATE accounts SET parentAccount = '"nobody"' WHERE key = 'keeper03'`, /table "accounts", row "keeper03": \/parentAccount is "nobody", which is no row/],
    ['a negative member counter', 'UPDATE world SET nextMemberId = -1', /table "world", row "": \/nextMemberId is -1, below zero/],
    ['a negative unread count', "INSERT INTO chat_unread (key, account, unread) VALUES ('keeper03', 'keeper03', -2)", /table "chat_unread", row "keeper03": \/unread is -2, below zero/],
    ['a sub-wallet beyond exact cents', "INSERT INTO sub_wallets (key, account, balances) VALUES ('keeper03', 'keeper03', '{\"PG\":5,\"AG\":1e15}')",
      /table "sub_wallets", row "keeper03": \/balances\/AG is 1000000000000000, not an amount of money/],
    ['a transaction counter behind its ids', 'UPDATE ledger_counters SET nextTx = 1', /table "ledger_counters", row "": \/nextTx is 1, not above \d+, the id at \/id of table "ledger"/],
  ];

  it('is told by rules that name tables and fields of the world schema', () => {
    /** The schema at a rule's path of a row schema, or undefined when there is none. */
    const schemaAt = (schema: TSchema | undefined, path: string): TSchema | undefined =>
      path.split('/').reduce<TSchema | undefined>((at, segment) => {
        if (!at) return undefined;
        if (segment !== '*') return (at.properties as Record<string, TSchema> | undefined)?.[segment];
        return (at.items as TSchema | undefined) ?? Object.values((at.patternProperties as Record<string, TSchema> | undefined) ?? {})[0];
      }, schema);
    const tables = new Map(worldTables().map((def) => [def.name, def]));
    const problems: string[] = [];
    for (const def of worldTables()) {
      const rules = def.rules ?? {};
      const paths = [...(rules.money ?? []), ...(rules.nonNegative ?? []), ...referencesOf(def).map(([path]) => path), ...Object.keys(rules.nextIds ?? {})];
      for (const path of paths) if (!schemaAt(def.row, path)) problems.push(`${def.name}: no field at ${path}`);
      for (const [path, table] of referencesOf(def)) if (!tables.has(table)) problems.push(`${def.name}: ${path} names no table "${table}"`);
      for (const [path, target] of Object.entries(rules.nextIds ?? {})) {
        if (!schemaAt(tables.get(target.table)?.row, target.path)) problems.push(`${def.name}: ${path} counts no field ${target.table}/${target.path}`);
      }
    }
    expect(problems).toEqual([]);
    // Two decimals stay exact up to the bound.
    expect(MONEY_LIMIT * 100).toBeLessThanOrEqual(Number.MAX_SAFE_INTEGER);
  });

  for (const [mode, options] of [['in memory', () => ({})], ['under --state', () => ({ stateDir: tempDir() })]] as const) {
    it(`is refused with 400 naming the table, row and field, and the world is left as it was (${mode})`, async () => {
      const app = await controlApp(options());
      const token = await furnish(app, 'kept', 'keeper03');
      await control(app, 'kept', 'POST', '/status', { status: 'normal' });
      const bytes = await exportOf(app, 'kept');
      const before = { looks: await looks(app, 'kept'), rows: rowsOf(app, 'kept') };
      const onDisk = () => (app.stateDir ? readFileSync(join(app.stateDir.dir, 'worlds', 'kept.sqlite')) : null);
      const disk = onDisk();
      // The file as exported imports: the rules hold for what the simulator makes.
      expect((await importTo(app, bytes, 'copy')).statusCode).toBe(200);
      for (const [what, sql, reason] of cases) {
        for (const name of ['kept', 'fresh-one']) {
          const res = await importTo(app, altered(bytes, sql), name);
          expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
          const envelope = res.json();
          expect(envelope, what).toMatchObject({ success: false, errorCode: 'request_param_err', value: { fields: [{ field: 'body' }] } });
          expect(envelope.message, what).toMatch(reason);
        }
      }
      expect(app.worlds.exists('fresh-one')).toBe(false);
      expect(await looks(app, 'kept')).toEqual(before.looks);
      expect(rowsOf(app, 'kept')).toEqual(before.rows);
      expect(onDisk()).toEqual(disk);
      expect((await balance(app, 'kept', token)).value.sumBalance).toBe(321.5);
    });
  }
});

describe('export and import under --state', () => {
  it('a durable world exports, and an import into another state directory is durable with working sessions', async () => {
    const source = await controlApp({ stateDir: tempDir() });
    const token = await furnish(source, 'durable', 'durable01');
    await control(source, 'durable', 'POST', '/status', { status: 'normal' });
    const before = await looks(source, 'durable');
    const bytes = await exportOf(source, 'durable');
    await source.close();

    const dir = tempDir();
    const target = await controlApp({ stateDir: dir });
    const imported = await importTo(target, bytes, 'moved');
    expect(imported.statusCode, imported.body).toBe(200);
    expect(await looks(target, 'moved')).toEqual(before);
    expect((await balance(target, 'moved', token)).value.sumBalance).toBe(321.5);
    // Replacing a durable world: the file holds the import, not the old world.
    await control(target, 'other', 'GET', '/state');
    expect((await importTo(target, bytes, 'other')).statusCode).toBe(200);
    await target.close();
    const durableFile = readFileSync(join(dir, 'worlds', 'moved.sqlite'));

    const reopened = await controlApp({ stateDir: dir });
    const back = await looks(reopened, 'moved');
    expect({ ...back, journal: [] }).toEqual({ ...before, journal: [] });
    expect((await balance(reopened, 'moved', token)).value.sumBalance).toBe(321.5);
    expect((await balance(reopened, 'other', token)).value.sumBalance).toBe(321.5);
    // A state directory's own file imports under a name; it names no world itself.
    const unnamed = await importTo(reopened, durableFile);
    expect(unnamed.statusCode, unnamed.body).toBe(400);
    expect(unnamed.json().message).toMatch(/names no world/);
    const named = await importTo(reopened, durableFile, 'from-disk');
    expect(named.statusCode, named.body).toBe(200);
    expect((await balance(reopened, 'from-disk', token)).value.sumBalance).toBe(321.5);
  });
});
