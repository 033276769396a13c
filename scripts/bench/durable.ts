/**
 * `npx tsx scripts/bench/durable.ts`: deposits per second with `--state` against in memory, in one
 * run (ADR 010). Two simulators, each `scripts/start.ts` in its own process on 127.0.0.1 (one
 * with a fresh temporary state directory); the same accounts are registered on both, then autocannon
 * sends deposits round-robin over them, the two targets alternating for --rounds rounds. Prints a
 * markdown table; `--write` also puts it into docs/benchmarks.md between its markers.
 *
 *   npx tsx scripts/bench/durable.ts [--connections 10] [--duration 5] [--rounds 3] [--accounts 20,1000]
 *     [--against CHECKOUT] [--profile DIR] [--write]
 *
 * `--accounts` takes a list: each size gets its own pair of servers, so the durable figure of a
 * bigger world is measured beside the smaller one's in the same run (a commit's cost must not grow
 * with the world, docs/decisions/021-world-as-data.md).
 *
 * `--against CHECKOUT` adds a second pair of servers (in memory and `--state`) run from another
 * checkout of the repository (with its node_modules), taking its turns in the same rounds, so a
 * change is measured side by side with the code before it (ADR 010: one run, alternating targets).
 * `--profile DIR` starts every server with `node --cpu-prof` and stops it with SIGTERM, so each
 * leaves a CPU profile in DIR (docs/benchmarks.md says how the durable path was read from them).
 *
 * Bounded: every round lasts --duration seconds; both servers are killed on exit, error or Ctrl-C,
 * and the state directory is removed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { encryptBody } from '../../openapi/wire-crypto';
import { markers, writeBlock } from './doc-block';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const HEADERS = { merchant: 'DEMO', device: 'web', language: 'EN', 'content-type': 'application/json' };
const MARKERS = markers('bench-durable', 'npx tsx scripts/bench/durable.ts');

const { values: flags } = parseArgs({
  options: {
    connections: { type: 'string', default: '10' },
    duration: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '3' },
    accounts: { type: 'string', default: '20,1000' },
    against: { type: 'string' },
    profile: { type: 'string' },
    write: { type: 'boolean', default: false },
  },
});
const connections = Number(flags.connections);
const duration = Number(flags.duration);
const rounds = Number(flags.rounds);
const sizes = flags.accounts.split(',').map(Number);
for (const [name, n] of Object.entries({ connections, duration, rounds, ...Object.fromEntries(sizes.map((n, i) => [`accounts[${i}]`, n])) })) {
  if (!Number.isInteger(n) || n < 1 || n > 1000) throw new Error(`--${name} must be a whole number from 1 to 1000`);
}

const PEER_ROOT = flags.against ? resolve(flags.against) : undefined;
if (PEER_ROOT && !existsSync(join(PEER_ROOT, 'scripts', 'start.ts'))) {
  throw new Error(`--against ${PEER_ROOT}: no scripts/start.ts there (a checkout of this repository, with node_modules)`);
}
const PROFILE_DIR = flags.profile ? resolve(flags.profile) : undefined;
if (PROFILE_DIR) mkdirSync(PROFILE_DIR, { recursive: true });

interface Target {
  label: string;
  /** Which checkout runs it: 'this' or 'peer' (--against). */
  checkout: 'this' | 'peer';
  durable: boolean;
  url: string;
  child: ChildProcess;
  tokens: string[];
}

const children = new Set<ChildProcess>();
const stateDirs: string[] = [];
function cleanUp(): void {
  for (const child of children) {
    try {
      if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  children.clear();
  for (const dir of stateDirs) rmSync(dir, { recursive: true, force: true });
}
process.on('exit', cleanUp);
process.on('SIGINT', () => process.exit(130));
process.on('SIGTERM', () => process.exit(143));

function start(label: string, checkout: 'this' | 'peer', extra: string[]): Promise<Target> {
  const prof = PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`, `--cpu-prof-name=${label.replace(/\W+/g, '-').replace(/^-|-$/g, '')}-${process.hrtime.bigint()}.cpuprofile`] : [];
  const child = spawn(process.execPath, [...prof, '--import', 'tsx', 'scripts/start.ts', '--port', '0', '--host', '127.0.0.1', '--no-build', ...extra], {
    cwd: checkout === 'peer' && PEER_ROOT ? PEER_ROOT : ROOT,
    env: { ...process.env, LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  children.add(child);
  let out = '';
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const url = /Portal running at (http:\/\/\S+)/.exec(out)?.[1];
      if (url) resolve({ label, checkout, durable: extra.includes('--state'), url: url.replace('localhost', '127.0.0.1'), child, tokens: [] });
    });
    child.on('exit', (code) => reject(new Error(`${label} exited with ${code}`)));
  });
}

async function api(target: Target, method: string, path: string, body: unknown, encrypted = false): Promise<{ token?: string }> {
  const headers: Record<string, string> = { ...HEADERS };
  let payload = body;
  if (encrypted) {
    const modulus = ((await (await fetch(`${target.url}/wps/session/key/rsa`, { headers })).json()) as { value: string }).value;
    const wrapped = encryptBody(body, modulus);
    payload = wrapped.body;
    headers.encryption = wrapped.encryption;
  }
  const res = await fetch(`${target.url}${path}`, { method, headers, body: JSON.stringify(payload) });
  const envelope = (await res.json()) as { success: boolean; value?: { token?: string }; message?: string };
  if (!envelope.success) throw new Error(`${target.label} ${path}: ${envelope.message ?? res.status}`);
  return envelope.value ?? {};
}

async function prepare(target: Target, accounts: number): Promise<void> {
  for (let i = 0; i < accounts; i++) {
    const username = `bench${String(i).padStart(3, '0')}`;
    const password = 'Bench#Pass1';
    const { token } = await api(target, 'PUT', '/wps/member/register', { username, password, confirmPassword: password, registerMethod: 'WEB', login: true, registerUrl: 'http://localhost/register' }, true);
    if (!token) throw new Error('registration gave no token');
    target.tokens.push(token);
  }
}

interface Round {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function round(target: Target): Promise<Round> {
  let next = 0;
  const result = await autocannon({
    url: target.url,
    connections,
    duration,
    requests: [
      {
        method: 'POST',
        path: '/wps/wallet/deposit',
        headers: HEADERS,
        body: JSON.stringify({ channelId: 'easypaisa', amount: 10 }),
        // Round-robin over the accounts, as many players depositing at once.
        setupRequest: (req) => ({ ...req, headers: { ...req.headers, authorization: target.tokens[next++ % target.tokens.length] ?? '' } }),
      },
    ],
  });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/** Stop a server: SIGKILL, or SIGTERM and its exit when it writes a CPU profile (--profile). */
async function stop(target: Target): Promise<void> {
  const pid = target.child.pid;
  if (pid && PROFILE_DIR && target.child.exitCode === null) {
    const exited = new Promise((done) => target.child.once('exit', done));
    process.kill(-pid, 'SIGTERM');
    await Promise.race([exited, new Promise((done) => setTimeout(done, 10_000))]);
  }
  if (pid && target.child.exitCode === null) process.kill(-pid, 'SIGKILL');
  children.delete(target.child);
}

interface Row {
  label: string;
  checkout: 'this' | 'peer';
  durable: boolean;
  accounts: number;
  rps: number;
  low: number;
  high: number;
  p50: number;
  p99: number;
  bad: number;
}

async function measure(accounts: number): Promise<Row[]> {
  const stateDir = mkdtempSync(join(tmpdir(), 'bench-durable-'));
  stateDirs.push(stateDir);
  const targets = [await start('in memory', 'this', []), await start('--state', 'this', ['--state', stateDir])];
  if (PEER_ROOT) {
    const peerDir = mkdtempSync(join(tmpdir(), 'bench-durable-peer-'));
    stateDirs.push(peerDir);
    targets.push(await start('in memory (peer)', 'peer', []), await start('--state (peer)', 'peer', ['--state', peerDir]));
  }
  for (const target of targets) await prepare(target, accounts);
  const results = new Map<Target, Round[]>(targets.map((t) => [t, []]));
  for (let r = 0; r < rounds; r++) {
    // Alternating, so the machine's other load falls on every target alike.
    for (const target of r % 2 === 0 ? targets : [...targets].reverse()) {
      const res = await round(target);
      results.get(target)?.push(res);
      console.error(`${accounts} accounts, round ${r + 1} ${target.label}: ${res.rps.toFixed(0)} deposits/s, p99 ${res.p99} ms`);
    }
  }
  for (const target of targets) await stop(target);
  return [...results].map(([target, rs]) => {
    const best = rs.find((x) => x.rps === median(rs.map((y) => y.rps))) ?? rs[0];
    return {
      label: target.label,
      checkout: target.checkout,
      durable: target.durable,
      accounts,
      rps: median(rs.map((x) => x.rps)),
      low: Math.min(...rs.map((x) => x.rps)),
      high: Math.max(...rs.map((x) => x.rps)),
      p50: best?.p50 ?? 0,
      p99: best?.p99 ?? 0,
      bad: rs.reduce((n, x) => n + x.non2xx + x.errors, 0),
    };
  });
}

async function main(): Promise<void> {
  const rows: Row[] = [];
  for (const accounts of sizes) rows.push(...(await measure(accounts)));
  // Each checkout's ratios are to its own figures.
  const memoryOf = (r: Row) => rows.find((x) => x.accounts === r.accounts && x.checkout === r.checkout && !x.durable)?.rps ?? 1;
  const firstDurable = (r: Row) => rows.find((x) => x.checkout === r.checkout && x.durable)?.rps ?? 1;
  const table = [
    `Deposits (\`POST /wps/wallet/deposit\`) round-robin over the bench accounts (registered on top of the seed), ${connections} connections, ${rounds} rounds of ${duration} s per target, the ${PEER_ROOT ? `four targets of a size (this checkout's pair and the pair of ${PEER_ROOT}, "(peer)")` : 'two targets of a size'} taking turns, the order reversed every other round; ${cpus().length} cores, load average ${loadavg()[0]?.toFixed(1)} at the end (the machine is shared). Median round, with the lowest and highest.`,
    '',
    `| world | target | deposits/s (median) | low – high | p50 ms | p99 ms | non-2xx + errors | vs in memory | vs ${sizes[0]}-account durable |`,
    '|---|---|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.accounts} accounts + seed | ${r.label} | ${r.rps.toFixed(0)} | ${r.low.toFixed(0)} – ${r.high.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.bad} | ${(r.rps / memoryOf(r)).toFixed(2)}× | ${r.durable ? `${(r.rps / firstDurable(r)).toFixed(2)}×` : ''} |`,
    ),
    '',
    `Command: \`npx tsx scripts/bench/durable.ts --connections ${connections} --duration ${duration} --rounds ${rounds} --accounts ${sizes.join(',')}${PEER_ROOT ? ` --against ${flags.against}` : ''}\`, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
  ].join('\n');
  console.log(table);
  if (flags.write) console.error(`written to ${writeBlock(MARKERS, table, '## Durable state: deposits with --state against in memory')}`);
}

main()
  .then(() => process.exit(0))
  .catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
