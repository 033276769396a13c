/**
 * Bounded memory: what expires on a world's clock is swept as the clock moves —
 * sessions, free-play guests, SMS codes, throttle windows and locks, captchas, launch tickets — the
 * SMS outbox keeps the newest 200 and says how many it dropped, and guests get collision-free names.
 */
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { SMS_DROPPED_HEADER } from '../server/control/contract';
import { ticketCount } from '../server/sim/demo-play';
import { SESSION_TTL_MS } from '../server/sim/sessions';
import { SMS_EXPIRED_CODE_KEPT_MS, SMS_OUTBOX_KEEP } from '../server/sim/sms';
import { parseDurationFlag } from '../scripts/start';
import { call, login, testApp } from './helpers';

const FREEPLAY = { headers: { 'x-gateway-version': '3' }, body: { os: 'Linux', platform: 'W', value: 'cmFuZG9tLWRldmljZS1zdHJpbmc=' } };

async function inBatches<T>(count: number, size: number, run: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let start = 0; start < count; start += size) {
    out.push(...(await Promise.all(Array.from({ length: Math.min(size, count - start) }, (_, k) => run(start + k)))));
  }
  return out;
}

const advance = (app: FastifyInstance, ms: number) => app.inject({ method: 'POST', url: '/__sim/clock/advance', payload: { ms } });

describe('bounded memory', () => {
  it('10,000 SMS sends keep 200 in the outbox, count the rest as dropped, and the codes and throttles go with the clock', { timeout: 120_000 }, async () => {
    const app = await testApp();
    const numbers = Array.from({ length: 10_000 }, (_, i) => `0300${String(i).padStart(7, '0')}`);
    const replies = await inBatches(numbers.length, 500, (i) =>
      call(app, 'POST', '/wps/verification/sms/register', { body: { countryDialingCode: '+92', mobileNo: numbers[i] } }),
    );
    expect(replies.filter((r) => r.statusCode !== 200).map((r) => r.body).slice(0, 3)).toEqual([]);
    expect(app.sim.sms.outbox).toHaveLength(SMS_OUTBOX_KEEP);
    expect(app.sim.sms.dropped).toBe(10_000 - SMS_OUTBOX_KEEP);
    // The newest are kept, oldest first.
    expect(app.sim.sms.outbox.at(-1)?.mobileNum).toBe(numbers.at(-1));
    expect(app.sim.sms.outbox[0]?.mobileNum).toBe(numbers[10_000 - SMS_OUTBOX_KEEP]);
    expect(app.sim.sms.records).toEqual({ codes: 10_000, throttles: 10_000, locks: 0 });

    // The control API says how many went: a header on the outbox, a count in the state.
    const outbox = await app.inject({ method: 'GET', url: '/__sim/sms' });
    expect(outbox.headers[SMS_DROPPED_HEADER]).toBe(String(10_000 - SMS_OUTBOX_KEEP));
    expect(outbox.json().value).toHaveLength(SMS_OUTBOX_KEEP);
    const state = (await app.inject({ method: 'GET', url: '/__sim/state' })).json().value;
    expect(state.counts).toMatchObject({ smsOutbox: SMS_OUTBOX_KEEP, smsDropped: 10_000 - SMS_OUTBOX_KEEP });
    const doc = (await app.inject({ method: 'GET', url: '/__sim/openapi.json' })).json();
    expect(doc.paths['/__sim/sms'].get.responses['200'].headers[SMS_DROPPED_HEADER].schema).toMatchObject({ type: 'integer', minimum: 0 });

    // Codes an hour past their expiry and throttle windows that closed are swept by the clock.
    await advance(app, 2 * 3_600_000);
    expect(app.sim.sms.records).toEqual({ codes: 0, throttles: 0, locks: 0 });
    expect(app.sim.sms.outbox).toHaveLength(SMS_OUTBOX_KEEP);
  });

  it('a lock and an expired code are kept while they matter, then swept', async () => {
    const app = await testApp();
    const mobile = '03111234567';
    for (let i = 0; i < 6; i++) {
      await call(app, 'POST', '/wps/verification/sms/register', { body: { countryDialingCode: '+92', mobileNo: mobile } });
      app.sim.clock.advance(1100);
    }
    expect(app.sim.sms.records.locks).toBe(1);
    await advance(app, 60_000);
    expect(app.sim.sms.records.locks, 'the lock lasts five minutes').toBe(1);
    await advance(app, 5 * 60_000);
    expect(app.sim.sms.records.locks).toBe(0);
    // A code past its expiry still answers code-expired for an hour, so the player is told why.
    const expiresAt = app.sim.sms.outbox.at(-1)?.expiresAt ?? 0;
    await advance(app, expiresAt + SMS_EXPIRED_CODE_KEPT_MS - app.sim.now() - 60_000);
    expect(app.sim.sms.records.codes, 'an hour past its expiry, less a minute').toBe(1);
    await advance(app, 61_000);
    expect(app.sim.sms.records.codes).toBe(0);
  });

  it('2,000 free plays: unique randomUUID names, and after the guest time no live session, guest or record is left', { timeout: 120_000 }, async () => {
    const app = await testApp({ scenario: 'free-play' });
    const accountsBefore = app.sim.accounts.size;
    const replies = await inBatches(2000, 250, () => call(app, 'POST', '/wps/session/login/freeplay', FREEPLAY));
    expect(replies.filter((r) => r.statusCode !== 200).map((r) => r.body).slice(0, 3)).toEqual([]);
    const names = replies.map((r) => r.envelope.value.username as string);
    expect(new Set(names).size).toBe(2000);
    for (const name of names.slice(0, 20)) expect(name).toMatch(/^guest-[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(app.sim.accounts.size).toBe(accountsBefore + 2000);
    expect(app.sim.sessions.liveCount()).toBe(2000);
    expect(app.sim.guests.size).toBe(2000);
    const token = replies[0]?.envelope.value.token as string;
    expect((await call(app, 'GET', '/wps/member/info', { token })).statusCode).toBe(200);

    // A seed member's session outlives nothing here: it ends at its own two hours.
    const member = await login(app);
    await advance(app, SESSION_TTL_MS + 1000);
    expect(app.sim.sessions.size).toBe(0);
    expect(app.sim.guests.size).toBe(0);
    expect(app.sim.accounts.size).toBe(accountsBefore);
    expect(app.sim.ledger.transactions(names[0] ?? '')).toHaveLength(0);
    expect((await call(app, 'GET', '/wps/member/info', { token })).statusCode).toBe(401);
    expect((await call(app, 'GET', '/wps/member/info', { token: member })).statusCode).toBe(401);
    // The seed guest of the fixtures is no free-play guest: it stays.
    expect(app.sim.findAccount('guest0001')).toBeDefined();
    const state = (await app.inject({ method: 'GET', url: '/__sim/state' })).json().value;
    expect(state.counts).toMatchObject({ sessions: 0, guests: 0 });
  });

  it('the guest time is configurable (--guest-ttl), and requests sweep as real time moves the clock', async () => {
    const app = await testApp({ scenario: 'free-play', guestTtlMs: 10 * 60_000 });
    const free = await call(app, 'POST', '/wps/session/login/freeplay', FREEPLAY);
    const token = free.envelope.value.token as string;
    const name = free.envelope.value.username as string;
    // The clock moved without the control API (as real time moves it): the next request sweeps.
    app.sim.clock.advance(9 * 60_000);
    expect((await call(app, 'GET', '/wps/member/info', { token })).statusCode).toBe(200);
    expect(app.sim.findAccount(name)).toBeDefined();
    app.sim.clock.advance(2 * 60_000);
    expect((await call(app, 'GET', '/wps/system/status')).statusCode).toBe(200);
    expect(app.sim.findAccount(name)).toBeUndefined();
    expect(app.sim.guests.size).toBe(0);
    expect((await call(app, 'GET', '/wps/member/info', { token })).statusCode).toBe(401);
  });

  it('expired captchas and launch tickets are swept', async () => {
    const app = await testApp();
    for (let i = 0; i < 50; i++) await call(app, 'GET', '/wps/captcha');
    expect(app.sim.captcha.size).toBe(50);
    const token = await login(app);
    const launch = await call(app, 'POST', '/wps/game/launchGame', {
      token,
      body: { gameId: 1001, nodeId: 100001, accountType: 1, confirmTrans: 0, launchMode: 'GLS', platform: 'html5-desktop', clientType: 3, language: 'EN' },
    });
    expect(launch.statusCode, launch.body).toBe(200);
    expect(ticketCount(app.sim)).toBe(1);
    await advance(app, 5 * 60_000 + 1000);
    expect(app.sim.captcha.size).toBe(0);
    expect(ticketCount(app.sim), 'the ticket lives as long as its session').toBe(1);
    await advance(app, SESSION_TTL_MS);
    expect(ticketCount(app.sim)).toBe(0);
    const ticket = new URL(launch.envelope.value.game_url as string, 'http://sim').searchParams.get('ticket');
    expect((await app.inject({ method: 'GET', url: `/__demo/game?ticket=${ticket}` })).statusCode).toBe(401);
  });

  it('--guest-ttl takes a duration and refuses anything else, naming the flag', () => {
    expect(parseDurationFlag('30m', '--guest-ttl')).toBe(30 * 60_000);
    expect(parseDurationFlag('2h', '--guest-ttl')).toBe(2 * 3_600_000);
    expect(parseDurationFlag('90s', '--guest-ttl')).toBe(90_000);
    for (const bad of ['', 'soon', '-5m', '0', '500ms', '400d']) {
      expect(() => parseDurationFlag(bad, '--guest-ttl'), bad).toThrow(/--guest-ttl must be a duration/);
    }
  });
});
