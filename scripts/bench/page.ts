/**
 * `npm run bench:page`: what one page load costs the browser's renderer (docs/decisions/041-page-load-renderer-cost.md).
 * Starts the portal (`scripts/start.ts --no-build`, after making sure web/dist is fresh) and loads each
 * page N times in Chromium's headless shell (1366×850, reduced motion, service workers blocked, a
 * fresh context per load), each load until the network is idle plus a settle time of one second, and
 * reads what it cost the renderer: the CPU time of its process (every thread; DevTools SystemInfo),
 * which a busy machine's other work hardly changes, and from the DevTools Performance domain the
 * main thread's task time (TaskDuration, wall time inside tasks: it grows when the core is taken
 * away), ScriptDuration, LayoutDuration, RecalcStyleDuration and the DOM node count. Reports the
 * median per page, in ms.
 *
 * `--mobile` loads as Lighthouse's phone does (412×823, a touch screen, the CPU slowed down four
 * times, motion not reduced) and adds the blocking time: from a trace of the renderer's main thread,
 * the part beyond 50 ms of every task that starts after the first contentful paint, summed (what
 * Lighthouse's total blocking time counts, measured here rather than simulated, so two builds compare
 * without Lighthouse's spread), and the longest such task.
 *
 * `--slow-network` (with `--mobile`) also slows the network as Lighthouse's phone run does when it
 * throttles for real (slow 4G: 562.5 ms of request latency, 1,474.56 kbit/s down, 675 up) and adds
 * the first contentful paint and the largest contentful paint the page reports (its Paint Timing and
 * LCP entries, ms after the navigation started): what a player on a slow phone and network sees,
 * measured rather than simulated.
 *
 *   npm run bench:page -- [--pages /,/rng,/register] [--runs 5] [--against CHECKOUT]
 *     [--viewport 1366x850] [--mobile [--slow-network]]
 *
 * `--against CHECKOUT` measures a second build side by side in the same run: another checkout of the
 * portal with its `web/dist` built. Both portals run at once and the loads alternate (this, the
 * peer, this, …), so both see the same machine; the report adds the ratios of the medians.
 */
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium, type Browser } from '@playwright/test';
import { testChromiumPath } from '../chromium';
import { ensureWebBuild } from '../start';
import { killChildren, startPortal } from './processes';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SETTLE_MS = 1_000;

const { values: flags } = parseArgs({
  options: {
    pages: { type: 'string', default: '/,/rng,/register' },
    runs: { type: 'string', default: '5' },
    against: { type: 'string' },
    viewport: { type: 'string', default: '1366x850' },
    mobile: { type: 'boolean', default: false },
    'slow-network': { type: 'boolean', default: false },
  },
});
const PAGES = flags.pages.split(',').map((p) => p.trim()).filter(Boolean);
const RUNS = Math.max(1, Math.round(Number(flags.runs) || 0));
const MOBILE = flags.mobile;
// Lighthouse's phone: a Moto G Power's screen, and a CPU four times slower than the machine's.
const [VW, VH] = (MOBILE ? '412x823' : flags.viewport).split('x').map(Number) as [number, number];
const MOBILE_CPU_SLOWDOWN = 4;
const SLOW_NETWORK = MOBILE && flags['slow-network'];
/** Lighthouse's slow 4G as it applies it with DevTools (its simulated RTT and throughput, adjusted). */
const SLOW_4G = { offline: false, latency: 562.5, downloadThroughput: (1474.56 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 };
/** A task longer than this blocks input; what it runs beyond it counts as blocking time. */
const LONG_TASK_MS = 50;

const log = (line: string) => process.stderr.write(`[page] ${line}\n`);

interface Load {
  cpu: number;
  task: number;
  script: number;
  layout: number;
  style: number;
  nodes: number;
  /** Blocking time after the first contentful paint (`--mobile` only). */
  blocking: number;
  /** The longest task after the first contentful paint (`--mobile` only). */
  longest: number;
  /** First and largest contentful paint, ms after the navigation started (`--slow-network` only). */
  fcp: number;
  lcp: number;
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string };
}

/**
 * Blocking time and the longest task after the first contentful paint, in ms, from a trace of the
 * page's renderer: its main thread's top-level tasks (RunTask) that start after the paint.
 */
function blockingAfterFirstPaint(events: TraceEvent[]): { blocking: number; longest: number } {
  const fcp = events.find((e) => e.name === 'firstContentfulPaint');
  if (!fcp) throw new Error('no first contentful paint in the trace');
  const main = events.find((e) => e.name === 'thread_name' && e.pid === fcp.pid && e.args?.name === 'CrRendererMain');
  if (!main) throw new Error('no renderer main thread in the trace');
  let blocking = 0;
  let longest = 0;
  for (const e of events) {
    if (e.name !== 'RunTask' || e.ph !== 'X' || e.pid !== main.pid || e.tid !== main.tid || e.ts < fcp.ts) continue;
    const ms = (e.dur ?? 0) / 1000;
    blocking += Math.max(0, ms - LONG_TASK_MS);
    longest = Math.max(longest, ms);
  }
  return { blocking: Math.round(blocking), longest: Math.round(longest) };
}

/** CPU seconds so far of each renderer process of the browser, by process id. */
async function rendererCpu(browser: Browser): Promise<Map<number, number>> {
  const cdp = await browser.newBrowserCDPSession();
  try {
    const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo')) as { processInfo: { type: string; id: number; cpuTime: number }[] };
    return new Map(processInfo.filter((p) => p.type === 'renderer').map((p) => [p.id, p.cpuTime]));
  } finally {
    await cdp.detach();
  }
}

/**
 * One load of `url` in a fresh context: the renderer's main-thread times in ms, and the CPU time of
 * its renderer process (every thread: main, compositor, raster), which unlike the main thread's
 * task time does not grow when other work on a busy machine takes the core away.
 */
async function measure(browser: Browser, url: string): Promise<Load> {
  const ctx = await browser.newContext({
    viewport: { width: VW, height: VH },
    serviceWorkers: 'block',
    ...(MOBILE ? { isMobile: true, hasTouch: true, deviceScaleFactor: 1.75 } : { reducedMotion: 'reduce' as const }),
  });
  try {
    const page = await ctx.newPage();
    const cdp = await ctx.newCDPSession(page);
    await cdp.send('Performance.enable');
    if (MOBILE) {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: MOBILE_CPU_SLOWDOWN });
      if (SLOW_NETWORK) {
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
      }
      await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading'] });
    }
    const before = await rendererCpu(browser);
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(SETTLE_MS);
    const after = await rendererCpu(browser);
    const tasks = MOBILE
      ? blockingAfterFirstPaint((JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents)
      : { blocking: 0, longest: 0 };
    const paints = SLOW_NETWORK
      ? await page.evaluate(
          () =>
            new Promise<{ fcp: number; lcp: number }>((resolvePaints) => {
              const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
              setTimeout(() => resolvePaints({ fcp, lcp: 0 }), 2_000);
              new PerformanceObserver((list, observer) => {
                observer.disconnect();
                resolvePaints({ fcp, lcp: list.getEntries().at(-1)?.startTime ?? 0 });
              }).observe({ type: 'largest-contentful-paint', buffered: true });
            }),
        )
      : { fcp: 0, lcp: 0 };
    let cpu = 0;
    for (const [id, seconds] of after) cpu += seconds - (before.get(id) ?? 0);
    const { metrics } = await cdp.send('Performance.getMetrics');
    const m = new Map(metrics.map((x) => [x.name, x.value]));
    const ms = (name: string) => Math.round((m.get(name) ?? 0) * 1000);
    return { cpu: Math.round(cpu * 1000), task: ms('TaskDuration'), script: ms('ScriptDuration'), layout: ms('LayoutDuration'), style: ms('RecalcStyleDuration'), nodes: m.get('Nodes') ?? 0, ...tasks, fcp: Math.round(paints.fcp), lcp: Math.round(paints.lcp) };
  } finally {
    await ctx.close();
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : Math.round((s[mid - 1]! + s[mid]!) / 2);
};

const KEYS = ['cpu', 'task', 'script', 'layout', 'style', 'nodes', 'blocking', 'longest', 'fcp', 'lcp'] as const;
function medians(loads: Load[]): Load {
  return Object.fromEntries(KEYS.map((k) => [k, median(loads.map((l) => l[k]))])) as unknown as Load;
}

ensureWebBuild(log);
const builds: { name: string; root: string }[] = [{ name: 'this build', root: ROOT }];
if (flags.against) builds.push({ name: `against ${flags.against}`, root: resolve(flags.against) });
const bases = await Promise.all(builds.map((b) => startPortal(b.root)));
const executablePath = testChromiumPath();
const browser = await chromium.launch({
  executablePath,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const results = builds.map(() => new Map<string, Load[]>());
try {
  // One warm-up load per build and page (server caches, the browser's code cache is per context).
  for (const page of PAGES) for (const base of bases) await measure(browser, base + page);
  for (let run = 0; run < RUNS; run++) {
    for (const page of PAGES) {
      for (const [i, base] of bases.entries()) {
        const load = await measure(browser, base + page);
        const list = results[i]!.get(page) ?? [];
        list.push(load);
        results[i]!.set(page, list);
      }
    }
    log(`run ${run + 1}/${RUNS} done`);
  }
} finally {
  await browser.close();
  killChildren();
}

const lines: string[] = [];
const mode = MOBILE
  ? `a phone's ${VW}×${VH}, CPU slowed ${MOBILE_CPU_SLOWDOWN}×${SLOW_NETWORK ? ', slow 4G' : ''}`
  : `${VW}×${VH}, reduced motion`;
lines.push(`What a page load costs the renderer, median of ${RUNS} (ms; Chromium ${browser.version()} headless shell, ${mode}; ${cpus().length} cores, load ${loadavg()[0]!.toFixed(1)})`);
lines.push('');
const extra = (MOBILE ? ' Blocking time after FCP | Longest task |' : '') + (SLOW_NETWORK ? ' FCP | LCP |' : '');
lines.push(`| Build | Page | Renderer CPU | Main-thread tasks | Script | Layout | Style | DOM nodes |${extra}`);
lines.push(`|---|---|---:|---:|---:|---:|---:|---:|${MOBILE ? '---:|---:|' : ''}${SLOW_NETWORK ? '---:|---:|' : ''}`);
const table = builds.map((_, i) => new Map(PAGES.map((p) => [p, medians(results[i]!.get(p)!)])));
for (const [i, b] of builds.entries())
  for (const p of PAGES) {
    const m = table[i]!.get(p)!;
    lines.push(`| ${b.name} | ${p} | ${m.cpu} | ${m.task} | ${m.script} | ${m.layout} | ${m.style} | ${m.nodes} |${MOBILE ? ` ${m.blocking} | ${m.longest} |` : ''}${SLOW_NETWORK ? ` ${m.fcp} | ${m.lcp} |` : ''}`);
  }
if (builds.length === 2)
  for (const p of PAGES) {
    const a = table[0]!.get(p)!;
    const b = table[1]!.get(p)!;
    const r = (k: (typeof KEYS)[number]) => (b[k] ? (a[k] / b[k]).toFixed(2) : '–');
    lines.push(`| ratio (this / peer) | ${p} | ${r('cpu')} | ${r('task')} | ${r('script')} | ${r('layout')} | ${r('style')} | ${r('nodes')} |${MOBILE ? ` ${r('blocking')} | ${r('longest')} |` : ''}${SLOW_NETWORK ? ` ${r('fcp')} | ${r('lcp')} |` : ''}`);
  }
// The largest paint can move late in a single load (a later banner painted larger than the first),
// which a median hides when it happens in fewer than half of them: each load's figure is listed.
if (SLOW_NETWORK) {
  lines.push('', 'LCP of each load (ms, in the order run):', '');
  for (const [i, b] of builds.entries())
    for (const p of PAGES) lines.push(`- ${b.name}, ${p}: ${results[i]!.get(p)!.map((l) => l.lcp).join(', ')}`);
}
console.log(lines.join('\n'));
