/**
 * Session area: login by username and by SMS, the captcha that follows a
 * failed login, token lifetime and logout, the forced-change flag, free play and the RSA key.
 */
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { encryptBody } from '../openapi/wire-crypto';
import { LoginFailures } from '../server/sim/login-failures';
import { SESSION_TTL_MS, SessionStore } from '../server/sim/sessions';
import { Sim } from '../server/sim/state';
import { call, login, SEED, testApp } from './helpers';

const PASSWORD = 'Passw0rd!';
const MOBILE = '03001234567';
const FREE_PLAY_BODY = { os: 'Linux', platform: 'W', value: 'cmFuZG9tLWRldmljZS1zdHJpbmc=' };

const loginCall = (app: FastifyInstance, body: Record<string, unknown>, cookies?: Record<string, string>) =>
  call(app, 'POST', '/wps/session/login', { encrypted: true, body, cookies });

const byUsername = (app: FastifyInstance, username: string, password: string, extra: Record<string, unknown> = {}, cookies?: Record<string, string>) =>
  loginCall(app, { type: 'username', username, password, ...extra }, cookies);

const memberInfo = (app: FastifyInstance, token?: string) => call(app, 'GET', '/wps/member/info', { token });

/** A new captcha: the cookie the reply set and the answer the simulator keeps. */
async function captcha(app: FastifyInstance): Promise<{ cookies: Record<string, string>; answer: string }> {
  const res = await call(app, 'GET', '/wps/captcha');
  expect(res.statusCode).toBe(200);
  const cookie = res.cookies.find((c) => c.name === 'captchaId');
  const answer = app.sim.captcha.lastAnswer;
  if (!cookie || !answer) throw new Error('captcha reply carried no cookie or answer');
  return { cookies: { captchaId: cookie.value }, answer };
}

const wrongAnswer = (answer: string) => String((Number(answer) + 1) % 10_000).padStart(4, '0');

async function smsCode(app: FastifyInstance, mobile = MOBILE): Promise<string> {
  const res = await call(app, 'POST', '/wps/verification/sms/login', { body: { mobileNum: mobile, countryDialingCode: '+92' } });
  expect(res.statusCode, res.body).toBe(200);
  const entry = app.sim.sms.last(mobile);
  if (!entry) throw new Error('no SMS in the outbox');
  expect(entry.purpose).toBe('login');
  return entry.code;
}

const bySms = (app: FastifyInstance, verificationCode: string | undefined, mobileNum = MOBILE) =>
  loginCall(app, { type: 'sms', mobileNum, countryDialingCode: '+92', ...(verificationCode === undefined ? {} : { verificationCode }) });

describe('login by username', () => {
  it('answers a token that authorises token calls, with the account type and flags', async () => {
    const app = await testApp();
    const res = await byUsername(app, 'player01', PASSWORD);
    expect(res.statusCode, res.body).toBe(200);
    const value = res.envelope.value as { token: string; isAgent: number; firstTimeLogin: boolean; passwordExpired: boolean; username: string };
    expect(value.token).toMatch(/^\S{32,}$/);
    expect(value).toMatchObject({ isAgent: 0, firstTimeLogin: false, passwordExpired: false, username: 'player01' });
    const info = await memberInfo(app, value.token);
    expect(info.statusCode).toBe(200);
    expect(info.envelope.value.account).toBe('player01');

    // Every login is a new session with its own token.
    const again = await byUsername(app, 'player01', PASSWORD);
    expect(again.envelope.value.token).not.toBe(value.token);
  });

  it('reports isAgent of agent accounts', async () => {
    const app = await testApp();
    const res = await byUsername(app, 'agent01', PASSWORD);
    expect(res.envelope.value.isAgent).toBe(1);
  });

  it('reports the account type of each kind of agent in the login and the member info (the avatar menu shows the agent centre by it)', async () => {
    const app = await testApp();
    for (const [username, isAgent] of [
      ['agent02', 2],
      ['agent41', 41],
      ['agent42', 42],
    ] as const) {
      const res = await byUsername(app, username, PASSWORD);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.envelope.value.isAgent).toBe(isAgent);
      const info = await memberInfo(app, res.envelope.value.token as string);
      expect(info.envelope.value.isAgent).toBe(isAgent);
    }
  });

  it('answers firstTimeLogin true once, then false', async () => {
    const app = await testApp();
    const first = await byUsername(app, 'newbie', 'a1234567');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.envelope.value.firstTimeLogin).toBe(true);
    const second = await byUsername(app, 'newbie', 'a1234567');
    expect(second.envelope.value.firstTimeLogin).toBe(false);
  });

  it('refuses a missing username or password and an unknown login type by the schema or the rule', async () => {
    const app = await testApp();
    const noUser = await loginCall(app, { type: 'username', password: PASSWORD });
    expect(noUser.statusCode).toBe(400);
    expect(noUser.envelope.errorCode).toBe('request_param_err');
    expect(noUser.envelope.value.fields[0].field).toBe('body/username');

    const noPassword = await loginCall(app, { type: 'username', username: 'player01' });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.envelope.value.fields[0].field).toBe('body/password');

    const badType = await loginCall(app, { type: 'email', username: 'player01', password: PASSWORD });
    expect(badType.statusCode).toBe(400);
    expect(badType.envelope.errorCode).toBe('request_param_err');
    expect(badType.body).toContain('body/type');
  });

  it('refuses a body that is not encrypted, or encrypted for another key', async () => {
    const app = await testApp();
    const plain = await call(app, 'POST', '/wps/session/login', { body: { type: 'username', ...SEED.player } });
    expect(plain.statusCode).toBe(400);
    expect(plain.envelope.value.fields[0].field).toBe('headers/encryption');

    const other = await testApp();
    const { body, encryption } = encryptBody({ type: 'username', ...SEED.player }, other.sim.rsa.modulusHex);
    const foreign = await call(app, 'POST', '/wps/session/login', { body, headers: { encryption } });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.envelope.errorCode).toBe('request_param_err');
    expect(foreign.envelope.value.fields[0].field).toBe('headers/encryption');
  });
});

describe('captcha after a failed login', () => {
  it('a wrong password answers 400 with value.captcha true', async () => {
    const app = await testApp();
    const res = await byUsername(app, 'player01', 'wrong-password');
    expect(res.statusCode).toBe(400);
    expect(res.envelope).toMatchObject({ success: false, errorCode: 'login.password.incorrect', value: { captcha: true } });
    expect(res.envelope.value.token).toBeUndefined();
  });

  it('an unknown username fails the same way as a wrong password over three attempts (no account probing)', async () => {
    const app = await testApp();
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      const unknown = await byUsername(app, 'nobody999', PASSWORD);
      const wrong = await byUsername(app, 'player01', 'wrong-password');
      expect(unknown.statusCode, `attempt ${attempt}`).toBe(400);
      expect(unknown.statusCode, `attempt ${attempt}`).toBe(wrong.statusCode);
      expect(unknown.envelope, `attempt ${attempt}`).toEqual(wrong.envelope);
    }
  });

  it('after a failure even the right password needs a captcha; a wrong answer is refused; the right one logs in', async () => {
    const app = await testApp();
    await byUsername(app, 'player01', 'wrong-password');

    const without = await byUsername(app, 'player01', PASSWORD);
    expect(without.statusCode).toBe(400);
    expect(without.envelope).toMatchObject({ errorCode: 'captcha-check-failed', value: { captcha: true } });

    const first = await captcha(app);
    const wrong = await byUsername(app, 'player01', PASSWORD, { captcha: wrongAnswer(first.answer) }, first.cookies);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.envelope).toMatchObject({ errorCode: 'captcha-check-failed', value: { captcha: true } });

    // The right answer without the cookie that binds it is no answer.
    const second = await captcha(app);
    const noCookie = await byUsername(app, 'player01', PASSWORD, { captcha: second.answer });
    expect(noCookie.envelope.errorCode).toBe('captcha-check-failed');

    const third = await captcha(app);
    const ok = await byUsername(app, 'player01', PASSWORD, { captcha: third.answer }, third.cookies);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(typeof ok.envelope.value.token).toBe('string');

    // A success clears the failure: the next login needs no captcha.
    const next = await byUsername(app, 'player01', PASSWORD);
    expect(next.statusCode, next.body).toBe(200);
  });

  it('a wrong answer uses the challenge up: the same answer does not work afterwards', async () => {
    const app = await testApp();
    await byUsername(app, 'player01', 'wrong-password');
    const c = await captcha(app);
    await byUsername(app, 'player01', PASSWORD, { captcha: wrongAnswer(c.answer) }, c.cookies);
    const retry = await byUsername(app, 'player01', PASSWORD, { captcha: c.answer }, c.cookies);
    expect(retry.envelope.errorCode).toBe('captcha-check-failed');
  });

  it('a captcha answer is single-use', async () => {
    const app = await testApp();
    await byUsername(app, 'player01', 'wrong-password');
    const c = await captcha(app);
    // The captcha passes, the password does not: the challenge is spent all the same.
    const badPassword = await byUsername(app, 'player01', 'wrong-password', { captcha: c.answer }, c.cookies);
    expect(badPassword.envelope.errorCode).toBe('login.password.incorrect');
    const reuse = await byUsername(app, 'player01', PASSWORD, { captcha: c.answer }, c.cookies);
    expect(reuse.statusCode).toBe(400);
    expect(reuse.envelope.errorCode).toBe('captcha-check-failed');
  });

  it('a captcha expires after five minutes of simulator time', async () => {
    const app = await testApp();
    await byUsername(app, 'player01', 'wrong-password');
    const c = await captcha(app);
    app.sim.clock.advance(5 * 60_000 + 1000);
    const late = await byUsername(app, 'player01', PASSWORD, { captcha: c.answer }, c.cookies);
    expect(late.envelope.errorCode).toBe('captcha-check-failed');
  });

  it('the captcha requirement belongs to the failing account only', async () => {
    const app = await testApp();
    await byUsername(app, 'player01', 'wrong-password');
    const other = await byUsername(app, 'agent01', PASSWORD);
    expect(other.statusCode, other.body).toBe(200);
  });
});

describe('login by SMS', () => {
  it('is refused with 403 operation-not-allowed unless MOBILEVERCODELOGIN3 is on', async () => {
    const app = await testApp();
    expect(app.sim.flag('MOBILEVERCODELOGIN3')).toBe(false);
    const res = await bySms(app, '123456');
    expect(res.statusCode).toBe(403);
    expect(res.envelope.errorCode).toBe('operation-not-allowed');
  });

  it('logs in with the code from the outbox, once', async () => {
    const app = await testApp();
    app.sim.setFlag('MOBILEVERCODELOGIN3', true);
    const code = await smsCode(app);
    const res = await bySms(app, code);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.envelope.value.username).toBe(MOBILE);
    const info = await memberInfo(app, res.envelope.value.token as string);
    expect(info.envelope.value.account).toBe(MOBILE);

    const reuse = await bySms(app, code);
    expect(reuse.statusCode).toBe(400);
    expect(reuse.envelope.errorCode).toBe('invalid-verification-code');
  });

  it('refuses a wrong code, a missing code, a missing mobile number and a code of another purpose', async () => {
    const app = await testApp();
    app.sim.setFlag('MOBILEVERCODELOGIN3', true);
    app.sim.setFlag('CHNGPASSVERIF3', true);
    const code = await smsCode(app);
    const wrong = await bySms(app, code === '000000' ? '000001' : '000000');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.envelope.errorCode).toBe('invalid-verification-code');

    const missing = await bySms(app, undefined);
    expect(missing.statusCode).toBe(400);
    expect(missing.envelope.errorCode).toBe('missing-verification-code');

    const noMobile = await loginCall(app, { type: 'sms', verificationCode: code });
    expect(noMobile.statusCode).toBe(400);
    expect(noMobile.envelope.errorCode).toBe('missing-phone-number');

    // A forgot-password code is no login code.
    app.sim.clock.advance(1100);
    const forgot = await call(app, 'POST', '/wps/verification/sms/noLogin', { body: { mobileNum: MOBILE, countryDialingCode: '+92' } });
    expect(forgot.statusCode, forgot.body).toBe(200);
    const forgotCode = app.sim.sms.last(MOBILE)?.code;
    expect(forgotCode).toBeDefined();
    if (forgotCode !== code) {
      const cross = await bySms(app, forgotCode);
      expect(cross.envelope.errorCode).toBe('invalid-verification-code');
    }
    // The wrong attempts did not spend the real login code.
    const ok = await bySms(app, code);
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('a code longer than 255 characters is a schema violation naming body/verificationCode', async () => {
    const app = await testApp();
    app.sim.setFlag('MOBILEVERCODELOGIN3', true);
    const res = await bySms(app, '1'.repeat(256));
    expect(res.statusCode).toBe(400);
    expect(res.envelope.errorCode).toBe('request_param_err');
    expect(res.envelope.value.fields.map((f: { field: string }) => f.field)).toEqual(['body/verificationCode']);
    // 255 passes the schema and reaches the code check.
    expect((await bySms(app, '1'.repeat(255))).envelope.errorCode).toBe('invalid-verification-code');
  });

  it('accepts the code until expiredMinutes pass, then answers code-expired', async () => {
    const app = await testApp();
    app.sim.setFlag('MOBILEVERCODELOGIN3', true);
    const minutes = app.sim.world.brand.smsExpiredMinutes;
    expect(minutes).toBe(5);

    const early = await smsCode(app);
    app.sim.clock.advance(minutes * 60_000 - 5000);
    expect((await bySms(app, early)).statusCode).toBe(200);

    const late = await smsCode(app);
    app.sim.clock.advance(minutes * 60_000 + 1000);
    const res = await bySms(app, late);
    expect(res.statusCode).toBe(400);
    expect(res.envelope.errorCode).toBe('code-expired');
  });
});

describe('token lifetime and logout', () => {
  it('a token lasts two hours of simulator time, then answers 401 login.not.session', async () => {
    const app = await testApp();
    expect(SESSION_TTL_MS).toBe(2 * 60 * 60_000);
    const token = await login(app);
    app.sim.clock.advance(SESSION_TTL_MS - 60_000);
    expect((await memberInfo(app, token)).statusCode).toBe(200);
    app.sim.clock.advance(61_000);
    const res = await memberInfo(app, token);
    expect(res.statusCode).toBe(401);
    expect(res.envelope).toMatchObject({ success: false, errorCode: 'login.not.session' });
  });

  it('an expired session is refused by the store itself, before any sweep has dropped it', () => {
    let now = 1_000_000;
    const store = new SessionStore(new Sim().db, () => now);
    const session = store.create('player01', 'username');
    now += SESSION_TTL_MS - 1;
    expect(store.get(session.token)?.account).toBe('player01');
    now += 1;
    expect(store.get(session.token)).toBeNull();
  });

  it('logout ends the session: the token is refused afterwards, other sessions live on', async () => {
    const app = await testApp();
    const token = await login(app);
    const other = await login(app);
    const res = await call(app, 'DELETE', '/wps/session/logout', { token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.envelope).toEqual({ success: true, value: true });
    const after = await memberInfo(app, token);
    expect(after.statusCode).toBe(401);
    expect(after.envelope.errorCode).toBe('login.not.session');
    expect((await call(app, 'DELETE', '/wps/session/logout', { token })).statusCode).toBe(401);
    expect((await memberInfo(app, other)).statusCode).toBe(200);
  });

  it('an unknown, garbage or missing token answers 401 login.not.session', async () => {
    const app = await testApp();
    for (const token of ['0'.repeat(48), 'garbage token', undefined]) {
      const res = await memberInfo(app, token);
      expect(res.statusCode).toBe(401);
      expect(res.envelope.errorCode).toBe('login.not.session');
    }
    expect((await call(app, 'DELETE', '/wps/session/logout')).statusCode).toBe(401);
  });
});

describe('password expiry (PWDEXPFORCECHANGE3)', () => {
  it('is reported for the default password and expired passwords only when the module is on', async () => {
    const app = await testApp();
    expect(app.sim.flag('PWDEXPFORCECHANGE3')).toBe(false);
    expect((await byUsername(app, 'newbie', 'a1234567')).envelope.value.passwordExpired).toBe(false);
    expect((await byUsername(app, 'expired01', PASSWORD)).envelope.value.passwordExpired).toBe(false);

    app.sim.setFlag('PWDEXPFORCECHANGE3', true);
    expect((await byUsername(app, 'newbie', 'a1234567')).envelope.value.passwordExpired).toBe(true);
    expect((await byUsername(app, 'expired01', PASSWORD)).envelope.value.passwordExpired).toBe(true);
    expect((await byUsername(app, 'player01', PASSWORD)).envelope.value.passwordExpired).toBe(false);
  });

  it('the pwd-expiry scenario has the module on', async () => {
    const app = await testApp({ scenario: 'pwd-expiry' });
    expect((await byUsername(app, 'expired01', PASSWORD)).envelope.value.passwordExpired).toBe(true);
  });
});

describe('free play', () => {
  const freePlay = (app: FastifyInstance, headers: Record<string, string> = { 'x-gateway-version': '3' }, body: unknown = FREE_PLAY_BODY) =>
    call(app, 'POST', '/wps/session/login/freeplay', { headers, body });

  it('is refused with 403 when FREEPLAY3 is off', async () => {
    const app = await testApp();
    app.sim.setFlag('FREEPLAY3', false);
    const res = await freePlay(app);
    expect(res.statusCode).toBe(403);
    expect(res.envelope.errorCode).toBe('operation-not-allowed');
    const minimal = await testApp({ scenario: 'new-brand-minimal-flags' });
    expect((await freePlay(minimal)).statusCode).toBe(403);
  });

  it('creates a trial account (isAgent 4) with demo credit, a new one each time', async () => {
    const app = await testApp();
    expect(app.sim.flag('FREEPLAY3')).toBe(true);
    const before = app.sim.accounts.size;
    const res = await freePlay(app);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.envelope.value).toMatchObject({ isAgent: 4, firstTimeLogin: false, passwordExpired: false });
    const token = res.envelope.value.token as string;
    const info = await memberInfo(app, token);
    expect(info.statusCode).toBe(200);
    expect(info.envelope.value.isAgent).toBe(4);
    expect(info.envelope.value.account).toBe(res.envelope.value.username);
    const balance = await call(app, 'GET', '/wps/v2/wallets/balance', { token });
    expect(balance.envelope.value.sumBalance).toBeGreaterThan(0);

    const second = await freePlay(app);
    expect(second.envelope.value.username).not.toBe(res.envelope.value.username);
    expect(app.sim.accounts.size).toBe(before + 2);
  });

  it('needs X-Gateway-Version 3: missing or another value answers 400 naming the header', async () => {
    const app = await testApp();
    for (const headers of [{}, { 'x-gateway-version': '2' }] as Record<string, string>[]) {
      const res = await freePlay(app, headers);
      expect(res.statusCode).toBe(400);
      expect(res.envelope.errorCode).toBe('request_param_err');
      expect(res.envelope.value.fields.map((f: { field: string }) => f.field)).toContain('headers/x-gateway-version');
    }
  });

  it('checks the body: platform W and the device string', async () => {
    const app = await testApp();
    const res = await freePlay(app, undefined, { ...FREE_PLAY_BODY, platform: 'H5', value: 'short' });
    expect(res.statusCode).toBe(400);
    const fields = res.envelope.value.fields.map((f: { field: string }) => f.field);
    expect(fields).toEqual(expect.arrayContaining(['body/platform', 'body/value']));
  });
});

describe('RSA key', () => {
  it('answers the modulus as lowercase hex, the one encrypted calls are made with', async () => {
    const app = await testApp();
    const res = await call(app, 'GET', '/wps/session/key/rsa');
    expect(res.statusCode).toBe(200);
    const hex = res.envelope.value as string;
    expect(hex).toMatch(/^[0-9a-f]+$/);
    expect(hex).toBe(app.sim.rsa.modulusHex);
    // 1024 bits, as the gateway's library uses.
    expect(BigInt(`0x${hex}`).toString(2)).toHaveLength(1024);
    // A body encrypted with this key logs in.
    const { body, encryption } = encryptBody({ type: 'username', ...SEED.player }, hex);
    const ok = await call(app, 'POST', '/wps/session/login', { body, headers: { encryption } });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe('login failures are counted by the submitted name, in a bounded map', () => {
  it('an unknown name asks for a captcha after the same one failure as a known one', async () => {
    const app = await testApp();
    await byUsername(app, 'nobody999', 'wrong-password');
    const again = await byUsername(app, 'nobody999', PASSWORD);
    expect(again.envelope).toMatchObject({ errorCode: 'captcha-check-failed', value: { captcha: true } });
  });

  it('forgets the least recent name beyond its limit', () => {
    const failures = new LoginFailures(2);
    failures.record('a');
    failures.record('b');
    failures.record('a');
    failures.record('c');
    expect(failures.size).toBe(2);
    expect(failures.count('b')).toBe(0);
    expect(failures.count('a')).toBe(2);
    expect(failures.count(' c ')).toBe(1);
  });
});
