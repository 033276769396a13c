/**
 * Reply compression through the app's pipeline (server/plugins/compression.ts): a JSON reply over
 * 1 KB is compressed when the client asks for it, and goes out as it is when the client does not ask,
 * asks for identity only, or when the reply is under the threshold. The gate in front of
 * @fastify/compress must leave every reply exactly as the library alone would. The web app's pages,
 * which the not-found handler answers (history mode) out of the library's reach, are compressed too.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../server/app';
import { CompressedPages } from '../server/compressed-pages';
import { MERCHANT, testApp } from './helpers';

const HEADERS = { merchant: MERCHANT, device: 'web', language: 'EN' };
const GAME_LIST = '/wps/relay/GCSGAME_gameList?clientType=3&gameType=RNG&language=EN&pageNo=1&pageSize=42';

describe('reply compression', () => {
  it('compresses a large reply for a client that asks, and sends it as it is to one that does not', async () => {
    const app = await testApp();
    const plain = await app.inject({ url: GAME_LIST, headers: HEADERS });
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-length']).toBe(String(plain.rawPayload.length));

    const gzip = await app.inject({ url: GAME_LIST, headers: { ...HEADERS, 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain.body);

    const br = await app.inject({ url: GAME_LIST, headers: { ...HEADERS, 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);

    const identity = await app.inject({ url: GAME_LIST, headers: { ...HEADERS, 'accept-encoding': 'identity' } });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe(plain.body);

    // The security headers are on the compressed reply as on the plain one.
    expect(gzip.headers['content-security-policy']).toBe(plain.headers['content-security-policy']);
  });

  it('sends a reply under 1 KB as it is, whatever the client accepts', async () => {
    const app = await testApp();
    const status = await app.inject({ url: '/wps/system/status', headers: { ...HEADERS, 'accept-encoding': 'gzip, br' } });
    expect(status.statusCode).toBe(200);
    expect(status.headers['content-encoding']).toBeUndefined();
    expect(status.headers.vary).toBeUndefined();
    expect(status.json()).toMatchObject({ success: true, value: { status: 0 } });
  });
});

describe('web app pages', () => {
  // A shell over the 1 KB threshold, as every built index.html is; no pre-render build beside it, so
  // every app path answers this plain shell.
  const SHELL = `<!doctype html><html lang="en"><title>Portal</title>${'<link rel="modulepreload" href="/static/chunk.js">'.repeat(60)}<div id="root"></div></html>`;
  const dir = mkdtempSync(join(tmpdir(), 'compressed-pages-'));
  writeFileSync(join(dir, 'index.html'), SHELL);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('sends an app page compressed as the browser asks, brotli first, and whole to a client that asks for nothing', async () => {
    const app = await buildApp({ webDist: dir });
    try {
      const browser = await app.inject({ url: '/rng', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
      expect(browser.statusCode).toBe(200);
      expect(browser.headers['content-type']).toMatch(/^text\/html/);
      expect(browser.headers['content-encoding']).toBe('br');
      expect(browser.headers['content-length']).toBe(String(browser.rawPayload.length));
      expect(browser.rawPayload.length).toBeLessThan(SHELL.length / 4);
      expect(brotliDecompressSync(browser.rawPayload).toString('utf8')).toBe(SHELL);
      // What the page was sent with before stays: revalidated on every visit, varying with the cookie.
      expect(browser.headers['cache-control']).toBe('no-cache');
      expect(browser.headers.vary).toMatch(/cookie/i);
      expect(browser.headers.vary).toMatch(/accept-encoding/i);
      expect(browser.headers['content-security-policy']).toMatch(/default-src 'self'/);

      const gzip = await app.inject({ url: '/help', headers: { 'accept-encoding': 'gzip' } });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(SHELL);

      for (const headers of [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'br;q=0, gzip;q=0' }]) {
        const plain = await app.inject({ url: '/', headers });
        expect(plain.headers['content-encoding'], JSON.stringify(headers)).toBeUndefined();
        expect(plain.body).toBe(SHELL);
        expect(plain.headers.vary).toMatch(/accept-encoding/i);
      }

      // An unknown API path is still the 404 envelope, not a page.
      const missing = await app.inject({ url: '/wps/no/such', headers: { 'accept-encoding': 'br' } });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ success: false });
    } finally {
      await app.close();
    }
  });

  it('compresses a page once per encoding and keeps the bytes while the page is the same', async () => {
    const pages = new CompressedPages();
    const first = pages.bytes(SHELL, 'br');
    expect(pages.bytes(SHELL, 'br')).toBe(first);
    expect(pages.bytes(SHELL, 'gzip')).not.toBe(first);
    expect(brotliDecompressSync(await first).toString('utf8')).toBe(SHELL);
    // Another page (a page rendered again) gets bytes of its own.
    const next = `${SHELL}<!-- rendered again -->`;
    expect(brotliDecompressSync(await pages.bytes(next, 'br')).toString('utf8')).toBe(next);
  });
});
