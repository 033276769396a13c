/**
 * Method not allowed: a known path called with a method it does not have answers 405 with `Allow` and
 * the error envelope, on the gateway API and the control API alike; unknown paths stay 404 and the
 * web app's history-mode fallback keeps answering GETs of app routes.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationList } from '../openapi/operations';
import { CONTROL_PREFIX, controlOps } from '../server/control/contract';
import { call, testApp } from './helpers';

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const;

/** Every path of both contracts with the methods it has. */
function pathsWithMethods(): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  const add = (path: string, method: string) => {
    const set = out.get(path) ?? new Set<string>();
    set.add(method);
    out.set(path, set);
  };
  for (const op of operationList) add(op.path, op.method);
  for (const op of Object.values(controlOps)) add(CONTROL_PREFIX + op.path, op.method);
  return out;
}

let webDist: string;
beforeAll(() => {
  webDist = mkdtempSync(join(tmpdir(), 'methods-web-'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Portal</title><div id="root"></div>');
});
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

describe('a known path with a method it does not have', () => {
  it('answers 405 with Allow and the envelope on every path of the gateway and control APIs', async () => {
    const app = await testApp();
    const paths = pathsWithMethods();
    expect(paths.size).toBeGreaterThan(100);
    for (const [path, methods] of paths) {
      const wrong = METHODS.find((m) => !methods.has(m) && !(m === 'GET' && methods.has('HEAD')));
      if (!wrong) continue;
      const res = await call(app, wrong, path);
      expect(res.statusCode, `${wrong} ${path}`).toBe(405);
      const allow = (res.headers.allow as string).split(', ');
      for (const m of methods) expect(allow, `${wrong} ${path}`).toContain(m);
      expect(res.envelope).toMatchObject({ success: false, errorCode: 'request_method_err' });
      expect(res.envelope.message).toContain(wrong);
      expect(res.envelope.value.fields[0].field).toBe('method');
    }
  });

  it('changes no state: a DELETE on a POST-only reset path leaves the world as it was', async () => {
    const app = await testApp();
    await call(app, 'POST', '/__sim/status', { body: { status: 'maintenance' } });
    const res = await call(app, 'DELETE', '/__sim/reset');
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('POST');
    expect(app.sim.systemStatus).toBe(1);
  });

  it('answers 405 before anything else about the request: a body of a type no route takes, or broken JSON', async () => {
    const app = await testApp();
    const bodies = [
      { type: 'text/plain', payload: 'hello' },
      { type: 'application/xml', payload: '<a/>' },
      { type: 'application/x-www-form-urlencoded', payload: 'a=1' },
      { type: 'application/json', payload: '{"broken' },
    ];
    for (const [path, methods] of [['/wps/session/login', ['POST']], ['/wps/system/status', ['GET', 'HEAD']], ['/__sim/reset', ['POST']]] as const) {
      for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
        for (const { type, payload } of bodies) {
          const res = await app.inject({ method, url: path, headers: { merchant: 'DEMO', device: 'web', language: 'EN', 'content-type': type }, payload });
          expect(res.statusCode, `${method} ${path} with ${type}`).toBe(405);
          expect(res.headers.allow, `${method} ${path}`).toBe(methods.join(', '));
          expect(res.json()).toMatchObject({ success: false, errorCode: 'request_method_err' });
        }
      }
    }
    // The route's own method with a body of a type it does not take stays 415.
    const wrongType = await app.inject({ method: 'POST', url: '/wps/session/login', headers: { merchant: 'DEMO', device: 'web', language: 'EN', 'content-type': 'text/plain' }, payload: 'hello' });
    expect(wrongType.statusCode).toBe(415);
  });

  it('leaves unknown paths at 404 and the web app fallback at 200', async () => {
    const app = await testApp({ webDist });
    const unknown = await call(app, 'POST', '/wps/no/such/call');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers.allow).toBeUndefined();
    expect(unknown.envelope.errorCode).toBe('resource.not.found');
    const trailing = await call(app, 'GET', '/wps/session/login/');
    expect(trailing.statusCode).toBe(404);
    const page = await app.inject({ method: 'GET', url: '/member/profile' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });
});
