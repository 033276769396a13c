/**
 * `npm run bench:world-file`: how long a world of 1,000 accounts takes to export
 * (GET /__sim/worlds/NAME/export) and to import (POST /__sim/worlds/NAME/import), in memory and
 * under --state (docs/decisions/030-world-files.md). Goal: within a second each.
 *
 *   npm run bench:world-file -- [--accounts 1000] [--runs 5] [--deposits 0]
 *
 * The world: --accounts accounts, each with a deposit, a withdrawal and a live session,
 * and a journal of 200 calls: --deposits of them deposits through the gateway (each keeps its
 * before-images for rewind, which the file carries: ADR 036), the rest reads. Each run exports the world and imports the file under another name,
 * through `app.inject` (no sockets), the two modes alternating run by run; the table gives the
 * median and the slowest wall time of each, and the file's size.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';

const { values } = parseArgs({ options: { accounts: { type: 'string', default: '1000' }, runs: { type: 'string', default: '5' }, deposits: { type: 'string', default: '0' } } });
const ACCOUNTS = Number(values.accounts);
const RUNS = Number(values.runs);
const DEPOSITS = Math.min(200, Number(values.deposits));
if (!Number.isInteger(DEPOSITS) || DEPOSITS < 0) throw new Error(`--deposits must be a whole number from 0 to 200, got ${String(values.deposits)}`);

/** The world `bench` of `app`: accounts with ledger rows and sessions, and a journal. */
async function furnish(app: FastifyInstance): Promise<void> {
  const sim = app.worlds.get('bench');
  const tokens: string[] = [];
  for (let i = 0; i < ACCOUNTS; i++) {
    const account = `bench${String(i).padStart(5, '0')}`;
    sim.createAccount({ account, password: `Bench#${i}pass` });
    sim.ledger.post(account, 'deposit', 500 + i, 'Bench deposit', sim.now());
    sim.ledger.post(account, 'withdraw', -100, 'Bench withdrawal', sim.now());
    tokens.push(sim.sessions.create(account, 'username').token);
  }
  app.stateDir?.persistence.commit('bench', sim);
  sim.db.changes.clear();
  const headers = { 'x-sim-world': 'bench', merchant: 'DEMO', device: 'web', language: 'EN' };
  for (let i = 0; i < 200; i++) {
    const res =
      i < DEPOSITS
        ? await app.inject({ method: 'POST', url: '/wps/wallet/deposit', headers: { ...headers, authorization: tokens[i % tokens.length] ?? '' }, payload: { channelId: 'easypaisa', amount: 10 } })
        : await app.inject({ method: 'GET', url: '/wps/system/info', headers });
    // The reads are journaled whatever they answer; a deposit must go through to keep rewind data.
    if (i < DEPOSITS && res.statusCode !== 200) throw new Error(`deposit ${i} answered ${res.statusCode}: ${res.body}`);
  }
}

const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;

async function once(app: FastifyInstance, run: number): Promise<{ exportMs: number; importMs: number; bytes: number }> {
  let start = process.hrtime.bigint();
  const exported = await app.inject({ method: 'GET', url: '/__sim/worlds/bench/export' });
  const exportMs = ms(start);
  if (exported.statusCode !== 200) throw new Error(`export answered ${exported.statusCode}: ${exported.body}`);
  start = process.hrtime.bigint();
  const imported = await app.inject({
    method: 'POST',
    url: `/__sim/worlds/copy-${run}/import`,
    headers: { 'content-type': 'application/vnd.sqlite3' },
    payload: exported.rawPayload,
  });
  const importMs = ms(start);
  if (imported.statusCode !== 200) throw new Error(`import answered ${imported.statusCode}: ${imported.body}`);
  const accounts = (imported.json() as { value: { accounts: number } }).value.accounts;
  if (accounts < ACCOUNTS) throw new Error(`the import holds ${accounts} accounts, not ${ACCOUNTS}`);
  return { exportMs, importMs, bytes: exported.rawPayload.length };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

const dir = mkdtempSync(join(tmpdir(), 'bench-world-file-'));
const apps = {
  memory: await buildApp({ controlApi: true, logger: false }),
  state: await buildApp({ controlApi: true, logger: false, stateDir: dir }),
};
const results: Record<string, { exportMs: number[]; importMs: number[]; bytes: number }> = {};
try {
  for (const [mode, app] of Object.entries(apps)) {
    await app.ready();
    await furnish(app);
    results[mode] = { exportMs: [], importMs: [], bytes: 0 };
  }
  // Warm-up, then the modes alternate run by run (a busy machine slows both alike).
  for (const app of Object.values(apps)) await once(app, 0);
  for (let run = 1; run <= RUNS; run++) {
    for (const [mode, app] of Object.entries(apps)) {
      const r = await once(app, run);
      const into = results[mode]!;
      into.exportMs.push(r.exportMs);
      into.importMs.push(r.importMs);
      into.bytes = r.bytes;
    }
  }
} finally {
  for (const app of Object.values(apps)) await app.close();
  rmSync(dir, { recursive: true, force: true });
}

const f = (x: number) => x.toFixed(0);
console.log(`World file of ${ACCOUNTS} accounts (2 ledger rows and a session each, 200 journal entries of which ${DEPOSITS} deposits), ${RUNS} runs, ${cpus().length} cores, load ${loadavg()[0]?.toFixed(1)}`);
console.log('');
console.log('| mode | file | export median | export slowest | import median | import slowest |');
console.log('|---|---|---|---|---|---|');
for (const [mode, r] of Object.entries(results)) {
  console.log(`| ${mode === 'state' ? '--state' : 'in memory'} | ${(r.bytes / 1024 / 1024).toFixed(1)} MB | ${f(median(r.exportMs))} ms | ${f(Math.max(...r.exportMs))} ms | ${f(median(r.importMs))} ms | ${f(Math.max(...r.importMs))} ms |`);
}
