/**
 * Durability across real processes (ADR 010): the server started as `npm start` starts it,
 * written to (injected faults and latency too), killed with SIGKILL (no chance to save), started
 * again on the same directory; a second process on a held directory; a corrupt world file.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { encryptBody } from '../openapi/wire-crypto';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'sim-restart-'));
const running = new Set<ChildProcess>();

afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

interface Server {
  child: ChildProcess;
  url: string;
  stderr: () => string;
}

/** `npm start -- --port 0 --no-build --state DIR`, without npm in between (so SIGKILL hits the server). */
function start(): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts', '--port', '0', '--no-build', '--state', dir], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let out = '';
  let err = '';
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const url = /Portal running at (http:\/\/\S+)/.exec(out)?.[1];
      if (url) resolve({ child, url, stderr: () => err });
    });
    child.on('exit', (code) => reject(Object.assign(new Error(`server exited ${code}: ${err}`), { stderr: err, code })));
  });
}

function kill9(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.child.on('exit', () => resolve());
    server.child.kill('SIGKILL');
    running.delete(server.child);
  });
}

const HEADERS = { merchant: 'DEMO', device: 'web', language: 'EN', 'content-type': 'application/json' };

async function api(server: Server, method: string, path: string, options: { body?: unknown; token?: string; modulus?: string } = {}) {
  const headers: Record<string, string> = { ...HEADERS };
  if (options.token) headers.authorization = options.token;
  let body = options.body;
  if (options.modulus) {
    const wrapped = encryptBody(body, options.modulus);
    body = wrapped.body;
    headers.encryption = wrapped.encryption;
  }
  const res = await fetch(`${server.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, envelope: (await res.json()) as { success: boolean; value?: Record<string, unknown> & { sumBalance?: number }; errorCode?: string } };
}

/** A control call (/__sim) of the default world; the envelope's value. */
async function control(server: Server, method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.url}/__sim${path}`, { method, headers: body === undefined ? {} : { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  expect(res.status, path).toBe(200);
  return ((await res.json()) as { value: unknown }).value;
}

const modulusOf = async (server: Server) => (await api(server, 'GET', '/wps/session/key/rsa')).envelope.value as unknown as string;

const PASSWORD = 'Restart#Pass1';
/** The smallest deposit the easypaisa channel takes. */
const DEPOSIT = 5;

describe('a state directory across kill -9', { timeout: 240_000 }, () => {
  let token = '';
  let modulus = '';
  let server: Server;

  it('keeps what was answered 2xx: accounts, a live token, the balance and the modulus', async () => {
    const first = await start();
    modulus = await modulusOf(first);
    const reg = await api(first, 'PUT', '/wps/member/register', {
      modulus,
      body: { username: 'restart01', password: PASSWORD, confirmPassword: PASSWORD, registerMethod: 'WEB', login: true, registerUrl: 'http://localhost/register' },
    });
    expect(reg.envelope.success).toBe(true);
    const login = await api(first, 'POST', '/wps/session/login', { modulus, body: { type: 'username', username: 'restart01', password: PASSWORD } });
    token = String(login.envelope.value?.token);
    const dep = await api(first, 'POST', '/wps/wallet/deposit', { token, body: { channelId: 'easypaisa', amount: 321.5 } });
    expect(dep.status).toBe(200);
    // Injected faults and latency are world rows (ADR 036): answered, so kept.
    const fault = await control(first, 'POST', '/faults', { path: '/wps/nowhere', status: 500 });
    await control(first, 'POST', '/latency', { ms: 2 });
    // The reply is in: kill at once, no graceful save.
    await kill9(first);

    server = await start();
    expect(server.stderr()).toMatch(/took over the stale lock of process \d+, which is no longer running/);
    expect(await modulusOf(server)).toBe(modulus);
    const balance = await api(server, 'GET', '/wps/v2/wallets/balance', { token });
    expect(balance.envelope).toMatchObject({ success: true, value: { sumBalance: 321.5 } });
    const info = await api(server, 'GET', '/wps/member/info', { token });
    expect(info.envelope.value).toMatchObject({ account: 'restart01' });
    // A tab that fetched the modulus before the kill logs in with it.
    const again = await api(server, 'POST', '/wps/session/login', { modulus, body: { type: 'username', username: 'restart01', password: PASSWORD } });
    expect(again.envelope.success).toBe(true);
    expect(await control(server, 'GET', '/faults')).toEqual([fault]);
    expect(await control(server, 'GET', '/state')).toMatchObject({ latencyMs: 2, counts: { faults: 1 } });
    await control(server, 'DELETE', '/faults');
    await control(server, 'POST', '/latency', { ms: 0 });
  });

  it('keeps every deposit answered 2xx when killed with SIGKILL during 2,000 concurrent deposits', async () => {
    const answered: number[] = [];
    const send = async () => {
      try {
        const res = await api(server, 'POST', '/wps/wallet/deposit', { token, body: { channelId: 'easypaisa', amount: DEPOSIT } });
        if (res.status === 200) answered.push(DEPOSIT);
      } catch {
        // Cut off by the kill: not answered, so not promised.
      }
    };
    const before = (await api(server, 'GET', '/wps/v2/wallets/balance', { token })).envelope.value?.sumBalance ?? 0;
    // All 2,000 sent at once; the kill lands once some are answered and the rest are in flight.
    const all = Promise.all(Array.from({ length: 2000 }, send));
    for (let waited = 0; answered.length < 20 && waited < 120_000; waited += 20) await new Promise((r) => setTimeout(r, 20));
    await kill9(server);
    const batches = [all];
    await Promise.all(batches);
    server = await start();
    const after = (await api(server, 'GET', '/wps/v2/wallets/balance', { token })).envelope.value?.sumBalance ?? 0;
    // Every deposit answered 2xx survived (a deposit written but cut off before its reply may too).
    expect(after - before).toBeGreaterThanOrEqual(answered.length * DEPOSIT);
    expect(answered.length).toBeGreaterThan(0);
  });

  it('refuses a second process on the same directory and says why', async () => {
    const second = start();
    await expect(second).rejects.toMatchObject({ code: 1 });
    const err = await second.catch((e: { stderr: string }) => e.stderr);
    expect(err).toContain(`is in use by process ${server.child.pid}`);
    expect(err).toContain(join(dir, 'lock'));
    // The first one still serves.
    expect(await modulusOf(server)).toBe(modulus);
  });

  it('moves a corrupt world file aside, names it and the world, and serves the world fresh', async () => {
    await kill9(server);
    const file = join(dir, 'worlds', 'default.sqlite');
    for (const suffix of ['-wal', '-shm']) rmSync(file + suffix, { force: true });
    writeFileSync(file, 'this is not a change\n{"set":{},"del":[]}\n');
    const fresh = await start();
    // The default world is read at start: its database is checked then.
    expect(fresh.stderr()).toMatch(/State file .*default\.sqlite of world "default" is unreadable .*moved to .*corrupt-/);
    const aside = readdirSync(join(dir, 'worlds')).filter((f) => f.startsWith('default.sqlite.corrupt-'));
    expect(aside).toHaveLength(1);
    expect(readFileSync(join(dir, 'worlds', aside[0] ?? ''), 'utf8')).toContain('this is not a change');
    // Fresh world: the account is gone, the seed is back; the key is the directory's, not the world's.
    const balance = await api(fresh, 'GET', '/wps/v2/wallets/balance', { token });
    expect(balance.envelope).toMatchObject({ success: false, errorCode: 'login.not.session' });
    expect(await modulusOf(fresh)).toBe(modulus);
    await kill9(fresh);
  });
});
