/**
 * Verification area: the captcha image and its cookie, the register, login and
 * forgot-password SMS codes with their lifetimes, the 1000 ms throttle and the 5-minute lock, and the
 * phone-number error codes.
 */
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SMS_LOCK_MS, SMS_MAX_REQUESTS, SMS_THROTTLE_MS } from '../server/sim/sms';
import { call, testApp } from './helpers';

const REGISTERED = '03001234567';
const FRESH = '03111234567';

// The simulator clock is real time plus an offset: freezing Date makes the throttle and lock
// arithmetic exact (no real milliseconds slip in between two calls).
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-01-15T10:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

const registerSms = (app: FastifyInstance, mobileNo: string, countryDialingCode = '+92') =>
  call(app, 'POST', '/wps/verification/sms/register', { body: { countryDialingCode, mobileNo } });
const loginSms = (app: FastifyInstance, mobileNum: string) =>
  call(app, 'POST', '/wps/verification/sms/login', { body: { countryDialingCode: '+92', mobileNum } });
const forgotSms = (app: FastifyInstance, mobileNum: string) =>
  call(app, 'POST', '/wps/verification/sms/noLogin', { body: { countryDialingCode: '+92', mobileNum } });

const fieldsOf = (res: { envelope: { value?: { fields?: { field: string }[] } } }) =>
  (res.envelope.value?.fields ?? []).map((f) => f.field);

describe('captcha', () => {
  it('answers an SVG data URL showing the answer, bound to an httpOnly captchaId cookie', async () => {
    const app = await testApp();
    const res = await call(app, 'GET', '/wps/captcha');
    expect(res.statusCode).toBe(200);
    const image = res.envelope.value as string;
    expect(image).toMatch(/^data:image\/svg\+xml;base64,[A-Za-z0-9+/]+=*$/);
    const svg = Buffer.from(image.slice(image.indexOf(',') + 1), 'base64').toString('utf8');
    expect(svg).toMatch(/^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    const shown = [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]).join('');
    expect(shown).toBe(app.sim.captcha.lastAnswer);
    expect(shown).toMatch(/^[0-9]{4}$/);

    const cookie = res.cookies.find((c) => c.name === 'captchaId');
    expect(cookie).toBeDefined();
    expect(cookie).toMatchObject({ path: '/', httpOnly: true });
    expect(app.sim.captcha.answerOf(cookie?.value ?? '')).toBe(shown);
  });

  it('every request issues a new challenge with a new cookie', async () => {
    const app = await testApp();
    const a = await call(app, 'GET', '/wps/captcha');
    const b = await call(app, 'GET', '/wps/captcha');
    const idA = a.cookies.find((c) => c.name === 'captchaId')?.value;
    const idB = b.cookies.find((c) => c.name === 'captchaId')?.value;
    expect(idA).toBeTruthy();
    expect(idB).toBeTruthy();
    expect(idA).not.toBe(idB);
    // The older challenge still stands until it is used: each cookie keeps its own answer.
    expect(app.sim.captcha.answerOf(idA ?? '')).toMatch(/^[0-9]{4}$/);
  });
});

describe('SMS codes and their lifetime', () => {
  it('register: expiredMinutes from the brand (5), and the outbox carries the code in its text', async () => {
    const app = await testApp();
    expect(app.sim.world.brand.smsExpiredMinutes).toBe(5);
    const res = await registerSms(app, FRESH);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.envelope.value).toEqual({ expiredMinutes: 5 });
    const entry = app.sim.sms.last(FRESH);
    expect(entry).toMatchObject({ purpose: 'register', mobileNum: FRESH, countryDialingCode: '+92' });
    expect(entry?.code).toMatch(/^[0-9]{6}$/);
    expect(entry?.text).toContain(entry?.code);
    expect(entry?.expiresAt).toBe(app.sim.now() + 5 * 60_000);
  });

  it('every code lives 1 minute when the brand uses third-party SMS', async () => {
    const app = await testApp();
    app.sim.world.brand.thirdPartySms = true;
    app.sim.setFlag('MOBILEVERCODELOGIN3', true);
    app.sim.setFlag('CHNGPASSVERIF3', true);
    expect((await registerSms(app, FRESH)).envelope.value).toEqual({ expiredMinutes: 1 });
    expect(app.sim.sms.last(FRESH)?.expiresAt).toBe(app.sim.now() + 60_000);
    expect((await loginSms(app, REGISTERED)).envelope.value).toEqual({ expiredMinutes: 1 });
    app.sim.clock.advance(SMS_THROTTLE_MS + 100);
    expect((await forgotSms(app, REGISTERED)).envelope.value).toEqual({ expirationTime: app.sim.now() + 60_000 });
  });

  it('login: only with MOBILEVERCODELOGIN3, only for a registered number', async () => {
    const app = await testApp();
    const off = await loginSms(app, REGISTERED);
    expect(off.statusCode).toBe(403);
    expect(off.envelope.errorCode).toBe('operation-not-allowed');
    expect(app.sim.sms.outbox).toHaveLength(0);

    app.sim.setFlag('MOBILEVERCODELOGIN3', true);
    const unknown = await loginSms(app, FRESH);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.envelope.errorCode).toBe('invalid-phone-number');

    const ok = await loginSms(app, REGISTERED);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.envelope.value).toEqual({ expiredMinutes: 5 });
    const entry = app.sim.sms.last(REGISTERED);
    expect(entry?.purpose).toBe('login');
    expect(entry?.text).toContain(entry?.code);
  });

  it('forgot: only with CHNGPASSVERIF3; answers expirationTime = now + expiredMinutes', async () => {
    const app = await testApp();
    const off = await forgotSms(app, REGISTERED);
    expect(off.statusCode).toBe(403);
    expect(off.envelope.errorCode).toBe('operation-not-allowed');

    app.sim.setFlag('CHNGPASSVERIF3', true);
    app.sim.clock.advance(3_600_000);
    const res = await forgotSms(app, REGISTERED);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.envelope.value).toEqual({ expirationTime: app.sim.now() + 5 * 60_000 });
    const entry = app.sim.sms.last(REGISTERED);
    expect(entry).toMatchObject({ purpose: 'forgot', expiresAt: res.envelope.value.expirationTime });
    expect(entry?.text).toContain(entry?.code);

    const unknown = await forgotSms(app, FRESH);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.envelope.errorCode).toBe('invalid-phone-number');
  });

  it('a new code replaces the previous one of the same purpose', async () => {
    const app = await testApp();
    app.sim.setFlag('MOBILEVERCODELOGIN3', true);
    await loginSms(app, REGISTERED);
    const first = app.sim.sms.last(REGISTERED)?.code;
    app.sim.clock.advance(SMS_THROTTLE_MS + 1);
    await loginSms(app, REGISTERED);
    const second = app.sim.sms.last(REGISTERED)?.code;
    expect(app.sim.sms.outbox).toHaveLength(2);
    const login = (verificationCode: string | undefined) =>
      call(app, 'POST', '/wps/session/login', {
        encrypted: true,
        body: { type: 'sms', mobileNum: REGISTERED, countryDialingCode: '+92', verificationCode },
      });
    if (first !== second) expect((await login(first)).envelope.errorCode).toBe('invalid-verification-code');
    expect((await login(second)).statusCode).toBe(200);
  });

  it('the register code of an already-registered number is refused', async () => {
    const app = await testApp();
    for (const mobile of [REGISTERED, '0300 123-4567']) {
      const res = await registerSms(app, mobile);
      expect(res.statusCode).toBe(400);
      expect(res.envelope.errorCode).toBe('member.mobile.exists');
    }
    expect(app.sim.sms.outbox).toHaveLength(0);
  });
});

describe('throttle and lock (1000 ms, 5 minutes)', () => {
  it('a second request within 1000 ms answers 429 too-many-requests; after a second it is allowed', async () => {
    const app = await testApp();
    expect(SMS_THROTTLE_MS).toBe(1000);
    expect((await registerSms(app, FRESH)).statusCode).toBe(200);
    app.sim.clock.advance(SMS_THROTTLE_MS - 1);
    const soon = await registerSms(app, FRESH);
    expect(soon.statusCode).toBe(429);
    expect(soon.envelope).toMatchObject({ success: false, errorCode: 'too-many-requests', value: { retryAfterSeconds: 1 } });
    expect(app.sim.sms.outbox).toHaveLength(1);

    // Another number is not held back by this one.
    expect((await registerSms(app, '03111234568')).statusCode).toBe(200);

    app.sim.clock.advance(2);
    expect((await registerSms(app, FRESH)).statusCode).toBe(200);
    expect(app.sim.sms.outbox.filter((e) => e.mobileNum === FRESH)).toHaveLength(2);
  });

  it(`more than ${SMS_MAX_REQUESTS} requests in the window lock the number for 5 minutes`, async () => {
    const app = await testApp();
    expect(SMS_LOCK_MS).toBe(5 * 60_000);
    for (let i = 0; i < SMS_MAX_REQUESTS; i++) {
      const res = await registerSms(app, FRESH);
      expect(res.statusCode, `request ${i + 1}: ${res.body}`).toBe(200);
      app.sim.clock.advance(1100);
    }
    const locked = await registerSms(app, FRESH);
    expect(locked.statusCode).toBe(429);
    expect(locked.envelope.errorCode).toBe('too-many-requests');
    expect(locked.envelope.value.retryAfterSeconds).toBe(300);
    expect(app.sim.sms.outbox).toHaveLength(SMS_MAX_REQUESTS);

    app.sim.clock.advance(4 * 60_000);
    const still = await registerSms(app, FRESH);
    expect(still.statusCode).toBe(429);
    expect(still.envelope.errorCode).toBe('too-many-requests');
    expect(still.envelope.value.retryAfterSeconds).toBe(60);

    app.sim.clock.advance(60_000);
    const after = await registerSms(app, FRESH);
    expect(after.statusCode, after.body).toBe(200);
    expect(app.sim.sms.outbox).toHaveLength(SMS_MAX_REQUESTS + 1);
  });
});

describe('phone number errors', () => {
  it('a malformed number answers invalid-phone-number naming the field of the call', async () => {
    const app = await testApp();
    app.sim.setFlag('MOBILEVERCODELOGIN3', true);
    for (const bad of ['abc', '12345', '1234567890123456', '0300+1234567']) {
      const reg = await registerSms(app, bad);
      expect(reg.statusCode, bad).toBe(400);
      expect(reg.envelope.errorCode).toBe('invalid-phone-number');
      expect(fieldsOf(reg)).toEqual(['body/mobileNo']);
      const log = await loginSms(app, bad);
      expect(log.envelope.errorCode).toBe('invalid-phone-number');
      expect(fieldsOf(log)).toEqual(['body/mobileNum']);
    }
    expect(app.sim.sms.outbox).toHaveLength(0);
  });

  it('an empty number is a schema violation (minLength 1) naming the field; blanks answer missing-phone-number', async () => {
    const app = await testApp();
    const empty = await registerSms(app, '');
    expect(empty.statusCode).toBe(400);
    expect(empty.envelope.errorCode).toBe('request_param_err');
    expect(fieldsOf(empty)).toEqual(['body/mobileNo']);

    const blank = await registerSms(app, '   ');
    expect(blank.statusCode).toBe(400);
    expect(blank.envelope.errorCode).toBe('missing-phone-number');
    expect(fieldsOf(blank)).toEqual(['body/mobileNo']);

    app.sim.setFlag('CHNGPASSVERIF3', true);
    const forgot = await call(app, 'POST', '/wps/verification/sms/noLogin', { body: { countryDialingCode: '+92' } });
    expect(forgot.statusCode).toBe(400);
    expect(fieldsOf(forgot)).toEqual(['body/mobileNum']);
  });

  it('spaces and hyphens are dropped: the outbox holds the bare number', async () => {
    const app = await testApp();
    const res = await registerSms(app, '0311-123 4567');
    expect(res.statusCode, res.body).toBe(200);
    expect(app.sim.sms.last()?.mobileNum).toBe(FRESH);
  });

  it('the dialing code must be + and up to 6 digits', async () => {
    const app = await testApp();
    for (const code of ['92a', '', '+1234567']) {
      const res = await registerSms(app, FRESH, code);
      expect(res.statusCode, code).toBe(400);
      expect(res.envelope.errorCode).toBe('request_param_err');
      expect(fieldsOf(res)).toEqual(['body/countryDialingCode']);
    }
    expect((await registerSms(app, FRESH, '880')).statusCode).toBe(200);
  });
});
