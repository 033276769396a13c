/**
 * Request body types: every operation that takes a body takes JSON and answers any other body type with
 * 415 and the envelope naming headers/content-type, changing nothing; only forgot-password-by-email
 * also takes a form body. The control API takes JSON only as well.
 */
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { operationList } from '../openapi/operations';
import { controlOps, CONTROL_PREFIX } from '../server/control/contract';
import { login, testApp } from './helpers';

const OTHER_TYPES: [string, string][] = [
  ['application/x-www-form-urlencoded', 'username=player01&password=x'],
  ['text/plain', 'hello'],
  ['application/xml', '<a/>'],
  ['multipart/form-data; boundary=xyz', '--xyz--'],
];

describe('request body types', () => {
  it('every JSON operation answers 415 naming headers/content-type to any other body type', async () => {
    const app = await testApp();
    const player = await login(app);
    const agent = await login(app, { username: 'agent01', password: 'Passw0rd!' });
    const accounts = app.sim.accounts.size;
    const withBody = operationList.filter((op) => op.body && !op.formEncoded);
    expect(withBody.length).toBeGreaterThan(25);
    for (const op of withBody) {
      const token = op.access === 'public' ? undefined : op.access === 'agent' ? agent : player;
      for (const [type, payload] of OTHER_TYPES) {
        const res = await app.inject({
          method: op.method as InjectOptions['method'],
          url: op.path,
          headers: { merchant: 'DEMO', 'content-type': type, ...(token ? { authorization: token } : {}) },
          payload,
        });
        expect(res.statusCode, `${op.operationId} ${type}`).toBe(415);
        const body = res.json<{ errorCode: string; value: { fields: { field: string; message: string }[] } }>();
        expect(body.errorCode).toBe('request_content_type_err');
        expect(body.value.fields[0]?.field).toBe('headers/content-type');
        expect(body.value.fields[0]?.message).toContain('application/json');
      }
    }
    expect(app.sim.accounts.size).toBe(accounts);
  });

  it('forgot password by email takes a form body and JSON, and refuses the rest naming both', async () => {
    const app = await testApp();
    const send = (type: string, payload: string) =>
      app.inject({ method: 'POST', url: '/wps/member/password/email', headers: { merchant: 'DEMO', 'content-type': type }, payload });
    expect((await send('application/x-www-form-urlencoded', 'username=player01&email=player01%40example.com')).statusCode).toBe(200);
    expect((await send('application/json', '{"username":"player01","email":"player01@example.com"}')).statusCode).toBe(200);
    const text = await send('text/plain', 'username=player01');
    expect(text.statusCode).toBe(415);
    expect(text.json<{ message: string }>().message).toContain('application/x-www-form-urlencoded');
  });

  it('the control API takes JSON only, and a refused body changes nothing', async () => {
    const app = await testApp();
    const posts = Object.values(controlOps).filter((op) => 'body' in op && op.body);
    expect(posts.length).toBeGreaterThan(3);
    for (const op of posts) {
      const res = await app.inject({
        method: op.method,
        url: CONTROL_PREFIX + op.path,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'status=maintenance&scenario=maintenance',
      });
      expect(res.statusCode, op.operationId).toBe(415);
      expect(res.json<{ errorCode: string }>().errorCode).toBe('request_content_type_err');
    }
    expect(app.sim.systemStatus).toBe(0);
    expect(app.sim.scenario.name).toBe('default');
  });

  it('a world import takes application/vnd.sqlite3 or application/octet-stream; any other type, JSON included, is 415 naming those', async () => {
    const app = await testApp();
    const file = Buffer.concat([Buffer.from('SQLite format 3\0'), Buffer.alloc(4096, 1)]);
    for (const [type, payload] of [
      ['text/plain', file],
      ['application/json', file],
      ['application/json', '{"name":"qa-t"}'],
      ['application/json; charset=utf-8', '{}'],
      ['application/x-www-form-urlencoded', 'name=qa-t'],
      ['multipart/form-data; boundary=xyz', '--xyz--'],
    ] as const) {
      for (const url of [`${CONTROL_PREFIX}/worlds/qa-t/import`, `${CONTROL_PREFIX}/worlds/import`]) {
        const res = await app.inject({ method: 'POST', url, headers: { 'content-type': type }, payload });
        expect(res.statusCode, `${url} ${type}: ${res.body}`).toBe(415);
        const body = res.json<{ errorCode: string; message: string; value: { fields: { field: string; message: string }[] } }>();
        expect(body.errorCode).toBe('request_content_type_err');
        expect(body.value.fields).toEqual([
          { field: 'headers/content-type', message: `must be application/vnd.sqlite3 or application/octet-stream, not ${type}` },
        ]);
        expect(body.message).toBe(`headers/content-type must be application/vnd.sqlite3 or application/octet-stream, not ${type}`);
      }
    }
    expect(app.worlds.has('qa-t')).toBe(false);
    // Its own types reach the import, which reads the file (these bytes are no world).
    const own = await app.inject({ method: 'POST', url: `${CONTROL_PREFIX}/worlds/qa-t/import`, headers: { 'content-type': 'application/octet-stream' }, payload: file });
    expect(own.statusCode, own.body).toBe(400);
    expect(own.json<{ message: string }>().message).toMatch(/^Not a world file/);
  });
});
