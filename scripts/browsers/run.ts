/**
 * `npm run test:browsers`: the journeys of journeys.ts in Firefox ESR and WebKitGTK, each at a
 * phone's (390 x 844) and a desktop's (1440 x 900) size, against a portal this script starts on its
 * own port, each run in its own sandbox world. A screenshot per step goes to
 * test-results/browsers/<engine>-<viewport>/. Exits 1 on any failed step, naming it. Under CI
 * (`CI` set) a run with a failed step runs once more and counts as its retry went; the steps that
 * passed on the retry are listed as flaky.
 * (docs/decisions/027-every-engine.md)
 *
 *   npm run test:browsers                           both engines, both sizes
 *   npm run test:browsers -- --engine webkit        one engine (firefox | webkit)
 *   npm run test:browsers -- --viewport phone       one size (phone | desktop)
 *   npm run test:browsers -- --journey Urdu         journeys whose name contains the text (repeatable)
 *   npm run test:browsers -- --port 4191            the portal's port (default BROWSERS_PORT or 4191)
 *
 * Run as root, it installs what is missing from Debian's packages: firefox-esr, webkit2gtk-driver,
 * xvfb, and fonts-noto-core (Arabic-script faces, for the Urdu pages).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { SimClient } from '../sim-client';
import { ensureWebBuild } from '../start';
import { FIREFOX_PATH, startFirefox } from './firefox';
import { JOURNEYS, STEP_TIMEOUT_MS, VIEWPORTS, type Engine, type JourneyContext, type ViewportName } from './journeys';
import { miniBrowserPath, WEBKIT_DRIVER_PATH, WebKitHost } from './webkit';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const OUT = join(ROOT, 'test-results', 'browsers');
const ENGINES = ['firefox', 'webkit'] as const;
type EngineName = (typeof ENGINES)[number];

const { values } = parseArgs({
  options: {
    engine: { type: 'string', multiple: true },
    viewport: { type: 'string', multiple: true },
    journey: { type: 'string', multiple: true },
    port: { type: 'string', default: process.env.BROWSERS_PORT ?? '4191' },
    'max-minutes': { type: 'string', default: '45' },
  },
});

function pick<T extends string>(given: string[] | undefined, all: readonly T[], flag: string): T[] {
  if (!given?.length) return [...all];
  const bad = given.filter((g) => !all.includes(g as T));
  if (bad.length) throw new Error(`--${flag} must be one of ${all.join(', ')}; got ${bad.join(', ')}`);
  return given as T[];
}
const engines = pick(values.engine, ENGINES, 'engine');
const viewports = pick(values.viewport, Object.keys(VIEWPORTS) as ViewportName[], 'viewport');
const port = Number(values.port);
if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`--port must be a port number, got ${values.port}`);
const maxMinutes = Number(values['max-minutes']);
/** Retries of a failed run: one under CI, as the Playwright suite; none on a developer's machine. */
const RETRIES = process.env.CI ? 1 : 0;
const wanted = (values.journey ?? []).map((j) => j.toLowerCase());
const journeys = JOURNEYS.filter((j) => !wanted.length || wanted.some((w) => j.name.toLowerCase().includes(w)));
if (!journeys.length) throw new Error(`no journey matches "${wanted.join('", "')}"; journeys: ${JOURNEYS.map((j) => j.name).join(', ')}`);

const onPath = (command: string) => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;
const hasUrduFont = () => spawnSync('fc-list', [':lang=ur', 'family'], { encoding: 'utf8' }).stdout?.trim().length > 0;

/** The Debian packages the selected runs need and that are not installed. */
function missingPackages(): string[] {
  const missing: string[] = [];
  if (engines.includes('firefox') && !existsSync(FIREFOX_PATH)) missing.push('firefox-esr');
  if (engines.includes('webkit') && (!existsSync(WEBKIT_DRIVER_PATH) || !miniBrowserPath())) missing.push('webkit2gtk-driver');
  if (engines.includes('webkit') && !onPath('Xvfb')) missing.push('xvfb');
  if (!onPath('fc-list')) missing.push('fontconfig');
  if (!onPath('fc-list') || !hasUrduFont()) missing.push('fonts-noto-core');
  return missing;
}

/**
 * Installs the engines' missing Debian packages when root: the package lists are refreshed first
 * (a clean machine has none, or stale ones), and a failed install stops the run naming the
 * packages and the command to run by hand. Not root: says what to install.
 */
function ensurePackages(): void {
  const missing = missingPackages();
  if (!missing.length) return;
  const command = `apt-get update && apt-get install -y ${missing.join(' ')}`;
  if (process.getuid?.() !== 0) {
    throw new Error(`Missing for the browser runs: ${missing.join(', ')}. Install them with \`sudo sh -c '${command}'\` (Debian).`);
  }
  if (!onPath('apt-get')) throw new Error(`Missing for the browser runs: ${missing.join(', ')}, and there is no apt-get to install them with (Debian's packages are expected).`);
  console.log(`Installing Debian packages: ${missing.join(' ')} (apt-get update, then apt-get install)…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update', '-qq'], ['install', '-y', '-qq', ...missing]]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0) {
      throw new Error(`\`apt-get ${args.join(' ')}\` failed (${result.error?.message ?? `exit ${result.status}`}): cannot install ${missing.join(', ')} for the browser runs. Run \`${command}\` by hand and look at its output.`);
    }
  }
  const still = missingPackages();
  if (still.length) throw new Error(`apt-get installed ${missing.join(', ')}, yet ${still.join(', ')} is still missing (${FIREFOX_PATH}, ${WEBKIT_DRIVER_PATH}, MiniBrowser, Xvfb, an Urdu face in fc-list)`);
}

let server: ChildProcess | undefined;
let webkitHost: WebKitHost | undefined;
const openEngines = new Set<Engine>();

function stopServer(): void {
  if (server?.pid && server.exitCode === null) {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      server.kill('SIGTERM');
    }
  }
}

async function cleanUp(): Promise<void> {
  await Promise.all([...openEngines].map((e) => withTimeout(e.close(), 15_000, 'closing the browser').catch(() => undefined)));
  webkitHost?.stop();
  stopServer();
}

/** The portal on its own port, from the current build; resolves when it answers. */
async function startServer(base: string): Promise<void> {
  server = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts', 'start.ts'), '--port', String(port), '--no-build'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the portal exited (${server.exitCode}) while starting on port ${port}; is the port taken?`);
    try {
      if ((await fetch(`${base}/wps/system/status`, { headers: { Merchant: 'DEMO' } })).ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`the portal did not answer on ${base} within 90 s`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} took more than ${ms / 1000} s`)), ms);
    }),
  ]);
}

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 48);
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

interface Outcome {
  run: string;
  step: string;
  ok: boolean;
  skipped?: boolean;
  message?: string;
}

async function runEngine(engineName: EngineName, viewport: ViewportName, base: string, outcomes: Outcome[], attempt = 0): Promise<number> {
  const runName = `${engineName} ${viewport}${attempt ? ` (retry #${attempt})` : ''}`;
  // Only this run's screenshots are replaced; another engine's from an earlier run stay, and a
  // retry keeps the failed attempt's beside its own.
  const dir = join(OUT, `${engineName}-${viewport}${attempt ? `-retry${attempt}` : ''}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const world = `browsers-${engineName}-${viewport}-${Date.now().toString(36)}`;
  const started = Date.now();
  let engine: Engine;
  try {
    engine = await withTimeout(
      engineName === 'firefox' ? startFirefox(VIEWPORTS[viewport]) : (webkitHost ??= await WebKitHost.start()).session(VIEWPORTS[viewport]),
      90_000,
      `starting ${engineName}`,
    );
  } catch (err) {
    outcomes.push({ run: runName, step: 'start the browser', ok: false, message: (err as Error).message });
    console.log(`✗ ${runName}: cannot start the browser: ${(err as Error).message}`);
    return Date.now() - started;
  }
  openEngines.add(engine);
  console.log(`${runName}: browser up in ${secs(Date.now() - started)} (world ${world})`);
  let shotIndex = 0;
  let timeouts = 0;
  try {
    // The service-worker journey joins this run's world by its first address (?world=); when it is
    // left out, a first visit joins it, so the sandbox calls of the others act on the page's world.
    if (!journeys.includes(JOURNEYS[0]!)) await withTimeout(engine.open(`${base}/?world=${world}`), 60_000, 'joining the world');
    for (const journey of journeys) {
      let failed = false;
      for (const step of journey.steps) {
        const label = `${journey.name}: ${step.name}`;
        if (failed || timeouts >= 2) {
          outcomes.push({ run: runName, step: label, ok: false, skipped: true, message: timeouts >= 2 ? 'skipped: the browser stopped answering' : 'skipped: an earlier step of the journey failed' });
          continue;
        }
        const notes: string[] = [];
        const ctx: JourneyContext = {
          engine,
          viewport,
          base,
          world,
          sim: new SimClient(base, fetch, world),
          note: (text) => notes.push(text),
          shot: async (what) => {
            shotIndex += 1;
            await engine.screenshot(join(dir, `${String(shotIndex).padStart(2, '0')}-${slug(journey.name)}-${slug(what)}.png`));
          },
        };
        const t0 = Date.now();
        try {
          await withTimeout(step.run(ctx), step.timeoutMs ?? STEP_TIMEOUT_MS, label);
          timeouts = 0;
          outcomes.push({ run: runName, step: label, ok: true });
          console.log(`  ✓ ${runName}  ${label} (${secs(Date.now() - t0)})${notes.length ? `: ${notes.join('; ')}` : ''}`);
        } catch (err) {
          failed = true;
          const error = err as Error;
          const message = `${error.name && error.name !== 'Error' && error.name !== 'CheckFailed' ? `${error.name}: ` : ''}${error.message?.split('\n').find((line) => line.trim()) ?? String(err)}`;
          if (/took more than/.test(message)) timeouts += 1;
          outcomes.push({ run: runName, step: label, ok: false, message });
          console.log(`  ✗ ${runName}  ${label} (${secs(Date.now() - t0)}): ${message}`);
          await withTimeout(ctx.shot(`FAILED-${step.name}`), 15_000, 'the failure screenshot').catch(() => undefined);
        }
      }
    }
  } finally {
    openEngines.delete(engine);
    await withTimeout(engine.close(), 20_000, 'closing the browser').catch(() => undefined);
  }
  const took = Date.now() - started;
  console.log(`${runName}: ${secs(took)}`);
  return took;
}

async function main(): Promise<number> {
  const t0 = Date.now();
  ensurePackages();
  ensureWebBuild();
  const base = `http://localhost:${port}`;
  await startServer(base);
  const outcomes: Outcome[] = [];
  const flaky: Outcome[] = [];
  const durations: string[] = [];
  for (const engineName of engines) {
    for (const viewport of viewports) {
      let attempt: Outcome[] = [];
      durations.push(`${engineName} ${viewport} ${secs(await runEngine(engineName, viewport, base, attempt))}`);
      // Under CI a run with a failed step is run once more in a fresh browser session and world, as
      // the Playwright suite retries a failed test once there: the retry's outcome counts, and the
      // failures it did not repeat are reported as flaky, never hidden.
      for (let retry = 1; retry <= RETRIES && attempt.some((o) => !o.ok); retry++) {
        const failedBefore = attempt.filter((o) => !o.ok && !o.skipped);
        console.log(`${engineName} ${viewport}: ${failedBefore.length} step(s) failed; retry #${retry}`);
        const next: Outcome[] = [];
        durations.push(`${engineName} ${viewport} retry #${retry} ${secs(await runEngine(engineName, viewport, base, next, retry))}`);
        if (!next.some((o) => !o.ok)) flaky.push(...failedBefore);
        attempt = next;
      }
      outcomes.push(...attempt);
    }
  }
  const failed = outcomes.filter((o) => !o.ok);
  console.log(`\nBrowser runs (${durations.join(', ')}; ${secs(Date.now() - t0)} in all); screenshots in ${OUT}`);
  for (const f of flaky) console.log(`  ! flaky (passed on retry): ${f.run}  ${f.step}: ${f.message}`);
  for (const f of failed) console.log(`  ✗ ${f.run}  ${f.step}: ${f.message}`);
  console.log(`${outcomes.length - failed.length} passed, ${failed.length} failed${flaky.length ? `, ${flaky.length} flaky` : ''}`);
  return failed.length ? 1 : 0;
}

// Bounded: whatever hangs, the run ends by itself.
const overall = setTimeout(() => {
  console.error(`test:browsers: still running after ${maxMinutes} minutes; stopping.`);
  void cleanUp().finally(() => process.exit(1));
}, maxMinutes * 60_000);
overall.unref();

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void cleanUp().finally(() => process.exit(1)));
}

main()
  .then(async (code) => {
    await cleanUp();
    process.exit(code);
  })
  .catch(async (err: unknown) => {
    console.error(`test:browsers failed: ${err instanceof Error ? err.message : String(err)}`);
    await cleanUp();
    process.exit(1);
  });
