/**
 * `npm run bench:lighthouse`: page performance (goals in docs/benchmarks.md). Starts the portal on a free
 * loopback port (`scripts/start.ts --no-build`, after making sure web/dist is fresh), runs the
 * Lighthouse 12 CLI (desktop preset, or with --mobile its default phone emulation; Debian's Chromium via CHROME_PATH, headless) a few times on
 * each page, and reports the median run's performance, accessibility and best-practices scores with
 * LCP, TBT and CLS, next to the route's initial JavaScript gzip-compressed (scripts/bundle-size.ts).
 * `--write` also puts the report into docs/benchmarks.md between its lighthouse markers.
 *
 *   npm run bench:lighthouse -- [--pages /,/rng,/register] [--runs 3] [--write] [--reports DIR]
 *     [--against CHECKOUT]
 *
 * `--against CHECKOUT` measures a second build side by side in the same run: another checkout of the
 * portal (for example a worktree of `main`) with its `web/dist` built. Its portal starts beside
 * this one and their runs alternate page by page, so both see the same machine; the report adds the
 * peer's table and the ratios of the medians (this build / the peer).
 *
 * `--reports DIR` keeps every run's Lighthouse report (HTML and JSON) for a closer look.
 *
 * Goals: performance >= 95 (desktop) on every page; home under 200 KB of gzip JavaScript. The run is
 * bounded (a watchdog ends it) and the portal, each in its own process group, is killed on exit.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import type { Result } from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { chromiumPath, ensureChromium } from '../chromium';
import { kb, measureRouteScripts, type RouteScripts } from '../bundle-size';
import { ensureWebBuild } from '../start';
import { markers, writeBlock } from './doc-block';
import { killChildren, startPortal } from './processes';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const LIGHTHOUSE_CLI = join(ROOT, 'node_modules', 'lighthouse', 'cli', 'index.js');
const MARKERS = markers('lighthouse', 'npm run bench:lighthouse');
const MOBILE_MARKERS = markers('lighthouse-mobile', 'npm run bench:lighthouse -- --mobile');
const CHROME_FLAGS = '--headless=new --no-sandbox --disable-gpu';
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
const GOAL_PERFORMANCE_DESKTOP = 95;
// Phones: Lighthouse's default phone emulation (Moto G Power, slow 4G, 4× CPU slowdown).
const GOAL_PERFORMANCE_MOBILE = 90;
const GOAL_HOME_JS_KB = 200;

const { values: flags } = parseArgs({
  options: {
    pages: { type: 'string', default: '/,/rng,/register' },
    runs: { type: 'string', default: '3' },
    write: { type: 'boolean', default: false },
    reports: { type: 'string' },
    // Lighthouse's default mobile form factor and throttling instead of the desktop preset.
    mobile: { type: 'boolean', default: false },
    against: { type: 'string' },
  },
});
const MOBILE = flags.mobile;
const GOAL_PERFORMANCE = MOBILE ? GOAL_PERFORMANCE_MOBILE : GOAL_PERFORMANCE_DESKTOP;
const PRESET = MOBILE ? 'mobile (default emulation: simulated slow 4G, 4× CPU slowdown)' : 'desktop preset (simulated throttling)';
const PAGES = flags.pages
  .split(',')
  .map((p) => p.trim())
  .filter(Boolean);
const RUNS = Math.max(1, Math.round(Number(flags.runs) || 0));

const log = (line: string) => process.stderr.write(`[lighthouse] ${line}\n`);

// ---- the portal ------------------------------------------------------------------------------------

/**
 * A build with the pre-render step (web/dist-ssr, docs/decisions/026-first-screen-in-the-html.md)
 * renders its pages in the background once it listens: wait until each page is served pre-rendered
 * (at most 120 s), so that no run measures the plain shell it answers meanwhile.
 */
async function awaitPrerendered(base: string, root: string, pages: readonly string[]): Promise<void> {
  if (!existsSync(join(root, 'web', 'dist-ssr', 'worker.js'))) return;
  const deadline = Date.now() + 120_000;
  for (const page of pages) {
    while (Date.now() < deadline) {
      const html = await fetch(base + page).then((r) => r.text(), () => '');
      if (html.includes('data-prerendered=')) break;
      await new Promise((r) => setTimeout(r, 1_000));
    }
  }
}

// ---- Lighthouse ------------------------------------------------------------------------------------

/**
 * One Lighthouse run, tried up to three times if Lighthouse itself fails (its trace now and then
 * comes back without a navigation start, NO_NAVSTART); a third failure ends the benchmark.
 */
async function lighthouseRun(url: string, chromePath: string, reportBase?: string): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseOnce(url, chromePath, reportBase);
    } catch (error) {
      if (attempt === 3) throw error;
      log(`${error instanceof Error ? error.message.split('\n')[0] : String(error)}; trying again`);
    }
  }
}

/** One Lighthouse CLI run (its own Chromium, fresh profile, desktop preset); the parsed result. */
async function lighthouseOnce(
  url: string,
  chromePath: string,
  reportBase?: string,
): Promise<Result> {
  const dir = mkdtempSync(join(tmpdir(), 'lighthouse-'));
  const out = join(dir, 'report');
  const args = [
    LIGHTHOUSE_CLI,
    url,
    ...(MOBILE ? [] : ['--preset=desktop']),
    `--chrome-flags=${CHROME_FLAGS}`,
    `--only-categories=${CATEGORIES.join(',')}`,
    '--output=json',
    ...(reportBase ? ['--output=html'] : []),
    `--output-path=${out}`,
    '--quiet',
  ];
  try {
    await new Promise<void>((resolve, reject) => {
      const child = spawn(process.execPath, args, {
        stdio: ['ignore', 'ignore', 'pipe'],
        env: { ...process.env, CHROME_PATH: chromePath },
      });
      let err = '';
      child.stderr?.on('data', (chunk: Buffer) => (err = (err + chunk.toString()).slice(-4000)));
      const timer = setTimeout(() => child.kill('SIGKILL'), 180_000);
      child.on('exit', (code) => {
        clearTimeout(timer);
        if (code === 0) resolve();
        else reject(new Error(`lighthouse exited with ${code} on ${url}\n${err}`));
      });
    });
    // With one output the file is `report`; with two, `report.report.json` and `report.report.html`.
    const jsonFile = reportBase ? `${out}.report.json` : out;
    if (reportBase) {
      writeFileSync(`${reportBase}.html`, readFileSync(`${out}.report.html`));
      writeFileSync(`${reportBase}.json`, readFileSync(jsonFile));
    }
    const result = JSON.parse(readFileSync(jsonFile, 'utf8')) as Result;
    if (result.runtimeError)
      throw new Error(`lighthouse: ${result.runtimeError.code} ${result.runtimeError.message}`);
    return result;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

interface PageResult {
  page: string;
  scores: Record<(typeof CATEGORIES)[number], number>;
  /** Performance score of every run, in run order. */
  perfRuns: number[];
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  /**
   * Lighthouse's CPU benchmark of the median run: how much CPU the shared machine had to give at
   * that moment (TBT, measured on the real main thread, moves with it).
   */
  cpuIndex: number;
  /** The audits that lost the median run points, worst first (for the report's "why"). */
  misses: string[];
  js: RouteScripts;
}

const score = (r: Result, category: string) =>
  Math.round((r.categories[category]?.score ?? 0) * 100);
const numeric = (r: Result, audit: string) => r.audits[audit]?.numericValue ?? NaN;

/** Performance audits that weigh on the score and did not pass, as "title (value)". */
function misses(r: Result): string[] {
  const refs = r.categories.performance?.auditRefs ?? [];
  const weighted = refs.filter((ref) => ref.weight > 0).map((ref) => ref.id);
  const others = [
    'largest-contentful-paint-element',
    'cls-culprits-insight',
    'long-tasks',
    'render-blocking-insight',
    'lcp-discovery-insight',
  ];
  return [...weighted, ...others]
    .map((id) => r.audits[id])
    .filter((a): a is NonNullable<typeof a> => !!a && a.score !== null && a.score < 0.9)
    .map((a) => `${a.title}${a.displayValue ? ` (${a.displayValue})` : ''}`);
}

// ---- report ----------------------------------------------------------------------------------------

function report(
  results: PageResult[],
  meta: { command: string; date: string; machine: string; load: string },
): string {
  const lines = [
    `Command: \`${meta.command}\``,
    '',
    `Machine: ${meta.machine}; ${meta.date}. ${meta.load}`,
    '',
    `Lighthouse ${lighthouseVersion()} CLI, ${PRESET}, Chromium \`${CHROME_FLAGS}\` (Debian's, CHROME_PATH). ` +
      `${RUNS} run(s) per page, each in a fresh Chromium profile; the median run (Lighthouse's own choice by FCP and TTI) is shown, ` +
      "with every run's performance score beside it. CPU index: Lighthouse's benchmarkIndex of that run (higher is a less busy machine; " +
      (MOBILE ? 'the mobile run multiplies main-thread time by 4). ' : 'the desktop preset adds no CPU slowdown, so TBT is the real main-thread time). ') +
      'JS: every script the page fetched until the ' +
      'network was idle, gzip level 9 of the built files.',
    '',
    '| page | performance | runs | accessibility | best practices | LCP | TBT | CLS | FCP | CPU index | JS gzip (scripts) |',
    '|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...results.map(
      (r) =>
        `| \`${r.page}\` | ${r.scores.performance} | ${r.perfRuns.join(', ')} | ${r.scores.accessibility} | ${r.scores['best-practices']} | ` +
        `${(r.lcpMs / 1000).toFixed(2)} s | ${Math.round(r.tbtMs)} ms | ${r.cls.toFixed(3)} | ${(r.fcpMs / 1000).toFixed(2)} s | ${r.cpuIndex} | ` +
        `${kb(r.js.gzipBytes)} KB (${r.js.scripts.length}) |`,
    ),
    '',
    'Goals:',
    '',
    ...results.map(
      (r) =>
        `- \`${r.page}\`: performance ${r.scores.performance} — ${r.scores.performance >= GOAL_PERFORMANCE ? 'met' : 'NOT met'} (goal >= ${GOAL_PERFORMANCE})`,
    ),
    ...results
      .filter((r) => r.page === '/')
      .map(
        (r) =>
          `- \`/\`: initial JS ${kb(r.js.gzipBytes)} KB gzip — ${kb(r.js.gzipBytes) < GOAL_HOME_JS_KB ? 'met' : 'NOT met'} (goal < ${GOAL_HOME_JS_KB} KB)`,
      ),
  ];
  const missed = results.filter((r) => r.misses.length);
  if (missed.length) {
    lines.push('', 'Where the median runs lost points:', '');
    for (const r of missed) lines.push(`- \`${r.page}\`: ${r.misses.join('; ')}`);
  }
  return lines.join('\n');
}

/** The peer's table and the ratios of the medians (this build / the peer), for `--against`. */
function sideBySide(ours: PageResult[], peer: PageResult[], peerRoot: string): string {
  const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(2) : '-');
  let commit = 'unknown commit';
  try {
    commit = execFileSync('git', ['-C', peerRoot, 'log', '-1', '--format=%h %s'], { encoding: 'utf8' }).trim().slice(0, 90);
  } catch {
    /* not a git checkout */
  }
  return [
    `Peer, measured in the same run (runs alternating with this build's): \`${peerRoot}\` at ${commit}.`,
    '',
    '| page | performance | runs | accessibility | LCP | TBT | CLS | FCP | CPU index | JS gzip (scripts) |',
    '|---|---:|---|---:|---:|---:|---:|---:|---:|---:|',
    ...peer.map(
      (r) =>
        `| \`${r.page}\` | ${r.scores.performance} | ${r.perfRuns.join(', ')} | ${r.scores.accessibility} | ` +
        `${(r.lcpMs / 1000).toFixed(2)} s | ${Math.round(r.tbtMs)} ms | ${r.cls.toFixed(3)} | ${(r.fcpMs / 1000).toFixed(2)} s | ${r.cpuIndex} | ` +
        `${kb(r.js.gzipBytes)} KB (${r.js.scripts.length}) |`,
    ),
    '',
    'This build against the peer (median runs; performance as a difference in points, times as ratios, lower is better):',
    '',
    '| page | performance | LCP | TBT | FCP | JS gzip |',
    '|---|---:|---:|---:|---:|---:|',
    ...ours.map((r) => {
      const p = peer.find((x) => x.page === r.page);
      if (!p) return `| \`${r.page}\` | - | - | - | - | - |`;
      const diff = r.scores.performance - p.scores.performance;
      return (
        `| \`${r.page}\` | ${diff >= 0 ? '+' : ''}${diff} (${r.scores.performance} vs ${p.scores.performance}) | ${ratio(r.lcpMs, p.lcpMs)} | ` +
        `${ratio(r.tbtMs, p.tbtMs)} | ${ratio(r.fcpMs, p.fcpMs)} | ${ratio(r.js.gzipBytes, p.js.gzipBytes)} |`
      );
    }),
  ].join('\n');
}

function lighthouseVersion(): string {
  const pkg = JSON.parse(
    readFileSync(join(ROOT, 'node_modules', 'lighthouse', 'package.json'), 'utf8'),
  ) as { version: string };
  return pkg.version;
}

function writeDoc(block: string): void {
  if (MOBILE) log(`wrote ${writeBlock(MOBILE_MARKERS, block, '### Phones (Lighthouse mobile)')}`);
  else log(`wrote ${writeBlock(MARKERS, block, '## Page performance (Lighthouse)')}`);
}

// ---- main ------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const budgetMs = 120_000 + PAGES.length * RUNS * (flags.against ? 2 : 1) * 120_000;
  const watchdog = setTimeout(() => {
    log(`gave up after ${budgetMs / 1000} s`);
    killChildren();
    process.exit(2);
  }, budgetMs);
  watchdog.unref();

  const chromePath = process.env.CHROME_PATH ?? ensureChromium();
  ensureWebBuild((line) => log(line));
  const loadBefore = loadavg()[0] ?? 0;
  const base = await startPortal(ROOT);
  log(`portal at ${base}; ${PAGES.length} page(s) × ${RUNS} run(s)`);
  if (flags.reports) mkdirSync(flags.reports, { recursive: true });

  const peerRoot = flags.against ? resolve(flags.against) : undefined;
  if (peerRoot && !existsSync(join(peerRoot, 'web', 'dist', 'index.html')))
    throw new Error(`--against ${peerRoot}: no web/dist there; build it first (npm run build in that checkout)`);
  const peerBase = peerRoot ? await startPortal(peerRoot) : undefined;
  if (peerRoot) log(`peer portal (${peerRoot}) at ${peerBase}`);
  await awaitPrerendered(base, ROOT, PAGES);
  if (peerBase && peerRoot) await awaitPrerendered(peerBase, peerRoot, PAGES);

  const browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox'] });
  const results: PageResult[] = [];
  const peerResults: PageResult[] = [];
  const summarise = async (origin: string, page: string, runs: Result[], root = ROOT): Promise<PageResult> => {
    const median = computeMedianRun(runs);
    return {
      page,
      scores: {
        performance: score(median, 'performance'),
        accessibility: score(median, 'accessibility'),
        'best-practices': score(median, 'best-practices'),
      },
      perfRuns: runs.map((r) => score(r, 'performance')),
      lcpMs: numeric(median, 'largest-contentful-paint'),
      tbtMs: numeric(median, 'total-blocking-time'),
      cls: numeric(median, 'cumulative-layout-shift'),
      fcpMs: numeric(median, 'first-contentful-paint'),
      cpuIndex: Math.round(median.environment.benchmarkIndex),
      misses: misses(median),
      js: await measureRouteScripts(origin, page, { browser, webDist: join(root, 'web', 'dist') }),
    };
  };
  try {
    for (const page of PAGES) {
      const runs: Result[] = [];
      const peerRuns: Result[] = [];
      for (let i = 0; i < RUNS; i++) {
        const name = `${page.replace(/[^A-Za-z0-9]+/g, '_') || '_'}-${i + 1}`;
        const run = await lighthouseRun(
          base + page,
          chromePath,
          flags.reports ? join(flags.reports, name) : undefined,
        );
        runs.push(run);
        log(`${page} run ${i + 1}: performance ${score(run, 'performance')}`);
        if (peerBase) {
          const peerRun = await lighthouseRun(
            peerBase + page,
            chromePath,
            flags.reports ? join(flags.reports, `peer${name}`) : undefined,
          );
          peerRuns.push(peerRun);
          log(`${page} run ${i + 1} (peer): performance ${score(peerRun, 'performance')}`);
        }
      }
      results.push(await summarise(base, page, runs));
      if (peerBase && peerRoot) peerResults.push(await summarise(peerBase, page, peerRuns, peerRoot));
    }
  } finally {
    await browser.close();
    killChildren();
  }

  const cpu = cpus();
  const block = report(results, {
    command: `npm run bench:lighthouse -- ${process.argv.slice(2).join(' ')}`.trim(),
    date: new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC',
    machine: `${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown CPU'}), ${Math.round(totalmem() / 2 ** 30)} GiB; Node ${process.version}`,
    load: `Load average (1 min) before the run: ${loadBefore.toFixed(2)}, after: ${(loadavg()[0] ?? 0).toFixed(2)}.`,
  }) + (peerRoot ? `\n\n${sideBySide(results, peerResults, peerRoot)}` : '');
  console.log(block);
  for (const r of results) {
    console.log(`\n${r.page} scripts:`);
    console.table(
      r.js.scripts.map((s) => ({ file: s.file, kb: kb(s.bytes), gzipKb: kb(s.gzipBytes) })),
    );
  }
  if (flags.write) writeDoc(block);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  killChildren();
  process.exit(1);
});
