/**
 * `npm run test:kit`: the sandbox kit as a QA project gets it (ADR 024). Packs
 * packages/sandbox-kit with `npm pack` (its prepare script builds dist/), installs the tarball into a
 * temporary project outside the repository with the example suite's files (examples/qa-suite),
 * builds that project with `tsc`, runs the kit's `lotus-sim` bin and the suite's Playwright specs
 * against a running portal: SIM_URL when given, else one started here on KIT_PORT (4183).
 *
 * Only the kit is installed from the tarball (with its own dependencies, from npm's cache when it
 * has them); Playwright, TypeScript and @types/node are linked from this repository's node_modules,
 * so the step stays within about a minute. `--keep` leaves the temporary project for a look.
 *
 * Then the kit installed by path, as examples/qa-suite's package.json and .npmrc do it, into a second
 * project that has Playwright of its own (copied, not linked): Playwright must load the suite's specs
 * (`playwright test --list`). A kit linked by path instead of copied would bring the repository's
 * @playwright/test beside the project's, and Playwright refuses to load a second one.
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureChromium } from './chromium';
import { ensureWebBuild } from './start';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const KIT = join(ROOT, 'packages', 'sandbox-kit');
const EXAMPLE = join(ROOT, 'examples', 'qa-suite');
/** Linked, not installed: the test tools the temporary project needs besides the kit. */
const TOOLS = ['@playwright/test', 'playwright', 'playwright-core', 'typescript', '@types/node', 'undici-types'];

const started = Date.now();
const step = (what: string) => console.log(`[test:kit ${((Date.now() - started) / 1000).toFixed(1)}s] ${what}`);
const npm = (args: string[], cwd: string) => execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/wps/system/status`, { signal: AbortSignal.timeout(2000) })).status < 500;
  } catch {
    return false;
  }
}

async function portal(): Promise<{ url: string; server: ChildProcess | null }> {
  if (process.env.SIM_URL) return { url: process.env.SIM_URL.replace(/\/+$/, ''), server: null };
  const port = Number(process.env.KIT_PORT ?? 4183);
  const url = `http://localhost:${port}`;
  if (await answers(url)) return { url, server: null };
  ensureWebBuild();
  const server = spawn(process.execPath, [join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), join(ROOT, 'scripts', 'start.ts'), '--port', String(port), '--no-build'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, LOG_LEVEL: 'error' },
  });
  for (let i = 0; i < 120 && !(await answers(url)); i++) await new Promise((r) => setTimeout(r, 500));
  if (!(await answers(url))) throw new Error(`the portal did not start on ${url}`);
  return { url, server };
}

async function main(): Promise<number> {
  const chromium = ensureChromium();
  const project = mkdtempSync(join(tmpdir(), 'lotus-kit-'));
  const keep = process.argv.includes('--keep');
  const server = portal();
  try {
    step(`npm pack ${KIT}`);
    const packed = JSON.parse(npm(['pack', '--json', '--pack-destination', project], KIT)) as { filename: string; files: { path: string }[] }[];
    const tarball = join(project, packed[0]!.filename);
    const files = packed[0]!.files.map((f) => f.path);
    for (const needed of ['dist/index.js', 'dist/index.d.ts', 'dist/playwright.js', 'dist/playwright.d.ts', 'dist/bin.js']) {
      if (!files.includes(needed)) throw new Error(`the tarball lacks ${needed}`);
    }

    step(`installing ${tarball} into ${project}`);
    cpSync(join(EXAMPLE, 'tests'), join(project, 'tests'), { recursive: true });
    cpSync(join(EXAMPLE, 'playwright.config.ts'), join(project, 'playwright.config.ts'));
    cpSync(join(EXAMPLE, 'tsconfig.json'), join(project, 'tsconfig.json'));
    writeFileSync(join(project, 'package.json'), `${JSON.stringify({ name: 'kit-install-check', private: true, type: 'module' }, null, 2)}\n`);
    npm(['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel', 'error', tarball], project);
    for (const tool of TOOLS) {
      const target = join(project, 'node_modules', tool);
      mkdirSync(dirname(target), { recursive: true });
      symlinkSync(join(ROOT, 'node_modules', tool), target, 'dir');
    }
    step(`installed: ${readdirSync(join(project, 'node_modules', '@lucky-lotus', 'sandbox-kit', 'dist')).length} files in the kit's dist`);

    step('tsc -p tsconfig.json (the project, with the kit’s .d.ts)');
    const tsc = spawnSync(process.execPath, [join(project, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json'], { cwd: project, stdio: 'inherit' });
    if (tsc.status !== 0) return 1;

    const { url } = await server;
    const env = { ...process.env, SIM_URL: url, CHROMIUM_PATH: chromium };
    step(`lotus-sim scenarios (SIM_URL=${url})`);
    const cli = spawnSync(join(project, 'node_modules', '.bin', 'lotus-sim'), ['scenarios'], { cwd: project, env, encoding: 'utf8' });
    if (cli.status !== 0 || !/^default\s/m.test(cli.stdout)) {
      console.error(`lotus-sim scenarios exited ${cli.status}:\n${cli.stdout}${cli.stderr}`);
      return 1;
    }

    // The pages the specs open, once: the portal's first render of each is not paid inside a test.
    for (const page of ['/', '/register']) await fetch(`${url}${page}`, { signal: AbortSignal.timeout(30_000) }).then((r) => r.arrayBuffer()).catch(() => undefined);
    step('playwright test (the example suite, from the built project)');
    const specs = process.argv.slice(2).filter((a) => !a.startsWith('--'));
    const run = spawnSync(process.execPath, [join(project, 'node_modules', '@playwright', 'test', 'cli.js'), 'test', ...specs], { cwd: project, env, stdio: 'inherit' });
    if (run.status !== 0) {
      step('failed');
      return run.status ?? 1;
    }
    const byPath = installedByPath(join(project, 'by-path'));
    step(byPath ? 'done' : 'failed');
    return byPath ? 0 : 1;
  } finally {
    (await server.catch(() => ({ server: null }))).server?.kill('SIGTERM');
    if (!keep) rmSync(project, { recursive: true, force: true });
    else console.log(`kept ${project}`);
  }
}

/** Playwright packages a project has of its own: copied from this repository, never linked. */
const PLAYWRIGHT = ['@playwright/test', 'playwright', 'playwright-core'];

/**
 * The kit installed by path, with the example's package.json (its `file:` path made absolute) and
 * .npmrc, into `dir`, beside a Playwright of the project's own; Playwright then lists the example's
 * specs, which import the kit's fixtures. False (with Playwright's output shown) when it cannot.
 */
function installedByPath(dir: string): boolean {
  step(`the kit by path, as examples/qa-suite installs it, into ${dir}`);
  mkdirSync(dir, { recursive: true });
  const example = JSON.parse(readFileSync(join(EXAMPLE, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  const kitSpec = example.dependencies['@lucky-lotus/sandbox-kit'] ?? '';
  if (!kitSpec.startsWith('file:')) throw new Error(`examples/qa-suite no longer installs the kit by path (${kitSpec})`);
  const pkg = { name: 'kit-by-path-check', private: true, type: 'module', dependencies: { '@lucky-lotus/sandbox-kit': `file:${resolve(EXAMPLE, kitSpec.slice('file:'.length))}` } };
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);
  cpSync(join(EXAMPLE, '.npmrc'), join(dir, '.npmrc'));
  cpSync(join(EXAMPLE, 'tests'), join(dir, 'tests'), { recursive: true });
  cpSync(join(EXAMPLE, 'playwright.config.ts'), join(dir, 'playwright.config.ts'));
  npm(['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel', 'error'], dir);
  for (const tool of PLAYWRIGHT) cpSync(join(ROOT, 'node_modules', tool), join(dir, 'node_modules', tool), { recursive: true, dereference: true });
  const list = spawnSync(process.execPath, [join(dir, 'node_modules', '@playwright', 'test', 'cli.js'), 'test', '--list'], { cwd: dir, encoding: 'utf8' });
  if (list.status === 0 && /Total: [1-9]\d* tests?/.test(list.stdout)) {
    step(`by path: Playwright lists the example's specs (${/Total: .*/.exec(list.stdout)?.[0]})`);
    return true;
  }
  console.error(`playwright test --list exited ${list.status} with the kit installed by path:\n${list.stdout}${list.stderr}`);
  return false;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
