/**
 * Reply compression through the app's pipeline (server/plugins/compression.ts): a JSON reply over
 * 1 KB is compressed when the client asks for it, and goes out as it is when the client does not ask,
 * asks for identity only, or when the reply is under the threshold. The gate in front of
 * @fastify/compress must leave every reply exactly as the library alone would.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
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
