/** Bad input that never reaches a route handler still gets the error envelope, never a crash. */
import { describe, expect, it } from 'vitest';
import { LISTED_FIELDS_MAX } from '../server/errors';
import { FULLY_CHECKED_VALUES_MAX } from '../server/plugins/contract-validation';
import { controlApp } from './control-app';
import { call, login, testApp } from './helpers';

/** A JSON object of `count` keys k0, k1, … (each 0), plus `extra` members first. */
function keysBody(count: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const body: Record<string, unknown> = { ...extra };
  for (let i = 0; i < count; i++) body[`k${i}`] = 0;
  return body;
}

type Refusal = { errorCode: string; message: string; value: { fields: { field: string; message: string }[] } };

describe('requests refused before the handler', () => {
  it('a malformed percent-escape in the path: 400 envelope', async () => {
    const app = await testApp();
    const res = await app.inject({ method: 'GET', url: '/wps/system/status%ff', headers: { merchant: 'DEMO' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, errorCode: 'request_param_err' });
  });

  it('Infinity in an integer query parameter: 400 naming it, not a 500', async () => {
    const app = await testApp();
    const token = await login(app);
    for (const value of ['Infinity', '1e309', '-Infinity']) {
      const res = await call(app, 'GET', '/wps/record/account', { token, query: { pageNo: value, pageSize: 20 } });
      expect(res.statusCode, value).toBe(400);
      expect(res.envelope.value.fields[0].field).toBe('query/pageNo');
    }
  });

  it('a number in the query is written in decimal digits: hex, a blank, an exponent or padding is 400 naming the field', async () => {
    const app = await testApp();
    const token = await login(app);
    const DECIMAL = 'must be a number written in decimal digits, with an optional sign and decimal point';
    // Text JavaScript reads as a number, but not written in decimal digits.
    for (const value of ['0x10', ' ', '1e1', '2e0', ' 2', '2 ', '\t3', '0b11', '0o7', '5.']) {
      const res = await call(app, 'GET', '/wps/record/account', { token, query: { pageNo: value, pageSize: 20 } });
      expect(res.statusCode, JSON.stringify(value)).toBe(400);
      expect(res.envelope.value.fields, JSON.stringify(value)).toEqual([{ field: 'query/pageNo', message: DECIMAL }]);
    }
    // Text that is no whole number at all is a type error, as before.
    for (const value of ['', '+', '.5', '1_000', '\uFF11']) {
      const res = await call(app, 'GET', '/wps/record/account', { token, query: { pageNo: value, pageSize: 20 } });
      expect(res.statusCode, JSON.stringify(value)).toBe(400);
      expect(res.envelope.value.fields, JSON.stringify(value)).toEqual([{ field: 'query/pageNo', message: 'must be integer' }]);
    }
    for (const value of ['16', '016', '16.0', '+16']) {
      const res = await call(app, 'GET', '/wps/record/account', { token, query: { pageNo: value, pageSize: 20 } });
      expect(res.statusCode, value).toBe(200);
      expect(res.envelope.value.pageNo, value).toBe(16);
    }
    // A number that may have a fraction takes its decimal point, not an exponent.
    const games = (minBet: string) => call(app, 'GET', '/wps/relay/GCSGAME_gameList', { query: { clientType: 3, minBet } });
    expect((await games('0.5')).statusCode).toBe(200);
    expect((await games('-0.5')).envelope.value.fields).toEqual([{ field: 'query/minBet', message: 'must be >= 0' }]);
    expect((await games('5e-1')).envelope.value.fields).toEqual([{ field: 'query/minBet', message: DECIMAL }]);
    // Every query number, the control API's too.
    const control = await controlApp();
    const journal = await control.inject({ method: 'GET', url: '/__sim/journal?limit=0x10' });
    expect(journal.statusCode).toBe(400);
    expect(journal.json<Refusal>().value.fields).toEqual([{ field: 'query/limit', message: DECIMAL }]);
  });

  it('a body of an unsupported content type: 415 naming the content type', async () => {
    const app = await testApp();
    const res = await app.inject({
      method: 'POST',
      url: '/wps/verification/sms/register',
      headers: { merchant: 'DEMO', 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().value.fields[0].field).toBe('headers/content-type');
  });

  it('a body over the limit: 400, not a dropped connection', async () => {
    const app = await testApp();
    const res = await call(app, 'POST', '/wps/verification/sms/register', { body: { countryDialingCode: '+92', mobileNo: 'x'.repeat(9 * 1024 * 1024) } });
    expect(res.statusCode).toBe(400);
    expect(res.envelope.errorCode).toBe('request_param_err');
  });
});

describe('large bodies: a short refusal, and the server not held', () => {
  it('a refusal names the first LISTED_FIELDS_MAX fields and counts the rest in its message', async () => {
    const app = await controlApp();
    // body/name is missing, and 49 keys are not taken: 50 fields, 20 named.
    const res = await app.inject({ method: 'POST', url: '/__sim/worlds', payload: keysBody(49) });
    expect(res.statusCode).toBe(400);
    const refusal = res.json<Refusal>();
    expect(refusal.errorCode).toBe('request_param_err');
    expect(refusal.value.fields).toHaveLength(LISTED_FIELDS_MAX);
    expect(refusal.value.fields[0]).toEqual({ field: 'body/name', message: "must have required property 'name'" });
    expect(refusal.value.fields[1]).toEqual({ field: 'body/k0', message: 'must NOT have additional properties' });
    expect(refusal.message).toMatch(/^body\/name must have required property 'name'; body\/k0 must NOT have additional properties; .*; and 30 more fields$/);
    // A fault body's own check lists the same way.
    const fault = await app.inject({ method: 'POST', url: '/__sim/faults', payload: keysBody(30, { path: '/wps/system/status', status: 500 }) });
    expect(fault.statusCode).toBe(400);
    expect(fault.json<Refusal>().value.fields).toHaveLength(LISTED_FIELDS_MAX);
    expect(fault.json<Refusal>().message).toMatch(/; and 10 more fields$/);
  });

  it('a body of over FULLY_CHECKED_VALUES_MAX values is named by its first problem, in a short reply', async () => {
    const app = await controlApp();
    const bad = FULLY_CHECKED_VALUES_MAX * 50;
    for (const [url, payload] of [
      ['/__sim/worlds', keysBody(bad)],
      ['/__sim/journal/verify', keysBody(bad)],
      ['/__sim/faults', keysBody(bad, { path: '/wps/system/status', status: 500 })],
    ] as const) {
      const res = await app.inject({ method: 'POST', url, payload });
      expect(res.statusCode, url).toBe(400);
      expect(res.body.length, url).toBeLessThan(2000);
      const refusal = res.json<Refusal>();
      expect(refusal.value.fields.length, url).toBeLessThanOrEqual(5);
      expect(refusal.value.fields.at(-1), url).toEqual({ field: 'body', message: `holds over ${FULLY_CHECKED_VALUES_MAX} values: checked up to its first problem only` });
    }
    // A gateway body too: 100,000 items where 3 are allowed.
    const portal = await testApp();
    const token = await login(portal);
    const gateway = await call(portal, 'PUT', '/wps/feedback', { token, body: { content: 'The lobby is slow.', images: Array.from({ length: 100_000 }, () => 1) } });
    expect(gateway.statusCode).toBe(400);
    expect(gateway.body.length).toBeLessThan(2000);
    expect(gateway.envelope.value.fields[0].field).toBe('body/images');
  });

  it('a control API JSON body over 1 MiB is refused before it is parsed; a world file may be larger', async () => {
    const app = await controlApp();
    const payload = JSON.stringify(keysBody(150_000));
    expect(payload.length).toBeGreaterThan(1024 * 1024);
    for (const url of ['/__sim/worlds', '/__sim/journal/verify', '/__sim/faults']) {
      const res = await app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload });
      expect(res.statusCode, url).toBe(400);
      expect(res.json<Refusal>().value.fields).toEqual([{ field: 'body', message: 'Request body is too large (at most 1048576 bytes)' }]);
    }
    // The world import keeps its own limit: 2 MB of bytes are read, and refused as no world file.
    const file = await app.inject({
      method: 'POST',
      url: '/__sim/worlds/big-file/import',
      headers: { 'content-type': 'application/vnd.sqlite3' },
      payload: Buffer.alloc(2 * 1024 * 1024, 7),
    });
    expect(file.statusCode, file.body).toBe(400);
    expect(file.json<Refusal>().message).toMatch(/^Not a world file this simulator can import/);
  });
});
