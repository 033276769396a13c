/**
 * Test helpers: a simulator app through `app.inject`, plus the calls every test needs (headers,
 * encrypted bodies, logging in as a seed account).
 *
 * One app per test file and options, a fresh world per test (ADR 029): building an app compiles
 * every route's schemas (about half a second of CPU), which a new app per test paid over a
 * thousand times. Worlds are isolated by design (ADR 009), so each test still starts from a state
 * no other test has touched: after every test the app's worlds are replaced by a fresh default
 * world of the same scenario. The RSA key is the app's, as it is for a running simulator.
 */
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach } from 'vitest';
import { encryptBody } from '../openapi/wire-crypto';
import { buildApp, type AppOptions } from '../server/app';
import { DEFAULT_WORLD } from '../server/sim/worlds';

/** Apps of this file kept across tests, by their options. */
const shared = new Map<string, FastifyInstance>();
/** Shared apps a test of this file has used (their worlds are reset after it). */
const used = new Set<FastifyInstance>();
/** Apps made for one test only, closed after it. */
const own: FastifyInstance[] = [];
const closed = new WeakSet<FastifyInstance>();

/**
 * The key under which an app with these options may be shared, or null when it may not: state
 * directories, replay sets and loggers hold state or resources beyond the worlds.
 */
function shareKey(options: AppOptions): string | null {
  for (const [name, value] of Object.entries(options)) {
    if (value === undefined) continue;
    if (name === 'stateDir' || name === 'replay' || name === 'logger') return null;
    if (!['string', 'number', 'boolean'].includes(typeof value)) return null;
  }
  return JSON.stringify(Object.entries(options).filter(([, v]) => v !== undefined).sort(([a], [b]) => a.localeCompare(b)));
}

interface WorldsInternals {
  entries?: unknown;
  unloaded?: unknown;
}

/**
 * Give the app a fresh default world and nothing else, as a new app would have (ADR 029). Returns
 * false when the worlds registry does not have the shape this relies on, so the caller builds a
 * new app instead.
 */
export function resetWorlds(app: FastifyInstance): boolean {
  // A test-only reach into the registry's private fields: its public remove() reloads the default
  // world in place, which keeps per-world side stores (faults, snapshots) keyed by the old object.
  const internals = app.worlds as unknown as WorldsInternals;
  if (!(internals.entries instanceof Map) || !Array.isArray(internals.unloaded)) return false;
  internals.entries.clear();
  internals.unloaded.length = 0;
  app.worlds.get(DEFAULT_WORLD);
  return true;
}

async function release(app: FastifyInstance): Promise<void> {
  if (!closed.has(app)) await app.close();
}

afterEach(async () => {
  await Promise.all(own.splice(0).map(release));
  for (const app of used) {
    // An app a test closed or left listening is not handed out again.
    const reusable = !closed.has(app) && !app.server.listening && resetWorlds(app);
    if (!reusable) {
      for (const [key, value] of shared) if (value === app) shared.delete(key);
      await release(app);
    }
  }
  used.clear();
});

afterAll(async () => {
  await Promise.all([...shared.values()].map(release));
  shared.clear();
});

/** Build and ready an app, noting when it is closed. */
export async function readyApp(options: AppOptions, build: (options: AppOptions) => Promise<FastifyInstance> = buildApp): Promise<FastifyInstance> {
  const app = await build({ controlApi: true, ...options });
  app.addHook('onClose', (_instance, done) => {
    closed.add(app);
    done();
  });
  await app.ready();
  return app;
}

/**
 * A simulator app with a fresh default world: the file's shared app for these options, or a new one
 * closed after the test when the options hold state of their own or the test already has the
 * shared one (a test that builds two apps gets two).
 */
export async function testApp(options: AppOptions = {}, build: (options: AppOptions) => Promise<FastifyInstance> = buildApp, prefix = 'app'): Promise<FastifyInstance> {
  const key = shareKey(options);
  const cacheKey = key === null ? null : `${prefix}:${key}`;
  const existing = cacheKey === null ? undefined : shared.get(cacheKey);
  if (existing && !used.has(existing) && !closed.has(existing)) {
    used.add(existing);
    return existing;
  }
  const app = await readyApp(options, build);
  if (cacheKey !== null && !existing) {
    shared.set(cacheKey, app);
    used.add(app);
  } else {
    own.push(app);
  }
  return app;
}
export const MERCHANT = 'DEMO';
export const SEED = {
  player: { username: 'player01', password: 'Passw0rd!' },
  agent: { username: 'agent01', password: 'Passw0rd!' },
} as const;

export interface CallOptions {
  query?: Record<string, string | number | boolean>;
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
  /** Encrypt the body as the gateway's encrypted calls do. */
  encrypted?: boolean;
  cookies?: Record<string, string>;
  /** Standard headers to leave out (e.g. 'merchant', to test the 400 for a missing header). */
  omitHeaders?: string[];
}

/** A reply envelope as tests read it; the contract test checks the real shapes against openapi.json. */
export interface Envelope {
  success: boolean;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read values of every operation
  value?: any;
  errorCode?: string;
  message?: string;
}

/** One API call with the client's standard headers. */
export async function call(
  app: FastifyInstance,
  method: InjectOptions['method'],
  url: string,
  options: CallOptions = {},
): Promise<LightMyRequestResponse & { envelope: Envelope }> {
  const headers: Record<string, string> = { merchant: MERCHANT, device: 'web', language: 'EN', ...options.headers };
  if (options.token) headers.authorization = options.token;
  for (const name of options.omitHeaders ?? []) delete headers[name];
  let payload: unknown = options.body;
  if (options.encrypted) {
    const { body, encryption } = encryptBody(options.body, app.sim.rsa.modulusHex);
    payload = body;
    headers.encryption = encryption;
  }
  const res = await app.inject({
    method,
    url,
    headers,
    query: options.query ? Object.fromEntries(Object.entries(options.query).map(([k, v]) => [k, String(v)])) : undefined,
    payload: payload as InjectOptions['payload'],
    cookies: options.cookies,
  });
  return Object.assign(res, { envelope: res.json() });
}

/** Log in as a seed account and return its token. */
export async function login(app: FastifyInstance, who: { username: string; password: string } = SEED.player): Promise<string> {
  const res = await call(app, 'POST', '/wps/session/login', { encrypted: true, body: { type: 'username', ...who } });
  if (!res.envelope.success) throw new Error(`login failed: ${res.body}`);
  return res.envelope.value.token as string;
}

/**
 * A maker of temporary directories named `<prefix>…`, all removed after the file's last test (its
 * apps are closed after each test, so nothing writes into them by then).
 */
export function tempDirs(prefix: string): () => string {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    dirs.push(dir);
    return dir;
  };
}

/**
 * Makes every later write of a world in the app's state directory fail, as on a full disk: its
 * database becomes /dev/full (the open handle is closed first, so the next write opens it).
 */
export function failWritesOf(app: FastifyInstance, dir: string, world = 'default'): void {
  const file = join(dir, 'worlds', `${world}.sqlite`);
  (app.worlds as unknown as { options: { persistence: { closeOne(name: string): void } } }).options.persistence.closeOne(world);
  for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
  symlinkSync('/dev/full', file);
}

/** Hands each Server-Sent Events block of a streamed response (the text between blank lines) to `onBlock` as it comes. */
export function onEventBlocks(res: IncomingMessage, onBlock: (block: string) => void): void {
  let text = '';
  res.setEncoding('utf8');
  res.on('data', (chunk: string) => {
    text += chunk;
    let end: number;
    while ((end = text.indexOf('\n\n')) >= 0) {
      onBlock(text.slice(0, end));
      text = text.slice(end + 2);
    }
  });
}
