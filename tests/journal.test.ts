/**
 * The request journal (ADR 012): what a call leaves in it (decrypted plaintext, masked secrets,
 * contract checks, faults), the ring bound, filters, verification, the live stream, isolation of two
 * simulators and bad input to its control routes.
 */
import { get as httpGet, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import Ajv2020 from 'ajv/dist/2020';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../server/app';
import { controlOps } from '../server/control/contract';
import { cut, Journal, mask, UnrenderedEntry, type JournalInput } from '../server/sim/journal';
import { controlApp, sim } from './control-app';
import { call, login, onEventBlocks, SEED } from './helpers';

const journal = async (app: FastifyInstance, query = '') => (await sim(app, 'GET', `/journal${query}`)).envelope.value as JournalEntryLike[];

interface JournalEntryLike {
  id: number;
  method: string;
  path: string;
  operationId: string | null;
  status: number;
  body: Record<string, unknown> | null;
  reply: { success: boolean; value?: Record<string, unknown>; errorCode?: string } | null;
  headers: Record<string, string | null>;
  encrypted: boolean;
  fault: { status: number | null; drop: boolean } | null;
  latencyMs: number;
  contract: { request: boolean | null; reply: boolean | null; errors: string[] };
  time: number;
  simTime: number;
  durationMs: number;
}

async function expectBad(app: FastifyInstance, method: 'GET' | 'POST', path: string, body: unknown, field: string) {
  const res = await sim(app, method, path, body);
  expect(res.statusCode, res.body).toBe(400);
  expect(res.envelope.success).toBe(false);
  expect(JSON.stringify(res.envelope.value?.fields ?? []), res.body).toContain(`"${field}"`);
}

describe('what a call leaves in the journal', () => {
  it('an encrypted login: its decrypted plaintext with the password masked, the token masked in the reply', async () => {
    const app = await controlApp();
    const token = await login(app, SEED.player);
    const [entry] = await journal(app, '?operationId=login');
    expect(entry).toBeDefined();
    expect(entry!.method).toBe('POST');
    expect(entry!.path).toBe('/wps/session/login');
    expect(entry!.encrypted).toBe(true);
    expect(entry!.body).toEqual({ type: 'username', username: 'player01', password: '***' });
    expect(entry!.status).toBe(200);
    expect(entry!.reply?.success).toBe(true);
    expect(entry!.reply?.value?.token).toBe('***');
    expect(JSON.stringify(entry)).not.toContain(SEED.player.password);
    expect(JSON.stringify(entry)).not.toContain(token);
    expect(entry!.headers).toMatchObject({ merchant: 'DEMO', device: 'web', language: 'EN', authorization: null });
    expect(entry!.contract).toEqual({ request: true, reply: true, errors: [] });
    expect(entry!.durationMs).toBeGreaterThanOrEqual(0);
    expect(Math.abs(entry!.time - Date.now())).toBeLessThan(60_000);

    // A token call: the Authorization header shortened to its first 6 characters.
    await call(app, 'GET', '/wps/member/info', { token });
    const [info] = await journal(app, '?limit=1');
    expect(info!.operationId).toBe('getMemberInfo');
    expect(info!.headers.authorization).toBe(`${token.slice(0, 6)}…`);
  });

  it('the simulated time is the simulator clock, the wall time real time', async () => {
    const app = await controlApp();
    await sim(app, 'POST', '/clock/advance', { ms: 86_400_000 });
    await call(app, 'GET', '/wps/system/status');
    const [entry] = await journal(app);
    expect(entry!.simTime - entry!.time).toBeGreaterThan(86_000_000);
  });

  it('a request the contract refuses is journaled with request false and the failing field', async () => {
    const app = await controlApp();
    await call(app, 'POST', '/wps/session/login', { encrypted: true, body: { type: 'username', username: 7, password: 'secret-1' } });
    const [entry] = await journal(app);
    expect(entry!.status).toBe(400);
    expect(entry!.contract.request).toBe(false);
    expect(entry!.contract.reply).toBe(true);
    expect(entry!.contract.errors.join(' ')).toContain('body');
    expect(entry!.body?.password).toBe('***');
  });

  it('calls refused before routing are journaled (unknown path, missing Merchant header)', async () => {
    const app = await controlApp();
    await call(app, 'GET', '/wps/no/such/thing');
    await call(app, 'GET', '/wps/system/status', { omitHeaders: ['merchant'] });
    const [missingHeader, unknown] = await journal(app);
    expect(unknown).toMatchObject({ path: '/wps/no/such/thing', operationId: null, status: 404 });
    expect(unknown!.contract.reply).toBe(true);
    expect(missingHeader).toMatchObject({ operationId: 'getSystemStatus', status: 400 });
    expect(missingHeader!.contract.request).toBe(false);
    expect(missingHeader!.contract.errors.join(' ')).toContain('merchant');
  });

  it('only gateway calls are journaled, not the control API, assets or the web app', async () => {
    const app = await controlApp();
    await sim(app, 'GET', '/state');
    await app.inject({ method: 'GET', url: '/assets/logo.svg' });
    await app.inject({ method: 'GET', url: '/' });
    expect(await journal(app)).toEqual([]);
  });

  it('records the fault and the latency applied, and a dropped connection', async () => {
    const app = await controlApp();
    await sim(app, 'POST', '/faults', { path: '/wps/system/status', status: 503, times: 1 });
    await call(app, 'GET', '/wps/system/status');
    await sim(app, 'POST', '/latency', { ms: 5 });
    await call(app, 'GET', '/wps/system/status');
    await sim(app, 'POST', '/latency', { ms: 0 });
    await sim(app, 'POST', '/faults', { path: 'getSystemStatus', drop: true, times: 1 });
    await call(app, 'GET', '/wps/system/status').catch(() => undefined);
    const [dropped, slow, failed] = await journal(app);
    expect(failed).toMatchObject({ status: 503, fault: { status: 503, drop: false }, latencyMs: 0 });
    expect(failed!.contract.request).toBeNull();
    expect(slow).toMatchObject({ status: 200, fault: null, latencyMs: 5 });
    expect(slow!.durationMs).toBeGreaterThanOrEqual(4);
    expect(dropped).toMatchObject({ status: 0, reply: null, fault: { drop: true } });
  });

  it('the journal outlives scenario switches, resets and restores', async () => {
    const app = await controlApp();
    await sim(app, 'POST', '/snapshot', { name: 'a' });
    await call(app, 'GET', '/wps/system/status');
    await sim(app, 'POST', '/restore', { name: 'a' });
    await sim(app, 'POST', '/reset', {});
    expect(await journal(app)).toHaveLength(1);
  });
});

describe('masking and cutting', () => {
  it('masks every password field and whole tokens at any depth, sharing what holds no secret', () => {
    const clean = { games: [{ id: 1 }] };
    const input = {
      password: 'a',
      nested: { oldPassword: 'b', newPassword: 'c', list: [{ confirmPassword: 'd', confirmNewPassword: 'e' }] },
      paymentPassword: 'f',
      token: 'tok',
      firebaseIdToken: 'fb',
      hasPaymentPassword: true,
      clean,
    };
    const out = mask(input) as typeof input;
    expect(JSON.stringify(out)).not.toMatch(/"(a|b|c|d|e|f|tok|fb)"/);
    expect(out.nested.list[0]!.confirmNewPassword).toBe('***');
    expect(out.hasPaymentPassword).toBe(true);
    expect(out.clean).toBe(clean);
    expect(input.password).toBe('a');
    expect(mask(clean)).toBe(clean);
  });

  it('cuts a value over 64 KB and marks it, keeping the small ones', () => {
    const big = { success: true, value: { rows: Array.from({ length: 5000 }, (_, i) => ({ id: i, name: `game ${i}` })), total: 5000 } };
    const out = cut(big) as { success: boolean; value: { rows: { $cut: boolean; bytes: number; preview: string }; total: number } };
    expect(out.success).toBe(true);
    expect(out.value.total).toBe(5000);
    expect(out.value.rows.$cut).toBe(true);
    expect(out.value.rows.bytes).toBe(Buffer.byteLength(JSON.stringify(big.value.rows)));
    expect(out.value.rows.preview.startsWith('[{"id":0')).toBe(true);
    expect(cut({ a: 1 })).toEqual({ a: 1 });
  });

  it('a big reply is journaled cut, never whole', async () => {
    const app = await controlApp();
    const res = await call(app, 'GET', '/wps/game/list', { query: { pageSize: 200 } });
    const [entry] = await journal(app);
    expect(entry!.status).toBe(res.statusCode);
    expect(JSON.stringify(entry).length).toBeLessThan(Math.max(70_000, res.body.length + 5_000));
  });
});

describe('the ring and the filters', () => {
  const input = (path: string, status = 200): JournalInput => ({
    time: 0,
    simTime: 0,
    method: 'GET',
    path,
    operationId: null,
    query: {},
    headers: { merchant: null, device: null, language: null, moduleId: null, authorization: null },
    encrypted: false,
    body: null,
    status,
    reply: null,
    durationMs: 0,
    fault: null,
    latencyMs: 0,
    contract: { request: null, reply: null, errors: [] },
  });

  it('keeps only the newest N entries, ids increasing', () => {
    const j = new Journal(3);
    for (let i = 1; i <= 5; i++) j.add(input(`/wps/${i}`));
    expect(j.list().map((e) => e.id)).toEqual([5, 4, 3]);
    expect(j.length).toBe(3);
    j.clear();
    expect(j.list()).toEqual([]);
    expect(j.add(input('/wps/6'))?.id).toBe(6);
    expect(new Journal(0).add(input('/wps/x'))).toBeUndefined();
  });

  it('--journal-size bounds the ring of an app; filters, since and limit', async () => {
    const app = await controlApp({ journalSize: 4 });
    for (let i = 0; i < 6; i++) await call(app, 'GET', '/wps/system/status');
    await call(app, 'GET', '/wps/nothing');
    const all = await journal(app);
    expect(all.map((e) => e.id)).toEqual([7, 6, 5, 4]);
    expect((await journal(app, '?status=404')).map((e) => e.id)).toEqual([7]);
    expect((await journal(app, '?operationId=getSystemStatus&limit=2')).map((e) => e.id)).toEqual([6, 5]);
    expect((await journal(app, '?since=5')).map((e) => e.id)).toEqual([7, 6]);
    expect((await journal(app, '?path=/wps/sys*')).length).toBe(3);
    expect((await journal(app, '?method=POST')).length).toBe(0);
    const cleared = await sim(app, 'DELETE', '/journal');
    expect(cleared.envelope.value).toEqual({ removed: 4 });
    expect(await journal(app)).toEqual([]);
  });

  it('--journal off records nothing and the routes say so', async () => {
    const app = await controlApp({ journalSize: 0 });
    await call(app, 'GET', '/wps/system/status');
    const res = await sim(app, 'GET', '/journal');
    expect(res.statusCode).toBe(409);
    expect(res.envelope.errorCode).toBe('sim.journal.off');
    expect(app.sim.journal.length).toBe(0);
  });

  it('two simulators never see each other’s entries', async () => {
    const a = await controlApp();
    const b = await controlApp();
    await call(a, 'GET', '/wps/system/status');
    await login(b, SEED.agent);
    expect((await journal(a)).map((e) => e.operationId)).toEqual(['getSystemStatus']);
    expect((await journal(b)).map((e) => e.operationId)).toEqual(['login']);
    expect((await sim(a, 'POST', '/journal/verify', { operationId: 'login' })).envelope.value.ok).toBe(false);
    await sim(b, 'DELETE', '/journal');
    expect(await journal(a)).toHaveLength(1);
  });
});

describe('verify', () => {
  async function withLogins() {
    const app = await controlApp();
    await login(app, SEED.player);
    await login(app, SEED.agent);
    await call(app, 'POST', '/wps/session/login', { encrypted: true, body: { type: 'username', username: 'player01', password: 'wrong-pass1' } });
    return app;
  }
  const verify = async (app: FastifyInstance, body: unknown) => {
    const res = await sim(app, 'POST', '/journal/verify', body);
    expect(res.statusCode, res.body).toBe(200);
    return res.envelope.value as { ok: boolean; matched: number; expected: string; nearMisses: { entry: JournalEntryLike; differences: { field: string; expected: unknown; actual: unknown }[] }[] };
  };

  it('ok when enough calls match the deep partial body', async () => {
    const app = await withLogins();
    expect(await verify(app, { operationId: 'login', body: { username: 'agent01' } })).toMatchObject({ ok: true, matched: 1, expected: 'at least 1', nearMisses: [] });
    expect(await verify(app, { path: '/wps/session/login', method: 'POST', count: 3 })).toMatchObject({ ok: true, matched: 3 });
    expect(await verify(app, { operationId: 'login', body: { username: 'player01' }, status: 200, count: 1 })).toMatchObject({ ok: true, matched: 1 });
    expect(await verify(app, { operationId: 'login', atMost: 3 })).toMatchObject({ ok: true, expected: 'at most 3' });
    expect(await verify(app, { operationId: 'register', count: 0 })).toMatchObject({ ok: true, matched: 0 });
  });

  it('unmet is ok false with near misses of the same operation and what differed', async () => {
    const app = await withLogins();
    const result = await verify(app, { operationId: 'login', body: { username: 'vipplayer' } });
    expect(result.ok).toBe(false);
    expect(result.matched).toBe(0);
    expect(result.nearMisses).toHaveLength(3);
    expect(result.nearMisses[0]!.differences).toEqual([{ field: 'body/username', expected: 'vipplayer', actual: 'player01' }]);
    const status = await verify(app, { operationId: 'login', status: 200, body: { username: 'player01' }, count: 2 });
    expect(status).toMatchObject({ ok: false, matched: 1, expected: 'exactly 2' });
    expect(status.nearMisses[0]!.differences).toContainEqual({ field: 'status', expected: 200, actual: 400 });
    const missing = await verify(app, { operationId: 'login', body: { captcha: { id: 'x' } } });
    expect(missing.nearMisses[0]!.differences).toEqual([{ field: 'body/captcha', expected: { id: 'x' }, actual: null }]);
    expect((await verify(app, { operationId: 'login', atMost: 1 })).ok).toBe(false);
  });

  it('bad input answers 400 naming the field', async () => {
    const app = await withLogins();
    await expectBad(app, 'POST', '/journal/verify', { body: 'referralCode=AG1001' }, 'body/body');
    await expectBad(app, 'POST', '/journal/verify', { count: 1, atLeast: 1 }, 'body/atLeast');
    await expectBad(app, 'POST', '/journal/verify', { atLeast: -1 }, 'body/atLeast');
    await expectBad(app, 'POST', '/journal/verify', { operationId: 'noSuchCall' }, 'body/operationId');
    await expectBad(app, 'POST', '/journal/verify', { method: 'FETCH' }, 'body/method');
    await expectBad(app, 'POST', '/journal/verify', { path: 'wps/x' }, 'body/path');
    await expectBad(app, 'POST', '/journal/verify', { body: { user: { password: 'Passw0rd!' } } }, 'body/user/password');
    await expectBad(app, 'POST', '/journal/verify', { unknown: 1 }, 'body/unknown');
    await expectBad(app, 'GET', '/journal?limit=-1', undefined, 'query/limit');
    await expectBad(app, 'GET', '/journal?limit=abc', undefined, 'query/limit');
    await expectBad(app, 'GET', '/journal?method=FETCH', undefined, 'query/method');
    await expectBad(app, 'GET', '/journal?status=999', undefined, 'query/status');
    await expectBad(app, 'GET', '/journal?operationId=nope', undefined, 'query/operationId');
    await expectBad(app, 'GET', '/journal?colour=red', undefined, 'query/colour');
  });
});

describe('the live stream', () => {
  async function listening(journalSize?: number) {
    const app = await buildApp({ controlApi: true, journalSize });
    await app.listen({ port: 0, host: '127.0.0.1' });
    return { app, base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
  }

  // node:http rather than fetch: undici opens a spare connection of its own after a cancelled body,
  // which would hold server.close() and blur what the close test measures.
  function open(url: string, headers: Record<string, string> = {}) {
    return new Promise<IncomingMessage>((resolve, reject) => {
      const req = httpGet(url, { headers, agent: false }, resolve);
      req.on('error', reject);
    });
  }

  /** Reads the stream until `until` says the text so far is enough (or it ends), then hangs up. */
  function read(res: IncomingMessage, until: (text: string) => boolean): Promise<string> {
    return new Promise((resolve) => {
      let text = '';
      const done = () => {
        res.destroy();
        resolve(text);
      };
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
        if (until(text)) done();
      });
      res.on('end', done);
      res.on('close', done);
    });
  }

  it('delivers a new entry as an event, replays after Last-Event-ID, and app.close() does not wait for it', async () => {
    const { app, base } = await listening();
    const headers = { merchant: 'DEMO', device: 'web', language: 'EN' };
    await (await fetch(`${base}/wps/system/status`, { headers })).text();
    const res = await open(`${base}/__sim/journal/stream`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/event-stream');
    const pending = read(res, (t) => t.includes('event: entry'));
    await (await fetch(`${base}/wps/system/permission`, { headers })).text();
    const text = await pending;
    // The event id names the journal and the entry.
    const data = /id: ([\w-]+):(\d+)\nevent: entry\ndata: (.*)\n/.exec(text);
    expect(data?.[1]).toBe(app.sim.journal.epoch);
    // The entry written before the stream opened is not replayed without since.
    expect(data?.[2]).toBe('2');
    expect(JSON.parse(data![3]!)).toMatchObject({ id: 2, path: '/wps/system/permission', operationId: 'getPermission' });

    const epoch = app.sim.journal.epoch;
    const replay = await open(`${base}/__sim/journal/stream`, { 'last-event-id': `${epoch}:0` });
    const replayed = await read(replay, (t) => (t.match(/event: entry/g) ?? []).length >= 2);
    expect(replayed.indexOf(`id: ${epoch}:1\n`)).toBeLessThan(replayed.indexOf(`id: ${epoch}:2\n`));
    expect(replayed.indexOf(`id: ${epoch}:1\n`)).toBeGreaterThan(0);
    expect(replayed).not.toContain('event: clear');

    // A clear is an event too, so a live view can empty itself.
    const watching = await open(`${base}/__sim/journal/stream`);
    const cleared = read(watching, (t) => t.includes('event: clear'));
    await (await fetch(`${base}/__sim/journal`, { method: 'DELETE' })).text();
    expect(await cleared).toContain('event: clear');

    // A stream still open when the app closes is ended, so close() returns at once.
    const last = await open(`${base}/__sim/journal/stream`);
    const ended = read(last, () => false);
    const started = performance.now();
    await app.close();
    expect(performance.now() - started).toBeLessThan(2000);
    await ended;
  });

  it('follows its world by name: imported over, it sends clear and the new journal; deleted and made again by a call, its calls', async () => {
    const { app, base } = await listening();
    try {
      const gateway = (path: string, world: string) =>
        fetch(`${base}${path}`, { headers: { merchant: 'DEMO', device: 'web', language: 'EN', 'x-sim-world': world } }).then((r) => r.text());
      await gateway('/wps/system/status', 'qa-follow');
      const res = await open(`${base}/__sim/journal/stream`, { 'x-sim-world': 'qa-follow' });
      const seen: { event: string; id?: number; path?: string }[] = [];
      onEventBlocks(res, (block) => {
        const event = /^event: (\w+)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event === 'clear') seen.push({ event });
        else if (event === 'entry' && data) {
          const entry = JSON.parse(data) as JournalEntryLike;
          seen.push({ event, id: entry.id, path: entry.path });
        }
      });
      const until = async (count: number) => {
        for (let started = Date.now(); seen.length < count; await new Promise((r) => setTimeout(r, 20))) {
          if (Date.now() - started > 3000) throw new Error(`only ${seen.length} of ${count} events: ${JSON.stringify(seen)}`);
        }
      };

      // Another world with two calls of its own, saved as a file and imported over qa-follow.
      await gateway('/wps/system/status', 'qa-source');
      await gateway('/wps/system/permission', 'qa-source');
      const file = Buffer.from(await (await fetch(`${base}/__sim/worlds/qa-source/export`)).arrayBuffer());
      const imported = await fetch(`${base}/__sim/worlds/qa-follow/import`, { method: 'POST', headers: { 'content-type': 'application/vnd.sqlite3' }, body: file });
      expect(imported.status).toBe(200);
      await gateway('/wps/after-import', 'qa-follow');
      await until(4);
      expect(seen).toEqual([
        { event: 'clear' },
        { event: 'entry', id: 1, path: '/wps/system/status' },
        { event: 'entry', id: 2, path: '/wps/system/permission' },
        { event: 'entry', id: 3, path: '/wps/after-import' },
      ]);

      // Deleted: cleared; made again by a later call: that call, in the new world's journal.
      expect((await fetch(`${base}/__sim/worlds/qa-follow`, { method: 'DELETE' })).status).toBe(200);
      await gateway('/wps/after-delete', 'qa-follow');
      await until(6);
      expect(seen.slice(4)).toEqual([{ event: 'clear' }, { event: 'entry', id: 1, path: '/wps/after-delete' }]);
      res.destroy();
    } finally {
      await app.close();
    }
  });

  it('a reconnect with the last id of a journal since replaced gets clear and that journal from its start; with one of the same journal, what came after it', async () => {
    const { app, base } = await listening();
    try {
      const gateway = (path: string, world = 'qa-back') =>
        fetch(`${base}${path}`, { headers: { merchant: 'DEMO', device: 'web', language: 'EN', 'x-sim-world': world } }).then((r) => r.text());
      /** World qa-back's stream as EventSource reads it: its events, and the last event id it was given. */
      const follow = async (headers: Record<string, string>, query = '') => {
        const res = await open(`${base}/__sim/journal/stream${query}`, { 'x-sim-world': 'qa-back', ...headers });
        const seen: string[] = [];
        let lastId: string | undefined;
        onEventBlocks(res, (block) => {
          const id = /^id: (.*)$/m.exec(block)?.[1];
          if (id !== undefined) lastId = id;
          const event = /^event: (\w+)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event === 'clear') seen.push('clear');
          else if (event === 'entry' && data) seen.push((JSON.parse(data) as JournalEntryLike).path);
        });
        const until = async (count: number) => {
          for (let started = Date.now(); seen.length < count; await new Promise((r) => setTimeout(r, 20))) {
            if (Date.now() - started > 3000) throw new Error(`only ${seen.length} of ${count} events: ${JSON.stringify(seen)}`);
          }
          // Anything more would come with the same turn's writes.
          await new Promise((r) => setTimeout(r, 50));
        };
        return { res, seen, until, lastId: () => lastId as string };
      };

      await gateway('/wps/one');
      await gateway('/wps/two');
      const first = await follow({}, '?since=0');
      await gateway('/wps/three');
      await first.until(3);
      expect(first.seen).toEqual(['/wps/one', '/wps/two', '/wps/three']);
      first.res.destroy();

      // The same journal: only the call made while away.
      await gateway('/wps/four');
      const again = await follow({ 'last-event-id': first.lastId() });
      await again.until(1);
      expect(again.seen).toEqual(['/wps/four']);
      again.res.destroy();

      // Deleted and made again by five calls: its ids start at 1 again, below the id the client holds.
      expect((await fetch(`${base}/__sim/worlds/qa-back`, { method: 'DELETE' })).status).toBe(200);
      for (const n of [1, 2, 3, 4, 5]) await gateway(`/wps/new-${n}`);
      const remade = await follow({ 'last-event-id': again.lastId() });
      await remade.until(6);
      expect(remade.seen).toEqual(['clear', '/wps/new-1', '/wps/new-2', '/wps/new-3', '/wps/new-4', '/wps/new-5']);
      remade.res.destroy();

      // Imported over with a world of two calls: the client's id is above all of them.
      await gateway('/wps/source-1', 'qa-source');
      await gateway('/wps/source-2', 'qa-source');
      const file = Buffer.from(await (await fetch(`${base}/__sim/worlds/qa-source/export`)).arrayBuffer());
      const imported = await fetch(`${base}/__sim/worlds/qa-back/import`, { method: 'POST', headers: { 'content-type': 'application/vnd.sqlite3' }, body: file });
      expect(imported.status).toBe(200);
      const replaced = await follow({ 'last-event-id': remade.lastId() });
      await replaced.until(3);
      expect(replaced.seen).toEqual(['clear', '/wps/source-1', '/wps/source-2']);
      replaced.res.destroy();

      // A stream that was sent no entry holds an id too: a call made while it is away comes on reconnect.
      const quiet = await follow({});
      await new Promise((r) => setTimeout(r, 50));
      quiet.res.destroy();
      await gateway('/wps/while-away');
      const back = await follow({ 'last-event-id': quiet.lastId() });
      await back.until(1);
      expect(back.seen).toEqual(['/wps/while-away']);
      back.res.destroy();
    } finally {
      await app.close();
    }
  });

  it('a client that goes away is unsubscribed', async () => {
    const { app, base } = await listening();
    const res = await open(`${base}/__sim/journal/stream`);
    expect(app.sim.journal.subscribers).toBe(1);
    res.destroy();
    for (let i = 0; i < 50 && app.sim.journal.subscribers > 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(app.sim.journal.subscribers).toBe(0);
    await app.close();
  });
});

describe('control document', () => {
  it('documents the journal routes and their replies match', async () => {
    const app = await controlApp();
    const doc = (await app.inject({ method: 'GET', url: '/__sim/openapi.json' })).json();
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    ajv.addSchema(doc, 'control.json');
    await login(app, SEED.player);
    await call(app, 'GET', '/wps/nothing');
    const check = async (operationId: keyof typeof controlOps, body?: unknown, query = '') => {
      const op = controlOps[operationId];
      const reply = await sim(app, op.method, `${op.path}${query}`, body);
      const ref = `control.json#/paths/${`/__sim${op.path}`.replace(/\//g, '~1')}/${op.method.toLowerCase()}/responses/${reply.statusCode}/content/application~1json/schema`;
      const validate = ajv.getSchema(ref);
      expect(validate, `${operationId} ${reply.statusCode} is not documented`).toBeDefined();
      expect(validate!(reply.json()), `${operationId}: ${ajv.errorsText(validate!.errors)}`).toBe(true);
    };
    await check('getJournal');
    await check('getJournal', undefined, '?limit=-1');
    await check('verifyJournal', { operationId: 'login', body: { username: 'nobody' } });
    await check('verifyJournal', { operationId: 'login' });
    await check('clearJournal');
    const stream = doc.paths['/__sim/journal/stream'].get;
    expect(Object.keys(stream.responses['200'].content)).toEqual(['text/event-stream']);
    expect(stream.responses['200'].content['text/event-stream']['x-event-data'].title).toBe('JournalEntry');
  });
});

describe('rendering on read (the journal is cheap on the hot path)', () => {
  class Counted extends UnrenderedEntry {
    renders = 0;
    render(): string {
      this.renders += 1;
      return JSON.stringify({ id: this.id, method: 'GET', path: `/wps/${this.id}`, operationId: null, status: 200 });
    }
  }

  it('an entry is rendered once, when first read; entries at or below since are not rendered', () => {
    const journal = new Journal(3);
    const entries = Array.from({ length: 5 }, () => new Counted());
    for (const e of entries) journal.record(e);
    expect(entries.map((e) => e.renders)).toEqual([0, 0, 0, 0, 0]);
    expect(journal.after(4).map((e) => e.id)).toEqual([5]);
    expect(entries.map((e) => e.renders)).toEqual([0, 0, 0, 0, 1]);
    expect(journal.list({ since: 3 }).map((e) => e.id)).toEqual([5, 4]);
    expect(journal.list().map((e) => e.id)).toEqual([5, 4, 3]);
    expect(journal.list().map((e) => e.path)).toEqual(['/wps/5', '/wps/4', '/wps/3']);
    // The two oldest fell out of the ring unrendered; the others were rendered exactly once.
    expect(entries.map((e) => e.renders)).toEqual([0, 0, 1, 1, 1]);
  });

  it('with a live stream listening, an entry is rendered as it is recorded and sent', () => {
    const journal = new Journal(10);
    const seen: string[] = [];
    const stop = journal.subscribe((event) => {
      if (event.type === 'entry') seen.push(event.json);
    });
    const entry = new Counted();
    journal.record(entry);
    expect(entry.renders).toBe(1);
    expect(seen).toEqual([entry.render()]);
    stop();
    const later = new Counted();
    journal.record(later);
    expect(later.renders).toBe(0);
    expect(journal.list().map((e) => e.id)).toEqual([2, 1]);
    expect(entry.renders).toBe(2); // once for the stream, once by this test; list() read the kept text
  });

  it('a call is journaled as it was even when read much later', async () => {
    const app = await controlApp();
    await call(app, 'GET', '/wps/system/status');
    const token = await login(app);
    await call(app, 'GET', '/wps/member/info', { token });
    // Nothing read yet; the world changes after the calls.
    await sim(app, 'POST', '/status', { status: 'maintenance' });
    const entries = (await sim(app, 'GET', '/journal')).envelope.value as { path: string; status: number; reply: { success: boolean; value?: unknown }; body: unknown; contract: { reply: boolean | null } }[];
    const status = entries.find((e) => e.path === '/wps/system/status')!;
    expect(status.status).toBe(200);
    expect(status.reply).toMatchObject({ success: true, value: { status: 0 } });
    expect(status.contract.reply).toBe(true);
    const login1 = entries.find((e) => e.path === '/wps/session/login')!;
    expect(login1.body).toMatchObject({ username: SEED.player.username, password: '***' });
    expect(JSON.stringify(entries)).not.toContain(SEED.player.password);
    expect(JSON.stringify(entries)).not.toContain(token);
  });
});
