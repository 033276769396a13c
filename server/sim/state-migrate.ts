/**
 * Converts a state directory of format 1 (docs/decisions/031-rewind-and-format-1-migration.md): the
 * JSON snapshot and append-only log per world that the simulator wrote before worlds were declared
 * tables (docs/decisions/010-durable-worlds.md), into one SQLite world database each (format 2,
 * server/sim/store/sqlite.ts). Run by `npm run sim -- state migrate DIR`; a server refuses to start
 * on such a directory and names that command (server/sim/state-dir.ts).
 *
 * Each world starts as a fresh world of its scenario, then every part of the old file that has a
 * table now is put in it, checked against the table's row schema: the world settings (brand, status,
 * flags, register rules), the clock, accounts, sessions, the ledger, bets and their counters, SMS and
 * captcha state, the agent centre and login failures. A row that does not fit, or a part that has no
 * table, is reported by name, never dropped silently. The old files are moved to DIR/format-1/, not
 * deleted.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { Sim } from './state';
import { WorldFile } from './store/sqlite';
import { worldTable, type TableDef } from './store/schema';
import './store/world-schema';
import { scenarioNames } from './world';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** What a conversion did to one world. */
export interface MigratedWorld {
  name: string;
  scenario: string;
  /** Rows written per table. */
  rows: Record<string, number>;
  /** Parts of the old file not converted, with why (nothing is dropped without a line here). */
  notConverted: string[];
}

/** The world files of format 1 in DIR/worlds (names of worlds). */
export function format1Worlds(dir: string): string[] {
  const worlds = join(dir, 'worlds');
  if (!existsSync(worlds)) return [];
  const names = new Set<string>();
  for (const f of readdirSync(worlds)) {
    const m = /^(.+)\.(snapshot\.json|log)$/.exec(f);
    if (m?.[1]) names.add(m[1]);
  }
  return [...names].sort();
}

/** The records of one world: the snapshot, then every line of its log applied (as the old loader did). */
export function readFormat1(dir: string, name: string): Map<string, Json> {
  const records = new Map<string, Json>();
  const snapshot = join(dir, 'worlds', `${name}.snapshot.json`);
  if (existsSync(snapshot)) {
    const doc = JSON.parse(readFileSync(snapshot, 'utf8')) as { format?: unknown; records?: Record<string, Json> };
    if (doc.format !== 1 || !doc.records || typeof doc.records !== 'object') throw new Error(`${snapshot} is not a world snapshot of format 1`);
    for (const [k, v] of Object.entries(doc.records)) records.set(k, v);
  }
  const log = join(dir, 'worlds', `${name}.log`);
  if (existsSync(log)) {
    const lines = readFileSync(log, 'utf8').split('\n');
    lines.forEach((line, i) => {
      if (!line) return;
      let change: { set?: Record<string, Json>; del?: string[] };
      try {
        change = JSON.parse(line) as typeof change;
      } catch (err) {
        // Only a last line without its newline can be half written (the old format's rule).
        if (i === lines.length - 1) return;
        throw new Error(`${log}: line ${i + 1} is not JSON`, { cause: err });
      }
      for (const [k, v] of Object.entries(change.set ?? {})) records.set(k, v);
      for (const k of change.del ?? []) records.delete(k);
    });
  }
  return records;
}

/** A tagged JSON value of format 1 as plain data: Maps as Maps, class instances as their fields. */
function decode(json: Json): unknown {
  if (json === null || typeof json !== 'object') return json;
  if (Array.isArray(json)) return json.map(decode);
  if ('$u' in json) return undefined;
  if ('$n' in json) return Number(json.$n);
  if ('$b' in json) return Number(json.$b);
  if ('$d' in json) return json.$d;
  if ('$s' in json) return (json.$s as Json[]).map(decode);
  if ('$m' in json) return new Map((json.$m as [Json, Json][]).map(([k, v]) => [decode(k), decode(v)]));
  if ('$c' in json) return decode(json.$f as Json);
  if ('$o' in json) return decode(json.$o as Json);
  return Object.fromEntries(Object.entries(json).map(([k, v]) => [k, decode(v)]));
}

const CHUNK_MARK = '\u0001';

/** The records put back together as one tree: `f:` fields and `p:` module states, plain data. */
export function assemble(records: Map<string, Json>): { fields: Record<string, unknown>; modules: Record<string, unknown>; clock: number } {
  const chunks = new Map<string, Json[][]>();
  for (const [key, value] of records) {
    const at = key.indexOf(CHUNK_MARK);
    if (at < 0) continue;
    const parts = chunks.get(key.slice(0, at)) ?? [];
    parts[Number(key.slice(at + 1))] = value as Json[];
    chunks.set(key.slice(0, at), parts);
  }
  const whole = (key: string, value: Json): Json => {
    const n = value !== null && typeof value === 'object' && !Array.isArray(value) ? value.$chunks : undefined;
    return typeof n === 'number' ? (chunks.get(key) ?? []).flat() : value;
  };
  const root: Record<string, unknown> = {};
  const containers = new Map<string, Record<string, unknown> | Map<unknown, unknown>>();
  const keys = [...records.keys()].filter((k) => k !== 'format' && k !== 'clock' && !k.includes(CHUNK_MARK));
  // Parents ("$split" headers) before their children.
  keys.sort((a, b) => a.length - b.length);
  const parentOf = (path: string[]): Record<string, unknown> | Map<unknown, unknown> | undefined => {
    if (path.length === 1) return root;
    return containers.get(path.slice(0, -1).join('.'));
  };
  for (const key of keys) {
    const value = records.get(key) as Json;
    const hash = key.indexOf('#');
    const path = (hash < 0 ? key : key.slice(0, hash)).split('.');
    if (hash >= 0) {
      const map = containers.get(path.join('.'));
      if (map instanceof Map) map.set(decode(JSON.parse(key.slice(hash + 1)) as Json), decode(whole(key, value)));
      continue;
    }
    const parent = parentOf(path);
    const field = path[path.length - 1] as string;
    const split = value !== null && typeof value === 'object' && !Array.isArray(value) ? value.$split : undefined;
    const made = split === 'map' ? new Map() : split === 'object' ? {} : decode(whole(key, value));
    if (split) containers.set(path.join('.'), made as Record<string, unknown> | Map<unknown, unknown>);
    if (parent instanceof Map) parent.set(field, made);
    else if (parent) parent[field] = made;
  }
  const fields: Record<string, unknown> = {};
  const modules: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(root)) {
    if (k.startsWith('f:')) fields[k.slice(2)] = v;
    else if (k.startsWith('p:')) modules[k.slice(2)] = v;
  }
  const clock = records.get('clock');
  return { fields, modules, clock: typeof clock === 'number' ? clock : 0 };
}

const entriesOf = (v: unknown): [unknown, unknown][] => (v instanceof Map ? [...v] : []);
const asObject = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !(v instanceof Map) ? (v as Record<string, unknown>) : {});

/** One world of format 1 as a Sim holding its rows, and the report. */
export function convertWorld(name: string, records: Map<string, Json>): { sim: Sim; report: MigratedWorld } {
  const { fields, modules, clock } = assemble(records);
  const notConverted: string[] = [];
  const scenarioName = asObject(fields.scenario).name;
  const known = typeof scenarioName === 'string' && scenarioNames().includes(scenarioName);
  if (!known) notConverted.push(`scenario ${JSON.stringify(scenarioName ?? null)} is not one of this simulator's: the world starts from "default"`);
  const sim = new Sim({ scenario: known ? scenarioName : 'default', journalSize: 0 });
  const rows: Record<string, number> = {};
  const checks = new Map<string, ReturnType<typeof TypeCompiler.Compile>>();

  /** Make the table hold exactly these rows (those that fit its schema); the rest reported. */
  const fill = (table: string, from: string, list: [string, unknown][]) => {
    const def = worldTable(table) as TableDef;
    let check = checks.get(table);
    if (!check) {
      check = TypeCompiler.Compile(def.row);
      checks.set(table, check);
    }
    const t = sim.db.table(def);
    t.clear();
    let n = 0;
    const extra = new Set<string>();
    for (const [key, row] of list) {
      const clean = Object.fromEntries(Object.entries(asObject(row)).filter(([, v]) => v !== undefined));
      for (const field of Object.keys(clean)) {
        if (!(field in def.row.properties)) {
          extra.add(field);
          delete clean[field];
        }
      }
      if (check.Check(clean)) {
        t.put(key, clean);
        n++;
      } else {
        const first = check.Errors(clean).First();
        notConverted.push(`${from} ${JSON.stringify(key)}: does not fit table "${table}" (${first ? `${first.path || '/'} ${first.message}` : 'invalid'})`);
      }
    }
    rows[table] = n;
    for (const field of extra) notConverted.push(`field "${field}" of ${from}s has no column in table "${table}": not converted`);
  };
  const handled = new Set<string>();
  const take = (name: string) => {
    handled.add(name);
    return fields[name];
  };

  // World settings: what the control API edits (brand and status, flags, register rules).
  const world = asObject(take('world'));
  take('scenario');
  const row = sim.editWorld();
  if (world.brand && typeof world.brand === 'object') row.brand = { ...row.brand, ...(world.brand as object) };
  if (Array.isArray(world.whitelabel)) row.whitelabel = world.whitelabel as typeof row.whitelabel;
  if (Array.isArray(world.registerRules)) row.registerRules = world.registerRules as typeof row.registerRules;
  const loadedAt = take('loadedAt');
  if (typeof loadedAt === 'number') row.loadedAt = loadedAt;
  const nextMemberId = take('nextMemberId');
  if (typeof nextMemberId === 'number') row.nextMemberId = nextMemberId;
  take('brand');
  for (const key of Object.keys(world)) if (!['brand', 'whitelabel', 'registerRules'].includes(key)) handled.add(`world.${key}`);
  fill('world', 'world settings', [['', sim.db.table(worldTable('world') as TableDef).get('')]]);
  if (clock) sim.clock.advance(clock);

  fill('accounts', 'account', entriesOf(take('accounts')).map(([k, v]) => [String(k), v]));
  fill('sessions', 'session', entriesOf(asObject(take('sessions')).sessions).map(([k, v]) => [String(k), v]));

  const ledger = asObject(take('ledger'));
  const txs = entriesOf(ledger.txs).flatMap(([, list]) => (Array.isArray(list) ? list : []));
  txs.sort((a, b) => Number(asObject(a).id) - Number(asObject(b).id));
  fill('ledger', 'transaction', txs.map((tx) => [String(asObject(tx).id), tx]));
  const bets = entriesOf(ledger.bets).flatMap(([, list]) => (Array.isArray(list) ? list : []));
  bets.sort((a, b) => Number(asObject(a).id) - Number(asObject(b).id));
  fill('bets', 'bet', bets.map((bet) => [String(asObject(bet).id), bet]));
  fill('ledger_counters', 'ledger counters', [['', { nextTx: ledger.nextTx, nextBet: ledger.nextBet }]]);
  // Balances were kept beside the ledger; now they are its newest rows: a difference is reported.
  for (const [account, balance] of entriesOf(ledger.balances)) {
    const now = sim.ledger.balance(String(account));
    if (typeof balance === 'number' && Math.abs(now - balance) > 0.005) notConverted.push(`balance of ${String(account)}: ${balance} was kept, the ledger's rows give ${now}`);
  }

  const sms = asObject(take('sms'));
  fill('sms_outbox', 'SMS', (Array.isArray(sms.outbox) ? sms.outbox : []).map((m) => [String(asObject(m).id), m]));
  fill('sms_codes', 'SMS code', entriesOf(sms.codes).map(([k, v]) => [String(k), v]));
  fill('sms_throttles', 'SMS throttle', entriesOf(sms.requests).map(([k, v]) => [String(k), { times: v }]));
  fill('sms_locks', 'SMS lock', entriesOf(sms.locks).map(([k, v]) => [String(k), typeof v === 'number' ? { until: v } : v]));
  fill('sms_counters', 'SMS counters', [['', { nextId: sms.nextId, dropped: typeof sms.dropped === 'number' ? sms.dropped : 0 }]]);

  const captcha = asObject(take('captcha'));
  fill('captchas', 'captcha', entriesOf(captcha.challenges).map(([k, v]) => [String(k), v]));
  if (typeof captcha.lastId === 'string' && typeof captcha.lastAnswer === 'string') fill('captcha_last', 'last captcha', [['', { id: captcha.lastId, answer: captcha.lastAnswer }]]);

  if ('agent' in modules) fill('agent', 'agent centre', [['', modules.agent]]);
  if ('login-failures' in modules) fill('login_failures', 'login failures', entriesOf(asObject(modules['login-failures']).counts).map(([k, v]) => [String(k), { count: v }]));

  for (const key of Object.keys(fields)) if (!handled.has(key)) notConverted.push(`part "${key}" of the old world has no table: not converted`);
  for (const key of Object.keys(modules)) if (key !== 'agent' && key !== 'login-failures') notConverted.push(`module state "${key}" has no table: not converted`);
  sim.afterLoad();
  return { sim, report: { name, scenario: sim.scenario.name, rows, notConverted } };
}

/**
 * Convert every world of format 1 in DIR into DIR/worlds/NAME.sqlite, then move the old files to
 * DIR/format-1/. A world that already has a database of format 2 is left alone (reported), so the
 * command can be run again.
 */
export function migrateStateDir(dir: string): MigratedWorld[] {
  const names = format1Worlds(dir);
  if (names.length === 0) throw new Error(`${dir} holds no worlds of format 1 (no worlds/*.snapshot.json or worlds/*.log)`);
  if (existsSync(join(dir, 'lock.pid'))) throw new Error(`${dir} may be in use by a simulator (${join(dir, 'lock.pid')} exists): stop it first, or remove that file if none runs`);
  const out: MigratedWorld[] = [];
  const aside = join(dir, 'format-1');
  mkdirSync(aside, { recursive: true });
  for (const name of names) {
    const target = join(dir, 'worlds', `${name}.sqlite`);
    if (existsSync(target)) {
      out.push({ name, scenario: '', rows: {}, notConverted: [`worlds/${name}.sqlite already exists: left as it is, the old files were not converted`] });
      continue;
    }
    const { sim, report } = convertWorld(name, readFormat1(dir, name));
    const file = WorldFile.open(`${target}.tmp`);
    try {
      file.writeAll(sim.db);
    } finally {
      file.close();
    }
    renameSync(`${target}.tmp`, target);
    for (const ext of ['snapshot.json', 'log']) {
      const old = join(dir, 'worlds', `${name}.${ext}`);
      if (existsSync(old)) renameSync(old, join(aside, `${name}.${ext}`));
    }
    out.push(report);
  }
  return out;
}
