/**
 * Durable worlds (docs/decisions/010-durable-worlds.md): each world is a snapshot file plus an
 * append-only log of the changes since it, in `DIR/worlds/`. A world's state is cut into records
 * (one per Sim field, per field of a store such as the ledger, per entry of their Maps, per module
 * state of server/sim/registry.ts); a commit writes one log line with the records whose JSON changed
 * since the last commit, before the reply is sent. Compaction writes the snapshot whole (temp file,
 * fsync, rename) and empties the log. Replaying a record twice is harmless (each carries its whole
 * value), so a crash between the rename and the truncation loses nothing.
 *
 * Plaintext passwords are never written: string fields named like a password (not a hash) are left
 * out and come back from the fresh world of the same scenario (the seed members' fixture passwords,
 * the brand's default password); accounts hold salted digests only.
 */
import { closeSync, existsSync, fsyncSync, ftruncateSync, mkdirSync, openSync, readFileSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { stateFields } from '../control/snapshot';
import { CaptchaStore } from './captcha';
import { Clock } from './clock';
import { Ledger } from './ledger';
import { LoginFailures } from './login-failures';
import { capturePerLoad, perLoadName, perLoadStore, restorePerLoad } from './registry';
import { SessionStore } from './sessions';
import { SmsService } from './sms';
import type { Sim } from './state';

export interface WorldPersistence {
  /** The saved world of this name, or undefined when there is none (a corrupt file is moved aside and reported by the implementation). */
  load(name: string, fresh: () => Sim): Sim | undefined;
  /** Make the world's changes durable; called after every request that may have changed it, before the reply is sent. */
  commit(name: string, sim: Sim): void;
  /** Save a world whole (before it is unloaded). */
  save(name: string, sim: Sim): void;
  remove(name: string): void;
  close(): void;
}

/** A change that could not be made durable: the reply to the call that made it must not be 2xx. */
export class PersistenceError extends Error {
  constructor(
    readonly world: string,
    readonly path: string,
    cause: unknown,
  ) {
    const reason = cause instanceof Error ? ((cause as NodeJS.ErrnoException).code ?? cause.message) : String(cause);
    super(`The change to world "${world}" could not be saved to ${path} (${reason})`, { cause });
  }
}

/** Bumped when the record layout changes; an older file is then served fresh and kept aside. */
const FORMAT = 1;
/** World names are file names here; the worlds registry allows the same characters. */
const WORLD_NAME = /^[A-Za-z0-9_-]{1,64}$/;

// ---- encoding: Sim state as JSON records ------------------------------------------------------------

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

/** Plaintext password fields (a `passwordHash` is a salted digest and is kept). */
const isSecret = (key: string, value: unknown) => typeof value === 'string' && /password/i.test(key) && !/hash/i.test(key);

/** Classes a world holds whose instances must come back working (more are learnt from a fresh Sim). */
const KNOWN_CLASSES: readonly (abstract new (...args: never[]) => object)[] = [Ledger, SessionStore, CaptchaStore, SmsService, Clock, LoginFailures];

function isPlainProto(proto: unknown): boolean {
  return proto === Object.prototype || proto === null;
}

// `{ $o: … }` wrappers made for plain objects whose keys start with `$`, so they are not wrapped again.
const wrappers = new WeakSet<object>();

/**
 * JSON with tags for what JSON cannot say (Maps, Sets, dates, class instances, ±Infinity, undefined),
 * without building a copy first: the native serialiser walks the state and this replacer steps in
 * only there (commits run
 * this over the whole world on every write, docs/benchmarks.md).
 */
function replacer(this: unknown, key: string, value: unknown): unknown {
  switch (typeof value) {
    case 'string': {
      // Dates arrive already turned into strings by their toJSON: the holder still has the Date.
      const raw = (this as Record<string, unknown> | undefined)?.[key];
      if (raw instanceof Date) return { $d: raw.getTime() };
      return key !== '' && !Array.isArray(this) && isSecret(key, value) ? undefined : value;
    }
    case 'number':
      return Number.isFinite(value) ? value : { $n: String(value) };
    case 'bigint':
      return { $b: value.toString() };
    case 'undefined':
    case 'function':
    case 'symbol':
      return Array.isArray(this) || key === '' ? { $u: 1 } : undefined;
    case 'boolean':
      return value;
  }
  if (value === null || Array.isArray(value)) return value;
  if (value instanceof Map) return { $m: [...value] };
  if (value instanceof Set) return { $s: [...value] };
  const proto: unknown = Object.getPrototypeOf(value);
  if (isPlainProto(proto)) {
    if (key === '$o' && typeof this === 'object' && this !== null && wrappers.has(this)) return value;
    for (const k in value as object) {
      if (k.startsWith('$')) {
        const wrapper = { $o: value };
        wrappers.add(wrapper);
        return wrapper;
      }
    }
    return value;
  }
  const fields: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as object)) if (typeof v !== 'function') fields[k] = v;
  return { $c: (proto as { constructor: { name: string } }).constructor.name, $f: fields };
}

const toJson = (value: unknown): string => JSON.stringify(value, replacer);

class Decoder {
  private readonly classes = new Map<string, object>();

  constructor(template: Sim) {
    for (const c of KNOWN_CLASSES) this.classes.set(c.name, c.prototype as object);
    // Module states may hold instances of their own classes: learn them from a fresh world.
    const seen = new Set<object>();
    const learn = (v: unknown, depth: number) => {
      if (v === null || typeof v !== 'object' || seen.has(v) || depth > 4) return;
      seen.add(v);
      const proto: unknown = Object.getPrototypeOf(v);
      if (!isPlainProto(proto) && !(v instanceof Map) && !(v instanceof Set) && !Array.isArray(v)) {
        this.classes.set((proto as { constructor: { name: string } }).constructor.name, proto as object);
      }
      if (v instanceof Map) for (const x of v.values()) learn(x, depth + 1);
      else if (!Array.isArray(v)) for (const x of Object.values(v)) learn(x, depth + 1);
    };
    for (const [, v] of stateFields(template)) learn(v, 0);
    for (const v of capturePerLoad(template).values()) learn(v, 0);
  }

  prototypeOf(name: string): object {
    const proto = this.classes.get(name);
    if (!proto) throw new Error(`unknown class ${name}`);
    return proto;
  }

  /** `template` is the same place in a fresh world: functions and left-out passwords come from it. */
  decode(json: Json, template: unknown): unknown {
    if (json === null || typeof json !== 'object') return json;
    if (Array.isArray(json)) return json.map((x, i) => this.decode(x, Array.isArray(template) ? template[i] : undefined));
    if ('$u' in json) return undefined;
    if ('$n' in json) return Number(json.$n);
    if ('$b' in json) return BigInt(json.$b as string);
    if ('$d' in json) return new Date(json.$d as number);
    if ('$s' in json) return new Set((json.$s as Json[]).map((x) => this.decode(x, undefined)));
    if ('$m' in json) {
      const tmpl = template instanceof Map ? template : undefined;
      return new Map(
        (json.$m as [Json, Json][]).map(([k, v]) => {
          const key = this.decode(k, undefined);
          return [key, this.decode(v, tmpl?.get(key))];
        }),
      );
    }
    if ('$c' in json) return this.fill(Object.create(this.prototypeOf(json.$c as string)) as object, json.$f as JsonObject, template);
    if ('$o' in json) return this.fill({}, json.$o as JsonObject, template);
    return this.fill({}, json, template);
  }

  fill(target: object, fields: JsonObject, template: unknown): object {
    const tmpl = template !== null && typeof template === 'object' ? (template as Record<string, unknown>) : undefined;
    for (const [key, value] of Object.entries(fields)) define(target, key, this.decode(value, tmpl?.[key]));
    return restoreFromTemplate(target, tmpl);
  }
}

function define(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
}

/** Functions (a store's clock reader) and left-out passwords come back from the fresh world. */
function restoreFromTemplate(target: object, tmpl: Record<string, unknown> | undefined): object {
  if (!tmpl || Object.getPrototypeOf(tmpl) !== Object.getPrototypeOf(target)) return target;
  for (const [key, value] of Object.entries(tmpl)) {
    if (Object.prototype.hasOwnProperty.call(target, key)) continue;
    if (typeof value === 'function' || isSecret(key, value)) define(target, key, value);
  }
  return target;
}

/**
 * A record's key: `f:<field>` or `p:<module state>`, then `.<field>` one level down, then
 * `#<JSON key>` for one entry of a Map. A record holds its whole value, so replay is idempotent.
 */
function splitInto(out: Map<string, string>, path: string, value: unknown, depth: number): void {
  if (depth < 2 && value instanceof Map) {
    out.set(path, '{"$split":"map"}');
    for (const [k, v] of value) putLeaf(out, `${path}#${toJson(k)}`, v);
    return;
  }
  const splittable = depth < 1 && value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Set) && !(value instanceof Date);
  if (!splittable) {
    putLeaf(out, path, value);
    return;
  }
  const proto: unknown = Object.getPrototypeOf(value);
  const cls = isPlainProto(proto) ? null : (proto as { constructor: { name: string } }).constructor.name;
  out.set(path, JSON.stringify({ $split: 'object', $c: cls }));
  for (const [key, field] of Object.entries(value)) {
    if (field === undefined || typeof field === 'function' || isSecret(key, field)) continue;
    const at = `${path}.${key}`;
    if (path === 'f:world' && !WORLD_EDITABLE.has(key) && field !== null && typeof field === 'object') putCatalogue(out, at, field);
    else splitInto(out, at, field, depth + 1);
  }
}

/**
 * Parts of a world the control API edits in place (status, flags, register rules); every other part
 * is a fixture catalogue (games, vendors, members…) that is replaced whole on a scenario load, never
 * edited (design.md: the fixture world is immutable), so its JSON is kept per object and the
 * catalogues (three quarters of a world's bytes) are not encoded again on every commit.
 */
const WORLD_EDITABLE = new Set(['brand', 'whitelabel', 'registerRules']);
const catalogueJson = new WeakMap<object, [string, string][]>();

function putCatalogue(out: Map<string, string>, key: string, value: object): void {
  let records = catalogueJson.get(value);
  if (!records) {
    const own = new Map<string, string>();
    putLeaf(own, key, value);
    records = [...own];
    catalogueJson.set(value, records);
  }
  for (const [k, json] of records) out.set(k, json);
}

/** Elements per record of a long array: an account's transactions grow by one chunk, not whole. */
const CHUNK = 64;
/** Separates a chunk's number from its array's key (JSON never leaves a raw control character). */
const CHUNK_MARK = '\u0001';

/** One record, or a long array as `{"$chunks": n}` plus n records of CHUNK elements. */
function putLeaf(out: Map<string, string>, key: string, value: unknown): void {
  if (!Array.isArray(value) || value.length <= CHUNK) {
    out.set(key, toJson(value));
    return;
  }
  const chunks = Math.ceil(value.length / CHUNK);
  out.set(key, JSON.stringify({ $chunks: chunks }));
  for (let i = 0; i < chunks; i++) out.set(`${key}${CHUNK_MARK}${i}`, toJson(value.slice(i * CHUNK, (i + 1) * CHUNK)));
}

/** Every record of a world, as the JSON text a commit compares and writes. */
export function encodeRecords(sim: Sim): Map<string, string> {
  const out = new Map<string, string>();
  out.set('format', String(FORMAT));
  out.set('clock', JSON.stringify(sim.clock.offset));
  for (const [key, value] of stateFields(sim)) splitInto(out, `f:${key}`, value, 0);
  for (const [store, state] of capturePerLoad(sim)) {
    const name = perLoadName(store);
    if (name) splitInto(out, `p:${name}`, state, 0);
  }
  return out;
}

interface Node {
  key: string;
  value?: Json;
  children: Map<string, Node>;
  entries: [string, Json][];
}

const newNode = (key: string): Node => ({ key, children: new Map(), entries: [] });

/** Put records back into a fresh world of the same code; throws when they do not fit. */
export function applyRecords(sim: Sim, records: Map<string, Json>): void {
  if (records.get('format') !== FORMAT) throw new Error(`format ${JSON.stringify(records.get('format') ?? null)} is not ${FORMAT}`);
  const chunks = new Map<string, Map<number, Json>>();
  for (const [key, value] of records) {
    const mark = key.indexOf(CHUNK_MARK);
    if (mark < 0) continue;
    const base = key.slice(0, mark);
    const parts = chunks.get(base) ?? new Map<number, Json>();
    parts.set(Number(key.slice(mark + 1)), value);
    chunks.set(base, parts);
  }
  // A long array's record and its chunks, back into one array.
  const whole = (key: string, value: Json | undefined): Json => {
    const n = value !== null && typeof value === 'object' && !Array.isArray(value) ? value.$chunks : undefined;
    if (typeof n !== 'number') return value ?? null;
    const parts = chunks.get(key);
    const out: Json[] = [];
    for (let i = 0; i < n; i++) {
      const part = parts?.get(i);
      if (!Array.isArray(part)) throw new Error(`chunk ${i} of ${key} is missing`);
      out.push(...part);
    }
    return out;
  };
  const roots = new Map<string, Node>();
  for (const [key, value] of records) {
    if (key === 'format' || key === 'clock' || key.includes(CHUNK_MARK)) continue;
    const hash = key.indexOf('#');
    const path = (hash < 0 ? key : key.slice(0, hash)).split('.');
    let node: Node | undefined;
    let children = roots;
    let at = '';
    for (const part of path) {
      at = at ? `${at}.${part}` : part;
      node = children.get(part) ?? newNode(at);
      children.set(part, node);
      children = node.children;
    }
    if (!node) continue;
    if (hash < 0) node.value = value;
    else node.entries.push([key.slice(hash + 1), value]);
  }
  const decoder = new Decoder(sim);
  const build = (node: Node, template: unknown): unknown => {
    const header = node.value as { $split?: string; $c?: string | null } | undefined;
    if (header?.$split === 'map') {
      const tmpl = template instanceof Map ? template : undefined;
      return new Map(
        node.entries.map(([k, v]) => {
          const key = decoder.decode(JSON.parse(k) as Json, undefined);
          return [key, decoder.decode(whole(`${node.key}#${k}`, v), tmpl?.get(key))];
        }),
      );
    }
    if (header?.$split === 'object') {
      const target = header.$c ? (Object.create(decoder.prototypeOf(header.$c)) as object) : {};
      const tmpl = template !== null && typeof template === 'object' ? (template as Record<string, unknown>) : undefined;
      for (const [field, child] of node.children) define(target, field, build(child, tmpl?.[field]));
      return restoreFromTemplate(target, tmpl);
    }
    return decoder.decode(whole(node.key, node.value), template);
  };
  const fields = new Map<string, unknown>();
  const perLoad = new Map<object, unknown>();
  const freshStates = new Map([...capturePerLoad(sim)].map(([store, state]) => [perLoadName(store), state]));
  const target = sim as unknown as Record<string, unknown>;
  for (const [root, node] of roots) {
    if (root.startsWith('f:')) fields.set(root.slice(2), build(node, target[root.slice(2)]));
    else if (root.startsWith('p:')) {
      const store = perLoadStore(root.slice(2));
      // A module that no longer exists: its state has nowhere to go.
      if (store) perLoad.set(store, build(node, freshStates.get(root.slice(2))));
    } else throw new Error(`unknown record ${root}`);
  }
  // Everything is decoded before anything is assigned: a bad record leaves the fresh world whole.
  for (const [key, value] of fields) target[key] = value;
  const offset = records.get('clock');
  sim.clock.reset();
  if (typeof offset === 'number') sim.clock.advance(offset);
  restorePerLoad(sim, perLoad);
}

// ---- files ---------------------------------------------------------------------------------------

export interface FilePersistenceOptions {
  /** The state directory; worlds live in its `worlds/` folder. */
  dir: string;
  /** Where problems are reported (a corrupt file moved aside, a torn last line dropped). */
  report?: (line: string) => void;
  /** Compact when the log outgrows both this and the snapshot (default 4 MiB). */
  compactBytes?: number;
}

interface Open {
  fd: number;
  logBytes: number;
  snapshotBytes: number;
  /** JSON text of every record as it is on disk. */
  committed: Map<string, string>;
}

/** One snapshot file and one append-only log per world (docs/decisions/010-durable-worlds.md). */
export class FileWorldPersistence implements WorldPersistence {
  readonly dir: string;
  private readonly report: (line: string) => void;
  private readonly compactBytes: number;
  private readonly open = new Map<string, Open>();

  constructor(options: FilePersistenceOptions) {
    this.dir = join(options.dir, 'worlds');
    this.report = options.report ?? ((line) => console.error(line));
    this.compactBytes = options.compactBytes ?? 4 * 1024 * 1024;
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
  }

  /** The snapshot and log files of a world. */
  files(name: string): { snapshot: string; log: string } {
    if (!WORLD_NAME.test(name)) throw new Error(`"${name}" is not a world name (1-64 of A-Z a-z 0-9 _ -)`);
    return { snapshot: join(this.dir, `${name}.snapshot.json`), log: join(this.dir, `${name}.log`) };
  }

  load(name: string, fresh: () => Sim): Sim | undefined {
    const { snapshot, log } = this.files(name);
    if (!existsSync(snapshot) && !existsSync(log)) return undefined;
    let file = snapshot;
    try {
      // A device or a folder in a world's place would be read forever or not at all.
      for (const path of [snapshot, log]) {
        file = path;
        if (existsSync(path) && !statSync(path).isFile()) throw new Error('not a regular file');
      }
      file = snapshot;
      const records = new Map<string, Json>();
      let snapshotBytes = 0;
      if (existsSync(snapshot)) {
        const text = readFileSync(snapshot, 'utf8');
        snapshotBytes = text.length;
        const doc = JSON.parse(text) as { format?: unknown; records?: JsonObject };
        if (doc.format !== FORMAT || !doc.records || typeof doc.records !== 'object') throw new Error('not a world snapshot of this version');
        for (const [k, v] of Object.entries(doc.records)) records.set(k, v);
      }
      file = log;
      let logBytes = 0;
      if (existsSync(log)) {
        const text = readFileSync(log, 'utf8');
        const lines = text.split('\n');
        let torn = '';
        for (let i = 0; i < lines.length; i++) {
          const line = lines[i] ?? '';
          if (line === '') continue;
          let change: { set?: JsonObject; del?: string[] };
          try {
            change = JSON.parse(line) as typeof change;
          } catch (err) {
            // Only a last line without its newline can be half written (power loss, ADR 010).
            if (i === lines.length - 1) {
              torn = line;
              break;
            }
            throw new Error(`line ${i + 1} is not JSON`, { cause: err });
          }
          for (const [k, v] of Object.entries(change.set ?? {})) records.set(k, v);
          for (const k of change.del ?? []) records.delete(k);
        }
        logBytes = Buffer.byteLength(text) - Buffer.byteLength(torn);
        if (torn) {
          const fd = openSync(log, 'r+');
          ftruncateSync(fd, logBytes);
          closeSync(fd);
          this.report(`State file ${log} of world "${name}": dropped a half-written last change (${torn.length} bytes)`);
        }
      }
      file = `${snapshot} with ${log}`;
      const sim = fresh();
      applyRecords(sim, records);
      const committed = new Map([...records].map(([k, v]) => [k, JSON.stringify(v)]));
      this.open.set(name, { fd: openSync(log, 'a', 0o600), logBytes, snapshotBytes, committed });
      return sim;
    } catch (err) {
      this.moveAside(name, file, err);
      return undefined;
    }
  }

  private moveAside(name: string, file: string, err: unknown): void {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const moved: string[] = [];
    for (const path of Object.values(this.files(name))) {
      if (!existsSync(path)) continue;
      const aside = `${path}.corrupt-${stamp}`;
      try {
        renameSync(path, aside);
        moved.push(aside);
      } catch (renameErr) {
        this.report(`State file ${path} of world "${name}" could not be moved aside: ${String(renameErr)}`);
      }
    }
    const reason = err instanceof Error ? err.message : String(err);
    this.report(`State file ${file} of world "${name}" is unreadable (${reason}); moved to ${moved.join(' and ')}; serving the world fresh`);
  }

  commit(name: string, sim: Sim): void {
    const { log } = this.files(name);
    let open = this.open.get(name);
    const records = encodeRecords(sim);
    const committed = open?.committed ?? new Map<string, string>();
    const set: string[] = [];
    const changed: [string, string][] = [];
    for (const [key, json] of records) {
      if (committed.get(key) === json) continue;
      changed.push([key, json]);
      set.push(`${JSON.stringify(key)}:${json}`);
    }
    const del = [...committed.keys()].filter((k) => !records.has(k));
    if (!set.length && !del.length) return;
    const line = `{"set":{${set.join(',')}},"del":${JSON.stringify(del)}}\n`;
    try {
      if (!open) {
        open = { fd: openSync(log, 'a', 0o600), logBytes: 0, snapshotBytes: 0, committed };
        this.open.set(name, open);
      }
      writeAll(open.fd, line);
    } catch (err) {
      throw new PersistenceError(name, log, err);
    }
    for (const [key, json] of changed) committed.set(key, json);
    for (const key of del) committed.delete(key);
    open.logBytes += line.length;
    if (open.logBytes > Math.max(this.compactBytes, open.snapshotBytes)) {
      try {
        this.compact(name, open);
      } catch (err) {
        // The log still holds every change: the world is durable, only bigger than it should be.
        this.report(`World "${name}": compaction failed (${String(err)}); the log keeps growing`);
      }
    }
  }

  save(name: string, sim: Sim): void {
    this.commit(name, sim);
    const open = this.open.get(name);
    if (open) this.compact(name, open);
  }

  /** The snapshot rewritten whole (temp, fsync, rename), then the log emptied. */
  private compact(name: string, open: Open): void {
    const { snapshot } = this.files(name);
    const body = [...open.committed].map(([k, json]) => `${JSON.stringify(k)}:${json}`).join(',\n');
    const text = `{"format":${FORMAT},"world":${JSON.stringify(name)},"records":{\n${body}\n}}\n`;
    const tmp = `${snapshot}.tmp`;
    const fd = openSync(tmp, 'w', 0o600);
    try {
      writeAll(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, snapshot);
    ftruncateSync(open.fd, 0);
    open.logBytes = 0;
    open.snapshotBytes = text.length;
  }

  remove(name: string): void {
    const open = this.open.get(name);
    if (open) closeSync(open.fd);
    this.open.delete(name);
    for (const path of Object.values(this.files(name))) if (existsSync(path)) unlinkSync(path);
  }

  close(): void {
    for (const open of this.open.values()) closeSync(open.fd);
    this.open.clear();
  }

  /** Bytes of a world's files (for lists and benchmarks). */
  sizeOf(name: string): number {
    return Object.values(this.files(name)).reduce((n, p) => n + (existsSync(p) ? statSync(p).size : 0), 0);
  }
}

function writeAll(fd: number, text: string): void {
  const bytes = Buffer.from(text, 'utf8');
  let offset = 0;
  while (offset < bytes.length) offset += writeSync(fd, bytes, offset, bytes.length - offset);
}
