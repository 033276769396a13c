/**
 * `npm run dev`: the simulator on 8080 (without building the web app) and the Vite dev server on
 * 5173 with hot reload; Vite proxies /wps, /lgw, /lotto, /assets, /__sim and /__demo to the
 * simulator (web/vite.config.ts). Ctrl+C stops both.
 *
 *   npm run dev                          default scenario
 *   npm run dev -- --scenario guest      start the simulator in another scenario
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SIM_PORT = process.env.SIM_PORT ?? '8080';

const { values } = parseArgs({
  options: { scenario: { type: 'string', default: process.env.SCENARIO ?? 'default' } },
  allowPositionals: true,
});

const children: ChildProcess[] = [];

function run(name: string, args: string[], env: NodeJS.ProcessEnv = {}): ChildProcess {
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
  child.on('exit', (code, signal) => {
    console.log(`${name} stopped (${signal ?? code}); stopping the rest.`);
    stop(code ?? 0);
  });
  children.push(child);
  return child;
}

let stopping = false;
function stop(code: number): void {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
}

process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

run('simulator', [join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), join(ROOT, 'scripts', 'start.ts'), '--port', SIM_PORT, '--no-build', '--scenario', values.scenario ?? 'default']);
run('vite', [join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), '--config', join(ROOT, 'web', 'vite.config.ts')], {
  SIM_URL: `http://localhost:${SIM_PORT}`,
});
