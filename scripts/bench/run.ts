/**
 * `npm run bench`: HTTP load on the simulator, side by side in one run with Prism (an independent
 * mock of the same openapi.json) and a bare Fastify hello-world (the ceiling on this machine), with
 * the same connections and duration for every target and call. Prints a markdown table; `--write`
 * also puts it into docs/benchmarks.md between the generated-block markers.
 *
 *   npm run bench -- [--connections 50] [--duration 5] [--warmup 1] [--rounds 3] [--targets sim,prism,bare]
 *     [--against CHECKOUT] [--pin] [--write]
 *
 * The simulator runs as `npm start` does: worlds, the control API and a journal of 1,000 entries.
 * `--against CHECKOUT` runs a second simulator from another checkout of the repository (its own
 * scripts/bench/serve.ts and node_modules, say main before a change) as the target `peer`, taking its
 * turn after ours in every round, so before and after stand side by side in one run.
 *
 * Loopback only (127.0.0.1), every run bounded by --duration, every child process (one per target,
 * each in its own process group) killed on exit, error or Ctrl-C.
 *
 * Goals: ours >= 10x Prism's throughput on every call; ours >= 0.6x bare Fastify on the read calls
 * and >= 0.8x the decrypt-only ceiling on the encrypted login (docs/benchmarks.md). The report says
 * which are met; nothing is tuned per target.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { markers, writeBlock } from './doc-block';
import { positive } from './flags';
import { freePort, killChildren, pinLoadGenerator, pinnedCommand, trackChild } from './processes';
import { benchLogin, loginRequests } from './sim-login';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SPEC = join(ROOT, 'openapi', 'openapi.json');
const PRISM_BIN = join(ROOT, 'node_modules', '@stoplight', 'prism-cli', 'dist', 'index.js');
const MARKERS = markers('bench', 'npm run bench');
const BASE_HEADERS = { merchant: 'DEMO', device: 'web', language: 'EN' };

type TargetName = 'sim' | 'peer' | 'prism' | 'bare';
/**
 * Bare Fastify doing only the work no implementation of a call can skip (context, not a goal):
 * sending the simulator's own reply bytes (a large reply), or only the wire decryption of an
 * encrypted body (RSA unwrap of the key and DES decryption, with node:crypto and crypto-js as the
 * simulator does them), answering a fixed envelope.
 */
type Ceiling = 'bare-same-reply' | 'bare-decrypt-only';
/** A row of the report: a target, or one of the same-work ceilings. */
type RowName = TargetName | Ceiling;
interface Target {
  name: TargetName;
  label: string;
  port: number;
  child: ChildProcess;
}

interface CallSpec {
  id: string;
  label: string;
  /** Read calls are held to the "half of bare Fastify" goal. */
  read: boolean;
  /** Also measure this same-work ceiling on bare Fastify, shown beside the hello-world one. */
  ceiling?: Ceiling;
  requests: autocannon.Request[];
}

interface Measure {
  /** Median of the rounds (by req/s); p50/p99 are that round's. */
  rps: number;
  /** Lowest and highest req/s of the rounds: how much the machine's other work moved the figure. */
  low: number;
  high: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  probe: string;
}

const { values: flags } = parseArgs({
  options: {
    connections: { type: 'string', default: '50' },
    duration: { type: 'string', default: '5' },
    warmup: { type: 'string', default: '1' },
    rounds: { type: 'string', default: '3' },
    targets: { type: 'string', default: 'sim,prism,bare' },
    logins: { type: 'string', default: '64' },
    against: { type: 'string' },
    pin: { type: 'boolean', default: false },
    write: { type: 'boolean', default: false },
  },
});
const PEER_ROOT = flags.against ? resolve(flags.against) : undefined;
if (PEER_ROOT && !existsSync(join(PEER_ROOT, 'scripts', 'bench', 'serve.ts'))) {
  throw new Error(`--against ${PEER_ROOT}: no scripts/bench/serve.ts there (a checkout of this repository, with node_modules)`);
}
const CONNECTIONS = positive(flags.connections, 'connections');
const DURATION = positive(flags.duration, 'duration');
const WARMUP = Math.max(0, Number(flags.warmup) || 0);
const ROUNDS = Math.round(positive(flags.rounds, 'rounds'));
const LOGINS = positive(flags.logins, 'logins');
const TARGETS = flags.targets.split(',').map((t) => t.trim()) as TargetName[];
// The peer takes its turn right after ours.
if (PEER_ROOT && !TARGETS.includes('peer')) TARGETS.splice(TARGETS.includes('sim') ? TARGETS.indexOf('sim') + 1 : 0, 0, 'peer');
if (TARGETS.includes('peer') && !PEER_ROOT) throw new Error('the target peer needs --against CHECKOUT');
for (const t of TARGETS)
  if (!['sim', 'peer', 'prism', 'bare'].includes(t)) throw new Error(`unknown target ${t}`);

/** `--pin`: the load generator on core 0 and the servers on the others (processes.ts pinLoadGenerator). */
const SERVER_CORES = flags.pin ? pinLoadGenerator() : undefined;
const pinned = (command: string, args: string[]) => pinnedCommand(SERVER_CORES, command, args);

// ---- child processes ------------------------------------------------------------------------------

function track(child: ChildProcess, name: string): { stderrTail: () => string } {
  trackChild(child);
  let tail = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-2000);
  });
  child.on('exit', (code, signal) => {
    if (code !== 0 && code !== null && signal === null)
      process.stderr.write(`[bench] ${name} exited with ${code}\n${tail}\n`);
  });
  return { stderrTail: () => tail };
}

async function waitUntilUp(
  url: string,
  name: string,
  child: ChildProcess,
  timeoutMs: number,
  tail: () => string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`${name} exited with ${child.exitCode} before listening:\n${tail()}`);
    try {
      const res = await fetch(url, { headers: BASE_HEADERS, signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  throw new Error(`${name} did not answer ${url} within ${timeoutMs / 1000} s:\n${tail()}`);
}

async function startFastify(name: 'sim' | 'peer' | 'bare'): Promise<Target> {
  const port = await freePort();
  const root = name === 'peer' && PEER_ROOT ? PEER_ROOT : ROOT;
  const kind = name === 'bare' ? 'bare' : 'sim';
  // The simulator as `npm start` runs it: control API and a journal of 1,000 entries (`--journal on`).
  const simFlags = kind === 'sim' ? ['--journal', 'on'] : [];
  // One node process (tsx as a loader, not its CLI, which would fork a second process).
  const child = spawn(
    ...pinned(process.execPath, ['--import', 'tsx', join(root, 'scripts', 'bench', 'serve.ts'), '--kind', kind, '--port', String(port), ...simFlags]),
    {
      cwd: root,
      detached: true,
      stdio: ['pipe', 'ignore', 'pipe'],
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  const { stderrTail } = track(child, name);
  await waitUntilUp(`http://127.0.0.1:${port}/wps/system/status`, name, child, 60_000, stderrTail);
  const label = name === 'sim' ? 'simulator (ours)' : name === 'peer' ? `simulator of ${root} (peer)` : 'bare Fastify';
  return { name, label, port, child };
}

async function startPrism(): Promise<Target> {
  if (!existsSync(PRISM_BIN))
    throw new Error('Prism is not installed: npm install (it is a devDependency)');
  const port = await freePort();
  const child = spawn(
    ...pinned(process.execPath, [PRISM_BIN, 'mock', '-h', '127.0.0.1', '-p', String(port), '-v', 'error', SPEC]),
    {
      cwd: ROOT,
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  const { stderrTail } = track(child, 'prism');
  await waitUntilUp(
    `http://127.0.0.1:${port}/wps/system/status`,
    'prism',
    child,
    90_000,
    stderrTail,
  );
  return { name: 'prism', label: `Prism ${prismVersion()} mock`, port, child };
}

function prismVersion(): string {
  const pkg = JSON.parse(
    readFileSync(join(ROOT, 'node_modules', '@stoplight', 'prism-cli', 'package.json'), 'utf8'),
  ) as { version: string };
  return pkg.version;
}

// ---- the calls --------------------------------------------------------------------------------------

const GAME_LIST =
  '/wps/relay/GCSGAME_gameList?clientType=3&gameType=RNG&language=EN&pageNo=1&pageSize=42';

/**
 * The four calls, built per target: the simulator gets a real token and bodies encrypted with its own
 * RSA modulus; Prism (which cannot decrypt) gets the same shapes, schema-valid.
 */
async function callsFor(
  target: Target,
  simState: { token: string; modulus: string },
): Promise<CallSpec[]> {
  const headers = { ...BASE_HEADERS };
  return [
    {
      id: 'status',
      label: 'GET /wps/system/status',
      read: true,
      requests: [{ method: 'GET', path: '/wps/system/status', headers }],
    },
    {
      id: 'member',
      label: 'GET /wps/member/info (token)',
      read: true,
      requests: [
        {
          method: 'GET',
          path: '/wps/member/info',
          headers: {
            ...headers,
            authorization: target.name === 'sim' || target.name === 'peer' ? simState.token : 'bench-token',
          },
        },
      ],
    },
    {
      id: 'games',
      label: 'GET …/GCSGAME_gameList (RNG, 42/page)',
      read: true,
      ceiling: 'bare-same-reply',
      requests: [{ method: 'GET', path: GAME_LIST, headers }],
    },
    {
      id: 'login',
      label: 'POST /wps/session/login (encrypted)',
      read: false,
      ceiling: 'bare-decrypt-only',
      // Every connection cycles through the pre-encrypted bodies (distinct keys, as real clients send).
      requests: loginRequests('/wps/session/login', simState.modulus, headers, LOGINS),
    },
  ];
}

/** One request before the load: the status and whether the envelope says success. */
async function probe(target: Target, call: CallSpec): Promise<string> {
  const first = call.requests[0];
  if (!first) return 'no request';
  const res = await fetch(`http://127.0.0.1:${target.port}${first.path}`, {
    method: first.method,
    headers: first.headers as Record<string, string>,
    body: first.body as string | undefined,
    signal: AbortSignal.timeout(10_000),
  });
  const text = await res.text();
  if (target.name === 'bare') return String(res.status);
  const ok = /"success"\s*:\s*true/.test(text);
  return ok ? String(res.status) : `${res.status} ${text.slice(0, 120)}`;
}

async function load(target: Target, call: CallSpec): Promise<Omit<Measure, 'low' | 'high'>> {
  const probed = await probe(target, call);
  const options: autocannon.Options = {
    url: `http://127.0.0.1:${target.port}`,
    connections: CONNECTIONS,
    duration: DURATION,
    requests: call.requests,
  };
  if (WARMUP > 0) {
    // autocannon 9 supports a warm-up phase that is left out of the result; the 7.x types lack it.
    Object.assign(options, { warmup: { connections: CONNECTIONS, duration: WARMUP } });
  }
  const result = await autocannon(options);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    probe: probed,
  };
}

// ---- report -----------------------------------------------------------------------------------------

const fmt = (n: number) => (n >= 100 ? Math.round(n).toLocaleString('en-US') : n.toFixed(1));
const ratio = (a: number | undefined, b: number | undefined) =>
  a !== undefined && b ? `${(a / b).toFixed(2)}x` : 'n/a';

function report(
  calls: CallSpec[],
  results: Map<string, Map<RowName, Measure>>,
  command: string,
  targets: Target[],
  loadAtStart: number,
): string {
  const lines: string[] = [];
  const cpu = cpus();
  lines.push(`Command: \`${command}\``, '');
  lines.push(
    `Machine: ${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown CPU'}), ${Math.round(totalmem() / 2 ** 30)} GiB; Node ${process.version}; ` +
      `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC. ${CONNECTIONS} connections, ${DURATION} s per call and target ` +
      `(after ${WARMUP} s warm-up) in each of ${ROUNDS} interleaved rounds, median shown; autocannon in the parent process, ` +
      `each server in its own process, loopback only${SERVER_CORES ? `; pinned: autocannon on core 0, the servers on ${SERVER_CORES} (taskset)` : ''}. ` +
      `Targets: ${targets.map((t) => t.label).join(', ')}. ` +
      // Other work on the machine (a test run, a type check) shows here and skews every figure.
      `Load average (1 min) before the run: ${loadAtStart.toFixed(2)}, after: ${(loadavg()[0] ?? 0).toFixed(2)}.`,
    '',
  );
  lines.push(
    '| call | target | req/s (median) | req/s range | p50 ms | p99 ms | non-2xx | errors | ÷ Prism | ÷ bare | ÷ decrypt-only |',
  );
  lines.push('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  const goals: string[] = [];
  for (const call of calls) {
    const row = results.get(call.id);
    if (!row) continue;
    const ours = row.get('sim');
    const rowNames: RowName[] = [...TARGETS, ...(call.ceiling ? [call.ceiling] : [])];
    for (const t of rowNames) {
      const m = row.get(t);
      if (!m) continue;
      const probeNote =
        m.probe === '200' ? '' : ` (probe: ${m.probe.replace(/\|/g, '\\|').replace(/\n/g, ' ')})`;
      // Both simulators (ours and the --against peer) are set against the same ceilings.
      const simulator = t === 'sim' || t === 'peer';
      lines.push(
        `| ${t === rowNames[0] ? call.label : ''} | ${t}${probeNote} | ${fmt(m.rps)} | ${fmt(m.low)}–${fmt(m.high)} | ${m.p50} | ${m.p99} | ${m.non2xx} | ${m.errors} | ` +
          `${simulator ? ratio(m.rps, row.get('prism')?.rps) : ''} | ${simulator ? ratio(m.rps, row.get('bare')?.rps) : ''} | ${simulator && row.get('bare-decrypt-only') ? ratio(m.rps, row.get('bare-decrypt-only')?.rps) : ''} |`,
      );
    }
    const prism = row.get('prism');
    const bare = row.get('bare');
    if (ours && prism) {
      const r = ours.rps / prism.rps;
      goals.push(
        `- ${call.label}: ours/Prism ${r.toFixed(2)}x — ${r >= 10 ? 'met' : 'NOT met'} (goal >= 10x)`,
      );
    }
    if (ours && bare && call.read) {
      const r = ours.rps / bare.rps;
      goals.push(
        `- ${call.label}: ours/bare ${r.toFixed(2)}x — ${r >= 0.6 ? 'met' : 'NOT met'} (goal >= 0.6x)`,
      );
    }
    const peer = row.get('peer');
    if (ours && peer) {
      goals.push(`- ${call.label}: ours/peer ${(ours.rps / peer.rps).toFixed(2)}x${bare ? ` (peer/bare ${(peer.rps / bare.rps).toFixed(2)}x)` : ''}`);
    }
    const same = row.get('bare-same-reply');
    if (ours && same) {
      goals.push(
        `- ${call.label}: ours/bare sending the same reply bytes ${(ours.rps / same.rps).toFixed(2)}x; that ceiling is itself ${bare ? (same.rps / bare.rps).toFixed(2) : 'n/a'}x the hello-world (context, not a goal)`,
      );
    }
    const decrypt = row.get('bare-decrypt-only');
    if (ours && decrypt) {
      const r = ours.rps / decrypt.rps;
      goals.push(
        `- ${call.label}: bare Fastify doing only the wire decryption (no login) reaches ${fmt(decrypt.rps)} req/s, ${prism ? (decrypt.rps / prism.rps).toFixed(2) : 'n/a'}x Prism; ours is ${r.toFixed(2)}x of it — ${r >= 0.8 ? 'met' : 'NOT met'} (goal >= 0.8x)`,
      );
    }
    if (ours && (ours.non2xx > 0 || ours.errors > 0)) {
      goals.push(
        `- ${call.label}: the simulator answered ${ours.non2xx} non-2xx replies and ${ours.errors} errors/timeouts under load`,
      );
    }
  }
  lines.push('', 'Goals:', '', ...goals);
  return lines.join('\n');
}

function writeDoc(block: string): void {
  process.stderr.write(`[bench] wrote ${writeBlock(MARKERS, block, '## Load')}\n`);
}

// ---- main -------------------------------------------------------------------------------------------

/** A simulator's RSA modulus and a session token of the bench's own login. */
function loginTo(target: Target): Promise<{ token: string; modulus: string }> {
  return benchLogin(`http://127.0.0.1:${target.port}`, BASE_HEADERS);
}

async function main(): Promise<void> {
  const started = Date.now();
  const loadAtStart = loadavg()[0] ?? 0;
  // Hard bound on the whole run: start-up, four calls per target with warm-up, and slack.
  const budgetMs = 180_000 + ROUNDS * TARGETS.length * 4 * (DURATION + WARMUP + 5) * 1000;
  const watchdog = setTimeout(() => {
    process.stderr.write(`[bench] gave up after ${budgetMs / 1000} s\n`);
    killChildren();
    process.exit(2);
  }, budgetMs);
  watchdog.unref();

  const log = (line: string) => process.stderr.write(`[bench] ${line}\n`);
  log(`starting ${TARGETS.join(', ')} …`);
  const targets = await Promise.all(
    TARGETS.map((t) => (t === 'prism' ? startPrism() : startFastify(t))),
  );
  const byName = new Map(targets.map((t) => [t.name, t]));

  // Each simulator's RSA modulus and a real session token (the bench's own login, before the load).
  const sim = byName.get('sim');
  const states = new Map<TargetName, { token: string; modulus: string }>();
  for (const target of targets) states.set(target.name, target.name === 'sim' || target.name === 'peer' ? await loginTo(target) : { token: 'bench-token', modulus: 'c0ffee'.repeat(42) + 'ab' });

  // The same-work ceilings' requests, by call: bare Fastify is given the simulator's own game-list
  // bytes, and the login bodies are encrypted for bare Fastify's own RSA key.
  const ceilingRequests = new Map<string, autocannon.Request[]>();
  const bare = byName.get('bare');
  if (sim && bare) {
    const base = `http://127.0.0.1:${bare.port}`;
    const game = await fetch(`http://127.0.0.1:${sim.port}${GAME_LIST}`, { headers: BASE_HEADERS });
    const stored = await fetch(`${base}/__payload`, {
      method: 'PUT',
      headers: { 'content-type': 'text/plain' },
      body: await game.text(),
    });
    log(`same-reply ceiling: bare Fastify holds ${JSON.stringify(await stored.json())} of the game list`);
    ceilingRequests.set('games', [{ method: 'GET', path: '/__payload', headers: BASE_HEADERS }]);
    const bareModulus = await (await fetch(`${base}/__rsa`)).text();
    ceilingRequests.set('login', loginRequests('/__decrypt', bareModulus, BASE_HEADERS, LOGINS));
  }

  const results = new Map<string, Map<RowName, Measure>>();
  const perTarget = new Map<TargetName, CallSpec[]>();
  for (const target of targets) {
    const state = states.get(target.name);
    if (state) perTarget.set(target.name, await callsFor(target, state));
  }
  const calls = perTarget.get(targets[0]?.name ?? 'sim') ?? [];
  // Round by round, call by call, every target in turn: the figures of one row are taken seconds
  // apart, and each is the median of the rounds, so other work on the machine (this is a shared
  // 2-core box) skews a ratio less than one long run per target would.
  const samples = new Map<string, Map<RowName, Omit<Measure, 'low' | 'high'>[]>>();
  for (let round = 1; round <= ROUNDS; round++) {
    for (const call of calls) {
      const row = samples.get(call.id) ?? new Map<RowName, Omit<Measure, 'low' | 'high'>[]>();
      samples.set(call.id, row);
      for (const target of targets) {
        const spec = perTarget.get(target.name)?.find((c) => c.id === call.id);
        if (!spec) continue;
        log(`round ${round}/${ROUNDS}: ${call.label} → ${target.label} (${DURATION} s)`);
        const m = await load(target, spec);
        log(
          `  ${fmt(m.rps)} req/s, p50 ${m.p50} ms, p99 ${m.p99} ms, non-2xx ${m.non2xx}, errors ${m.errors}`,
        );
        row.set(target.name, [...(row.get(target.name) ?? []), m]);
        const ceiling = call.ceiling;
        const requests = ceilingRequests.get(call.id);
        if (target.name === 'bare' && ceiling && requests) {
          log(`round ${round}/${ROUNDS}: ${call.label} → ${ceiling} (${DURATION} s)`);
          const m2 = await load(target, { ...spec, requests });
          log(`  ${fmt(m2.rps)} req/s, p50 ${m2.p50} ms, p99 ${m2.p99} ms, non-2xx ${m2.non2xx}`);
          row.set(ceiling, [...(row.get(ceiling) ?? []), m2]);
        }
      }
    }
  }
  for (const [callId, row] of samples) {
    const merged = new Map<RowName, Measure>();
    for (const [name, list] of row) {
      const sorted = [...list].sort((a, b) => a.rps - b.rps);
      const median = sorted[Math.floor((sorted.length - 1) / 2)];
      if (!median) continue;
      merged.set(name, {
        ...median,
        low: sorted[0]?.rps ?? median.rps,
        high: sorted.at(-1)?.rps ?? median.rps,
        // Failures of any round count.
        non2xx: list.reduce((sum, m) => sum + m.non2xx, 0),
        errors: list.reduce((sum, m) => sum + m.errors, 0),
        probe: list.find((m) => m.probe !== '200')?.probe ?? median.probe,
      });
    }
    results.set(callId, merged);
  }

  const command = `npm run bench -- --connections ${CONNECTIONS} --duration ${DURATION} --warmup ${WARMUP} --rounds ${ROUNDS}${flags.targets === 'sim,prism,bare' ? '' : ` --targets ${flags.targets}`}${flags.against ? ` --against ${flags.against}` : ''}${flags.pin ? ' --pin' : ''}${flags.write ? ' --write' : ''}`;
  const block = report(calls, results, command, targets, loadAtStart);
  process.stdout.write(`${block}\n`);
  if (flags.write) writeDoc(block);
  log(`done in ${Math.round((Date.now() - started) / 1000)} s`);
  clearTimeout(watchdog);
  killChildren();
}

main().catch((err: unknown) => {
  process.stderr.write(
    `[bench] ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  killChildren();
  process.exit(1);
});
