/** Security headers and the CSP builder, and the runtime config.json the build ships. */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import {
  buildCsp,
  cspSourcesFromEnv,
  inlineHashes,
  mergeCspSources,
  originOf,
  securityHeaders,
  type SecurityHeadersOptions,
} from '../server/security-headers';

const DEFAULT_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; " +
  "connect-src 'self'; media-src 'self'; frame-src 'self'; object-src 'none'; base-uri 'self'; " +
  "form-action 'self'; frame-ancestors 'self'";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function distWith(config: unknown, indexHtml?: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'security-headers-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'config.json'), typeof config === 'string' ? config : JSON.stringify(config));
  if (indexHtml) writeFileSync(join(dir, 'index.html'), indexHtml);
  return dir;
}

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const BOOT_STYLE = '\n      .boot { position: fixed; }\n    ';
const PAGE = `<!doctype html><head><style>${BOOT_STYLE}</style>
<script type="application/ld+json">{"a":1}</script><script>window.x = 1</script>
<script type="module" crossorigin src="/static/index.js"></script></head><body></body>`;

async function appWith(options: SecurityHeadersOptions) {
  const app = Fastify();
  await app.register(securityHeaders, options);
  app.get('/', async (_request, reply) => reply.type('text/html').send('<!doctype html>'));
  app.get('/own', async (_request, reply) => reply.header('content-security-policy', "default-src 'none'").send('x'));
  app.get('/api', async () => ({ success: true }));
  await app.ready();
  return app;
}

describe('buildCsp', () => {
  it('allows only what the app needs by default, with no unsafe-inline anywhere', () => {
    expect(buildCsp()).toBe(DEFAULT_CSP);
    expect(buildCsp()).not.toContain('unsafe');
  });

  it('adds extra sources per directive without duplicates', () => {
    const csp = buildCsp({ connect: ['https://gw.example.com', 'https://gw.example.com'], img: ['https://cdn.example.com'], frame: ['https://*.games.example'] });
    expect(csp).toContain("connect-src 'self' https://gw.example.com;");
    expect(csp).toContain("img-src 'self' data: https://cdn.example.com;");
    expect(csp).toContain("frame-src 'self' https://*.games.example;");
  });

  it('refuses a source that would inject a directive', () => {
    expect(() => buildCsp({ connect: ["https://x.example; script-src 'unsafe-inline'"] })).toThrow(/Invalid CSP source/);
    expect(() => buildCsp({ img: ['a b'] })).toThrow(/Invalid CSP source/);
    expect(() => buildCsp({ img: ['https://a.example,https://b.example'] })).toThrow(/Invalid CSP source/);
  });

  it('reads extra sources from the environment and merges lists', () => {
    expect(cspSourcesFromEnv({ CSP_IMG_SRC: ' https://cdn.example  https://img.example ', CSP_FRAME_SRC: '' })).toEqual({
      img: ['https://cdn.example', 'https://img.example'],
    });
    expect(mergeCspSources({ img: ['a.example'] }, { img: ['a.example', 'b.example'], connect: ['c.example'] })).toEqual({
      img: ['a.example', 'b.example'],
      connect: ['c.example'],
    });
  });

  it('takes the origin of an http(s) gateway URL only', () => {
    expect(originOf('https://gw.example.com/api/')).toBe('https://gw.example.com');
    expect(originOf('')).toBeUndefined();
    expect(originOf('javascript:alert(1)')).toBeUndefined();
    expect(originOf('nonsense')).toBeUndefined();
  });
});

describe('inlineHashes', () => {
  it('hashes inline styles and executable inline scripts only', () => {
    expect(inlineHashes(PAGE)).toEqual({ style: [sha(BOOT_STYLE)], script: [sha('window.x = 1')] });
    expect(inlineHashes('<script src="/a.js"></script>')).toEqual({});
  });
});

describe('securityHeaders plugin', () => {
  it('sets every header on the app responses', async () => {
    const app = await appWith({ csp: {} });
    const res = await app.inject('/');
    expect(res.headers).toMatchObject({
      'content-security-policy': DEFAULT_CSP,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-frame-options': 'SAMEORIGIN',
      'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
      'cross-origin-opener-policy': 'same-origin-allow-popups',
    });
    // Not-found replies too.
    expect((await app.inject('/missing')).headers['x-content-type-options']).toBe('nosniff');
    await app.close();
  });

  it('keeps a header a route set itself and leaves skipped replies alone', async () => {
    const app = await appWith({ csp: {}, skip: (request) => request.url.startsWith('/api') });
    const own = await app.inject('/own');
    expect(own.headers['content-security-policy']).toBe("default-src 'none'");
    expect(own.headers['x-content-type-options']).toBe('nosniff');
    const api = await app.inject('/api');
    expect(api.headers['content-security-policy']).toBeUndefined();
    expect(api.headers['x-frame-options']).toBeUndefined();
    await app.close();
  });

  it("allows the gateway origin of the build's config.json in connect-src and img-src", async () => {
    const app = await appWith({ csp: {}, webDist: distWith({ merchant: 'DEMO', gatewayUrl: 'https://gw.example.com/base', brand: 'X' }) });
    const csp = (await app.inject('/')).headers['content-security-policy'];
    expect(csp).toContain("connect-src 'self' https://gw.example.com;");
    expect(csp).toContain("img-src 'self' data: https://gw.example.com;");
    await app.close();

    const skipped = await appWith({ csp: {}, configGateway: false, webDist: distWith({ gatewayUrl: 'https://gw.example.com' }) });
    expect((await skipped.inject('/')).headers['content-security-policy']).toBe(DEFAULT_CSP);
    await skipped.close();

    for (const config of [{ gatewayUrl: '' }, 'not json', { gatewayUrl: 'javascript:alert(1)' }]) {
      const same = await appWith({ csp: {}, webDist: distWith(config) });
      expect((await same.inject('/')).headers['content-security-policy']).toBe(DEFAULT_CSP);
      await same.close();
    }
  });

  it("allows the build's inline boot style by hash, not 'unsafe-inline'", async () => {
    const app = await appWith({ csp: {}, webDist: distWith({}, PAGE) });
    const csp = (await app.inject('/')).headers['content-security-policy'];
    expect(csp).toContain(`style-src 'self' ${sha(BOOT_STYLE)};`);
    expect(csp).toContain(`script-src 'self' ${sha('window.x = 1')};`);
    expect(csp).not.toContain('unsafe-inline');
    await app.close();
  });
});

describe('web/public/config.json', () => {
  it('ships the runtime defaults: same-origin gateway, demo merchant and brand', () => {
    const config = JSON.parse(readFileSync(new URL('../web/public/config.json', import.meta.url), 'utf8')) as unknown;
    expect(config).toEqual({ merchant: 'DEMO', gatewayUrl: '', brand: 'Lucky Lotus' });
  });
});

describe('the exact header set (through @fastify/helmet, as strict as before)', () => {
  const EXPECTED = {
    'content-security-policy': DEFAULT_CSP,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'SAMEORIGIN',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
    'cross-origin-opener-policy': 'same-origin-allow-popups',
  };
  // What every reply carries whatever the plugin does.
  const TRANSPORT = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

  it('a page, a JSON reply and a 404 carry exactly these headers and no other', async () => {
    const app = await appWith({ csp: {} });
    for (const url of ['/', '/api', '/missing']) {
      const res = await app.inject(url);
      const security = Object.fromEntries(Object.entries(res.headers).filter(([name]) => !TRANSPORT.has(name)));
      expect(security, url).toEqual(EXPECTED);
    }
    await app.close();
  });

  it('a skipped reply carries none of them', async () => {
    const app = await appWith({ csp: {}, skip: () => true });
    const res = await app.inject('/api');
    expect(Object.keys(res.headers).filter((name) => !TRANSPORT.has(name))).toEqual([]);
    await app.close();
  });
});
