/**
 * `npm run bench:profile`: where a read's time goes over real sockets, in the simulator and in bare
 * Fastify side by side. `npm run bench` says how many calls a second each answers; this says what
 * one call costs the server's main thread, part by part, in the same run and under the same load.
 *
 *   npm run bench:profile -- [--calls games,member,status,login] [--connections 50] [--duration 6]
 *     [--warmup 2] [--pin] [--write] [--bare-busy µS]
 *
 * Each target runs in its own process (scripts/bench/serve.ts with `--profile`): the simulator as
 * `npm start` runs it (worlds, control API, a journal of 1,000 entries), and bare Fastify as the
 * bench's ceiling for that call: its hello-world for status and member info, the simulator's own
 * game-list bytes sent as they are for the game list. For each call and target: `--warmup` seconds
 * of load, then V8's sampling profiler on the server's main thread for `--duration` seconds of load
 * (autocannon, `--connections`), started and stopped by signal so the window holds only the load.
 * Every sample's time is divided by the calls answered in the window and summed by part: the socket
 * write (the native call that hands a reply to the kernel, with the kernel's loopback work done in
 * it), Node's HTTP and stream code, Fastify and each library, the simulator's own files, the garbage
 * collector, native work outside JavaScript, and idle (the main thread waiting for the next
 * request). The process's CPU time over the window (every thread) is given per call beside it.
 *
 * `--bare-busy µS` makes bare Fastify run that many microseconds of JavaScript before each answer
 * (scripts/bench/serve.ts --busy): how the rest of a call's cost, the socket write above all, moves
 * when only a server's own work per call grows. Such a run is not written (`--write` refuses it).
 *
 * `--pin` puts the load generator on core 0 and the servers on the others, as `npm run bench --pin`.
 * Loopback only; every child process is killed on exit, error or Ctrl-C.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { markers, writeBlock } from './doc-block';
import { positive } from './flags';
import { freePort, killChildren, pinLoadGenerator, pinnedCommand, trackChild } from './processes';
import { benchLogin, loginRequests } from './sim-login';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const HEADERS = { merchant: 'DEMO', device: 'web', language: 'EN' };
const GAME_LIST = '/wps/relay/GCSGAME_gameList?clientType=3&gameType=RNG&language=EN&pageNo=1&pageSize=42';
const MARKERS = markers('bench-profile', 'npm run bench:profile');

const { values: flags } = parseArgs({
  options: {
    calls: { type: 'string', default: 'games,member,status' },
    connections: { type: 'string', default: '50' },
    duration: { type: 'string', default: '6' },
    warmup: { type: 'string', default: '2' },
    pin: { type: 'boolean', default: false },
    write: { type: 'boolean', default: false },
    'bare-busy': { type: 'string', default: '0' },
  },
});

const CONNECTIONS = positive(flags.connections, 'connections');
const DURATION = positive(flags.duration, 'duration');
const WARMUP = positive(flags.warmup, 'warmup');
/** µs of JavaScript bare Fastify runs per call (scripts/bench/serve.ts --busy); 0 is bare as it is. */
const BARE_BUSY = Number(flags['bare-busy']);
if (!Number.isFinite(BARE_BUSY) || BARE_BUSY < 0) throw new Error(`--bare-busy takes microseconds (0 or more), not ${flags['bare-busy']}`);
// The generated block in docs/benchmarks.md is the plain comparison; an experiment is printed only.
if (BARE_BUSY > 0 && flags.write) throw new Error('--bare-busy is an experiment: it is printed, not written (drop --write)');
type CallId = 'games' | 'member' | 'status' | 'login';
const CALLS = flags.calls.split(',').map((c) => c.trim()) as CallId[];
for (const c of CALLS) if (!['games', 'member', 'status', 'login'].includes(c)) throw new Error(`unknown call ${c} (games, member, status, login)`);
const SERVER_CORES = flags.pin ? pinLoadGenerator() : undefined;

// ---- the servers -----------------------------------------------------------------------------------

interface Server {
  kind: 'sim' | 'bare';
  port: number;
  child: ChildProcess;
  profileFile: string;
  /** Resolves with the next `PROFILED` line's CPU times (µs). */
  nextProfiled: () => Promise<{ user: number; system: number }>;
}

async function startServer(kind: 'sim' | 'bare', dir: string): Promise<Server> {
  const port = await freePort();
  const profileFile = join(dir, `${kind}.cpuprofile`);
  const args = ['--import', 'tsx', join(ROOT, 'scripts', 'bench', 'serve.ts'), '--kind', kind, '--port', String(port), '--profile', profileFile];
  if (kind === 'sim') args.push('--journal', 'on');
  if (kind === 'bare' && BARE_BUSY > 0) args.push('--busy', String(BARE_BUSY));
  const child = trackChild(
    spawn(...pinnedCommand(SERVER_CORES, process.execPath, args), {
      cwd: ROOT,
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { ...process.env, NODE_ENV: 'production' },
    }),
  );
  let tail = '';
  child.stderr?.on('data', (chunk: Buffer) => (tail = (tail + chunk.toString()).slice(-2000)));
  const waiting: ((cpu: { user: number; system: number }) => void)[] = [];
  let listening: () => void = () => {};
  const up = new Promise<void>((resolve) => (listening = resolve));
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    let newline: number;
    while ((newline = out.indexOf('\n')) >= 0) {
      const line = out.slice(0, newline);
      out = out.slice(newline + 1);
      if (line.startsWith('LISTENING')) listening();
      const profiled = /^PROFILED (\d+) (\d+)$/.exec(line);
      if (profiled) waiting.shift()?.({ user: Number(profiled[1]), system: Number(profiled[2]) });
    }
  });
  const failed = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`${kind} exited with ${code} before listening:\n${tail}`))),
  );
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error(`${kind} did not listen within 60 s:\n${tail}`)), 60_000).unref(),
  );
  await Promise.race([up, failed, timeout]);
  return {
    kind,
    port,
    child,
    profileFile,
    nextProfiled: () => new Promise((resolve) => waiting.push(resolve)),
  };
}

// ---- one measured window ---------------------------------------------------------------------------

interface Window {
  calls: number;
  seconds: number;
  cpu: { user: number; system: number };
  profile: Profile;
}

interface Profile {
  nodes: { id: number; callFrame: { functionName: string; url: string } }[];
  samples: number[];
  timeDeltas: number[];
}

async function load(port: number, requests: autocannon.Request[], seconds: number): Promise<{ calls: number; non2xx: number }> {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    duration: seconds,
    requests,
  });
  return { calls: result['2xx'], non2xx: result.non2xx + result.errors + result.timeouts };
}

async function measure(server: Server, requests: autocannon.Request[]): Promise<Window> {
  await load(server.port, requests, WARMUP);
  process.kill(server.child.pid!, 'SIGUSR2');
  // The profiler starts within a turn of the server's loop; the load begins right after.
  await new Promise((r) => setTimeout(r, 50));
  const t0 = performance.now();
  const { calls, non2xx } = await load(server.port, requests, DURATION);
  const seconds = (performance.now() - t0) / 1000;
  const done = server.nextProfiled();
  process.kill(server.child.pid!, 'SIGUSR2');
  const cpu = await done;
  if (non2xx > 0) throw new Error(`${server.kind}: ${non2xx} calls of ${requests[0]?.path} were not 2xx`);
  const profile = JSON.parse(readFileSync(server.profileFile, 'utf8')) as Profile;
  return { calls, seconds, cpu, profile };
}

// ---- parts -----------------------------------------------------------------------------------------

/** The native calls that hand a reply's bytes to the kernel (libuv's write, and in it the loopback). */
const SOCKET_WRITES = new Set(['writev', 'writeBuffer', 'writeUtf8String', 'writeLatin1String', 'writeAsciiString', 'writeUcs2String']);

/** The part a sampled function belongs to. */
function partOf(frame: { functionName: string; url: string }): string {
  const { functionName: name, url } = frame;
  if (!url) {
    if (SOCKET_WRITES.has(name)) return 'socket write (native, with the kernel\'s loopback work)';
    if (name === '(idle)') return 'idle (waiting for a request)';
    if (name === '(garbage collector)') return 'garbage collector';
    if (name === '(program)') return 'native work outside JavaScript';
    return 'other native and generated code (validators, RegExps)';
  }
  if (url.startsWith('node:_http') || url.startsWith('node:internal/http')) return 'Node: HTTP parser and messages';
  if (url === 'node:net' || url.startsWith('node:internal/stream') || url.startsWith('node:internal/streams')) return 'Node: sockets and streams';
  if (url.startsWith('node:')) return 'Node: events, timers and other';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    const pkg = rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
    return `library: ${pkg}`;
  }
  const at = url.indexOf('/server/');
  if (at >= 0) return `ours: ${url.slice(at + 1)}`;
  return `other: ${url.replace(/^.*\//, '')}`;
}

/** µs per call of each part in one window. */
function parts(window: Window): Map<string, number> {
  const byId = new Map(window.profile.nodes.map((n) => [n.id, n]));
  const out = new Map<string, number>();
  const { samples, timeDeltas } = window.profile;
  // Each sample's time is the interval up to the next one.
  for (let i = 0; i < samples.length - 1; i++) {
    const node = byId.get(samples[i]!);
    if (!node) continue;
    const part = partOf(node.callFrame);
    out.set(part, (out.get(part) ?? 0) + timeDeltas[i + 1]! / window.calls);
  }
  return out;
}

// ---- report ----------------------------------------------------------------------------------------

const CALL_LABEL: Record<CallId, string> = {
  games: 'GET …/GCSGAME_gameList (RNG, 42/page)',
  member: 'GET /wps/member/info (token)',
  status: 'GET /wps/system/status',
  login: 'POST /wps/session/login (encrypted)',
};
const BARE_LABEL: Record<CallId, string> = {
  games: 'bare Fastify sending the same reply bytes',
  member: 'bare Fastify hello-world',
  status: 'bare Fastify hello-world',
  login: 'bare Fastify doing only the wire decryption',
};

const us = (n: number) => (n >= 10 ? n.toFixed(0) : n.toFixed(1));

function table(call: CallId, sim: Window, bare: Window): string {
  const a = parts(sim);
  const b = parts(bare);
  const ours = [...a.keys()].filter((k) => k.startsWith('ours: '));
  const oursTotal = ours.reduce((s, k) => s + a.get(k)!, 0);
  const rows = [...new Set([...a.keys(), ...b.keys()])]
    .filter((k) => !k.startsWith('ours: '))
    .map((k) => [k, a.get(k) ?? 0, b.get(k) ?? 0] as const)
    .filter(([, x, y]) => x >= 0.3 || y >= 0.3)
    .sort((x, y) => y[1] - x[1]);
  const rest = [...new Set([...a.keys(), ...b.keys()])]
    .filter((k) => !k.startsWith('ours: ') && !rows.some(([r]) => r === k))
    .reduce((s, k) => ({ ours: s.ours + (a.get(k) ?? 0), bare: s.bare + (b.get(k) ?? 0) }), { ours: 0, bare: 0 });
  const sum = (m: Map<string, number>, idle: boolean) => [...m].filter(([k]) => idle || !k.startsWith('idle')).reduce((s, [, v]) => s + v, 0);
  const cpuPerCall = (w: Window) => (w.cpu.user + w.cpu.system) / w.calls;
  const lines = [
    `**${CALL_LABEL[call]}** against ${BARE_LABEL[call]}${BARE_BUSY > 0 ? ` running ${BARE_BUSY} µs of JavaScript per call` : ''}: ours ${Math.round(sim.calls / sim.seconds).toLocaleString('en')} calls/s, bare ${Math.round(bare.calls / bare.seconds).toLocaleString('en')} calls/s (${(sim.calls / sim.seconds / (bare.calls / bare.seconds)).toFixed(2)}x) in the profiled windows.`,
    '',
    '| part (µs of main thread per call) | ours | bare |',
    '|---|---:|---:|',
    ...rows.map(([k, x, y]) => `| ${k} | ${us(x)} | ${us(y)} |`),
    `| the simulator's own files (server/), all | ${us(oursTotal)} | |`,
    ...ours
      .sort((x, y) => a.get(y)! - a.get(x)!)
      .slice(0, 6)
      .map((k) => `| &nbsp;&nbsp;${k.slice('ours: '.length)} | ${us(a.get(k)!)} | |`),
    `| everything else under 0.3 µs | ${us(rest.ours)} | ${us(rest.bare)} |`,
    `| **main thread busy (all but idle)** | **${us(sum(a, false))}** | **${us(sum(b, false))}** |`,
    `| main thread, idle included | ${us(sum(a, true))} | ${us(sum(b, true))} |`,
    `| process CPU, every thread (user + system) | ${us(cpuPerCall(sim))} | ${us(cpuPerCall(bare))} |`,
  ];
  return lines.join('\n');
}

// ---- main ------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const log = (line: string) => process.stderr.write(`[bench:profile] ${line}\n`);
  const loadAtStart = loadavg()[0] ?? 0;
  const dir = mkdtempSync(join(tmpdir(), 'bench-profile-'));
  const watchdog = setTimeout(() => {
    log('gave up after the time the run should take');
    killChildren();
    process.exit(2);
  }, (120 + CALLS.length * 2 * (DURATION + WARMUP + 10)) * 1000);
  watchdog.unref();
  try {
    log('starting the simulator and bare Fastify …');
    const [sim, bare] = await Promise.all([startServer('sim', dir), startServer('bare', dir)]);
    const game = await (await fetch(`http://127.0.0.1:${sim.port}${GAME_LIST}`, { headers: HEADERS })).text();
    await fetch(`http://127.0.0.1:${bare.port}/__payload`, { method: 'PUT', headers: { 'content-type': 'text/plain' }, body: game });
    const { token: auth, modulus } = await benchLogin(`http://127.0.0.1:${sim.port}`, HEADERS);
    const bareModulus = await (await fetch(`http://127.0.0.1:${bare.port}/__rsa`)).text();
    const status: autocannon.Request = { method: 'GET', path: '/wps/system/status', headers: HEADERS };
    const member: autocannon.Request = { method: 'GET', path: '/wps/member/info', headers: { ...HEADERS, authorization: auth } };
    // Each call's requests to the simulator and to bare Fastify (its ceiling for that call).
    const requestsOf: Record<CallId, () => { ours: autocannon.Request[]; bare: autocannon.Request[] }> = {
      status: () => ({ ours: [status], bare: [status] }),
      member: () => ({ ours: [member], bare: [member] }),
      games: () => ({ ours: [{ method: 'GET', path: GAME_LIST, headers: HEADERS }], bare: [{ method: 'GET', path: '/__payload', headers: HEADERS }] }),
      login: () => ({
        ours: loginRequests('/wps/session/login', modulus, HEADERS, 64),
        bare: loginRequests('/__decrypt', bareModulus, HEADERS, 64),
      }),
    };
    const sections: string[] = [];
    for (const call of CALLS) {
      const { ours: simRequests, bare: bareRequests } = requestsOf[call]();
      log(`${call}: ours …`);
      const ours = await measure(sim, simRequests);
      log(`${call}: bare …`);
      const theirs = await measure(bare, bareRequests);
      sections.push(table(call, ours, theirs));
    }
    const cpu = cpus();
    const header =
      `Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${cpu.length} × ${cpu[0]?.model.trim() ?? 'CPU'}; Node ${process.version}; ` +
      `${CONNECTIONS} connections, ${WARMUP} s of warm-up then ${DURATION} s profiled per call and target (V8's sampling profiler, 250 µs), ` +
      `each server in its own process${SERVER_CORES ? `; pinned: autocannon on core 0, the servers on ${SERVER_CORES}` : ''}. ` +
      `Load average (1 min) before: ${loadAtStart.toFixed(2)}, after: ${(loadavg()[0] ?? 0).toFixed(2)}.`;
    const block = [header, ...sections].join('\n\n');
    process.stdout.write(`${block}\n`);
    if (flags.write) log(`wrote ${writeBlock(MARKERS, block, '## Where a read\'s time goes over real sockets')}`);
  } finally {
    killChildren();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  killChildren();
  process.exit(1);
});
