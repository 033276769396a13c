/**
 * `npm run bench:journal`: what the request journal costs. Two simulators as `npm start`
 * runs them, one with the journal on (1,000 entries) and one with `--journal off`, each in its own
 * process, loaded in turn with the same calls (status, member info with a token, the encrypted login)
 * for the same time; rounds alternate on/off so the machine's other work hits both alike. Prints a
 * markdown table of the median req/s and the on/off ratio; `--write` puts it in docs/benchmarks.md.
 *
 *   npm run bench:journal -- [--connections 20] [--duration 5] [--rounds 3] [--write] [--only http|cpu]
 *
 * On a machine other work keeps busy, req/s move with that work more than with the journal. A
 * second table therefore measures CPU time per call in one process (`app.inject`, no sockets): two
 * apps, journal on and off, batches of the same calls alternating, process CPU time (user + system)
 * per batch, median of --cpu-batches. inject's own cost is in both, so the ratio there is a lower
 * bound on the journal's share of a real HTTP call's cost.
 *
 * Goal: the journal costs at most 10% (ratio ≥ 0.90) on every call.
 */
import { spawn } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import type { InjectOptions } from 'fastify';
import { encryptBody } from '../../openapi/wire-crypto';
import { buildApp } from '../../server/app';
import { markers, writeBlock } from './doc-block';
import { freePort, killChildren, trackChild } from './processes';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SERVE = join(ROOT, 'scripts', 'bench', 'serve.ts');
const HEADERS = { merchant: 'DEMO', device: 'web', language: 'EN' };
const MARKERS = markers('bench-journal', 'npm run bench:journal');

const { values: flags } = parseArgs({
  options: {
    connections: { type: 'string', default: '20' },
    duration: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '3' },
    'cpu-batches': { type: 'string', default: '15' },
    'cpu-calls': { type: 'string', default: '400' },
    write: { type: 'boolean', default: false },
    // Only one of the two tables (e.g. --only cpu while profiling); --write needs both.
    only: { type: 'string' },
  },
});
const CONNECTIONS = Number(flags.connections);
const DURATION = Number(flags.duration);
const ROUNDS = Number(flags.rounds);
for (const [name, n] of [['connections', CONNECTIONS], ['duration', DURATION], ['rounds', ROUNDS]] as const) {
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} must be a positive number`);
}

async function start(journal: 'on' | 'off'): Promise<string> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', SERVE, '--kind', 'sim', '--port', String(port), '--journal', journal], {
    cwd: ROOT,
    detached: true,
    stdio: ['pipe', 'ignore', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  trackChild(child);
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`journal ${journal}: the server exited with ${child.exitCode}`);
    try {
      await (await fetch(`${base}/wps/system/status`, { headers: HEADERS })).arrayBuffer();
      return base;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  throw new Error(`journal ${journal}: the server did not start within 60 s`);
}

async function requestsFor(base: string): Promise<Record<string, autocannon.Request[]>> {
  const modulus = String(((await (await fetch(`${base}/wps/session/key/rsa`, { headers: HEADERS })).json()) as { value: string }).value);
  const login = (plain: object) => encryptBody(plain, modulus);
  const first = login({ type: 'username', username: 'player01', password: 'Passw0rd!' });
  const res = await fetch(`${base}/wps/session/login`, {
    method: 'POST',
    headers: { ...HEADERS, 'content-type': 'application/json', encryption: first.encryption },
    body: JSON.stringify(first.body),
  });
  const token = ((await res.json()) as { value?: { token?: string } }).value?.token;
  if (!token) throw new Error('bench login failed');
  const bodies = Array.from({ length: 64 }, () => login({ type: 'username', username: 'player01', password: 'Passw0rd!' }));
  return {
    'GET /wps/system/status': [{ method: 'GET', path: '/wps/system/status', headers: HEADERS }],
    'GET /wps/member/info (token)': [{ method: 'GET', path: '/wps/member/info', headers: { ...HEADERS, authorization: token } }],
    'POST /wps/session/login (encrypted)': bodies.map((b) => ({
      method: 'POST' as const,
      path: '/wps/session/login',
      headers: { ...HEADERS, 'content-type': 'application/json', encryption: b.encryption },
      body: JSON.stringify(b.body),
    })),
  };
}

async function measure(base: string, requests: autocannon.Request[]): Promise<{ rps: number; non2xx: number; errors: number }> {
  const result = await autocannon({ url: base, connections: CONNECTIONS, duration: DURATION, requests });
  return { rps: result.requests.average, non2xx: result.non2xx, errors: result.errors + result.timeouts };
}

/** CPU microseconds per call, journal on and off, from alternating in-process batches. */
async function cpuPerCall(): Promise<string[]> {
  const batches = Number(flags['cpu-batches']);
  const perBatch = Number(flags['cpu-calls']);
  const apps = { on: await buildApp({ controlApi: true, journalSize: 1000 }), off: await buildApp({ controlApi: true, journalSize: 0 }) };
  const rows: string[] = [];
  const callsOf = async (which: 'on' | 'off'): Promise<Record<string, () => InjectOptions>> => {
    const app = apps[which];
    const modulus = app.sim.rsa.modulusHex;
    const loginBody = () => encryptBody({ type: 'username', username: 'player01', password: 'Passw0rd!' }, modulus);
    const first = loginBody();
    const res = await app.inject({ method: 'POST', url: '/wps/session/login', headers: { ...HEADERS, encryption: first.encryption }, payload: first.body });
    const token = (res.json() as { value: { token: string } }).value.token;
    const bodies = Array.from({ length: 64 }, loginBody);
    let i = 0;
    return {
      'GET /wps/system/status': () => ({ method: 'GET', url: '/wps/system/status', headers: HEADERS }),
      'GET /wps/member/info (token)': () => ({ method: 'GET', url: '/wps/member/info', headers: { ...HEADERS, authorization: token } }),
      'POST /wps/session/login (encrypted)': () => {
        const b = bodies[i++ % bodies.length]!;
        return { method: 'POST', url: '/wps/session/login', headers: { ...HEADERS, encryption: b.encryption }, payload: b.body };
      },
    };
  };
  const calls = { on: await callsOf('on'), off: await callsOf('off') };
  for (const label of Object.keys(calls.on)) {
    const us: Record<'on' | 'off', number[]> = { on: [], off: [] };
    for (let b = 0; b < batches; b++) {
      for (const which of b % 2 === 0 ? (['on', 'off'] as const) : (['off', 'on'] as const)) {
        const make = calls[which][label]!;
        const before = process.cpuUsage();
        for (let n = 0; n < perBatch; n++) await apps[which].inject(make());
        const used = process.cpuUsage(before);
        us[which].push((used.user + used.system) / perBatch);
      }
    }
    const on = median(us.on);
    const off = median(us.off);
    // Each batch pair's ratio (off CPU / on CPU = throughput on / off): the spread of the runs.
    const pairs = us.on.map((u, b) => (us.off[b] ?? 0) / u);
    const added = on - off;
    rows.push(`| ${label} | ${off.toFixed(0)} µs | ${on.toFixed(0)} µs | ${added >= 0 ? '+' : '−'}${Math.abs(added).toFixed(0)} µs | ${(off / on).toFixed(2)} | ${spread(pairs)} | ${off / on >= 0.9 ? 'yes' : 'no'} |`);
  }
  await Promise.all([apps.on.close(), apps.off.close()]);
  return rows;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
};
/** Lowest – highest of paired ratios. */
const spread = (ratios: number[]) => `${Math.min(...ratios).toFixed(2)} – ${Math.max(...ratios).toFixed(2)}`;
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

async function main(): Promise<void> {
  const log = (line: string) => process.stderr.write(`[bench:journal] ${line}\n`);
  if (flags.only !== undefined && flags.only !== 'http' && flags.only !== 'cpu') throw new Error('--only takes http or cpu');
  if (flags.only && flags.write) throw new Error('--write needs both tables: leave out --only');
  if (flags.only === 'cpu') {
    process.stdout.write(`${(await cpuPerCall()).join('\n')}\n`);
    return;
  }
  const startLoad = loadavg()[0]?.toFixed(2);
  log('starting two simulators (journal on, journal off) …');
  const [on, off] = await Promise.all([start('on'), start('off')]);
  const calls = { on: await requestsFor(on), off: await requestsFor(off) };
  const rows: string[] = [];
  let met = true;
  for (const label of Object.keys(calls.on)) {
    const rps: Record<'on' | 'off', number[]> = { on: [], off: [] };
    let bad = 0;
    for (let round = 0; round < ROUNDS; round++) {
      // Alternate which goes first, so neither always runs on a warmer or busier machine.
      for (const which of round % 2 === 0 ? (['on', 'off'] as const) : (['off', 'on'] as const)) {
        const m = await measure(which === 'on' ? on : off, calls[which][label] ?? []);
        rps[which].push(m.rps);
        bad += m.non2xx + m.errors;
        log(`${label} journal ${which}: ${fmt(m.rps)} req/s`);
      }
    }
    const ratio = median(rps.on) / median(rps.off);
    // Each round's on/off pair, run back to back: the spread.
    const pairs = rps.on.map((r, n) => r / (rps.off[n] ?? r));
    met &&= ratio >= 0.9;
    rows.push(`| ${label} | ${fmt(median(rps.off))} | ${fmt(median(rps.on))} | ${ratio.toFixed(2)} | ${spread(pairs)} | ${ratio >= 0.9 ? 'yes' : 'no'}${bad ? ` (${bad} non-2xx or errors)` : ''} |`);
  }
  log('CPU time per call in one process …');
  const cpuRows = flags.only === 'http' ? ['| (left out: --only http) | | | | | | |'] : await cpuPerCall();
  const journalLength = ((await (await fetch(`${on}/__sim/journal?limit=1`)).json()) as { value: { id: number }[] }).value[0]?.id ?? 0;
  const block = [
    `Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}, load average ${startLoad} at the start and ${loadavg()[0]?.toFixed(2)} at the end; ${CONNECTIONS} connections, ${DURATION} s per round, median of ${ROUNDS} rounds alternating on/off; the journal-on simulator wrote ${fmt(journalLength)} entries (ring of 1,000).`,
    '',
    '| call | journal off (req/s) | journal on (req/s) | on / off (medians) | rounds\' on / off, low – high | goal ≥ 0.90 met |',
    '|---|---:|---:|---:|---:|---|',
    ...rows,
    '',
    `CPU time per call in one process (app.inject, ${flags['cpu-calls']} calls a batch, median of ${flags['cpu-batches']} batches alternating on/off):`,
    '',
    '| call | journal off (CPU/call) | journal on (CPU/call) | journal adds | throughput on / off | batches\' on / off, low – high | goal ≥ 0.90 met |',
    '|---|---:|---:|---:|---:|---:|---|',
    ...cpuRows,
  ].join('\n');
  process.stdout.write(`${block}\n`);
  if (flags.write) log(`written to ${writeBlock(MARKERS, block, '## The request journal\'s cost')}`);
  log(met ? 'goal met on every call' : 'goal NOT met on every call');
  killChildren();
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  killChildren();
  process.exit(1);
});
