/** The encrypted-call scheme, both sides: the client's bytes decrypt on the server; bad input is a 400. */
import { describe, expect, it } from 'vitest';
import { decodeServicePath, desDecrypt, desEncrypt, encodeServicePath, encryptBody, randomKeyString, rsaWrapKey } from '../openapi/wire-crypto';
import { RsaKeyHolder } from '../server/sim/rsa';
import { call, testApp } from './helpers';

describe('wire crypto', () => {
  it('makes 16-character alphanumeric keys', () => {
    const keys = new Set(Array.from({ length: 50 }, () => randomKeyString()));
    for (const k of keys) expect(k).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(keys.size).toBe(50);
  });

  it('DES-ECB round trips with the first 8 characters as key', () => {
    const text = JSON.stringify({ username: 'player01', password: 'Pässw0rd!' });
    const cipher = desEncrypt(text, 'abcdefgh12345678');
    expect(cipher).toMatch(/^[A-Za-z0-9+/=]+$/);
    expect(desDecrypt(cipher, 'abcdefghZZZZZZZZ')).toBe(text);
    expect(() => desDecrypt(cipher, 'zzzzzzzz12345678')).toThrow();
  });

  it('the server unwraps the RSA header the client makes', () => {
    const holder = new RsaKeyHolder();
    const key = randomKeyString();
    expect(holder.unwrapKey(rsaWrapKey(key, holder.modulusHex))).toBe(key);
    expect(holder.unwrapKey('zz')).toBeNull();
    expect(holder.unwrapKey('1234')).toBeNull();
  });

  it('decrypts a whole body', () => {
    const holder = new RsaKeyHolder();
    const { body, encryption } = encryptBody({ a: 1, b: 'x' }, holder.modulusHex);
    expect(holder.decryptBody(encryption, body)).toEqual({ a: 1, b: 'x' });
  });

  it('customer-service path: last 8 characters are the key', () => {
    const path = encodeServicePath('https://chat.example/room?x=1', 'K3y8Char');
    expect(path.endsWith('K3y8Char')).toBe(true);
    expect(decodeServicePath(path)).toBe('https://chat.example/room?x=1');
  });
});

describe('encrypted calls through the server', () => {
  const loginBody = { type: 'username', username: 'player01', password: 'Passw0rd!' };

  it('accepts a correctly encrypted login', async () => {
    const app = await testApp();
    const res = await call(app, 'POST', '/wps/session/login', { encrypted: true, body: loginBody });
    expect(res.statusCode).toBe(200);
    expect(res.envelope.value.token).toMatch(/^[0-9a-f]{48}$/);
  });

  it('missing Encryption header: 400 naming it', async () => {
    const app = await testApp();
    const res = await call(app, 'POST', '/wps/session/login', { body: { value: 'abc' } });
    expect(res.statusCode).toBe(400);
    expect(res.envelope).toMatchObject({ success: false, errorCode: 'request_param_err' });
    expect(res.envelope.value.fields[0].field).toBe('headers/encryption');
  });

  it('garbage or foreign Encryption header: 400, never 500', async () => {
    const app = await testApp();
    for (const header of ['nothex!', 'ff'.repeat(400), '00', rsaWrapKey('ABCDEFGHIJKLMNOP', 'c'.repeat(256))]) {
      const res = await call(app, 'POST', '/wps/session/login', { body: { value: 'abc' }, headers: { encryption: header } });
      expect(res.statusCode, header).toBe(400);
      expect(res.envelope.value.fields[0].field).toBe('headers/encryption');
    }
  });

  it('a body that does not decrypt, or decrypts to non-JSON: 400 naming body/value', async () => {
    const app = await testApp();
    const { encryption } = encryptBody(loginBody, app.sim.rsa.modulusHex, 'ABCDEFGHIJKLMNOP');
    for (const value of ['not-base64-%%%', desEncrypt('not json', 'ZZZZZZZZ'), desEncrypt('not json', 'ABCDEFGH'), '']) {
      const res = await call(app, 'POST', '/wps/session/login', { body: { value }, headers: { encryption } });
      expect(res.statusCode, value).toBe(400);
      expect(res.envelope.value.fields[0].field).toBe('body/value');
    }
  });

  it('the decrypted body is validated against the plaintext schema', async () => {
    const app = await testApp();
    const res = await call(app, 'POST', '/wps/session/login', { encrypted: true, body: { type: 'fingerprint', username: 1 } });
    expect(res.statusCode).toBe(400);
    const fields = res.envelope.value.fields.map((f: { field: string }) => f.field);
    expect(fields).toContain('body/type');
    expect(fields).toContain('body/username');
  });
});
