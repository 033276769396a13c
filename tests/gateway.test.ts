/**
 * Gateway mode (docs/gateway.md) against a stand-in gateway: the simulator on loopback behind a thin wrapper
 * that records what it receives and plants contract drift (a renamed field, a wrong type, an
 * undeclared status), with the proxy in front. Checks faithful forwarding, that the report names each
 * planted drift and nothing else, strict mode's envelope and off mode's pass-through.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { encryptBody } from '../openapi/wire-crypto';
import { buildApp } from '../server/app';
import { ContractChecker } from '../server/gateway/checker';
import { buildGatewayApp, CONTRACT_VIOLATION, GATEWAY_TIMEOUT, GATEWAY_UNREACHABLE, type GatewayAppOptions } from '../server/gateway/proxy';
import { GatewayReport, type GatewayReportJson } from '../server/gateway/report';
import { MERCHANT, SEED } from './helpers';

interface Seen {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

interface StandIn {
  url: string;
  seen: Seen[];
  /** Lets the slow streamed reply finish. */
  release: () => void;
}

const open: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).reverse().map((app) => app.close()));
});

// One stand-in of each kind for the whole file (building the simulator is the slow part); what it
// saw is cleared before every test.
const standIns = new Map<boolean, Promise<StandIn>>();
const standInApps: FastifyInstance[] = [];
beforeEach(async () => {
  for (const s of standIns.values()) (await s).seen.length = 0;
});
afterAll(async () => {
  await Promise.all(standInApps.splice(0).map((app) => app.close()));
});

/** The shared stand-in gateway, with or without drift. */
function standIn(drift = true): Promise<StandIn> {
  let s = standIns.get(drift);
  if (!s) {
    s = startStandIn(drift);
    standIns.set(drift, s);
  }
  return s;
}

// The planted undeclared status: one getPermission does not declare (the contract may grow).
const PERMISSION_STATUSES = new ContractChecker().match('GET', '/wps/system/permission')?.statuses ?? [];
const UNDECLARED = [500, 418, 599].find((s) => !PERMISSION_STATUSES.includes(String(s))) ?? 599;
const LARGE_BYTES = 3 * 1024 * 1024;
const largeBody = Buffer.from(JSON.stringify({ success: true, value: { pad: 'x'.repeat(LARGE_BYTES) } }));
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** The simulator as a gateway, with the drift the tests look for when `drift` is on. */
async function startStandIn(drift: boolean): Promise<StandIn> {
  const sim = await buildApp({ logger: false });
  const gw = Fastify({ logger: false });
  standInApps.push(sim, gw);
  gw.removeAllContentTypeParsers();
  gw.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  const seen: Seen[] = [];
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));

  gw.all('/*', async (request, reply) => {
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    seen.push({ method: request.method, url: request.url, headers: { ...request.headers }, body });
    const path = request.url.split('?')[0];
    reply.header('x-gateway-trace', `trace-${seen.length}`);

    // Test-only shapes of reply: a large body of a known operation, a slow streamed one.
    if (path === '/wps/system/helpCenter' && request.headers['x-test-large']) {
      reply.type('application/json');
      if (request.headers['x-test-large'] === 'length') return reply.send(largeBody);
      // No content-length: the proxy learns the size only while streaming.
      const chunks = Array.from({ length: Math.ceil(largeBody.length / 65536) }, (_, i) => largeBody.subarray(i * 65536, (i + 1) * 65536));
      return reply.send((await import('node:stream')).Readable.from(chunks, { objectMode: false }));
    }
    if (path === '/wps/system/status' && request.headers['x-test-slow']) {
      const { PassThrough } = await import('node:stream');
      const stream = new PassThrough();
      stream.write('{"success":true,"value":{"status":0,');
      void released.then(() => stream.end('"ip":"1.2.3.4","country":"PK"}}'));
      return reply.type('application/json').send(stream);
    }

    const headers = { ...request.headers };
    delete headers['transfer-encoding'];
    delete headers.connection;
    const res = await sim.inject({ method: request.method as 'GET', url: request.url, headers, payload: body.length ? body : undefined });
    let status = res.statusCode;
    let payload: Buffer = res.rawPayload;
    if (drift && status === 200 && path === '/wps/member/info') {
      // Renamed field: nickname → nickName.
      const json = res.json();
      json.value.nickName = json.value.nickname;
      delete json.value.nickname;
      payload = Buffer.from(JSON.stringify(json));
    }
    if (drift && status === 200 && path === '/wps/system/status') {
      // Wrong type: the status number as a string.
      const json = res.json();
      json.value.status = String(json.value.status);
      payload = Buffer.from(JSON.stringify(json));
    }
    if (drift && path === '/wps/system/permission') {
      // A status the contract does not declare, on an inferred path.
      status = UNDECLARED;
      payload = Buffer.from(JSON.stringify({ success: false, errorCode: 'unknown', message: 'Internal error' }));
    }
    for (const [name, value] of Object.entries(res.headers)) {
      if (!['content-length', 'transfer-encoding', 'connection', 'date', 'keep-alive'].includes(name) && value !== undefined) reply.header(name, value);
    }
    if (path === '/wps/system/status' && request.headers['x-test-gzip']) {
      reply.header('content-encoding', 'gzip');
      payload = gzipSync(payload);
    }
    return reply.code(status).send(payload);
  });
  const url = await gw.listen({ port: 0, host: '127.0.0.1' });
  return { url, seen, release: () => release() };
}

let webDist: string;
beforeAll(() => {
  webDist = mkdtempSync(join(tmpdir(), 'gateway-web-'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Portal</title><div id="root"></div>');
  writeFileSync(join(webDist, 'config.json'), JSON.stringify({ merchant: 'DEMO', gatewayUrl: 'https://elsewhere.example', brand: 'Lucky Lotus' }));
  // The build's own manifest (the shipped brand); gateway mode answers with its config's brand.
  writeFileSync(join(webDist, 'manifest.webmanifest'), JSON.stringify({ name: 'Lucky Lotus' }));
});
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

/** The proxy in front of a gateway URL, listening on loopback. */
async function proxy(gatewayUrl: string, options: Partial<GatewayAppOptions> = {}): Promise<{ url: string; app: FastifyInstance }> {
  const app = await buildGatewayApp({ gatewayUrl, webDist, csp: {}, ...options });
  open.push(app);
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { url, app };
}

const HEADERS = { Merchant: MERCHANT, Device: 'web', Language: 'EN' };

async function get(url: string, headers: Record<string, string> = {}) {
  return fetch(url, { headers: { ...HEADERS, ...headers } });
}

/** A real encrypted login through `base`: RSA key, DES body, RSA-wrapped key header. */
async function loginThrough(base: string): Promise<{ token: string; sent: string; encryption: string; status: number; body: unknown }> {
  const key = (await (await get(`${base}/wps/session/key/rsa`, { ModuleId: 'RSAKEY3' })).json()) as { value: string };
  const { body, encryption } = encryptBody({ type: 'username', ...SEED.player }, key.value);
  const sent = JSON.stringify(body);
  const res = await fetch(`${base}/wps/session/login`, {
    method: 'POST',
    headers: { ...HEADERS, 'Content-Type': 'application/json', Encryption: encryption, ModuleId: 'LOGIN3' },
    body: sent,
  });
  const json = (await res.json()) as { success: boolean; value?: { token: string } };
  return { token: json.value?.token ?? '', sent, encryption, status: res.status, body: json };
}

async function reportOf(base: string): Promise<GatewayReportJson> {
  return (await (await fetch(`${base}/__gateway/report`)).json()) as GatewayReportJson;
}

describe('forwarding', () => {
  it('passes method, path, query, headers and status through, both ways', async () => {
    const gw = await standIn();
    const { url } = await proxy(gw.url);
    const query = '?a=1&a=2&b=%20x&c=%E4%B8%AD&d=';
    const res = await get(`${url}/wps/member/info${query}`, { Authorization: 'not-a-token', ModuleId: 'MEMBERINFO3', 'X-Custom': 'kept' });
    expect(res.status).toBe(401);
    expect(res.headers.get('x-gateway-trace')).toBe('trace-1');
    // The proxy adds no headers of its own to a gateway reply: what the gateway sent is what goes out.
    const direct = await get(`${gw.url}/wps/member/info${query}`, { Authorization: 'not-a-token', ModuleId: 'MEMBERINFO3' });
    expect(res.headers.get('content-security-policy')).toBe(direct.headers.get('content-security-policy'));
    expect(((await res.json()) as { errorCode: string }).errorCode).toBe('login.not.session');

    const [seen] = gw.seen;
    expect(seen?.method).toBe('GET');
    expect(seen?.url).toBe(`/wps/member/info${query}`);
    expect(seen?.headers).toMatchObject({
      merchant: 'DEMO',
      device: 'web',
      language: 'EN',
      authorization: 'not-a-token',
      moduleid: 'MEMBERINFO3',
      'x-custom': 'kept',
      host: new URL(gw.url).host,
      'x-forwarded-for': '127.0.0.1',
    });
  });

  it('forwards a real encrypted login byte for byte and the token works through the proxy', async () => {
    const gw = await standIn();
    const { url } = await proxy(gw.url);
    const login = await loginThrough(url);
    expect(login.status).toBe(200);
    expect(login.token).toMatch(/\S{8,}/);
    const post = gw.seen.find((s) => s.method === 'POST');
    expect(post?.body.toString('utf8')).toBe(login.sent);
    expect(post?.headers.encryption).toBe(login.encryption);
    expect(post?.headers['content-type']).toBe('application/json');

    const info = await get(`${url}/wps/member/info`, { Authorization: login.token });
    expect(info.status).toBe(200);
    expect(((await info.json()) as { value: { account: string } }).value.account).toBe(SEED.player.username);

    const logout = await fetch(`${url}/wps/session/logout`, { method: 'DELETE', headers: { ...HEADERS, Authorization: login.token } });
    expect(logout.status).toBe(200);
    expect(gw.seen.at(-1)?.method).toBe('DELETE');
  });

  it('keeps large bodies intact and notes them as unchecked', async () => {
    for (const check of ['report', 'strict'] as const) {
      const gw = await standIn();
      const { url } = await proxy(gw.url, { check });
      for (const mode of ['length', 'chunked']) {
        const res = await get(`${url}/wps/system/helpCenter`, { 'X-Test-Large': mode });
        expect(res.status).toBe(200);
        expect(sha(Buffer.from(await res.arrayBuffer()))).toBe(sha(largeBody));
      }
      const report = await reportOf(url);
      const op = report.operations.find((o) => o.operationId === 'getHelpCenter');
      expect(op, check).toMatchObject({ calls: 2, checked: 0, unchecked: { 'body over the size limit': 2 }, violations: [] });
    }
  });

  it('streams a checked reply as it arrives (report mode)', async () => {
    const gw = await standIn(false);
    const { url } = await proxy(gw.url);
    const res = await get(`${url}/wps/system/status`, { 'X-Test-Slow': '1' });
    const reader = res.body!.getReader();
    const first = await reader.read();
    // The gateway has not finished yet, and the client already has the first part.
    expect(new TextDecoder().decode(first.value)).toContain('"status":0');
    gw.release();
    let rest = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) rest += new TextDecoder().decode(chunk.value);
    expect(rest).toContain('"country":"PK"');
    // The check ends after the last byte went out: wait for it to be reported, not a fixed time.
    await expect.poll(async () => (await reportOf(url)).operations.find((o) => o.operationId === 'getSystemStatus')?.checked).toBe(1);
    const op = (await reportOf(url)).operations.find((o) => o.operationId === 'getSystemStatus');
    expect(op).toMatchObject({ calls: 1, checked: 1, violations: [] });
  });

  it('answers an envelope when the gateway cannot be reached', async () => {
    const dead = Fastify();
    const deadUrl = await dead.listen({ port: 0, host: '127.0.0.1' });
    await dead.close();
    const { url } = await proxy(deadUrl);
    const res = await get(`${url}/wps/system/status`);
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({ success: false, errorCode: GATEWAY_UNREACHABLE });
    expect((await reportOf(url)).totals.failed).toBe(1);
  });

  it('answers a timeout envelope when the gateway sends no headers in time', async () => {
    const slow = Fastify();
    open.push(slow);
    let wake = () => {};
    slow.get('/wps/system/status', () => new Promise((resolve) => (wake = () => resolve({ late: true }))));
    const slowUrl = await slow.listen({ port: 0, host: '127.0.0.1' });
    const { url } = await proxy(slowUrl, { headersTimeoutMs: 200 });
    const res = await get(`${url}/wps/system/status`);
    wake();
    expect(res.status).toBe(504);
    expect(await res.json()).toMatchObject({ success: false, errorCode: GATEWAY_TIMEOUT });
  });

  it('sends its pages compressed to a browser that asks, on / and on any other app path, once', async () => {
    const gw = await standIn();
    const dist = mkdtempSync(join(tmpdir(), 'gateway-pages-'));
    const shell = `<!doctype html><title>Portal</title>${'<link rel="modulepreload" href="/static/chunk.js">'.repeat(40)}<div id="root"></div>`;
    writeFileSync(join(dist, 'index.html'), shell);
    try {
      const app = await buildGatewayApp({ gatewayUrl: gw.url, webDist: dist, csp: {} });
      open.push(app);
      for (const path of ['/', '/rng']) {
        const res = await app.inject({ url: path, headers: { 'accept-encoding': 'gzip, br' } });
        expect(res.statusCode, path).toBe(200);
        expect(res.headers['content-encoding'], path).toBe('br');
        expect(res.headers.vary, path).toMatch(/accept-encoding/i);
        expect(brotliDecompressSync(res.rawPayload).toString('utf8'), path).toBe(shell);
        const plain = await app.inject({ url: path });
        expect(plain.headers['content-encoding'], path).toBeUndefined();
        expect(plain.body, path).toBe(shell);
      }
      expect(gw.seen).toEqual([]);
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it("serves the lite app's manifest for the brand its config.json names", async () => {
    const gw = await standIn();
    const { url } = await proxy(gw.url, { config: { brand: 'Golden Reef Casino' } });
    const res = await fetch(`${url}/manifest.webmanifest`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/manifest+json');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.json()).toMatchObject({ name: 'Golden Reef Casino', short_name: 'Golden', start_url: '/', display: 'standalone' });
    expect(gw.seen).toEqual([]);
  });

  it('serves the web app with security headers, a config.json pointing at itself, and no QA API', async () => {
    const gw = await standIn();
    const { url } = await proxy(gw.url, { config: { merchant: 'BRAND2', brand: undefined } });
    const page = await fetch(`${url}/promotions`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(page.headers.get('content-security-policy')).toContain(`connect-src 'self' ${new URL(gw.url).origin}`);
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await (await fetch(`${url}/config.json`)).json()).toEqual({ merchant: 'BRAND2', gatewayUrl: '', brand: 'Lucky Lotus' });

    for (const path of ['/__sim/scenario', '/__sim']) {
      const res = await fetch(`${url}${path}`, { method: 'POST' });
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ success: false, errorCode: 'resource.not.found' });
    }
    expect(gw.seen).toEqual([]);
  });
});

describe('contract checking', () => {
  /** Every operation a session of the tests calls: conforming ones plus the three planted drifts. */
  async function session(url: string) {
    const login = await loginThrough(url);
    const info = await get(`${url}/wps/member/info`, { Authorization: login.token });
    await get(`${url}/wps/member/info`); // 401: declared, conforming
    const status = await get(`${url}/wps/system/status?probe=1`);
    const permission = await get(`${url}/wps/system/permission?host=localhost`);
    const unknown = await get(`${url}/wps/not/in/contract`);
    await fetch(`${url}/wps/session/logout`, { method: 'DELETE', headers: { ...HEADERS, Authorization: login.token } });
    return { login, info, status, permission, unknown };
  }

  it('report mode reports each planted drift and nothing else, and logs it', async () => {
    const gw = await standIn();
    const lines: string[] = [];
    const { url } = await proxy(gw.url, { logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } } });
    const replies = await session(url);
    // Report mode changes nothing the client sees.
    expect(replies.status.status).toBe(200);
    expect(((await replies.status.json()) as { value: { status: unknown } }).value.status).toBe('0');
    expect(replies.permission.status).toBe(UNDECLARED);
    await get(`${url}/wps/system/status`); // the same drift again: counted, not duplicated
    // Checks end after the replies went out: wait until the last one is counted, not a fixed time.
    await expect
      .poll(async () => (await reportOf(url)).operations.find((o) => o.operationId === 'getSystemStatus')?.violations[0]?.count)
      .toBe(2);

    const report = await reportOf(url);
    const drift = report.operations.flatMap((op) => op.violations.map((v) => ({ operation: op.operationId, inferred: op.inferred, field: v.field, status: v.status, count: v.count })));
    expect(drift).toEqual([
      { operation: 'getMemberInfo', inferred: false, field: 'value.nickname', status: 200, count: 1 },
      { operation: 'getPermission', inferred: true, field: '(status)', status: UNDECLARED, count: 1 },
      { operation: 'getSystemStatus', inferred: false, field: 'value.status', status: 200, count: 2 },
    ]);
    const byOp = Object.fromEntries(report.operations.map((op) => [op.operationId, op]));
    expect(byOp.getMemberInfo?.violations[0]).toMatchObject({ expected: 'present (required)', got: 'missing (undeclared: nickName)' });
    expect(byOp.getSystemStatus?.violations[0]).toMatchObject({ expected: '0 | 1 | 2', got: 'string "0"' });
    expect(byOp.getPermission?.violations[0]).toMatchObject({ expected: `one of ${PERMISSION_STATUSES.join(', ')}`, got: String(UNDECLARED) });
    expect(byOp.getMemberInfo).toMatchObject({ calls: 2, checked: 2, violatingCalls: 1, statuses: { 200: 1, 401: 1 } });
    for (const id of ['getRsaKey', 'login', 'logout']) expect(byOp[id]).toMatchObject({ calls: 1, checked: 1, violations: [] });
    expect(report.unknownPaths).toEqual([{ method: 'GET', path: '/wps/not/in/contract', calls: 1, statuses: { 404: 1 } }]);
    expect(report.inferredNotFound).toEqual([]);
    expect(report.totals).toMatchObject({ violatingCalls: 4, distinctViolations: 3, unknownCalls: 1, failed: 0, unchecked: 0 });
    expect(report.check).toBe('report');

    const warnings = lines.map((l) => JSON.parse(l) as { level: number; msg: string }).filter((l) => l.level === 40).map((l) => l.msg);
    expect(warnings).toEqual(
      expect.arrayContaining([
        'contract drift: getMemberInfo 200 value.nickname: expected present (required), got missing (undeclared: nickName)',
        'contract drift: getSystemStatus 200 value.status: expected 0 | 1 | 2, got string "0"',
        `contract drift: getPermission (inferred path) ${UNDECLARED} (status): expected one of ${PERMISSION_STATUSES.join(', ')}, got ${UNDECLARED}`,
        'gateway call outside the contract: GET /wps/not/in/contract',
      ]),
    );
    expect(warnings.filter((w) => w.startsWith('contract drift'))).toHaveLength(3);

    // DELETE starts a new report.
    const cleared = (await (await fetch(`${url}/__gateway/report`, { method: 'DELETE' })).json()) as GatewayReportJson;
    expect(cleared.operations).toEqual([]);
  });

  it('lists inferred operations the gateway answers 404 apart', () => {
    const checker = new ContractChecker();
    const inferred = checker.match('GET', '/wps/system/permission');
    const given = checker.match('GET', '/wps/system/status');
    expect(inferred?.inferred).toBe(true);
    expect(given?.inferred).toBe(false);
    const report = new GatewayReport('http://gw.test', 'report', 1024);
    report.record(inferred!, 404, []);
    report.record(inferred!, 404, []);
    report.record(inferred!, 200, []);
    report.record(given!, 404, []);
    expect(report.toJSON().inferredNotFound).toEqual([{ operationId: 'getPermission', path: '/wps/system/permission', count: 2 }]);
  });

  it('checks compressed replies on a decompressed copy and forwards the compressed bytes', async () => {
    const gw = await standIn();
    const { url } = await proxy(gw.url);
    const res = await get(`${url}/wps/system/status`, { 'X-Test-Gzip': '1' });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(((await res.json()) as { value: { status: unknown } }).value.status).toBe('0');
    await expect.poll(async () => (await reportOf(url)).operations.find((o) => o.operationId === 'getSystemStatus')?.checked).toBe(1);
    const op = (await reportOf(url)).operations.find((o) => o.operationId === 'getSystemStatus');
    expect(op?.violations.map((v) => v.field)).toEqual(['value.status']);
  });

  it('strict mode answers a violating reply with the 502 envelope naming the field', async () => {
    const gw = await standIn();
    const { url } = await proxy(gw.url, { check: 'strict' });
    const replies = await session(url);
    expect(replies.login.status).toBe(200);
    expect(replies.login.token).not.toBe('');

    for (const [res, field] of [
      [replies.info, 'value.nickname'],
      [replies.status, 'value.status'],
      [replies.permission, '(status)'],
    ] as const) {
      expect(res.status).toBe(502);
      expect(res.headers.get('x-gateway-trace')).toBeNull();
      const body = (await res.json()) as { success: boolean; errorCode: string; message: string };
      expect(body).toMatchObject({ success: false, errorCode: CONTRACT_VIOLATION });
      expect(body.message).toContain(field);
    }
    // Conforming replies and calls outside the contract pass unchanged.
    expect(replies.unknown.status).toBe(404);
    const key = await get(`${url}/wps/session/key/rsa`);
    expect(key.status).toBe(200);
    expect(key.headers.get('x-gateway-trace')).not.toBeNull();
    expect(((await reportOf(url)).totals)).toMatchObject({ distinctViolations: 3 });
  });

  it('off mode is a plain proxy: drift passes through and nothing is checked', async () => {
    const gw = await standIn();
    const { url } = await proxy(gw.url, { check: 'off' });
    const replies = await session(url);
    expect(replies.info.status).toBe(200);
    expect(((await replies.info.json()) as { value: Record<string, unknown> }).value).toHaveProperty('nickName');
    expect(((await replies.status.json()) as { value: { status: unknown } }).value.status).toBe('0');
    expect(replies.permission.status).toBe(UNDECLARED);
    const report = await reportOf(url);
    expect(report.check).toBe('off');
    expect(report.operations).toEqual([]);
    expect(report.unknownPaths).toEqual([]);
  });

  it('refuses a bad gateway URL or check mode', async () => {
    await expect(buildGatewayApp({ gatewayUrl: 'ftp://x' })).rejects.toThrow(/http/);
    await expect(buildGatewayApp({ gatewayUrl: 'not a url' })).rejects.toThrow(/http/);
    await expect(buildGatewayApp({ gatewayUrl: 'https://gw.example', check: 'loud' as never })).rejects.toThrow(/report, strict, off/);
  });

  it('keeps a base path of the gateway URL in front of every call', async () => {
    const gw = await standIn();
    const { url } = await proxy(`${gw.url}/api/`, { check: 'off' });
    await get(`${url}/lgw/games/popular?count=20`);
    expect(gw.seen[0]?.url).toBe('/api/lgw/games/popular?count=20');
  });
});
