/**
 * The QA control API: its own OpenAPI document, scenario, status,
 * flags, SMS outbox, captcha, clock, faults, latency, snapshots and reset, each with bad input.
 */
import type { AddressInfo } from 'node:net';
import Ajv2020 from 'ajv/dist/2020';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { controlOps } from '../server/control/contract';
import { listScenarios } from '../server/sim/world';
import { controlApp, sim } from './control-app';
import { call, login, SEED } from './helpers';

const fieldsOf = (res: { envelope: { value?: { fields?: unknown } } }) =>
  JSON.stringify(res.envelope.value?.fields ?? []);

async function expectBad(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  body: unknown,
  field: string,
) {
  const res = await sim(app, method, path, body);
  expect(res.statusCode, `${path} ${JSON.stringify(body)}: ${res.body}`).toBe(400);
  expect(res.envelope.success).toBe(false);
  expect(fieldsOf(res), res.body).toContain(field);
  return res;
}

const MOBILE = '03111234567';
/** A registration SMS to a number no account uses. */
const sendSms = (app: FastifyInstance) =>
  call(app, 'POST', '/wps/verification/sms/register', {
    body: { countryDialingCode: '+92', mobileNo: MOBILE },
  });

async function elapsed<T>(f: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const value = await f();
  return [value, performance.now() - start];
}

describe('document', () => {
  it('serves an OpenAPI 3.1 document with every operation, and replies match it', async () => {
    const app = await controlApp();
    const res = await app.inject({ method: 'GET', url: '/__sim/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    const ops = Object.entries(
      doc.paths as Record<string, Record<string, { operationId: string }>>,
    ).flatMap(([path, item]) =>
      Object.entries(item).map(([method, o]) => ({
        path,
        method: method.toUpperCase(),
        operationId: o.operationId,
      })),
    );
    for (const op of Object.values(controlOps)) {
      expect(ops).toContainEqual({
        path: `/__sim${op.path}`,
        method: op.method,
        operationId: op.operationId,
      });
    }

    const ajv = new Ajv2020({ strict: false, allErrors: true });
    ajv.addSchema(doc, 'control.json');
    const check = async (operationId: keyof typeof controlOps, body?: unknown, query = '') => {
      const op = controlOps[operationId];
      const reply = await sim(app, op.method, `${op.path}${query}`, body);
      const status = String(reply.statusCode);
      const ref = `control.json#/paths/${`/__sim${op.path}`.replace(/\//g, '~1')}/${op.method.toLowerCase()}/responses/${status}/content/application~1json/schema`;
      const validate = ajv.getSchema(ref);
      expect(validate, `${operationId} ${status} is not documented`).toBeDefined();
      expect(validate!(reply.json()), `${operationId}: ${ajv.errorsText(validate!.errors)}`).toBe(
        true,
      );
    };
    await call(app, 'GET', '/wps/captcha');
    await sendSms(app);
    await check('getState');
    await check('listScenarios');
    await check('getFlags');
    await check('setFlag', { modId: 'CBS3', enabled: true });
    await check('getSmsOutbox');
    await check('getLastSms');
    await check('getCaptcha');
    await check('advanceClock', { ms: 1000 });
    await check('resetClock');
    await check('addFault', { path: '/nowhere', status: 500 });
    await check('listFaults');
    await check('clearFaults');
    await check('setLatency', { ms: 0 });
    await check('takeSnapshot', { name: 'doc' });
    await check('listSnapshots');
    await check('restoreSnapshot', { name: 'doc' });
    await check('restoreSnapshot', { name: 'missing' });
    await check('setStatus', { status: 0 });
    await check('setScenario', { name: 'default' });
    await check('reset', {});
    await check('setScenario', { name: 'NOPE' });
  });

  it('unknown control paths answer the 404 envelope', async () => {
    const app = await controlApp();
    const res = await sim(app, 'GET', '/nope');
    expect(res.statusCode).toBe(404);
    expect(res.envelope.success).toBe(false);
  });
});

describe('state, scenarios, status, flags', () => {
  it('summarises the simulator', async () => {
    const app = await controlApp();
    const v = (await sim(app, 'GET', '/state')).envelope.value;
    expect(v.scenario.name).toBe('default');
    expect(v).toMatchObject({ status: 0, statusName: 'normal', latencyMs: 0 });
    expect(v.flags.CBS3).toBe(app.sim.flag('CBS3'));
    expect(v.counts.accounts).toBe(app.sim.accounts.size);
    expect(v.clock.offsetMs).toBe(0);
  });

  it('lists the scenarios with descriptions', async () => {
    const app = await controlApp();
    const list = (await sim(app, 'GET', '/scenarios')).envelope.value;
    expect(list.map((s: { name: string }) => s.name)).toEqual(listScenarios().map((s) => s.name));
    expect(list.map((s: { name: string }) => s.name)).toEqual(
      expect.arrayContaining(['default', 'maintenance']),
    );
    expect(list.every((s: { description: string }) => s.description.length > 0)).toBe(true);
  });

  it('switching scenario reloads the world and clears sessions', async () => {
    const app = await controlApp();
    const token = await login(app, SEED.player);
    app.sim.ledger.post(SEED.player.username, 'deposit', 1000, 'test', app.sim.now());
    const balance = app.sim.ledger.balance(SEED.player.username);
    const res = await sim(app, 'POST', '/scenario', { name: 'maintenance' });
    expect(res.statusCode).toBe(200);
    expect(res.envelope.value).toMatchObject({
      scenario: { name: 'maintenance' },
      status: 1,
      counts: { sessions: 0 },
    });
    await sim(app, 'POST', '/scenario', { name: 'default' });
    expect((await call(app, 'GET', '/wps/member/info', { token })).statusCode).toBe(401);
    expect(app.sim.ledger.balance(SEED.player.username)).toBe(balance - 1000);
  });

  it('refuses unknown or malformed scenario names naming the field', async () => {
    const app = await controlApp();
    const unknown = await expectBad(
      app,
      'POST',
      '/scenario',
      { name: 'no-such-scenario' },
      'body/name',
    );
    expect(unknown.envelope.errorCode).toBe('sim.scenario.unknown');
    await expectBad(app, 'POST', '/scenario', { name: '../etc' }, 'body/name');
    await expectBad(app, 'POST', '/scenario', {}, 'body/name');
    await expectBad(app, 'POST', '/scenario', { name: 'default', extra: 1 }, 'body/extra');
  });

  it('maintenance makes the API answer 503 while /wps/system/status still answers', async () => {
    const app = await controlApp();
    const token = await login(app, SEED.player);
    expect(
      (await sim(app, 'POST', '/status', { status: 'maintenance' })).envelope.value,
    ).toMatchObject({ status: 1, statusName: 'maintenance' });
    const info = await call(app, 'GET', '/wps/member/info', { token });
    expect(info.statusCode).toBe(503);
    expect(info.envelope).toMatchObject({ success: false, errorCode: 'system.maintenance' });
    const status = await call(app, 'GET', '/wps/system/status');
    expect(status.statusCode).toBe(200);
    expect(status.envelope.value.status).toBe(1);

    await sim(app, 'POST', '/status', { status: 2 });
    const region = await call(app, 'GET', '/wps/member/info', { token });
    expect(region.statusCode).toBe(403);
    expect(region.envelope.errorCode).toBe('system.region.restricted');

    expect((await sim(app, 'POST', '/status', { status: 'normal' })).envelope.value.status).toBe(0);
    expect((await call(app, 'GET', '/wps/member/info', { token })).statusCode).toBe(200);
    await expectBad(app, 'POST', '/status', { status: 3 }, 'body/status');
    await expectBad(app, 'POST', '/status', { status: 'closed' }, 'body/status');
    await expectBad(app, 'POST', '/status', {}, 'body/status');
  });

  it('switches any flag, adding unknown ones, and the API follows', async () => {
    const app = await controlApp();
    const token = await login(app, SEED.player);
    const off = await sim(app, 'POST', '/flags', { modId: 'CBS3', enabled: false });
    expect(off.envelope.value).toMatchObject({ modId: 'CBS3', enabled: false });
    const chat = await call(app, 'POST', '/wps/relay/MCSFE_chatUrl', {
      token,
      body: { b2c: 1, title: 'S', language: 'EN', headerColor: '#000' },
    });
    expect(chat.envelope.errorCode).toBe('operation-not-allowed');

    const added = await sim(app, 'POST', '/flags', { modId: 'NEWFEATURE3', enabled: true });
    expect(added.envelope.value).toEqual({ modId: 'NEWFEATURE3', enabled: true, parent: null });
    expect(app.sim.flag('NEWFEATURE3')).toBe(true);
    const flags = (await sim(app, 'GET', '/flags')).envelope.value;
    expect(flags).toContainEqual({ modId: 'NEWFEATURE3', enabled: true, parent: null });
    expect(flags.find((f: { modId: string }) => f.modId === 'CBS3')).toMatchObject({
      enabled: false,
      parent: expect.any(String),
    });

    await expectBad(app, 'POST', '/flags', { modId: 'CBS3' }, 'body/enabled');
    await expectBad(app, 'POST', '/flags', { modId: 'bad id!', enabled: true }, 'body/modId');
    await expectBad(app, 'POST', '/flags', { modId: 'CBS3', enabled: 'maybe' }, 'body/enabled');
  });
});

describe('SMS, captcha, clock', () => {
  it('reads the SMS outbox and the last code, optionally by number', async () => {
    const app = await controlApp();
    expect((await sim(app, 'GET', '/sms/last')).statusCode).toBe(404);
    expect((await sim(app, 'GET', '/sms')).envelope.value).toEqual([]);
    await sendSms(app);
    const outbox = (await sim(app, 'GET', '/sms')).envelope.value;
    expect(outbox).toHaveLength(1);
    expect(outbox[0].mobileNum).toBe(MOBILE);
    const last = (await sim(app, 'GET', '/sms/last?mobile=0311-123-4567')).envelope.value;
    expect(last.code).toBe(app.sim.sms.last(MOBILE)?.code);
    expect(last.code).toMatch(/^\d{6}$/);
    expect((await sim(app, 'GET', '/sms?mobile=03119999999')).envelope.value).toEqual([]);
    expect((await sim(app, 'GET', '/sms/last?mobile=03119999999')).statusCode).toBe(404);
    await expectBad(app, 'GET', '/sms/last?mobile=abc', undefined, 'query/mobile');
    await expectBad(app, 'GET', '/sms?unknown=1', undefined, 'query/unknown');
  });

  it('reads the current captcha answer, newest or by id', async () => {
    const app = await controlApp();
    expect((await sim(app, 'GET', '/captcha')).statusCode).toBe(404);
    await call(app, 'GET', '/wps/captcha');
    const first = (await sim(app, 'GET', '/captcha')).envelope.value;
    expect(first.answer).toBe(app.sim.captcha.lastAnswer);
    await call(app, 'GET', '/wps/captcha');
    const second = (await sim(app, 'GET', '/captcha')).envelope.value;
    expect(second.id).not.toBe(first.id);
    expect((await sim(app, 'GET', `/captcha?id=${first.id}`)).envelope.value).toEqual(first);
    expect((await sim(app, 'GET', '/captcha?id=abcdef')).statusCode).toBe(404);
    await expectBad(app, 'GET', '/captcha?id=not-hex!', undefined, 'query/id');
  });

  it('moves the clock (sessions expire) and resets it', async () => {
    const app = await controlApp();
    const token = await login(app, SEED.player);
    const before = app.sim.now();
    const res = await sim(app, 'POST', '/clock/advance', { ms: 3 * 3_600_000 });
    expect(res.envelope.value.offsetMs).toBe(3 * 3_600_000);
    expect(res.envelope.value.now).toBeGreaterThanOrEqual(before + 3 * 3_600_000);
    expect((await call(app, 'GET', '/wps/member/info', { token })).statusCode).toBe(401);
    expect((await sim(app, 'GET', '/state')).envelope.value.clock.offsetMs).toBe(3 * 3_600_000);
    expect((await sim(app, 'POST', '/clock/reset')).envelope.value.offsetMs).toBe(0);
    await expectBad(app, 'POST', '/clock/advance', { ms: 'soon' }, 'body/ms');
    await expectBad(app, 'POST', '/clock/advance', { ms: 1.5 }, 'body/ms');
    await expectBad(app, 'POST', '/clock/advance', {}, 'body/ms');
    // Moves add up, and stay within ten years of real time either way: dates never fall before 1970.
    const nineYears = 9 * 365 * 86_400_000;
    expect((await sim(app, 'POST', '/clock/advance', { ms: -nineYears })).statusCode).toBe(200);
    await expectBad(app, 'POST', '/clock/advance', { ms: -nineYears }, 'body/ms');
    expect((await sim(app, 'GET', '/state')).envelope.value.clock.offsetMs).toBe(-nineYears);
    expect((await sim(app, 'POST', '/clock/advance', { ms: nineYears })).statusCode).toBe(200);
    expect((await sim(app, 'POST', '/clock/advance', { ms: nineYears })).statusCode).toBe(200);
    await expectBad(app, 'POST', '/clock/advance', { ms: nineYears }, 'body/ms');
    expect((await sim(app, 'POST', '/clock/reset')).envelope.value.offsetMs).toBe(0);
  });
});

describe('faults and latency', () => {
  it('answers an injected status with an error envelope, the given number of times', async () => {
    const app = await controlApp();
    const token = await login(app, SEED.player);
    const fault = await sim(app, 'POST', '/faults', {
      path: '/wps/member/info',
      status: 500,
      times: 1,
    });
    expect(fault.envelope.value).toMatchObject({
      path: '/wps/member/info',
      status: 500,
      remaining: 1,
      hits: 0,
      drop: false,
    });
    const hit = await call(app, 'GET', '/wps/member/info', { token });
    expect(hit.statusCode).toBe(500);
    expect(hit.envelope).toMatchObject({ success: false, errorCode: 'unknown' });
    expect((await call(app, 'GET', '/wps/member/info', { token })).statusCode).toBe(200);
    expect((await sim(app, 'GET', '/faults')).envelope.value).toEqual([]);
  });

  it('matches by operationId and method, with a custom error code, until cleared', async () => {
    const app = await controlApp();
    await sim(app, 'POST', '/faults', {
      path: 'getSystemStatus',
      status: 429,
      errorCode: 'too-many-requests',
      message: 'Slow down',
    });
    await sim(app, 'POST', '/faults', { path: '/wps/captcha', method: 'POST', status: 503 });
    for (let i = 0; i < 2; i++) {
      const res = await call(app, 'GET', '/wps/system/status');
      expect(res.statusCode).toBe(429);
      expect(res.envelope).toMatchObject({ errorCode: 'too-many-requests', message: 'Slow down' });
    }
    // The captcha fault is for POST only.
    expect((await call(app, 'GET', '/wps/captcha')).statusCode).toBe(200);
    const list = (await sim(app, 'GET', '/faults')).envelope.value;
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ hits: 2, remaining: null });
    expect((await sim(app, 'DELETE', '/faults')).envelope.value).toEqual({ removed: 2 });
    expect((await call(app, 'GET', '/wps/system/status')).statusCode).toBe(200);
  });

  it('a prefix fault leaves /__sim alone', async () => {
    const app = await controlApp();
    await sim(app, 'POST', '/faults', { path: '/*', status: 502 });
    expect((await call(app, 'GET', '/wps/system/status')).statusCode).toBe(502);
    expect((await sim(app, 'GET', '/state')).statusCode).toBe(200);
    await sim(app, 'DELETE', '/faults');
  });

  it('delays a call by delayMs', async () => {
    const app = await controlApp();
    await sim(app, 'POST', '/faults', { path: '/wps/system/status', delayMs: 300, times: 1 });
    const [res, ms] = await elapsed(() => call(app, 'GET', '/wps/system/status'));
    expect(res.statusCode).toBe(200);
    expect(ms).toBeGreaterThanOrEqual(250);
    const [, fast] = await elapsed(() => call(app, 'GET', '/wps/system/status'));
    expect(fast).toBeLessThan(250);
  });

  it('drops the connection: the client sees a socket error', async () => {
    const app = await controlApp();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    await sim(app, 'POST', '/faults', { path: '/wps/system/status', drop: true, times: 1 });
    const dropped = await fetch(`http://127.0.0.1:${port}/wps/system/status`, {
      headers: { merchant: 'DEMO' },
    }).then(
      () => null,
      (err: Error) => err,
    );
    expect(dropped).toBeInstanceOf(Error);
    expect(String((dropped as Error & { cause?: unknown }).cause ?? dropped)).toMatch(
      /socket|closed|reset|terminated/i,
    );
    const ok = await fetch(`http://127.0.0.1:${port}/wps/system/status`, {
      headers: { merchant: 'DEMO' },
    });
    expect(ok.status).toBe(200);
    // app.inject sees the drop too.
    await sim(app, 'POST', '/faults', { path: '/wps/system/status', drop: true, times: 1 });
    await expect(
      app.inject({ method: 'GET', url: '/wps/system/status', headers: { merchant: 'DEMO' } }),
    ).rejects.toMatchObject({ code: 'LIGHT_ECONNRESET' });
  });

  it('refuses faults without an effect and bad input, naming the field', async () => {
    const app = await controlApp();
    const empty = await expectBad(app, 'POST', '/faults', { path: '/wps/member/info' }, 'body');
    expect(empty.envelope.errorCode).toBe('sim.fault.empty');
    await expectBad(app, 'POST', '/faults', { status: 500 }, 'body/path');
    await expectBad(app, 'POST', '/faults', { path: '/x', status: 200 }, 'body/status');
    await expectBad(app, 'POST', '/faults', { path: '/x', delayMs: -1 }, 'body/delayMs');
    await expectBad(app, 'POST', '/faults', { path: '/x', status: 500, times: 0 }, 'body/times');
    await expectBad(
      app,
      'POST',
      '/faults',
      { path: '/x', status: 500, method: 'BREW' },
      'body/method',
    );
    await expectBad(
      app,
      'POST',
      '/faults',
      { path: '/x', errorCode: 'boom', delayMs: 5 },
      'body/status',
    );
    await expectBad(app, 'POST', '/faults', { path: '/x', drop: true, status: 500 }, 'body/drop');
    await expectBad(
      app,
      'POST',
      '/faults',
      { path: '/x', status: 500, colour: 'red' },
      'body/colour',
    );
    expect((await sim(app, 'GET', '/faults')).envelope.value).toEqual([]);
  });

  it('adds latency to every call outside /__sim', async () => {
    const app = await controlApp();
    expect((await sim(app, 'POST', '/latency', { ms: 200 })).envelope.value).toEqual({ ms: 200 });
    // Which answer comes first, rather than a wall-clock bound on the quick ones, so a busy machine
    // cannot fail it: a call made while a delayed one waits overtakes it unless it is delayed too.
    const order: string[] = [];
    const done = <T>(name: string) => (value: T): T => {
      order.push(name);
      return value;
    };
    const slowCall = elapsed(() => call(app, 'GET', '/wps/system/status')).then(done('slow'));
    const controlCall = elapsed(() => sim(app, 'GET', '/state')).then(done('control'));
    const [[, slow], [control]] = await Promise.all([slowCall, controlCall]);
    expect(slow).toBeGreaterThanOrEqual(180);
    expect(order, 'a control call is not delayed').toEqual(['control', 'slow']);
    expect(control.envelope.value.latencyMs).toBe(200);

    order.length = 0;
    const delayed = call(app, 'GET', '/wps/system/status').then(done('delayed'));
    await sim(app, 'POST', '/latency', { ms: 0 });
    const fast = call(app, 'GET', '/wps/system/status').then(done('fast'));
    await Promise.all([delayed, fast]);
    expect(order, 'with the latency back at 0, a call is answered at once').toEqual(['fast', 'delayed']);
    await expectBad(app, 'POST', '/latency', { ms: -5 }, 'body/ms');
    await expectBad(app, 'POST', '/latency', { ms: 60_001 }, 'body/ms');
  });
});

describe('snapshots and reset', () => {
  it('restores balances, accounts and sessions as they were, any number of times', async () => {
    const app = await controlApp();
    const player = SEED.player.username;
    const token = await login(app, SEED.player);
    const agentToken = await login(app, SEED.agent);
    const balance = app.sim.ledger.balance(player);
    const txCount = app.sim.ledger.transactions(player).length;

    const snap = await sim(app, 'POST', '/snapshot', { name: 'before' });
    expect(snap.envelope.value).toMatchObject({ name: 'before', scenario: 'default' });

    // Change things through the API and directly.
    app.sim.ledger.post(player, 'deposit', 250, 'after snapshot', app.sim.now());
    const registered = await call(app, 'PUT', '/wps/agent/register', {
      token: agentToken,
      body: { username: 'aftersnap1', password: 'Passw0rd!', isAgent: 0 },
    });
    expect(registered.statusCode).toBe(200);
    const lateToken = await login(app, { username: 'aftersnap1', password: 'Passw0rd!' });
    expect((await call(app, 'DELETE', '/wps/session/logout', { token })).statusCode).toBe(200);
    expect((await call(app, 'GET', '/wps/member/info', { token })).statusCode).toBe(401);
    app.sim.world.brand.systemStatus = 1;
    expect(app.sim.ledger.balance(player)).toBe(balance + 250);

    for (let round = 0; round < 2; round++) {
      const restored = await sim(app, 'POST', '/restore', { name: 'before' });
      expect(restored.statusCode).toBe(200);
      expect(app.sim.ledger.balance(player)).toBe(balance);
      expect(app.sim.ledger.transactions(player)).toHaveLength(txCount);
      expect(app.sim.accounts.has('aftersnap1')).toBe(false);
      expect(app.sim.systemStatus).toBe(0);
      // Sessions of the snapshot live again; later ones are gone.
      const info = await call(app, 'GET', '/wps/v2/wallets/balance', { token });
      expect(info.statusCode, info.body).toBe(200);
      expect(info.envelope.value.sumBalance).toBe(balance);
      expect((await call(app, 'GET', '/wps/member/info', { token: lateToken })).statusCode).toBe(
        401,
      );
      // The restored objects work: new postings, new accounts, new sessions.
      app.sim.ledger.post(player, 'deposit', 10, 'after restore', app.sim.now());
      expect(app.sim.ledger.consistent(player)).toBe(true);
      expect(
        (
          await call(app, 'PUT', '/wps/agent/register', {
            token: agentToken,
            body: { username: 'afterrestore', password: 'Passw0rd!', isAgent: 0 },
          })
        ).statusCode,
      ).toBe(200);
      await login(app, { username: 'afterrestore', password: 'Passw0rd!' });
    }
    expect(
      (await sim(app, 'GET', '/snapshots')).envelope.value.map((s: { name: string }) => s.name),
    ).toEqual(['before']);
  });

  it('keeps the SMS outbox and captcha in the snapshot', async () => {
    const app = await controlApp();
    await sim(app, 'POST', '/snapshot', { name: 'empty' });
    await sendSms(app);
    await call(app, 'GET', '/wps/captcha');
    expect((await sim(app, 'GET', '/sms')).envelope.value).toHaveLength(1);
    await sim(app, 'POST', '/restore', { name: 'empty' });
    expect((await sim(app, 'GET', '/sms')).envelope.value).toEqual([]);
    expect((await sim(app, 'GET', '/captcha')).statusCode).toBe(404);
    // The restored SMS service still sends.
    expect((await sendSms(app)).statusCode).toBe(200);
    expect((await sim(app, 'GET', '/sms/last')).statusCode).toBe(200);
  });

  // Per-load module state (messages read, promotions, contracts, sub-wallets) is keyed by the ledger
  // in server/sim/registry.ts; it travels with a snapshot.
  it(
    'restores per-load module state (messages read)',
    async () => {
      const app = await controlApp();
      const token = await login(app, SEED.player);
      const list = (
        await call(app, 'GET', '/wps/relay/MCSFE_messageList', { token, query: { pageSize: 100 } })
      ).envelope.value.list;
      const [a, b] = list.filter((m: { read: boolean }) => !m.read);
      await call(app, 'POST', '/wps/relay/MCSFE_readMessage', { token, body: { id: a.id } });
      await sim(app, 'POST', '/snapshot', { name: 'one-read' });
      await call(app, 'POST', '/wps/relay/MCSFE_readMessage', { token, body: { id: b.id } });
      await sim(app, 'POST', '/restore', { name: 'one-read' });
      const after = (
        await call(app, 'GET', '/wps/relay/MCSFE_messageList', { token, query: { pageSize: 100 } })
      ).envelope.value.list;
      expect(after.find((m: { id: number }) => m.id === a.id).read).toBe(true);
      expect(after.find((m: { id: number }) => m.id === b.id).read).toBe(false);
    },
  );

  it('refuses unknown snapshots and bad names', async () => {
    const app = await controlApp();
    const missing = await sim(app, 'POST', '/restore', { name: 'never-taken' });
    expect(missing.statusCode).toBe(404);
    expect(missing.envelope.errorCode).toBe('sim.snapshot.unknown');
    await expectBad(app, 'POST', '/snapshot', { name: 'has space' }, 'body/name');
    await expectBad(app, 'POST', '/snapshot', {}, 'body/name');
    await expectBad(app, 'POST', '/restore', { name: '' }, 'body/name');
  });

  it('a restore puts back the faults and latency of the snapshot; a scenario load keeps them', async () => {
    const app = await controlApp();
    const fault = (await sim(app, 'POST', '/faults', { path: '/wps/captcha', status: 503 })).envelope.value;
    await sim(app, 'POST', '/latency', { ms: 4 });
    await sim(app, 'POST', '/snapshot', { name: 'armed' });
    await sim(app, 'DELETE', '/faults');
    await sim(app, 'POST', '/faults', { path: '/x', drop: true });
    await sim(app, 'POST', '/latency', { ms: 0 });
    expect((await sim(app, 'POST', '/restore', { name: 'armed' })).statusCode).toBe(200);
    expect((await sim(app, 'GET', '/faults')).envelope.value).toEqual([fault]);
    expect((await sim(app, 'GET', '/state')).envelope.value.latencyMs).toBe(4);
    await sim(app, 'POST', '/scenario', { name: 'maintenance' });
    expect((await sim(app, 'GET', '/faults')).envelope.value).toEqual([fault]);
    expect((await sim(app, 'GET', '/state')).envelope.value.latencyMs).toBe(4);
  });

  it('reset reloads the scenario, real time, no faults, no latency', async () => {
    const app = await controlApp();
    const token = await login(app, SEED.player);
    await sim(app, 'POST', '/clock/advance', { ms: 60_000 });
    await sim(app, 'POST', '/faults', { path: '/x', status: 500 });
    await sim(app, 'POST', '/latency', { ms: 50 });
    await sim(app, 'POST', '/status', { status: 'maintenance' });
    app.sim.ledger.post(SEED.player.username, 'deposit', 99, 'x', app.sim.now());
    const res = await sim(app, 'POST', '/reset', {});
    expect(res.envelope.value).toMatchObject({
      scenario: { name: 'default' },
      status: 0,
      latencyMs: 0,
      clock: { offsetMs: 0 },
      counts: { faults: 0, sessions: 0 },
    });
    expect((await call(app, 'GET', '/wps/member/info', { token })).statusCode).toBe(401);

    const other = await sim(app, 'POST', '/reset', { scenario: 'maintenance' });
    expect(other.envelope.value).toMatchObject({ scenario: { name: 'maintenance' }, status: 1 });
    await expectBad(app, 'POST', '/reset', { scenario: 'nope-nope' }, 'body/scenario');
    await expectBad(app, 'POST', '/reset', { scenario: 7 }, 'body/scenario');
  });
});
