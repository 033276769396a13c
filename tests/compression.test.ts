/**
 * Reply compression through the app's pipeline (server/plugins/compression.ts): a JSON reply over
 * 1 KB is compressed when the client asks for it, and goes out as it is when the client does not ask,
 * asks for identity only, or when the reply is under the threshold. The gate in front of
 * @fastify/compress must leave every reply exactly as the library alone would. The web app's pages,
 * which the not-found handler answers (history mode) out of the library's reach, are compressed too.
 * Scripts and stylesheets the build shipped compressed are sent as built, not compressed again.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../server/app';
import { CompressedPages, shipsPrecompressed } from '../server/compressed-pages';
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

describe('scripts and stylesheets compressed at build', () => {
  // A build folder as the web build writes it: each script over 1 KB with its .br and .gz beside it.
  // The compressed files here are marked so the test can tell them from anything made per request.
  const SCRIPT = `export const rows = [${'"a row of the lobby", '.repeat(200)}];\n`;
  const BUILT_BR = brotliCompressSync(`${SCRIPT}// shipped .br\n`);
  const BUILT_GZ = gzipSync(`${SCRIPT}// shipped .gz\n`);
  const TINY = 'export const x = 1;\n';
  const SHELL = `<!doctype html><html lang="en"><title>Portal</title><div id="root"></div></html>`;

  function buildFolder(withCompressed: boolean): string {
    const dir = mkdtempSync(join(tmpdir(), 'precompressed-'));
    mkdirSync(join(dir, 'static'));
    writeFileSync(join(dir, 'index.html'), SHELL);
    writeFileSync(join(dir, 'static', 'app.js'), SCRIPT);
    writeFileSync(join(dir, 'static', 'tiny.js'), TINY);
    if (withCompressed) {
      writeFileSync(join(dir, 'static', 'app.js.br'), BUILT_BR);
      writeFileSync(join(dir, 'static', 'app.js.gz'), BUILT_GZ);
    }
    return dir;
  }
  const folders: string[] = [];
  afterAll(() => folders.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('sends the build’s own .br or .gz as the browser asks, and the plain file to a client that asks for neither', async () => {
    const dir = buildFolder(true);
    folders.push(dir);
    expect(shipsPrecompressed(dir)).toBe(true);
    const app = await buildApp({ webDist: dir });
    try {
      const br = await app.inject({ url: '/static/app.js', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toMatch(/^application\/javascript/);
      expect(br.headers['content-length']).toBe(String(BUILT_BR.length));
      expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(`${SCRIPT}// shipped .br\n`);
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(br.headers['x-content-type-options']).toBe('nosniff');

      const gz = await app.inject({ url: '/static/app.js', headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(`${SCRIPT}// shipped .gz\n`);

      for (const headers of [{}, { 'accept-encoding': 'identity' }]) {
        const plain = await app.inject({ url: '/static/app.js', headers });
        expect(plain.headers['content-encoding'], JSON.stringify(headers)).toBeUndefined();
        expect(plain.body).toBe(SCRIPT);
      }

      // A file the build left plain (under 1 KB) has no compressed twin: the plain file is read and
      // compressed on the fly as any file, and the browser gets the same script.
      const tiny = await app.inject({ url: '/static/tiny.js', headers: { 'accept-encoding': 'br, gzip' } });
      expect(tiny.statusCode).toBe(200);
      expect(brotliDecompressSync(tiny.rawPayload).toString('utf8')).toBe(TINY);
    } finally {
      await app.close();
    }
  });

  it('compresses on the fly, as before, from a folder whose build shipped no compressed files', async () => {
    const dir = buildFolder(false);
    folders.push(dir);
    expect(shipsPrecompressed(dir)).toBe(false);
    const app = await buildApp({ webDist: dir });
    try {
      const br = await app.inject({ url: '/static/app.js', headers: { 'accept-encoding': 'br' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(SCRIPT);
      const plain = await app.inject({ url: '/static/app.js' });
      expect(plain.headers.vary).toBeUndefined();
      expect(plain.body).toBe(SCRIPT);
    } finally {
      await app.close();
    }
  });
});
