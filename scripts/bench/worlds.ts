/**
 * `npm run bench:worlds`: what sandbox worlds cost, in one process.
 *
 *   npm run bench:worlds -- [--worlds 1000] [--batches 15] [--calls 300] [--soak-minutes 0] [--write]
 *
 * 1. **Creation and heap.** --worlds worlds made one after another through the registry (what the
 *    first request naming a new world does): wall and CPU time of each, and the heap they hold, after
 *    a full GC before and after (the script re-runs itself with --expose-gc). Goals: ≤ 5 ms and
 *    ≤ 2 MB per world.
 * 2. **Reads in a non-default world against the default world**, in one run with the --worlds worlds
 *    loaded: the same read calls (`app.inject`, no sockets) in batches alternating between `default`
 *    and a world in the middle of the registry, CPU time per call (user + system), median of
 *    --batches batches. Ratio = default's CPU per call / the other world's (a throughput ratio).
 *    Goal ≥ 0.9×.
 * 3. **Soak** (--soak-minutes N, off by default): mixed traffic over 20 worlds plus one created and
 *    deleted every cycle — free plays, guest deposits and demo bets, SMS sends, captchas, logins,
 *    member reads, world lists — with each world's clock moved 10 simulated minutes a cycle so
 *    sessions, guests, codes and tickets expire. The heap after a full GC is sampled every
 *    --sample-seconds; the table is the curve, and the slope over its second half says whether it
 *    stays flat. Run it at low priority on a shared machine (`nice -n 19`).
 *
 * `--write` puts the tables into docs/benchmarks.md between their markers.
 */
import { execFileSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { InjectOptions } from 'fastify';
import { encryptBody } from '../../openapi/wire-crypto';
import { buildApp } from '../../server/app';
import { Worlds } from '../../server/sim/worlds';
import { markers, writeBlock } from './doc-block';

// Heap figures need a full GC on demand: run again with --expose-gc when it is not there.
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) {
  try {
    execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', fileURLToPath(import.meta.url), ...process.argv.slice(2)], { stdio: 'inherit' });
    process.exit(0);
  } catch (err) {
    process.exit((err as { status?: number }).status ?? 1);
  }
}

const { values: flags } = parseArgs({
  options: {
    worlds: { type: 'string', default: '1000' },
    batches: { type: 'string', default: '15' },
    calls: { type: 'string', default: '300' },
    'soak-minutes': { type: 'string', default: '0' },
    'sample-seconds': { type: 'string', default: '30' },
    write: { type: 'boolean', default: false },
  },
});
const WORLDS = Number(flags.worlds);
const BATCHES = Number(flags.batches);
const CALLS = Number(flags.calls);
const SOAK_MINUTES = Number(flags['soak-minutes']);
const SAMPLE_SECONDS = Number(flags['sample-seconds']);
for (const [name, n, min] of [
  ['worlds', WORLDS, 1],
  ['batches', BATCHES, 1],
  ['calls', CALLS, 1],
  ['soak-minutes', SOAK_MINUTES, 0],
  ['sample-seconds', SAMPLE_SECONDS, 1],
] as const) {
  if (!Number.isFinite(n) || n < min || n > 100_000) throw new Error(`--${name} must be a number from ${min} to 100000, got ${String(n)}`);
}

const HEADERS = { merchant: 'DEMO', device: 'web', language: 'EN' };
const WORLDS_MARKERS = markers('bench-worlds', 'npm run bench:worlds');
const SOAK_MARKERS = markers('bench-soak', 'npm run bench:worlds -- --soak-minutes N');
const MB = 1024 * 1024;

const fullGc = () => {
  gc?.();
  gc?.();
};
const heapUsed = () => {
  fullGc();
  return process.memoryUsage().heapUsed;
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))] ?? 0;
const cpuMs = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1000;
const stamp = () => new Date().toISOString().slice(0, 16).replace('T', ' ');
const machine = () => `${cpus().length} cores, load average ${loadavg()[0]?.toFixed(1)} at the end (the machine is shared)`;

// ---- 1. creation and heap ------------------------------------------------------------------------

function creation(): string[] {
  const registry = new Worlds({ maxWorlds: WORLDS + 1 });
  // One warm-up world (module state, JIT) that is not counted.
  registry.get('warm-up');
  const before = heapUsed();
  const wall: number[] = [];
  const cpu: number[] = [];
  const t0 = performance.now();
  for (let i = 0; i < WORLDS; i++) {
    const c = process.cpuUsage();
    const w = performance.now();
    registry.get(`bench-${String(i).padStart(5, '0')}`);
    wall.push(performance.now() - w);
    cpu.push(cpuMs(process.cpuUsage(c)));
  }
  const total = performance.now() - t0;
  const held = heapUsed() - before;
  const perWorld = held / WORLDS / MB;
  const lines = [
    `${WORLDS} worlds created one after another through the registry (what a request naming a new world does), ${machine()}.`,
    '',
    '| measure | median | p95 | mean | goal | met |',
    '|---|---:|---:|---:|---:|---|',
    `| creation, wall time per world | ${median(wall).toFixed(2)} ms | ${percentile(wall, 95).toFixed(2)} ms | ${(total / WORLDS).toFixed(2)} ms | ≤ 5 ms | ${median(wall) <= 5 ? 'yes' : 'no'} |`,
    `| creation, CPU time per world | ${median(cpu).toFixed(2)} ms | ${percentile(cpu, 95).toFixed(2)} ms | ${(cpu.reduce((a, b) => a + b, 0) / WORLDS).toFixed(2)} ms | ≤ 5 ms | ${median(cpu) <= 5 ? 'yes' : 'no'} |`,
    `| heap held per world (after a full GC) | | | ${perWorld.toFixed(3)} MB | ≤ 2 MB | ${perWorld <= 2 ? 'yes' : 'no'} |`,
    '',
    `All ${WORLDS} worlds together hold ${(held / MB).toFixed(1)} MB of heap; the process's heap is ${(process.memoryUsage().heapUsed / MB).toFixed(0)} MB.`,
  ];
  // The registry goes with this function: part 2 measures with its own app.
  registry.list();
  return lines;
}

// ---- 2. reads: a non-default world against the default world ---------------------------------------

async function reads(): Promise<string[]> {
  const app = await buildApp({ controlApi: true, logger: false, maxWorlds: WORLDS + 10 });
  await app.ready();
  // As many worlds as part 1, so the registry is as full as it was there.
  for (let i = 0; i < WORLDS; i++) await app.inject({ method: 'GET', url: '/wps/system/status', headers: { ...HEADERS, 'x-sim-world': `bench-${String(i).padStart(5, '0')}` } });
  const other = `bench-${String(Math.floor(WORLDS / 2)).padStart(5, '0')}`;
  const tokenIn = async (world: string) => {
    const wire = encryptBody({ type: 'username', username: 'player01', password: 'Passw0rd!' }, app.sim.rsa.modulusHex);
    const res = await app.inject({ method: 'POST', url: '/wps/session/login', headers: { ...HEADERS, 'x-sim-world': world, encryption: wire.encryption }, payload: wire.body });
    return String((res.json() as { value: { token: string } }).value.token);
  };
  const tokens = { default: await tokenIn('default'), other: await tokenIn(other) };
  const calls: { name: string; make: (world: 'default' | 'other') => InjectOptions }[] = [
    { name: 'GET /wps/system/status', make: (w) => ({ method: 'GET', url: '/wps/system/status', headers: { ...HEADERS, 'x-sim-world': w === 'default' ? 'default' : other } }) },
    {
      name: 'GET /wps/member/info (token)',
      make: (w) => ({ method: 'GET', url: '/wps/member/info', headers: { ...HEADERS, 'x-sim-world': w === 'default' ? 'default' : other, authorization: tokens[w] } }),
    },
    {
      name: 'GET GCSGAME_gameList (catalogue)',
      make: (w) => ({ method: 'GET', url: '/wps/relay/GCSGAME_gameList?clientType=3&gameType=RNG&pageNo=1&pageSize=20', headers: { ...HEADERS, 'x-sim-world': w === 'default' ? 'default' : other } }),
    },
  ];
  const rows: string[] = [];
  for (const c of calls) {
    // Check the call works in both worlds before timing it.
    for (const w of ['default', 'other'] as const) {
      const res = await app.inject(c.make(w));
      if (res.statusCode !== 200) throw new Error(`${c.name} in ${w}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
    const per: Record<'default' | 'other', number[]> = { default: [], other: [] };
    for (let b = 0; b < BATCHES * 2; b++) {
      const which = b % 2 === 0 ? 'default' : 'other';
      const u = process.cpuUsage();
      for (let n = 0; n < CALLS; n++) await app.inject(c.make(which));
      per[which].push((cpuMs(process.cpuUsage(u)) * 1000) / CALLS);
    }
    const d = median(per.default);
    const o = median(per.other);
    rows.push(`| ${c.name} | ${d.toFixed(0)} µs | ${o.toFixed(0)} µs | ${(d / o).toFixed(2)}× | ${d / o >= 0.9 ? 'yes' : 'no'} |`);
  }
  await app.close();
  return [
    `Reads with ${WORLDS} worlds loaded: CPU time per call (\`app.inject\`, ${CALLS} calls a batch, median of ${BATCHES} batches per world, alternating \`default\` and \`${other}\`), ${machine()}.`,
    '',
    '| call | default world (CPU/call) | non-default world (CPU/call) | throughput non-default / default | goal ≥ 0.9× met |',
    '|---|---:|---:|---:|---|',
    ...rows,
  ];
}

// ---- 3. soak ---------------------------------------------------------------------------------------

interface Sample {
  minute: number;
  heapMb: number;
  rssMb: number;
  requests: number;
  worlds: number;
  accounts: number;
  sessions: number;
  outbox: number;
}

async function soak(minutes: number): Promise<string[]> {
  const app = await buildApp({ controlApi: true, logger: false, maxWorlds: 100 });
  await app.ready();
  const worlds = Array.from({ length: 20 }, (_, i) => `soak-${String(i).padStart(2, '0')}`);
  let requests = 0;
  let failures = 0;
  const inject = async (opts: InjectOptions): Promise<{ statusCode: number; json: () => unknown }> => {
    requests++;
    const res = await app.inject(opts);
    if (res.statusCode >= 500) failures++;
    return res;
  };
  const h = (world: string, extra: Record<string, string> = {}) => ({ ...HEADERS, 'x-sim-world': world, ...extra });
  const value = (res: { json: () => unknown }) => (res.json() as { value?: Record<string, unknown> }).value ?? {};
  let phone = 0;
  let cycle = 0;

  async function traffic(world: string): Promise<void> {
    await inject({ method: 'POST', url: '/__sim/flags', headers: h(world), payload: { modId: 'FREEPLAY3', enabled: true } });
    // A free-play guest deposits (demo credit) and bets in the demo game; it expires with the clock.
    const free = value(
      await inject({ method: 'POST', url: '/wps/session/login/freeplay', headers: h(world, { 'x-gateway-version': '3' }), payload: { os: 'Linux', platform: 'W', value: 'c29haw==' } }),
    );
    const token = String(free.token ?? '');
    if (token) {
      await inject({ method: 'GET', url: '/wps/member/info', headers: h(world, { authorization: token }) });
      const launch = value(
        await inject({
          method: 'POST',
          url: '/wps/game/launchGame',
          headers: h(world, { authorization: token }),
          payload: { gameId: 1001, nodeId: 100001, accountType: 1, confirmTrans: 0, launchMode: 'GLS', platform: 'html5-desktop', clientType: 3, language: 'EN' },
        }),
      );
      const ticket = new URL(String(launch.game_url ?? '/'), 'http://sim').searchParams.get('ticket');
      if (ticket) for (let i = 0; i < 3; i++) await inject({ method: 'POST', url: '/__demo/bet', headers: h(world), payload: { ticket, amount: 5 } });
    }
    // SMS to ever new numbers (the outbox keeps 200), captchas, a seed login and reads.
    for (let i = 0; i < 3; i++) {
      phone++;
      await inject({ method: 'POST', url: '/wps/verification/sms/register', headers: h(world), payload: { countryDialingCode: '+92', mobileNo: `0345${String(phone % 10_000_000).padStart(7, '0')}` } });
    }
    await inject({ method: 'GET', url: '/wps/captcha', headers: h(world) });
    const wire = encryptBody({ type: 'username', username: 'player01', password: 'Passw0rd!' }, app.sim.rsa.modulusHex);
    const login = value(await inject({ method: 'POST', url: '/wps/session/login', headers: h(world, { encryption: wire.encryption }), payload: wire.body }));
    const member = String(login.token ?? '');
    await inject({ method: 'GET', url: '/wps/v2/wallets/balance', headers: h(world, { authorization: member }) });
    await inject({ method: 'GET', url: '/wps/relay/GCSGAME_gameList?clientType=3&gameType=RNG&pageNo=1&pageSize=20', headers: h(world) });
    await inject({ method: 'GET', url: '/wps/system/status', headers: h(world) });
    await inject({ method: 'POST', url: '/wps/session/logout', headers: h(world, { authorization: member }) });
  }

  const started = performance.now();
  const end = started + minutes * 60_000;
  const samples: Sample[] = [];
  const sample = () => {
    const heap = heapUsed();
    const list = app.worlds.list().worlds;
    samples.push({
      minute: (performance.now() - started) / 60_000,
      heapMb: heap / MB,
      rssMb: process.memoryUsage().rss / MB,
      requests,
      worlds: list.length,
      accounts: list.reduce((s, w) => s + w.accounts, 0),
      sessions: list.reduce((s, w) => s + w.liveSessions, 0),
      outbox: worlds.reduce((s, w) => s + app.worlds.get(w).sms.outbox.length, 0),
    });
  };
  sample();
  let nextSample = started + SAMPLE_SECONDS * 1000;
  while (performance.now() < end) {
    cycle++;
    await Promise.all(worlds.map((w) => traffic(w)));
    // A world made and removed every cycle (a test's world), and the lists QA reads.
    const temp = `soak-temp-${cycle}`;
    await inject({ method: 'POST', url: '/__sim/worlds', headers: HEADERS, payload: { name: temp } });
    await traffic(temp);
    await inject({ method: 'DELETE', url: `/__sim/worlds/${temp}`, headers: HEADERS });
    await inject({ method: 'GET', url: '/__sim/worlds', headers: HEADERS });
    // Ten simulated minutes a cycle: sessions and guests (two hours) turn over every 12 cycles.
    for (const w of worlds) await inject({ method: 'POST', url: '/__sim/clock/advance', headers: h(w), payload: { ms: 10 * 60_000 } });
    if (performance.now() >= nextSample) {
      sample();
      nextSample += SAMPLE_SECONDS * 1000;
    }
  }
  sample();
  await app.close();

  // The slope over the second half (least squares), in MB per minute.
  const half = samples.filter((s) => s.minute >= minutes / 2);
  const mx = half.reduce((a, s) => a + s.minute, 0) / half.length;
  const my = half.reduce((a, s) => a + s.heapMb, 0) / half.length;
  const slope = half.reduce((a, s) => a + (s.minute - mx) * (s.heapMb - my), 0) / (half.reduce((a, s) => a + (s.minute - mx) ** 2, 0) || 1);
  const actual = samples.at(-1)?.minute ?? 0;
  const every = Math.max(1, Math.ceil(samples.length / 30));
  return [
    `Mixed traffic for ${actual.toFixed(1)} minutes (asked: ${minutes}) over 20 worlds plus one made and removed per cycle (${cycle} cycles, ${requests} requests, ${failures} answered 5xx); each world's clock moves 10 simulated minutes a cycle. Heap after a full GC, sampled every ${SAMPLE_SECONDS} s (every ${every === 1 ? '' : `${every}th `}sample shown), ${machine()}.`,
    '',
    '| minute | heap used MB | RSS MB | requests | worlds | accounts (all worlds) | live sessions | SMS in outboxes |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...samples
      .filter((_, i) => i % every === 0 || i === samples.length - 1)
      .map((s) => `| ${s.minute.toFixed(1)} | ${s.heapMb.toFixed(1)} | ${s.rssMb.toFixed(0)} | ${s.requests} | ${s.worlds} | ${s.accounts} | ${s.sessions} | ${s.outbox} |`),
    '',
    `Heap slope over the second half: ${slope >= 0 ? '+' : ''}${slope.toFixed(3)} MB per minute (${(slope * 60).toFixed(1)} MB per hour if it went on).`,
  ];
}

async function main(): Promise<void> {
  const commandLine = `npm run bench:worlds -- ${process.argv.slice(2).join(' ')}`.trim();
  const created = creation();
  const worldsBlock = [...created, '', ...(await reads()), '', `Command: \`${commandLine}\`, ${stamp()} UTC.`].join('\n');
  console.log(worldsBlock);
  if (flags.write) writeBlock(WORLDS_MARKERS, worldsBlock, '## Sandbox worlds: creation, heap and reads');
  if (SOAK_MINUTES > 0) {
    const soakBlock = [...(await soak(SOAK_MINUTES)), '', `Command: \`${commandLine}\`, ${stamp()} UTC.`].join('\n');
    console.log(`\n${soakBlock}`);
    if (flags.write) writeBlock(SOAK_MARKERS, soakBlock, '## Sandbox worlds: mixed-traffic soak');
  }
}

await main();
