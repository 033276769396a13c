/**
 * The request pipeline's per-call steps run from one hook per lifecycle point
 * (server/plugins/request-pipeline.ts, docs/decisions/038-one-hook-per-lifecycle-point.md): in the
 * order the plugins are registered, stopping where a step answers or refuses; and every reply shape
 * carries the same headers as when each step was its own Fastify hook.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, pipeline, step } from '../server/app';
import { clock } from '../server/plugins/clock';
import { ANSWERED, MAX_HOLD_MS, ReplyBatch, requestPipeline, type ReadyReply } from '../server/plugins/request-pipeline';

const H = { merchant: 'DEMO', device: 'web', language: 'EN' };

/** Helmet's four headers and the two the plugin sets itself, as the app has always sent them. */
const HELMET = {
  'cross-origin-opener-policy': 'same-origin-allow-popups',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
};
const PERMISSIONS = 'camera=(), microphone=(), geolocation=(), payment=(), usb=()';

describe('the pipeline of buildApp', () => {
  it('runs the steps of the named plugins in their registration order, one list per lifecycle point', async () => {
    const app = await buildApp({ controlApi: true });
    expect(app.requestPipeline.order()).toEqual({
      onRequest: ['control-access', 'world-selection', 'security-headers', 'clock', 'journal', 'fault-injection'],
      preHandler: ['contract-validation', 'journal'],
      onSend: ['durability', 'security-headers', 'journal'],
    });
    await app.close();
  });

  it('fails at start when a step is registered before a plugin it must come after', async () => {
    // The clock's step reads the request's world: before world selection it cannot run.
    const early = pipeline({}).filter((s) => s.name !== 'clock');
    early.splice(early.findIndex((s) => s.name === 'world-selection'), 0, step('clock', clock));
    await expect(buildApp({}, early)).rejects.toThrow(/required by 'clock'/);
    // And the pipeline's own plugin comes first: a step added to an app without it fails at start.
    const late = pipeline({}).filter((s) => s.name !== 'request-pipeline');
    await expect(buildApp({}, late)).rejects.toThrow(/request-pipeline|requestPipeline/);
  });
});

describe('the pipeline runner', () => {
  async function appWith(add: (app: FastifyInstance, seen: string[]) => void) {
    const seen: string[] = [];
    const app = Fastify();
    await app.register(requestPipeline);
    add(app, seen);
    app.setErrorHandler((err: Error, _request, reply) => reply.status(418).send({ refused: err.message, seen }));
    app.get('/', async () => ({ seen }));
    await app.ready();
    return app;
  }

  it('runs onRequest and preHandler steps in order, then the handler', async () => {
    const app = await appWith((a, seen) => {
      a.requestPipeline.onRequest('a', () => void seen.push('a'));
      a.requestPipeline.onRequest('b', () => void seen.push('b'));
      a.requestPipeline.preHandler('c', () => void seen.push('c'));
    });
    expect((await app.inject('/')).json()).toEqual({ seen: ['a', 'b', 'c'] });
  });

  it('stops at a step that throws: the error handler answers and no later step runs', async () => {
    const app = await appWith((a, seen) => {
      a.requestPipeline.onRequest('a', () => {
        seen.push('a');
        throw new Error('no');
      });
      a.requestPipeline.onRequest('b', () => void seen.push('b'));
    });
    const res = await app.inject('/');
    expect(res.statusCode).toBe(418);
    expect(res.json()).toEqual({ refused: 'no', seen: ['a'] });
  });

  it('stops at a step that answers, and waits for a step that returns a promise', async () => {
    const app = await appWith((a, seen) => {
      a.requestPipeline.onRequest(
        'wait',
        () =>
          new Promise<void>((resolve) =>
            setTimeout(() => {
              seen.push('wait');
              resolve();
            }, 5),
          ),
      );
      a.requestPipeline.onRequest('answer', (request, reply) => {
        if (request.url !== '/?answer') return;
        void reply.status(202).send({ answered: [...seen] });
        return ANSWERED;
      });
      a.requestPipeline.onRequest('after', () => void seen.push('after'));
    });
    const answered = await app.inject('/?answer');
    expect(answered.statusCode).toBe(202);
    expect(answered.json()).toEqual({ answered: ['wait'] });
  });

  it('passes each onSend step the payload the one before it returned', async () => {
    const app = await appWith((a) => {
      a.requestPipeline.onSend('x', (_request, _reply, payload) => `${String(payload)}x`);
      a.requestPipeline.onSend('y', (_request, _reply, payload) => `${String(payload)}y`);
    });
    expect((await app.inject('/')).body).toBe('{"seen":[]}xy');
  });

  it('refuses two steps of one name at one point', async () => {
    await expect(
      appWith((a) => {
        a.requestPipeline.onRequest('same', () => undefined);
        a.requestPipeline.onRequest('same', () => undefined);
      }),
    ).rejects.toThrow(/already on onRequest/);
  });
});

describe('replies written once per turn of the event loop', () => {
  /** A batch whose end-of-turn flush and clock the test runs by hand. */
  function batchByHand() {
    let flush: (() => void) | undefined;
    const clock = { ms: 0 };
    const batch = new ReplyBatch(
      (f) => {
        expect(flush, 'one flush scheduled per turn').toBeUndefined();
        flush = f;
      },
      () => clock.ms,
    );
    return {
      batch,
      clock,
      endTurn: () => {
        const f = flush;
        flush = undefined;
        f?.();
      },
    };
  }

  it('holds each reply until the end of the turn, then sends them all, in the order they were made', () => {
    const { batch, endTurn } = batchByHand();
    const sent: unknown[] = [];
    const next: ReadyReply['next'] = (err, payload) => void sent.push(err ?? payload);
    const refused = new Error('refused');
    batch.add(next, null, 'first');
    batch.add(next, refused);
    batch.add(next, null, 'third');
    expect(sent).toEqual([]);
    endTurn();
    expect(sent).toEqual(['first', refused, 'third']);
    batch.add(next, null, 'next turn');
    endTurn();
    expect(sent.at(-1)).toBe('next turn');
  });

  it('sends every waiting reply at once when the oldest has waited the longest hold, then holds again', () => {
    const { batch, clock, endTurn } = batchByHand();
    const sent: unknown[] = [];
    const next: ReadyReply['next'] = (_err, payload) => void sent.push(payload);
    batch.add(next, null, 'first');
    clock.ms = MAX_HOLD_MS / 2;
    batch.add(next, null, 'second');
    expect(sent).toEqual([]);
    clock.ms = MAX_HOLD_MS;
    batch.add(next, null, 'third');
    expect(sent).toEqual(['first', 'second', 'third']);
    clock.ms = MAX_HOLD_MS * 1.5;
    batch.add(next, null, 'fourth');
    expect(sent, 'a new wait starts with the next reply').toHaveLength(3);
    endTurn();
    expect(sent).toEqual(['first', 'second', 'third', 'fourth']);
  });

  it('sends the rest of a turn when one reply’s write throws, then throws its error', () => {
    const { batch, endTurn } = batchByHand();
    const sent: unknown[] = [];
    batch.add(() => {
      throw new Error('socket gone');
    }, null, 'lost');
    batch.add((_err, payload) => void sent.push(payload), null, 'kept');
    expect(endTurn).toThrow('socket gone');
    expect(sent).toEqual(['kept']);
  });

  it('answers every request of one turn before the first reply goes out', async () => {
    const events: string[] = [];
    const app = Fastify();
    await app.register(requestPipeline);
    // A reply goes out when Fastify hands it to the raw response.
    app.addHook('onRequest', (request, reply, done) => {
      const end = reply.raw.end.bind(reply.raw) as (...args: unknown[]) => unknown;
      reply.raw.end = ((...args: unknown[]) => {
        events.push(`sent ${request.url}`);
        return end(...args);
      }) as typeof reply.raw.end;
      done();
    });
    app.get('/:n', (request, reply) => {
      events.push(`answered ${request.url}`);
      void reply.send({});
    });
    await app.ready();
    await Promise.all([app.inject('/1'), app.inject('/2')]);
    expect(events).toEqual(['answered /1', 'answered /2', 'sent /1', 'sent /2']);
    await app.close();
  });

  it('sends a reply whose onSend step waited as soon as the step settles, not a turn later', async () => {
    const events: string[] = [];
    const app = Fastify();
    await app.register(requestPipeline);
    app.requestPipeline.onSend(
      'commit at the end of the turn',
      (_request, _reply, payload) =>
        new Promise((resolve) =>
          setImmediate(() => {
            resolve(payload);
            setImmediate(() => events.push('next turn'));
          }),
        ),
    );
    app.addHook('onRequest', (_request, reply, done) => {
      const end = reply.raw.end.bind(reply.raw) as (...args: unknown[]) => unknown;
      reply.raw.end = ((...args: unknown[]) => {
        events.push('sent');
        return end(...args);
      }) as typeof reply.raw.end;
      done();
    });
    app.get('/', async () => ({ ok: true }));
    await app.ready();
    expect((await app.inject('/')).json()).toEqual({ ok: true });
    await new Promise((resolve) => setImmediate(resolve));
    expect(events).toEqual(['sent', 'next turn']);
    await app.close();
  });

  it('still sends replies while a test’s fake timers hold setImmediate', async () => {
    const app = Fastify();
    await app.register(requestPipeline);
    app.get('/', async () => ({ ok: true }));
    await app.ready();
    vi.useFakeTimers({ toFake: ['setImmediate', 'setTimeout', 'setInterval', 'Date'] });
    try {
      expect((await app.inject('/')).json()).toEqual({ ok: true });
    } finally {
      vi.useRealTimers();
      await app.close();
    }
  });
});

describe('headers of every reply shape (as before the one-hook pipeline, 6107a42)', () => {
  let app: FastifyInstance;
  let port: number;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pipeline-headers-'));
    mkdirSync(join(dir, 'static'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><html><head><script type="module" crossorigin src="/static/index.js"></script></head><body></body></html>');
    writeFileSync(join(dir, 'static', 'index.js'), 'console.log(1)\n');
    app = await buildApp({ controlApi: true, webDist: dir });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The response's header names in the order sent (lower case) and their values; an event stream is left open only until its headers came. */
  function headersOf(method: string, path: string, headers: Record<string, string> = {}): Promise<{ status: number; names: string[]; values: Record<string, string> }> {
    return new Promise((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, method, path, headers }, (res) => {
        const names: string[] = [];
        const values: Record<string, string> = {};
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          const name = (res.rawHeaders[i] as string).toLowerCase();
          if (['date', 'connection', 'keep-alive', 'transfer-encoding', 'etag', 'last-modified'].includes(name)) continue;
          names.push(name);
          values[name] = res.rawHeaders[i + 1] as string;
        }
        res.destroy();
        resolve({ status: res.statusCode ?? 0, names, values });
      });
      req.on('error', reject);
      req.end();
    });
  }

  const SECURITY = ['cross-origin-opener-policy', 'referrer-policy', 'x-content-type-options', 'x-frame-options'];
  const OWN = ['content-security-policy', 'permissions-policy'];
  const JSON_REPLY = [...SECURITY, 'content-type', ...OWN, 'content-length'];

  it.each([
    ['the status read', 'GET', '/wps/system/status', H, 200, JSON_REPLY],
    ['an error envelope (401)', 'GET', '/wps/member/info', H, 401, JSON_REPLY],
    ['a schema error (400)', 'GET', '/wps/relay/GCSGAME_gameList?pageNo=x', H, 400, JSON_REPLY],
    ['an unknown API path (404)', 'GET', '/wps/nothing', H, 404, JSON_REPLY],
    ['a method the path does not have (405)', 'DELETE', '/wps/system/status', H, 405, [...SECURITY, 'allow', 'content-type', ...OWN, 'content-length']],
    ['the control API', 'GET', '/__sim/state', {}, 200, JSON_REPLY],
    ['a static web file', 'GET', '/static/index.js', {}, 200, [...SECURITY, 'accept-ranges', 'cache-control', 'content-type', 'content-length', ...OWN]],
    ['the web app shell', 'GET', '/some/page', {}, 200, [...SECURITY, 'content-type', 'cache-control', 'vary', ...OWN, 'content-length']],
    ['a compressed reply', 'GET', '/wps/relay/GCSGAME_gameList?clientType=3&gameType=RNG&language=EN&pageNo=1&pageSize=42', { ...H, 'accept-encoding': 'gzip' }, 200, [...SECURITY, 'content-type', ...OWN, 'vary', 'content-encoding']],
  ])('%s: the same headers in the same order, the security headers with their values', async (_shape, method, path, headers, status, names) => {
    const res = await headersOf(method, path, headers);
    expect(res.status).toBe(status);
    expect(res.names).toEqual(names);
    expect(res.values).toMatchObject(HELMET);
    expect(res.values['permissions-policy']).toBe(PERMISSIONS);
    expect(res.values['content-security-policy']).toMatch(/^default-src 'self'; /);
  });

  it.each([
    ['a world name refused before the headers step', '/wps/system/status', { ...H, 'x-sim-world': '../x' }, 400],
    ['a control call from another host', '/__sim/state', { host: 'evil.example' }, 403],
  ])('%s: the CSP and Permissions-Policy only, as before', async (_shape, path, headers, status) => {
    const res = await headersOf('GET', path, headers);
    expect(res.status).toBe(status);
    expect(res.names).toEqual(['content-type', ...OWN, 'content-length']);
  });

  it('the cookie a page sets goes with the same headers', async () => {
    const res = await headersOf('GET', '/some/page?world=qa1');
    expect(res.values['set-cookie']).toBe('sim_world=qa1; Path=/; SameSite=Lax');
    expect([...res.names].sort()).toEqual([...SECURITY, 'content-type', 'cache-control', 'vary', ...OWN, 'set-cookie', 'content-length'].sort());
  });

  it('an event stream (a hijacked reply) carries Helmet’s headers, as before', async () => {
    const res = await headersOf('GET', '/__sim/events');
    expect(res.names).toEqual([...SECURITY, 'content-type', 'cache-control', 'x-accel-buffering']);
    expect(res.values).toMatchObject(HELMET);
  });
});
