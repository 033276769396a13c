/**
 * Who may reach the control plane (server/plugins/control-access.ts, ADR 023): the Host, the
 * Origin and the control token, on /__sim and the demo pages, through app.inject.
 */
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorRegistry } from '../openapi/errors';
import { buildApp } from '../server/app';
import { hostnameOf, isLoopbackHost } from '../server/plugins/control-access';
import { checkControlExposure } from '../scripts/start';
import { SimApiError, SimClient } from '../scripts/sim-client';

let open: FastifyInstance;
let locked: FastifyInstance;

beforeAll(async () => {
  open = await buildApp({ controlApi: true });
  locked = await buildApp({ controlApi: true, controlToken: 's3cret-token', allowHosts: ['qa.example.test'] });
  await Promise.all([open.ready(), locked.ready()]);
});

afterAll(async () => {
  await Promise.all([open.close(), locked.close()]);
});

const get = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

describe('the Host a control call names', () => {
  it('answers loopback names with any port', async () => {
    for (const host of ['localhost:8080', 'localhost', '127.0.0.1:4173', '[::1]:8080', 'app.localhost:5173', 'LOCALHOST:8080']) {
      const res = await get(open, '/__sim/worlds', { host });
      expect(res.statusCode, host).toBe(200);
    }
  });

  it('refuses another host name with 403 sim.control.host naming it, on /__sim and the demo pages', async () => {
    const res = await get(open, '/__sim/worlds', { host: 'evil.example' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false, errorCode: 'sim.control.host' });
    expect(res.json().message).toContain('evil.example');
    expect(res.json().message).toContain('--allow-host');
    const reset = await open.inject({ method: 'POST', url: '/__sim/reset', headers: { host: 'evil.example', 'content-type': 'application/json' }, payload: {} });
    expect(reset.statusCode).toBe(403);
    const demo = await get(open, '/__demo/game?ticket=x', { host: 'evil.example:8080' });
    expect(demo.statusCode).toBe(403);
    expect(demo.json().errorCode).toBe('sim.control.host');
  });

  it('leaves the gateway API and the web app to any host', async () => {
    const status = await open.inject({ method: 'GET', url: '/wps/system/status', headers: { host: 'portal.example', merchant: 'DEMO', device: 'web', language: 'EN', moduleid: 'SYSTEMSTATUS3' } });
    expect(status.statusCode).not.toBe(403);
  });

  it('answers a host allowed with --allow-host (case and port aside)', async () => {
    const res = await get(locked, '/__sim/state', { host: 'QA.example.test:8443', 'x-sim-control-token': 's3cret-token' });
    expect(res.statusCode).toBe(200);
    expect((await get(locked, '/__sim/state', { host: 'other.example.test', 'x-sim-control-token': 's3cret-token' })).statusCode).toBe(403);
  });
});

describe('the Origin of a control call', () => {
  it('refuses a page of another site with 403 sim.control.origin', async () => {
    for (const origin of ['https://evil.example', 'http://evil.localhost.example', 'null']) {
      const res = await open.inject({ method: 'DELETE', url: '/__sim/worlds/qa-x', headers: { host: 'localhost:8080', origin } });
      expect(res.statusCode, origin).toBe(403);
      expect(res.json()).toMatchObject({ success: false, errorCode: 'sim.control.origin' });
    }
  });

  it('takes the portal’s own pages, the Vite dev server on another port, and no Origin at all (the CLI)', async () => {
    for (const origin of ['http://localhost:8080', 'http://localhost:5173', 'http://127.0.0.1:5173', undefined]) {
      const res = await get(open, '/__sim/state', { host: 'localhost:8080', ...(origin ? { origin } : {}) });
      expect(res.statusCode, String(origin)).toBe(200);
    }
    const allowed = await get(locked, '/__sim/state', { host: 'qa.example.test', origin: 'https://qa.example.test', 'x-sim-control-token': 's3cret-token' });
    expect(allowed.statusCode).toBe(200);
  });
});

describe('the control token', () => {
  it('answers 401 sim.control.token without it or with another, 200 with it', async () => {
    const none = await get(locked, '/__sim/state', { host: 'localhost' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ success: false, errorCode: 'sim.control.token', message: errorRegistry['sim.control.token'].message });
    const wrong = await get(locked, '/__sim/state', { host: 'localhost', 'x-sim-control-token': 'guess' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().errorCode).toBe('sim.control.token');
    expect((await get(locked, '/__sim/state', { host: 'localhost', 'x-sim-control-token': 's3cret-token' })).statusCode).toBe(200);
    expect((await get(locked, '/__sim/openapi.json', { host: 'localhost' })).statusCode).toBe(401);
  });

  it('is asked of every /__sim call, not of the gateway API or the demo pages', async () => {
    const write = await locked.inject({ method: 'POST', url: '/__sim/status', headers: { host: 'localhost', 'content-type': 'application/json' }, payload: { status: 1 } });
    expect(write.statusCode).toBe(401);
    expect((await get(locked, '/__sim/state', { host: 'localhost', 'x-sim-control-token': 's3cret-token' })).json().value.status).toBe(0);
    const demo = await get(locked, '/__demo/game?ticket=nope', { host: 'localhost' });
    // The demo page's own answer for an unknown ticket (a page), not the token refusal.
    expect(demo.headers['content-type']).toContain('text/html');
    expect(demo.body).not.toContain('sim.control.token');
  });

  it('the event streams also take it as ?control_token= (EventSource sends no headers)', async () => {
    const wrong = await get(locked, '/__sim/journal/stream?since=0&control_token=guess', { host: 'localhost' });
    expect(wrong.statusCode).toBe(401);
    // Only the streams: a plain call does not read the token from the query.
    expect((await get(locked, '/__sim/state?control_token=s3cret-token', { host: 'localhost' })).statusCode).toBe(401);
  });
});

describe('the clients send the token', () => {
  it('SimClient (npm run sim, lotus-sim, the fixtures) sends SIM_CONTROL_TOKEN or the one given', async () => {
    const url = await locked.listen({ port: 0, host: '127.0.0.1' });
    const refused = await new SimClient(url, fetch, 'qa-token', { token: 'guess' }).getState().catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(SimApiError);
    expect(refused).toMatchObject({ status: 401, errorCode: 'sim.control.token' });
    expect((await new SimClient(url, fetch, 'qa-token', { token: 's3cret-token' }).getState()).world).toBe('qa-token');
    const before = process.env.SIM_CONTROL_TOKEN;
    process.env.SIM_CONTROL_TOKEN = 's3cret-token';
    try {
      expect((await new SimClient(url, fetch, 'qa-env').getState()).world).toBe('qa-env');
    } finally {
      if (before === undefined) delete process.env.SIM_CONTROL_TOKEN;
      else process.env.SIM_CONTROL_TOKEN = before;
    }
  });
});

describe('error codes and start-up', () => {
  it('registers the three codes with a text in every language', () => {
    for (const code of ['sim.control.host', 'sim.control.origin', 'sim.control.token'] as const) {
      expect(errorRegistry[code].source).toBe('control');
      for (const lang of ['en', 'vi', 'cn', 'ur']) {
        const catalogue = JSON.parse(readFileSync(`web/src/i18n/locales/${lang}/errors.json`, 'utf8')) as Record<string, string>;
        expect(catalogue[code], `${lang} ${code}`).toBeTruthy();
      }
    }
  });

  it('tells loopback host names apart', () => {
    expect(['localhost', '127.0.0.1', '127.1.2.3', '[::1]', 'a.localhost'].map(isLoopbackHost)).toEqual([true, true, true, true, true]);
    expect(['evil.example', '0.0.0.0', '192.168.1.5', 'localhost.evil.example', '128.0.0.1'].map(isLoopbackHost)).toEqual([false, false, false, false, false]);
    expect([hostnameOf('Example.test:80'), hostnameOf('[::1]:8080'), hostnameOf('::1')]).toEqual(['example.test', '[::1]', '::1']);
  });

  it('npm start on a host that is not loopback needs a token or --control-open', () => {
    expect(() => checkControlExposure('0.0.0.0', undefined, false)).toThrow(/--control-token TOKEN.*SIM_CONTROL_TOKEN.*--control-open/s);
    expect(() => checkControlExposure('0.0.0.0', 'tok', false)).not.toThrow();
    expect(() => checkControlExposure('0.0.0.0', undefined, true)).not.toThrow();
    expect(() => checkControlExposure('127.0.0.1', undefined, false)).not.toThrow();
    expect(() => checkControlExposure('localhost', undefined, false)).not.toThrow();
  });
});

describe('a control path written with percent escapes', () => {
  // The router decodes the path before matching it: the checks read the same path it routes by.
  const encoded = ['/%5F%5Fsim/state', '/%5f%5fsim/state', '/_%5Fsim/state', '/__%73im/state', '/__sim%2Fstate'];

  it('reaches the control routes only with the token', async () => {
    for (const url of encoded) {
      const res = await get(locked, url, { host: 'localhost' });
      expect(res.statusCode, url).not.toBe(200);
      if (res.statusCode !== 404) expect(res.json().errorCode, url).toBe('sim.control.token');
    }
    // With the token it is the control API as usual (the router's decoding is what the check follows).
    expect((await get(locked, '/%5F%5Fsim/state', { host: 'localhost', 'x-sim-control-token': 's3cret-token' })).statusCode).toBe(200);
    const status = await locked.inject({ method: 'POST', url: '/%5F%5Fsim/status', headers: { host: 'localhost', 'content-type': 'application/json' }, payload: { status: 'maintenance' } });
    expect(status.statusCode).toBe(401);
    expect(locked.sim.systemStatus).toBe(0);
  });

  it('is refused to another host and another site, as the plain path is', async () => {
    const host = await open.inject({ method: 'POST', url: '/%5f%5fsim/reset', headers: { host: 'evil.example', 'content-type': 'application/json' }, payload: {} });
    expect(host.statusCode).toBe(403);
    expect(host.json().errorCode).toBe('sim.control.host');
    const origin = await open.inject({ method: 'POST', url: '/%5F%5Fsim/status', headers: { host: 'localhost', origin: 'http://evil.example', 'content-type': 'application/json' }, payload: { status: 'maintenance' } });
    expect(origin.statusCode).toBe(403);
    expect(origin.json().errorCode).toBe('sim.control.origin');
    const demo = await get(open, '/%5F%5Fdemo/game?ticket=x', { host: 'evil.example' });
    expect(demo.statusCode).toBe(403);
  });
});
