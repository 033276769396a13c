/**
 * `npm start`: the simulator and the built web app on one port (default 8080, PORT to change). Builds
 * the web app first when the build is missing or older than its sources.
 *
 *   npm start -- --scenario maintenance      start in a scenario of fixtures/scenarios
 *   npm start -- --port 9000                 another port
 *   npm start -- --gateway https://…         gateway mode (see README)
 *   npm start -- --state DIR                 keep worlds and the RSA key in DIR across restarts
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildApp } from '../server/app';
import { buildGatewayApp, REPORT_PATH, type CheckMode } from '../server/gateway/proxy';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const WEB_DIST = join(ROOT, 'web', 'dist');
const WEB_SOURCES = [join(ROOT, 'web', 'src'), join(ROOT, 'web', 'index.html'), join(ROOT, 'web', 'public'), join(ROOT, 'web', 'vite.config.ts'), join(ROOT, 'openapi')];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newestMtime(join(path, name))), stat.mtimeMs);
}

/** Build the web app when web/dist is missing or older than any source. */
export function ensureWebBuild(log: (line: string) => void = console.log): void {
  const built = existsSync(join(WEB_DIST, 'index.html')) ? statSync(join(WEB_DIST, 'index.html')).mtimeMs : 0;
  const sources = Math.max(...WEB_SOURCES.map(newestMtime));
  if (built >= sources) return;
  log(built ? 'Web sources changed: rebuilding the web app…' : 'Building the web app (first start)…');
  execFileSync(process.execPath, [join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--config', join(ROOT, 'web', 'vite.config.ts'), '--logLevel', 'warn'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      scenario: { type: 'string', default: process.env.SCENARIO ?? 'default' },
      port: { type: 'string', default: process.env.PORT ?? '8080' },
      host: { type: 'string', default: process.env.HOST ?? '127.0.0.1' },
      gateway: { type: 'string', default: process.env.GATEWAY_URL },
      check: { type: 'string', default: process.env.GATEWAY_CHECK ?? 'report' },
      state: { type: 'string', default: process.env.SIM_STATE_DIR },
      'no-build': { type: 'boolean', default: false },
    },
  });
  if (!values['no-build']) ensureWebBuild();
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be a port number, got ${values.port}`);
  if (values.gateway) {
    // Gateway mode (docs/gateway.md): our web app, calls forwarded to the gateway and checked.
    const check = values.check as CheckMode;
    const gateway = await buildGatewayApp({
      gatewayUrl: values.gateway,
      check,
      webDist: WEB_DIST,
      config: { merchant: process.env.MERCHANT, brand: process.env.BRAND },
      insecureTls: process.env.GATEWAY_INSECURE_TLS === '1',
      logger: { level: process.env.LOG_LEVEL ?? 'warn' },
    });
    const url = (await gateway.listen({ port, host: values.host })).replace('127.0.0.1', 'localhost');
    const report = check === 'off' ? 'no contract check' : `contract check "${check}", report at ${url}${REPORT_PATH}`;
    console.log(`Portal running at ${url}  (gateway mode: forwarding /wps, /lgw and /lotto to ${values.gateway}; ${report})`);
    const stopGateway = () => void gateway.close().then(() => process.exit(0));
    process.on('SIGINT', stopGateway);
    process.on('SIGTERM', stopGateway);
    return;
  }
  const app = await buildApp({
    scenario: values.scenario,
    webDist: WEB_DIST,
    controlApi: true,
    logger: { level: process.env.LOG_LEVEL ?? 'warn' },
    stateDir: values.state || undefined,
  });
  const address = await app.listen({ port, host: values.host });
  const url = address.replace('127.0.0.1', 'localhost');
  const state = values.state ? `state in ${values.state}` : 'state in memory';
  console.log(`Portal running at ${url}  (simulator, scenario "${app.sim.scenario.name}", ${state}; QA control API at ${url}/__sim)`);
  const stop = () => void app.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
