/**
 * The journal's CLI commands (`npm run sim -- journal | verify`) and typed client helpers against a
 * real listening simulator: readable lines, --json, --follow, and verify's exit code for CI steps.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { EXIT, main } from '../scripts/sim-cli';
import { SimClient } from '../scripts/sim-client';
import { controlApp } from './control-app';
import { call, login, SEED } from './helpers';

async function server(): Promise<{ app: FastifyInstance; url: string }> {
  const app = await controlApp();
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

async function cli(url: string, args: string[], signal?: AbortSignal, onLine?: (line: string) => void) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main([...args, '--url', url], {
    out: (l) => {
      out.push(l);
      onLine?.(l);
    },
    err: (l) => err.push(l),
    env: {},
    signal,
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('journal and verify commands', () => {
  it('journal prints readable lines, oldest first, filtered; --json prints the entries', async () => {
    const { app, url } = await server();
    await login(app, SEED.player);
    await call(app, 'GET', '/wps/system/status');
    const all = await cli(url, ['journal']);
    expect(all.code).toBe(0);
    const lines = all.out.split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^#1 \d\d:\d\d:\d\d\.\d{3} POST \/wps\/session\/login 200 \d+ms login \[decrypted\] \{"type":"username","username":"player01","password":"\*\*\*"\}$/);
    expect(lines[1]).toMatch(/^#2 .* GET \/wps\/system\/status 200 \d+ms getSystemStatus$/);
    const filtered = await cli(url, ['journal', '--operation', 'getSystemStatus', '--json']);
    expect(JSON.parse(filtered.out)).toMatchObject([{ id: 2, operationId: 'getSystemStatus' }]);
    expect((await cli(url, ['journal', '--path', '/wps/session/*'])).out).toContain('#1 ');
    expect((await cli(url, ['journal', '--limit', '-3'])).code).toBe(EXIT.refused);
    expect(await cli(url, ['journal', 'clear'])).toMatchObject({ code: 0, out: '2 journal entries removed' });
    expect((await cli(url, ['journal'])).out).toBe('(no calls journaled)');
  });

  it('verify exits 0 when met and 1 with near misses when not', async () => {
    const { app, url } = await server();
    await login(app, SEED.player);
    const met = await cli(url, ['verify', '--path', '/wps/session/login', '--body', '{"username":"player01"}', '--count', '1']);
    expect(met).toMatchObject({ code: EXIT.ok, out: 'ok: 1 call matched (expected exactly 1)' });
    const unmet = await cli(url, ['verify', '--path', '/wps/session/login', '--body', '{"username":"agent01"}']);
    expect(unmet.code).toBe(EXIT.refused);
    expect(unmet.out).toContain('NOT MET: 0 calls matched (expected at least 1)');
    expect(unmet.out).toContain('body/username: expected "agent01", got "player01"');
    expect((await cli(url, ['verify', '--body', 'nope'])).code).toBe(EXIT.usage);
    const both = await cli(url, ['verify', '--count', '1', '--at-most', '2']);
    expect(both.code).toBe(EXIT.refused);
    expect(both.err).toContain('body/atMost');
  });

  it('journal --follow prints new calls as they come until stopped', async () => {
    const { app, url } = await server();
    const stop = new AbortController();
    let seen!: () => void;
    const arrived = new Promise<void>((resolve) => (seen = resolve));
    const running = cli(url, ['journal', '--follow', '--operation', 'getPermission'], stop.signal, (line) => {
      if (line.includes('getPermission')) seen();
    });
    // Until the stream is open there is nothing to follow; calls keep coming until one is printed.
    const calls = setInterval(() => {
      void call(app, 'GET', '/wps/system/status');
      void call(app, 'GET', '/wps/system/permission');
    }, 100);
    await arrived;
    clearInterval(calls);
    stop.abort();
    const result = await running;
    expect(result.code).toBe(EXIT.ok);
    expect(result.out).toContain('GET /wps/system/permission ');
    expect(result.out).not.toContain('getSystemStatus');
  });
});

describe('typed helpers', () => {
  it('journal() and verify() of the control client', async () => {
    const { app, url } = await server();
    const client = new SimClient(url);
    await login(app, SEED.agent);
    const [entry] = await client.journal({ operationId: 'login' });
    expect(entry?.body).toMatchObject({ username: 'agent01', password: '***' });
    expect((await client.verify({ operationId: 'login', body: { username: 'agent01' } })).ok).toBe(true);
    const unmet = await client.verify({ operationId: 'login', body: { username: 'nobody' } });
    expect(unmet.ok).toBe(false);
    expect(unmet.nearMisses[0]?.differences[0]?.field).toBe('body/username');
  });
});
