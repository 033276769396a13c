/**
 * `npm start`: the simulator and the built web app on one port (default 8080, PORT to change). Builds
 * the web app first when the build is missing or older than its sources.
 *
 *   npm start -- --scenario maintenance      start in a scenario of fixtures/scenarios
 *   npm start -- --port 9000                 another port
 *   npm start -- --no-build                  serve web/dist as it is, without rebuilding it
 *   npm start -- --gateway https://…         gateway mode (see README)
 *   npm start -- --gateway https://… --record DIR [--record-private]
 *                                            gateway mode, recording the read calls' replies
 *   npm start -- --replay DIR                simulator mode answering recorded calls from DIR
 *   npm start -- --brand NAME                the simulator on an imported brand (fixtures/brands/NAME)
 *   npm start -- --gateway https://… --simulate '/wps/verification/*,/wps/captcha'
 *                                            mix: these calls from a simulator, the rest proxied
 *   npm start -- --journal-size 5000         keep the newest 5,000 calls in the request journal
 *   npm start -- --journal off               no request journal
 *   npm start -- --state DIR                 keep worlds and the RSA key in DIR across restarts
 *   npm start -- --max-worlds 200            at most 200 worlds in memory (default 1,000)
 *   npm start -- --guest-ttl 30m             free-play guests expire after 30 simulated minutes (default 2h)
 *   npm start -- --allow-host qa.lan         /__sim and /__demo also answer this host name (ADR 023)
 *   npm start -- --control-token TOKEN       every /__sim call must send X-Sim-Control-Token: TOKEN
 *                                            (or SIM_CONTROL_TOKEN); needed on a non-loopback --host
 *   npm start -- --host 0.0.0.0 --control-open
 *                                            listen beyond loopback without a token, on purpose
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildApp } from '../server/app';
import { loadContract } from '../server/gateway/checker';
import { parseSimulate } from '../server/gateway/mix';
import { buildGatewayApp, REPORT_PATH, type CheckMode } from '../server/gateway/proxy';
import { isLoopbackHost } from '../server/plugins/control-access';
import { ReplaySet } from '../server/replay';

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

/** Say at start when the gateway cannot be reached (the server still starts: it may come up later). */
async function probeGateway(gateway: string): Promise<void> {
  const url = `${gateway.replace(/\/+$/, '')}/wps/system/status`;
  try {
    await fetch(url, { signal: AbortSignal.timeout(5000) });
  } catch (err) {
    const cause = (err as { cause?: { code?: string } }).cause?.code ?? (err as Error).message;
    console.warn(`Warning: the gateway does not answer at ${url} (${cause}); calls will get 502 gateway.unreachable, and nothing is recorded, until it does.`);
  }
}

/** A duration such as 90s, 30m, 2h or 1d (ms without a unit), for --guest-ttl. */
export function parseDurationFlag(text: string, name: string): number {
  const m = /^(\d+(?:\.\d+)?)(ms|s|m|h|d)?$/.exec(text.trim());
  const units: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };
  const ms = m ? Math.round(Number(m[1]) * (units[m[2] ?? 'ms'] ?? 1)) : NaN;
  if (!Number.isFinite(ms) || ms < 1000 || ms > 365 * 86_400_000) {
    throw new Error(`${name} must be a duration from 1s to 365d such as 90s, 30m, 2h or 1d, got ${text}`);
  }
  return ms;
}

function positiveInteger(text: string, name: string): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a whole number of at least 1, got ${text}`);
  return n;
}

/**
 * Listening beyond loopback exposes the control API (reset, SMS codes, worlds) to the network: it
 * needs a control token, unless --control-open says it on purpose (ADR 023).
 */
export function checkControlExposure(host: string, controlToken: string | undefined, controlOpen: boolean): void {
  if (isLoopbackHost(host.toLowerCase()) || controlToken || controlOpen) return;
  throw new Error(
    `--host ${host} lets other machines reach the control API (/__sim): give it a token with --control-token TOKEN ` +
      '(or SIM_CONTROL_TOKEN=TOKEN), which every control call then sends as X-Sim-Control-Token, ' +
      'or add --control-open to run it open on purpose.',
  );
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      scenario: { type: 'string', default: process.env.SCENARIO ?? 'default' },
      port: { type: 'string', default: process.env.PORT ?? '8080' },
      host: { type: 'string', default: process.env.HOST ?? '127.0.0.1' },
      gateway: { type: 'string', default: process.env.GATEWAY_URL },
      check: { type: 'string', default: process.env.GATEWAY_CHECK ?? 'report' },
      record: { type: 'string' },
      'record-private': { type: 'boolean', default: false },
      replay: { type: 'string' },
      simulate: { type: 'string' },
      brand: { type: 'string', default: process.env.SIM_BRAND },
      state: { type: 'string', default: process.env.SIM_STATE_DIR },
      'max-worlds': { type: 'string', default: process.env.SIM_MAX_WORLDS },
      'guest-ttl': { type: 'string', default: process.env.SIM_GUEST_TTL },
      'no-build': { type: 'boolean', default: false },
      journal: { type: 'string', default: process.env.SIM_JOURNAL ?? 'on' },
      'journal-size': { type: 'string', default: process.env.SIM_JOURNAL_SIZE ?? '1000' },
      'allow-host': { type: 'string', multiple: true, default: [] },
      'control-token': { type: 'string', default: process.env.SIM_CONTROL_TOKEN },
      'control-open': { type: 'boolean', default: false },
    },
  });
  const controlToken = values['control-token'] || undefined;
  const allowHosts = values['allow-host'].flatMap((h) => h.split(',')).map((h) => h.trim()).filter(Boolean);
  checkControlExposure(values.host, controlToken, values['control-open']);
  if (values.journal !== 'on' && values.journal !== 'off') throw new Error(`--journal must be on or off, got ${values.journal}`);
  const journalSize = values.journal === 'off' ? 0 : Number(values['journal-size']);
  if (!Number.isInteger(journalSize) || journalSize < 0 || journalSize > 1_000_000) {
    throw new Error(`--journal-size must be a whole number from 0 to 1000000, got ${values['journal-size']}`);
  }
  if (!values['no-build']) ensureWebBuild();
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be a port number, got ${values.port}`);
  if (!values.gateway && (values.record || values.simulate || values['record-private'])) {
    throw new Error('--record, --record-private and --simulate work in gateway mode: add --gateway URL');
  }
  if (values.gateway && values.replay) throw new Error('--replay runs the simulator: leave out --gateway');
  if (values['record-private'] && !values.record) throw new Error('--record-private needs --record DIR');
  if (values.gateway) {
    // Gateway mode (docs/gateway.md): our web app, calls forwarded to the gateway and checked.
    const check = values.check as CheckMode;
    const simulated = values.simulate ? parseSimulate(values.simulate, loadContract()) : null;
    const gateway = await buildGatewayApp({
      gatewayUrl: values.gateway,
      check,
      webDist: WEB_DIST,
      config: { merchant: process.env.MERCHANT, brand: process.env.BRAND },
      insecureTls: process.env.GATEWAY_INSECURE_TLS === '1',
      logger: { level: process.env.LOG_LEVEL ?? 'warn' },
      record: values.record,
      recordPrivate: values['record-private'],
      simulate: simulated
        ? { matches: simulated.matches, app: await buildApp({ scenario: values.scenario, brand: values.brand, controlApi: true, logger: false, allowHosts, controlToken }) }
        : undefined,
    });
    await probeGateway(values.gateway);
    const url = (await gateway.listen({ port, host: values.host })).replace('127.0.0.1', 'localhost');
    const report = check === 'off' ? 'no contract check' : `contract check "${check}", report at ${url}${REPORT_PATH}`;
    console.log(`Portal running at ${url}  (gateway mode: forwarding /wps, /lgw and /lotto to ${values.gateway}; ${report})`);
    if (values.record) console.log(`Recording the read calls' replies into ${values.record}${values['record-private'] ? ' (token calls too, scrubbed)' : ''}.`);
    if (simulated) {
      console.log(`Simulated, not forwarded: ${simulated.operations.map((o) => o.operationId).join(', ')} (control API at ${url}/__sim).`);
      for (const w of simulated.warnings) console.warn(`Note: ${w}`);
    }
    const stopGateway = () => {
      for (const line of gateway.gatewayRecorder?.summaryLines() ?? []) console.log(line);
      void gateway.close().then(() => process.exit(0));
    };
    process.on('SIGINT', stopGateway);
    process.on('SIGTERM', stopGateway);
    return;
  }
  const replay = values.replay ? new ReplaySet(values.replay) : undefined;
  for (const line of replay?.reportLines() ?? []) console.log(line);
  const app = await buildApp({
    scenario: values.scenario,
    brand: values.brand,
    webDist: WEB_DIST,
    controlApi: true,
    replay,
    journalSize,
    stateDir: values.state || undefined,
    maxWorlds: values['max-worlds'] ? positiveInteger(values['max-worlds'], '--max-worlds') : undefined,
    guestTtlMs: values['guest-ttl'] ? parseDurationFlag(values['guest-ttl'], '--guest-ttl') : undefined,
    allowHosts,
    controlToken,
    logger: { level: process.env.LOG_LEVEL ?? 'warn' },
  });
  const address = await app.listen({ port, host: values.host });
  const url = address.replace('127.0.0.1', 'localhost');
  const brand = values.brand ? `, brand "${values.brand}"` : '';
  const state = values.state ? `state in ${values.state}` : 'state in memory';
  console.log(`Portal running at ${url}  (simulator, scenario "${app.sim.scenario.name}"${brand}, ${state}; QA control API at ${url}/__sim)`);
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
