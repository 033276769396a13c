/**
 * `npm run bench:stages`: the CPU time per call each step of the request pipeline adds to the read
 * calls, measured with `app.inject` (no sockets, no load generator): the app as `npm start` builds it
 * (worlds, control API, journal of 1,000 entries) against the same app with one step turned off,
 * variant by variant in interleaved rounds, the median of the rounds. A step is turned off by putting
 * an empty plugin of the same name in its place (server/app.ts pipeline()), so the others' declared
 * dependencies still hold.
 *
 *   npm run bench:stages -- [--calls 3000] [--rounds 12] [--write]
 *
 * CPU time is the main thread's (process.threadCpuUsage(), user + system: what the calls cost the event
 * loop; V8's helper threads, which sweep and mark beside it, are left out) over the calls of a
 * variant, divided by the calls: what inject itself costs is in every variant and cancels out of the
 * differences. Samples are short and many, each variant in a new random order every round, each
 * after a few unmeasured calls, so drift on a shared machine spreads over every variant alike; a
 * second app with every step on is measured like the others, and its row is the table's noise floor.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type InjectOptions, type LightMyRequestResponse } from 'fastify';
import fp from 'fastify-plugin';
import { encryptBody } from '../../openapi/wire-crypto';
import { buildApp, pipeline, type AppOptions, type PipelineStep } from '../../server/app';
import { DEFAULT_WORLD, Worlds } from '../../server/sim/worlds';
import type { Sim } from '../../server/sim/state';
import { markers, writeBlock } from './doc-block';

const { values: flags } = parseArgs({
  options: {
    calls: { type: 'string', default: '3000' },
    rounds: { type: 'string', default: '12' },
    write: { type: 'boolean', default: false },
  },
});
const CALLS = Math.max(100, Number(flags.calls) || 3000);
const ROUNDS = Math.max(1, Number(flags.rounds) || 12);
const MARKERS = markers('bench-stages', 'npm run bench:stages');
const HEADERS = { merchant: 'DEMO', device: 'web', language: 'EN' };
const DEFAULTS: AppOptions = { scenario: 'default', controlApi: true, journalSize: 1000, logger: false };

/** An empty plugin standing in for a step that is off. */
const empty = (name: string): FastifyPluginAsync => fp(async () => {}, { fastify: '5.x', name });

/** World selection off: every request acts on the default world, read from no header or cookie. */
const fixedWorld = fp(
  async (app) => {
    const worlds = new Worlds({ scenario: 'default', journalSize: 1000 });
    const sim = worlds.get(DEFAULT_WORLD);
    app.decorate('worlds', worlds);
    app.decorate('stateDir', null);
    app.decorate('sim', sim);
    app.decorateRequest('sim', null as unknown as Sim);
    app.decorateRequest('worldName', DEFAULT_WORLD);
    app.decorateRequest('worldHold', null);
    // A step of the pipeline, as world selection's own: the steps after it read request.sim.
    app.requestPipeline.onRequest('world-selection', (request) => {
      request.sim = sim;
    });
  },
  { fastify: '5.x', name: 'world-selection', dependencies: ['request-pipeline'] },
);

/** Contract validation off: every request schema passes as it is, no finite-number check. */
const noValidation = fp(
  async (app) => {
    app.setValidatorCompiler(() => () => true);
  },
  { fastify: '5.x', name: 'contract-validation' },
);

/**
 * Serialisation off: each route's response serialiser runs once and its text is sent again after
 * (the same bytes go out, only the serialising is skipped).
 */
const cachedSerializer = fp(
  async (app) => {
    const factory = SerializerSelector()(undefined, undefined);
    app.setSerializerCompiler((route) => {
      const serialize = factory(route as Parameters<typeof factory>[0]);
      let text: string | undefined;
      return (data: unknown) => (text ??= serialize(data) as string);
    });
  },
  { fastify: '5.x', name: 'serialization-cached' },
);

interface Variant {
  id: string;
  label: string;
  steps: (options: AppOptions) => PipelineStep[];
  options?: AppOptions;
}

const replace = (steps: PipelineStep[], name: string, plugin: FastifyPluginAsync): PipelineStep[] =>
  steps.map((s) => (s.name === name ? { name, plugin, options: {} } : s));
const before = (steps: PipelineStep[], name: string, extra: PipelineStep): PipelineStep[] =>
  steps.flatMap((s) => (s.name === name ? [extra, s] : [s]));

let stateDir: string | undefined;
const VARIANTS: Variant[] = [
  { id: 'all', label: 'all steps on (as npm start)', steps: pipeline },
  { id: 'world-selection', label: 'world selection (header/cookie, enter and leave the world)', steps: (o) => replace(pipeline(o), 'world-selection', fixedWorld) },
  { id: 'journal', label: 'request journal (1,000 entries)', steps: (o) => replace(pipeline(o), 'journal', fp(async (app) => { app.decorateRequest('journalPending', null); app.decorateRequest('simInjected', null); }, { fastify: '5.x', name: 'journal' })) },
  { id: 'fault-injection', label: 'fault injection (no fault set)', steps: (o) => replace(pipeline(o), 'fault-injection', empty('fault-injection')) },
  { id: 'clock', label: 'clock tick and salary settlement', steps: (o) => replace(pipeline(o), 'clock', empty('clock')) },
  { id: 'security-headers', label: 'security headers', steps: (o) => replace(pipeline(o), 'security-headers', empty('security-headers')) },
  { id: 'compression', label: 'compression (client asks for none)', steps: (o) => replace(pipeline(o), 'compression', empty('compression')) },
  { id: 'contract-validation', label: 'contract validation (headers, query)', steps: (o) => replace(pipeline(o), 'contract-validation', noValidation) },
  { id: 'serialization', label: 'serialisation (response schema)', steps: (o) => before(pipeline(o), 'contract-routes', { name: 'serialization-cached', plugin: cachedSerializer, options: {} }) },
  // A second app with every step on, measured like the others: its row is the noise floor of the table.
  { id: 'control', label: 'nothing (a second app with every step on: the noise floor)', steps: pipeline },
];

interface Call {
  id: string;
  label: string;
  request: InjectOptions;
}

async function callsFor(app: FastifyInstance): Promise<Call[]> {
  const key = await app.inject({ url: '/wps/session/key/rsa', headers: HEADERS });
  const { body, encryption } = encryptBody({ type: 'username', username: 'player01', password: 'Passw0rd!' }, String(key.json<{ value: string }>().value));
  const login = await app.inject({ method: 'POST', url: '/wps/session/login', headers: { ...HEADERS, 'content-type': 'application/json', encryption }, payload: JSON.stringify(body) });
  const token = login.json<{ value?: { token?: string } }>().value?.token;
  if (!token) throw new Error(`login failed: ${login.body}`);
  return [
    { id: 'status', label: 'GET /wps/system/status', request: { url: '/wps/system/status', headers: HEADERS } },
    { id: 'member', label: 'GET /wps/member/info', request: { url: '/wps/member/info', headers: { ...HEADERS, authorization: token } } },
    { id: 'games', label: 'GET GCSGAME_gameList (42/page)', request: { url: '/wps/relay/GCSGAME_gameList?clientType=3&gameType=RNG&language=EN&pageNo=1&pageSize=42', headers: HEADERS } },
  ];
}

/** Injections between two turns of the event loop (see cpuPerCall). */
const CALLS_PER_TURN = 32;
/** Unmeasured calls before each sample (see cpuPerCall). */
const WARM_CALLS = 64;

/** A copy of `list` in random order (Fisher–Yates). */
function shuffled<T>(list: readonly T[]): T[] {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

/** `calls` injections of one request, one after another, the event loop turning every CALLS_PER_TURN. */
async function injectMany(app: FastifyInstance, request: InjectOptions, calls: number, check?: (res: LightMyRequestResponse) => void): Promise<void> {
  for (let i = 0; i < calls; i++) {
    const res = await app.inject(request);
    check?.(res);
    if (i % CALLS_PER_TURN === CALLS_PER_TURN - 1) await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/**
 * CPU µs per call of `calls` injections of one request. An injection settles in microtasks, so a
 * loop that only awaits them never lets the event loop reach its check phase: every injected
 * response's `setImmediate` (light-my-request finishes its mock socket there) would wait until the
 * loop ends, about 10 KB each, and a run of the defaults ran out of heap. The loop yields a turn every
 * CALLS_PER_TURN calls, as a server's event loop turns between requests, so that work is counted
 * where it happens.
 */
async function cpuPerCall(app: FastifyInstance, request: InjectOptions, calls: number): Promise<number> {
  // Unmeasured calls first: the shared code (Fastify, light-my-request) was last optimised for
  // another app's reply, and re-optimising it is not this variant's cost.
  await injectMany(app, request, WARM_CALLS);
  const start = process.threadCpuUsage();
  await injectMany(app, request, calls, (res) => {
    if (res.statusCode !== 200) throw new Error(`${String(request.url)} answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
  });
  const used = process.threadCpuUsage(start);
  return (used.user + used.system) / calls;
}

async function main(): Promise<void> {
  const log = (line: string) => process.stderr.write(`[stages] ${line}\n`);
  const loadAtStart = loadavg()[0] ?? 0;
  stateDir = mkdtempSync(join(tmpdir(), 'bench-stages-'));
  const variants: Variant[] = [...VARIANTS, { id: 'durability', label: 'durability check (--state DIR)', steps: pipeline, options: { stateDir } }];
  const apps = new Map<string, { app: FastifyInstance; calls: Call[] }>();
  for (const v of variants) {
    const options = { ...DEFAULTS, ...v.options };
    const app = await buildApp(options, v.steps(options));
    await app.ready();
    apps.set(v.id, { app, calls: await callsFor(app) });
  }
  // The bare ceiling: Fastify answering a fixed small JSON reply through inject.
  const bare = Fastify({ logger: false });
  bare.get('/*', async () => ({ hello: 'world' }));
  await bare.ready();

  const callIds = ['status', 'member', 'games'];
  const samples = new Map<string, number[]>();
  const add = (key: string, value: number) => samples.set(key, [...(samples.get(key) ?? []), value]);
  // Warm-up: every variant's code paths compiled before anything is measured.
  for (const { app, calls } of apps.values()) for (const c of calls) await cpuPerCall(app, c.request, Math.min(CALLS, 500));
  for (let round = 1; round <= ROUNDS; round++) {
    if (round % 4 === 1) log(`round ${round}/${ROUNDS}`);
    for (const callId of callIds) {
      add(`bare|${callId}`, await cpuPerCall(bare, { url: '/x' }, CALLS));
      // A new order every round, so no variant always follows the same one.
      for (const v of shuffled(variants)) {
        const entry = apps.get(v.id);
        const call = entry?.calls.find((c) => c.id === callId);
        if (entry && call) add(`${v.id}|${callId}`, await cpuPerCall(entry.app, call.request, CALLS));
      }
    }
  }
  const median = (key: string) => {
    const list = [...(samples.get(key) ?? [])].sort((a, b) => a - b);
    return list[Math.floor((list.length - 1) / 2)] ?? NaN;
  };
  const labels = new Map((await callsFor(apps.get('all')?.app as FastifyInstance)).map((c) => [c.id, c.label]));
  const us = (n: number) => `${n >= 0 ? '' : '−'}${Math.abs(n).toFixed(1)}`;
  const lines: string[] = [];
  const cpu = cpus();
  lines.push(
    `Command: \`npm run bench:stages -- --calls ${CALLS} --rounds ${ROUNDS}${flags.write ? ' --write' : ''}\``,
    '',
    `Machine: ${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown CPU'}); Node ${process.version}; ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC. ` +
      `${CALLS} calls per variant and call in each of ${ROUNDS} interleaved rounds, median shown; CPU µs per call (main thread, process.threadCpuUsage over app.inject). ` +
      `Load average (1 min) before: ${loadAtStart.toFixed(2)}, after: ${(loadavg()[0] ?? 0).toFixed(2)}.`,
    '',
    `| step (on − off) | ${callIds.map((c) => labels.get(c) ?? c).join(' | ')} |`,
    `|---|${callIds.map(() => '---:').join('|')}|`,
  );
  lines.push(`| whole call, all steps on | ${callIds.map((c) => us(median(`all|${c}`))).join(' | ')} |`);
  lines.push(`| bare Fastify through inject (fixed reply) | ${callIds.map((c) => us(median(`bare|${c}`))).join(' | ')} |`);
  for (const v of variants) {
    if (v.id === 'all') continue;
    // Durability is off in the baseline and on in its variant; every other variant turns one step off.
    const cells = callIds.map((c) => (v.id === 'durability' ? median(`durability|${c}`) - median(`all|${c}`) : median(`all|${c}`) - median(`${v.id}|${c}`)));
    lines.push(`| ${v.label} | ${cells.map(us).join(' | ')} |`);
  }
  const block = lines.join('\n');
  process.stdout.write(`${block}\n`);
  if (flags.write) log(`wrote ${writeBlock(MARKERS, block, '## What each step of the request pipeline costs')}`);
  for (const { app } of apps.values()) await app.close();
  await bare.close();
}

main()
  .catch((err: unknown) => {
    process.stderr.write(`[stages] ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exitCode = 1;
  })
  .finally(() => {
    if (stateDir) rmSync(stateDir, { recursive: true, force: true });
  });
