/**
 * Member area: registration by username and by mobile with the server's field
 * rules, captcha, SMS code, affiliate and referral codes; password storage, change, reset by email and
 * by phone; member info, funds, affiliate check, VIP ladder and the referral link.
 */
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import system from '../fixtures/system.json';
import { call, login, SEED, testApp } from './helpers';

const PASSWORD = 'Passw0rd!';
const FRESH_MOBILE = '03111234567';

type Body = Record<string, unknown>;

const fieldsOf = (res: { envelope: { value?: { fields?: { field: string }[] } } }) =>
  (res.envelope.value?.fields ?? []).map((f) => f.field);

const registration = (username: string, extra: Body = {}): Body => ({
  username,
  password: PASSWORD,
  confirmPassword: PASSWORD,
  registerMethod: 'WEB',
  login: true,
  registerUrl: 'http://localhost/register',
  ...extra,
});

const register = (app: FastifyInstance, body: Body, cookies?: Record<string, string>) =>
  call(app, 'PUT', '/wps/member/register', { encrypted: true, body, cookies });

const registerMobile = (app: FastifyInstance, extra: Body, cookies?: Record<string, string>) =>
  call(app, 'PUT', '/wps/member/register/mobile', {
    encrypted: true,
    cookies,
    body: { mobileNum: FRESH_MOBILE, countryDialingCode: '+92', registerMethod: 'WEB', login: true, ...extra },
  });

const loginAs = (app: FastifyInstance, username: string, password: string) =>
  call(app, 'POST', '/wps/session/login', { encrypted: true, body: { type: 'username', username, password } });

const memberInfo = (app: FastifyInstance, token?: string) => call(app, 'GET', '/wps/member/info', { token });

async function registerSmsCode(app: FastifyInstance, mobile = FRESH_MOBILE): Promise<string> {
  const res = await call(app, 'POST', '/wps/verification/sms/register', { body: { countryDialingCode: '+92', mobileNo: mobile } });
  expect(res.statusCode, res.body).toBe(200);
  const code = app.sim.sms.last(mobile)?.code;
  if (!code) throw new Error('no register SMS in the outbox');
  return code;
}

async function captcha(app: FastifyInstance): Promise<{ cookies: Record<string, string>; answer: string }> {
  const res = await call(app, 'GET', '/wps/captcha');
  const cookie = res.cookies.find((c) => c.name === 'captchaId');
  const answer = app.sim.captcha.lastAnswer;
  if (!cookie || !answer) throw new Error('captcha reply carried no cookie or answer');
  return { cookies: { captchaId: cookie.value }, answer };
}

const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('registration by username', () => {
  it('creates the account and, with login true, answers a working token', async () => {
    const app = await testApp();
    const res = await register(app, registration('newplayer1', { email: 'newplayer1@example.com' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.envelope.value.account).toBe('newplayer1');
    const info = await memberInfo(app, res.envelope.value.token as string);
    expect(info.statusCode).toBe(200);
    expect(info.envelope.value).toMatchObject({ account: 'newplayer1', isAgent: 0, email: 'newplayer1@example.com', toUpline: false });
    // The password chosen logs in.
    expect((await loginAs(app, 'newplayer1', PASSWORD)).statusCode).toBe(200);
  });

  it('with login false answers no token', async () => {
    const app = await testApp();
    const res = await register(app, registration('newplayer2', { login: false }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.envelope.value).toEqual({ account: 'newplayer2' });
    expect(app.sim.accounts.has('newplayer2')).toBe(true);
  });

  it('refuses an existing username with member.username.exists naming body/username', async () => {
    const app = await testApp();
    const res = await register(app, registration('player01'));
    expect(res.statusCode).toBe(400);
    expect(res.envelope.errorCode).toBe('member.username.exists');
    expect(fieldsOf(res)).toEqual(['body/username']);
    // The seed account is untouched.
    expect((await loginAs(app, 'player01', PASSWORD)).statusCode).toBe(200);
  });

  it('refuses each rule violation with request_param_err naming the field', async () => {
    const app = await testApp();
    const cases: [string, Body, string, RegExp][] = [
      ['username too short', { username: 'ab12' }, 'body/username', /6-16/],
      ['username too long', { username: 'a'.repeat(17) }, 'body/username', /6-16/],
      ['username not starting with a letter', { username: '1player' }, 'body/username', /starting with a letter/],
      ['username with a symbol', { username: 'play_er1' }, 'body/username', /letters or digits/],
      ['password too short', { password: 'Ab1!', confirmPassword: 'Ab1!' }, 'body/password', /6-20/],
      ['password with a space', { password: 'Pass w0rd', confirmPassword: 'Pass w0rd' }, 'body/password', /without spaces/],
      ['confirmation differs', { confirmPassword: 'Passw0rd?' }, 'body/confirmPassword', /^inconsistent twice$/],
      ['confirmation empty', { confirmPassword: '' }, 'body/confirmPassword', /cannot be empty/],
      ['password missing', { password: undefined, confirmPassword: undefined }, 'body/password', /cannot be empty/],
      ['mobile not digits', { mobileNum: '0311-ABC' }, 'body/mobileNum', /mobile number/],
    ];
    for (const [label, extra, field, message] of cases) {
      const body = registration('validname1', extra);
      const res = await register(app, body);
      expect(res.statusCode, label).toBe(400);
      expect(res.envelope.errorCode, label).toBe('request_param_err');
      const hit = (res.envelope.value.fields as { field: string; message: string }[]).find((f) => f.field === field);
      expect(hit, `${label}: ${res.body}`).toBeDefined();
      expect(hit?.message, label).toMatch(message);
    }
    expect(app.sim.accounts.has('validname1')).toBe(false);
  });

  it('the schema refuses an empty username, a missing login flag and another registerMethod', async () => {
    const app = await testApp();
    const empty = await register(app, registration(''));
    expect(empty.statusCode).toBe(400);
    expect(fieldsOf(empty)).toContain('body/username');
    const { login: _login, ...noLogin } = registration('validname2');
    expect(fieldsOf(await register(app, noLogin))).toContain('body/login');
    expect(fieldsOf(await register(app, registration('validname2', { registerMethod: 'APP' })))).toContain('body/registerMethod');
  });

  it('is refused when neither USERNAMEREG3 nor DIRECTREG3 is on', async () => {
    const app = await testApp();
    app.sim.setFlag('USERNAMEREG3', false);
    app.sim.setFlag('DIRECTREG3', false);
    const res = await register(app, registration('validname3'));
    expect(res.statusCode).toBe(403);
    expect(res.envelope.errorCode).toBe('operation-not-allowed');
    app.sim.setFlag('DIRECTREG3', true);
    expect((await register(app, registration('validname3'))).statusCode).toBe(200);
  });

  it('an optional field becomes required when its rule says so, and is then checked', async () => {
    const app = await testApp();
    const email = app.sim.world.registerRules.find((r) => r.key === 'email');
    expect(email).toBeDefined();
    // Disabled by default: anything (or nothing) passes.
    expect((await register(app, registration('optional1', { email: 'not an email' }))).statusCode).toBe(200);
    if (email) Object.assign(email, { enabled: true, required: true });

    const missing = await register(app, registration('optional2'));
    expect(missing.statusCode).toBe(400);
    expect(missing.envelope.value.fields).toEqual([{ field: 'body/email', message: 'email cannot be empty' }]);
    const bad = await register(app, registration('optional2', { email: 'not-an-email' }));
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(['body/email']);
    const ok = await register(app, registration('optional2', { email: 'optional2@example.com' }));
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await memberInfo(app, ok.envelope.value.token as string)).envelope.value.email).toBe('optional2@example.com');
  });

  it("the brand's affiliate link resource (fixtures/system.json) registers a player referred by agent01", async () => {
    const app = await testApp();
    const link = system.resources.find((r) => r.resourceType === 'AFFILIATELINK');
    const code = new URL(link!.url, 'http://localhost').searchParams.get('referralCode');
    const res = await register(app, registration('linked1', { referralCode: code }));
    expect(res.statusCode, res.body).toBe(200);
    expect(app.sim.accounts.get('linked1')?.referredBy).toBe('agent01');
  });

  it('an affiliate code makes the agent the upline; a bad one answers invitation_code_error', async () => {
    const app = await testApp();
    const res = await register(app, registration('downline1', { affiliateCode: 'AG1001' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(app.sim.accounts.get('downline1')?.parentAccount).toBe('agent01');
    expect((await memberInfo(app, res.envelope.value.token as string)).envelope.value.toUpline).toBe(true);

    const agent = await login(app, SEED.agent);
    const team = await call(app, 'GET', '/wps/agent/downlines', { token: agent, query: { account: 'downline1' } });
    expect(team.statusCode, team.body).toBe(200);
    expect(team.envelope.value.list).toEqual([expect.objectContaining({ account: 'downline1', parentAccount: 'agent01' })]);

    const bad = await register(app, registration('downline2', { affiliateCode: 'NOPE99' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.envelope.errorCode).toBe('invitation_code_error');
    expect(fieldsOf(bad)).toEqual(['body/affiliateCode']);
    expect(app.sim.accounts.has('downline2')).toBe(false);
  });

  it('a bad referral code answers invitation_code_error', async () => {
    const app = await testApp();
    const res = await register(app, registration('referred1', { referralCode: 'R999999' }));
    expect(res.statusCode).toBe(400);
    expect(res.envelope.errorCode).toBe('invitation_code_error');
    expect(fieldsOf(res)).toEqual(['body/referralCode']);
    expect(app.sim.accounts.has('referred1')).toBe(false);
  });

  it('needs the captcha when the brand turns it on', async () => {
    const app = await testApp();
    // Off by default: no captcha needed.
    expect((await register(app, registration('captcha0'))).statusCode).toBe(200);
    app.sim.world.brand.registerCaptcha = true;

    const none = await register(app, registration('captcha1'));
    expect(none.statusCode).toBe(400);
    expect(none.envelope.errorCode).toBe('captcha-check-failed');
    expect(fieldsOf(none)).toEqual(['body/captcha']);

    const c1 = await captcha(app);
    const wrong = await register(app, registration('captcha1', { captcha: c1.answer === '0000' ? '0001' : '0000' }), c1.cookies);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.envelope.errorCode).toBe('captcha-check-failed');

    const c2 = await captcha(app);
    const noCookie = await register(app, registration('captcha1', { captcha: c2.answer }));
    expect(noCookie.envelope.errorCode).toBe('captcha-check-failed');

    const c3 = await captcha(app);
    const ok = await register(app, registration('captcha1', { captcha: c3.answer }), c3.cookies);
    expect(ok.statusCode, ok.body).toBe(200);
    // Single use: the same answer cannot register another account.
    const again = await register(app, registration('captcha2', { captcha: c3.answer }), c3.cookies);
    expect(again.envelope.errorCode).toBe('captcha-check-failed');
  });

  it('with REGMOBVERF3 a mobile number needs its register SMS code', async () => {
    const app = await testApp();
    app.sim.setFlag('REGMOBVERF3', true);
    const code = await registerSmsCode(app);
    const base = registration('mobileuser1', { mobileNum: FRESH_MOBILE, countryDialingCode: '+92' });

    const missing = await register(app, base);
    expect(missing.statusCode).toBe(400);
    expect(missing.envelope.errorCode).toBe('missing-verification-code');
    const wrong = await register(app, { ...base, verificationCode: otherCode(code) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.envelope.errorCode).toBe('invalid-verification-code');
    expect(app.sim.accounts.has('mobileuser1')).toBe(false);

    const ok = await register(app, { ...base, verificationCode: code });
    expect(ok.statusCode, ok.body).toBe(200);
    const info = await memberInfo(app, ok.envelope.value.token as string);
    expect(info.envelope.value).toMatchObject({ mobileNum: FRESH_MOBILE, countryDialingCode: '+92' });

    // Without a mobile number no code is asked for.
    expect((await register(app, registration('mobileuser2'))).statusCode).toBe(200);
  });

  it('refuses a mobile number another account already uses', async () => {
    const app = await testApp();
    const res = await register(app, registration('dupmobile1', { mobileNum: '03001234567' }));
    expect(res.statusCode).toBe(400);
    expect(res.envelope.errorCode).toBe('member.mobile.exists');
    expect(fieldsOf(res)).toEqual(['body/mobileNum']);
    expect(app.sim.accounts.has('dupmobile1')).toBe(false);
  });
});

describe('registration by mobile', () => {
  it('is refused with 403 unless MOBILENUMREG3 is on', async () => {
    const app = await testApp();
    const res = await registerMobile(app, { password: PASSWORD, confirmPassword: PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.envelope.errorCode).toBe('operation-not-allowed');
  });

  it('mobile-registration scenario: SMS code and password required; the account is the mobile number', async () => {
    const app = await testApp({ scenario: 'mobile-registration' });
    const code = await registerSmsCode(app);
    const withPassword = { password: PASSWORD, confirmPassword: PASSWORD };

    const noCode = await registerMobile(app, withPassword);
    expect(noCode.envelope.errorCode).toBe('missing-verification-code');
    const wrongCode = await registerMobile(app, { ...withPassword, verificationCode: otherCode(code) });
    expect(wrongCode.envelope.errorCode).toBe('invalid-verification-code');

    const noPassword = await registerMobile(app, { verificationCode: code });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.envelope.errorCode).toBe('request_param_err');
    expect(fieldsOf(noPassword)).toContain('body/password');
    const mismatch = await registerMobile(app, { password: PASSWORD, confirmPassword: 'Other0rd!', verificationCode: code });
    expect(fieldsOf(mismatch)).toEqual(['body/confirmPassword']);

    const ok = await registerMobile(app, { ...withPassword, verificationCode: code });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.envelope.value.account).toBe(FRESH_MOBILE);
    expect(ok.envelope.value.generatedPassword).toBeUndefined();
    const info = await memberInfo(app, ok.envelope.value.token as string);
    expect(info.envelope.value).toMatchObject({ account: FRESH_MOBILE, mobileNum: FRESH_MOBILE });
    expect((await loginAs(app, FRESH_MOBILE, PASSWORD)).statusCode).toBe(200);
  });

  it('without MOBILENUMPASSREG3 a password is generated, returned, and logs in', async () => {
    const app = await testApp();
    app.sim.setFlag('MOBILENUMREG3', true);
    const res = await registerMobile(app, {});
    expect(res.statusCode, res.body).toBe(200);
    const generated = res.envelope.value.generatedPassword as string;
    expect(generated).toMatch(/^\S{6,20}$/);
    expect((await loginAs(app, FRESH_MOBILE, generated)).statusCode).toBe(200);
  });

  it('without MOBILENUMPASSREG3 a password sent anyway is not what the account gets', async () => {
    const app = await testApp();
    app.sim.setFlag('MOBILENUMREG3', true);
    const res = await registerMobile(app, { password: 'Chosen0rd!', confirmPassword: 'Chosen0rd!' });
    expect(res.statusCode, res.body).toBe(200);
    // The reply hands back the generated password: that one must work.
    expect((await loginAs(app, FRESH_MOBILE, res.envelope.value.generatedPassword as string)).statusCode).toBe(200);
  });

  it('refuses a mobile number already registered, and a malformed one', async () => {
    const app = await testApp();
    app.sim.setFlag('MOBILENUMREG3', true);
    const dup = await registerMobile(app, { mobileNum: '03001234567' });
    expect(dup.statusCode).toBe(400);
    expect(dup.envelope.errorCode).toBe('member.mobile.exists');
    expect(fieldsOf(dup)).toEqual(['body/mobileNum']);
    const dupOther = await registerMobile(app, { mobileNum: '03054463843' });
    expect(dupOther.envelope.errorCode).toBe('member.mobile.exists');

    const bad = await registerMobile(app, { mobileNum: 'abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.envelope.errorCode).toBe('invalid-phone-number');
    expect(fieldsOf(bad)).toEqual(['body/mobileNum']);
    const empty = await registerMobile(app, { mobileNum: '' });
    expect(empty.statusCode).toBe(400);
    expect(fieldsOf(empty)).toContain('body/mobileNum');
  });
});

describe('password storage', () => {
  it('keeps only salted digests: no plaintext password anywhere in the account', async () => {
    const app = await testApp();
    const secret = 'Unique0Secret!';
    const res = await register(app, registration('hashcheck1', { password: secret, confirmPassword: secret, paymentPassword: '246813' }));
    expect(res.statusCode, res.body).toBe(200);
    const account = app.sim.accounts.get('hashcheck1');
    expect(account).toBeDefined();
    const json = JSON.stringify(account);
    expect(json).not.toContain(secret);
    expect(json).not.toContain('246813');
    expect(account?.passwordHash.startsWith('hmac-sha256$')).toBe(true);
    expect(account?.paymentPasswordHash?.startsWith('hmac-sha256$')).toBe(true);
    expect((await memberInfo(app, res.envelope.value.token as string)).envelope.value.hasPaymentPassword).toBe(true);

    const seed = app.sim.accounts.get('player01');
    expect(JSON.stringify(seed)).not.toContain(PASSWORD);
    expect(seed?.passwordHash.startsWith('hmac-sha256$')).toBe(true);
    // Two accounts with the same password do not share a hash (salted).
    expect(app.sim.accounts.get('vipplayer')?.passwordHash).not.toBe(seed?.passwordHash);
  });
});

describe('change password', () => {
  const change = (app: FastifyInstance, token: string | undefined, oldPassword: string, newPassword: string, confirmNewPassword = newPassword) =>
    call(app, 'POST', '/wps/member/password', { token, encrypted: true, body: { oldPassword, newPassword, confirmNewPassword } });

  it('checks the old password, the confirmation, the password rule and the default password', async () => {
    const app = await testApp();
    const token = await login(app);

    const wrongOld = await change(app, token, 'Wrong0ld!', 'Newpass1!');
    expect(wrongOld.statusCode).toBe(400);
    expect(wrongOld.envelope.errorCode).toBe('member.password.incorrect');
    expect(fieldsOf(wrongOld)).toEqual(['body/oldPassword']);

    const mismatch = await change(app, token, PASSWORD, 'Newpass1!', 'Newpass2!');
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.envelope.value.fields).toEqual([{ field: 'body/confirmNewPassword', message: 'inconsistent twice' }]);

    for (const weak of ['Ab1!', 'has space1', 'x'.repeat(21)]) {
      const res = await change(app, token, PASSWORD, weak);
      expect(res.statusCode, weak).toBe(400);
      expect(res.envelope.errorCode, weak).toBe('request_param_err');
      expect(fieldsOf(res), weak).toEqual(['body/newPassword']);
    }

    const defaultPassword = await change(app, token, PASSWORD, app.sim.world.brand.defaultPassword);
    expect(defaultPassword.statusCode).toBe(400);
    expect(defaultPassword.envelope.errorCode).toBe('member.password.weak');
    expect(fieldsOf(defaultPassword)).toEqual(['body/newPassword']);

    // None of the refusals changed anything: the session and the old password still work.
    expect((await memberInfo(app, token)).statusCode).toBe(200);
    expect((await loginAs(app, 'player01', PASSWORD)).statusCode).toBe(200);
  });

  it('needs a token', async () => {
    const app = await testApp();
    const res = await change(app, undefined, PASSWORD, 'Newpass1!');
    expect(res.statusCode).toBe(401);
    expect(res.envelope.errorCode).toBe('login.not.session');
  });

  it('success ends the sessions; the new password logs in, the old one does not', async () => {
    const app = await testApp();
    const token = await login(app);
    const other = await login(app);
    const res = await change(app, token, PASSWORD, 'Newpass1!');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.envelope.value).toBe(true);
    for (const t of [token, other]) {
      const after = await memberInfo(app, t);
      expect(after.statusCode).toBe(401);
      expect(after.envelope.errorCode).toBe('login.not.session');
    }
    expect((await loginAs(app, 'player01', 'Newpass1!')).statusCode).toBe(200);
    const old = await loginAs(app, 'player01', PASSWORD);
    expect(old.statusCode).toBe(400);
    expect(old.envelope.errorCode).toBe('login.password.incorrect');
  });

  it('clears the forced-change state of a default password', async () => {
    const app = await testApp({ scenario: 'pwd-expiry' });
    const first = await loginAs(app, 'newbie', 'a1234567');
    expect(first.envelope.value.passwordExpired).toBe(true);
    expect((await change(app, first.envelope.value.token as string, 'a1234567', 'Newpass1!')).statusCode).toBe(200);
    expect((await loginAs(app, 'newbie', 'Newpass1!')).envelope.value.passwordExpired).toBe(false);
  });
});

describe('forgot password by email', () => {
  const form = (app: FastifyInstance, payload: string) =>
    call(app, 'POST', '/wps/member/password/email', { body: payload, headers: { 'content-type': 'application/x-www-form-urlencoded' } });

  it('accepts the form-encoded username and email of an account', async () => {
    const app = await testApp();
    const res = await form(app, 'username=player01&email=player01%40example.com');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.envelope).toEqual({ success: true, value: true });
    // Letter case of the address does not matter.
    expect((await form(app, 'username=player01&email=Player01%40Example.com')).statusCode).toBe(200);
  });

  it('refuses a wrong email or an unknown username the same way', async () => {
    const app = await testApp();
    const wrong = await form(app, 'username=player01&email=someone%40example.com');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.envelope.errorCode).toBe('member.email.mismatch');
    const unknown = await form(app, 'username=nobody99&email=player01%40example.com');
    expect(unknown.envelope.errorCode).toBe(wrong.envelope.errorCode);
    expect(unknown.envelope.message).toBe(wrong.envelope.message);
  });

  it('refuses a malformed email or a missing username by the schema', async () => {
    const app = await testApp();
    const bad = await form(app, 'username=player01&email=not-an-email');
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(['body/email']);
    const noUser = await form(app, 'email=player01%40example.com');
    expect(fieldsOf(noUser)).toEqual(['body/username']);
  });

  it('also accepts a JSON body (the simulator parses both)', async () => {
    const app = await testApp();
    const res = await call(app, 'POST', '/wps/member/password/email', { body: { username: 'player01', email: 'player01@example.com' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.envelope.value).toBe(true);
  });
});

describe('set password by phone', () => {
  const MOBILE = '03001234567';
  const forgotCode = async (app: FastifyInstance) => {
    const res = await call(app, 'POST', '/wps/verification/sms/noLogin', { body: { countryDialingCode: '+92', mobileNum: MOBILE } });
    expect(res.statusCode, res.body).toBe(200);
    const code = app.sim.sms.last(MOBILE)?.code;
    if (!code) throw new Error('no forgot SMS in the outbox');
    return code;
  };
  const setByPhone = (app: FastifyInstance, verificationCode: string, newPassword = 'Newpass1!') =>
    call(app, 'POST', '/wps/member/password/verification', {
      encrypted: true,
      body: { newPassword, mobileNum: MOBILE, countryDialingCode: '+92', verificationCode },
    });

  it('is refused with 403 unless CHNGPASSVERIF3 is on', async () => {
    const app = await testApp();
    const res = await setByPhone(app, '123456');
    expect(res.statusCode).toBe(403);
    expect(res.envelope.errorCode).toBe('operation-not-allowed');
  });

  it('with the forgot code: answers a working token; the new password logs in, the old one does not', async () => {
    const app = await testApp();
    app.sim.setFlag('CHNGPASSVERIF3', true);
    const before = await login(app, { username: MOBILE, password: PASSWORD });
    const code = await forgotCode(app);
    const res = await setByPhone(app, code);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.envelope.value.account).toBe(MOBILE);
    const info = await memberInfo(app, res.envelope.value.token as string);
    expect(info.statusCode).toBe(200);
    expect(info.envelope.value.account).toBe(MOBILE);
    // Sessions from before the reset end.
    expect((await memberInfo(app, before)).statusCode).toBe(401);
    expect((await loginAs(app, MOBILE, 'Newpass1!')).statusCode).toBe(200);
    expect((await loginAs(app, MOBILE, PASSWORD)).envelope.errorCode).toBe('login.password.incorrect');
    // The code was used up.
    const reuse = await setByPhone(app, code, 'Another1!');
    expect(reuse.envelope.errorCode).toBe('invalid-verification-code');
  });

  it('refuses a wrong code, a missing code and a login code', async () => {
    const app = await testApp();
    app.sim.setFlag('CHNGPASSVERIF3', true);
    app.sim.setFlag('MOBILEVERCODELOGIN3', true);
    const code = await forgotCode(app);
    const wrong = await setByPhone(app, otherCode(code));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.envelope.errorCode).toBe('invalid-verification-code');
    const missing = await setByPhone(app, '');
    expect(missing.statusCode).toBe(400);
    expect(fieldsOf(missing)).toEqual(['body/verificationCode']);
    // The password is unchanged.
    expect((await loginAs(app, MOBILE, PASSWORD)).statusCode).toBe(200);

    app.sim.clock.advance(1100);
    await call(app, 'POST', '/wps/verification/sms/login', { body: { countryDialingCode: '+92', mobileNum: MOBILE } });
    const loginCode = app.sim.sms.last(MOBILE)?.code ?? '';
    if (loginCode !== code) expect((await setByPhone(app, loginCode)).envelope.errorCode).toBe('invalid-verification-code');
  });
});

describe('member information', () => {
  it('member info: the fields of the logged-in account', async () => {
    const app = await testApp();
    const token = await login(app);
    const res = await memberInfo(app, token);
    expect(res.statusCode).toBe(200);
    const seed = app.sim.accounts.get('player01');
    expect(res.envelope.value).toMatchObject({
      id: 10001,
      account: 'player01',
      isAgent: 0,
      type: 0,
      toUpline: true,
      email: 'player01@example.com',
      mobileNum: '03054463843',
      countryDialingCode: '+92',
      hasPaymentPassword: true,
      customerId: seed?.customerId,
      clubLabel: seed?.clubLabel,
      memberLabel: seed?.memberLabel,
    });
    expect(JSON.stringify(res.envelope.value)).not.toMatch(/hmac-sha256|passwordHash/);
    const vip = await memberInfo(app, await login(app, { username: 'vipplayer', password: PASSWORD }));
    expect(vip.envelope.value.toUpline).toBe(false);
    const agent = await memberInfo(app, await login(app, SEED.agent));
    expect(agent.envelope.value).toMatchObject({ isAgent: 1, affiliateCode: 'AG1001' });
    expect((await memberInfo(app)).statusCode).toBe(401);
  });

  it('consolidated funds: the wallet balance and the points; guests refused', async () => {
    const app = await testApp();
    const token = await login(app);
    const res = await call(app, 'GET', '/wps/member/info/funds/consolidated', { token });
    expect(res.statusCode, res.body).toBe(200);
    const balance = await call(app, 'GET', '/wps/v2/wallets/balance', { token });
    expect(res.envelope.value.balance).toBe(balance.envelope.value.sumBalance);
    expect(res.envelope.value.balance).toBe(1250.75);
    expect(res.envelope.value.points).toBe(app.sim.accounts.get('player01')?.points);
    expect(res.envelope.value.pendingWithdrawal).toBeGreaterThanOrEqual(0);

    const guest = await login(app, { username: 'guest0001', password: 'a1234567' });
    const refused = await call(app, 'GET', '/wps/member/info/funds/consolidated', { token: guest });
    expect(refused.statusCode).toBe(403);
    expect(refused.envelope.errorCode).toBe('in_need_true_account');
  });

  it('affiliate check: a known code names its agent; an unknown one answers invitation_code_error', async () => {
    const app = await testApp();
    const ok = await call(app, 'GET', '/wps/agent/affiliate', { query: { affiliateCode: 'AG1001' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.envelope.value).toMatchObject({ affiliateCode: 'AG1001', agentAccount: 'agent01' });
    const other = await call(app, 'GET', '/wps/agent/affiliate', { query: { affiliateCode: 'AG1002' } });
    expect(other.envelope.value.agentAccount).toBe('agent02');

    const bad = await call(app, 'GET', '/wps/agent/affiliate', { query: { affiliateCode: 'XX0000' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.envelope.errorCode).toBe('invitation_code_error');

    const byDomain = await call(app, 'GET', '/wps/agent/affiliate', { query: { domain: 'play.example.com' } });
    expect(byDomain.statusCode).toBe(200);
    expect(byDomain.envelope.value.domain).toBe('play.example.com');
    expect(byDomain.envelope.value.affiliateCode).toMatch(/^AG/);
    const neither = await call(app, 'GET', '/wps/agent/affiliate');
    expect(neither.envelope.errorCode).toBe('invitation_code_error');
  });

  it('VIP levels: the ladder in rank order and the player rank', async () => {
    const app = await testApp();
    const token = await login(app);
    const res = await call(app, 'GET', '/wps/relay/MCSFE_vipLevels', { token });
    expect(res.statusCode, res.body).toBe(200);
    const levels = res.envelope.value.levels as { rankLevel: number; minDeposit: number }[];
    expect(levels).toHaveLength(app.sim.world.vip.length);
    expect(levels.map((l) => l.rankLevel)).toEqual(levels.map((_, i) => i + 1));
    expect(res.envelope.value.current).toBe(app.sim.accounts.get('player01')?.clubLabel.rankLevel);
    expect(res.envelope.value.progress.deposit).toBeGreaterThan(0);

    const fresh = await register(app, registration('vipfresh1'));
    const freshVip = await call(app, 'GET', '/wps/relay/MCSFE_vipLevels', { token: fresh.envelope.value.token as string });
    expect(freshVip.envelope.value).toMatchObject({ current: 1, progress: { deposit: 0, bet: 0 } });
    expect((await call(app, 'GET', '/wps/relay/MCSFE_vipLevels')).statusCode).toBe(401);
  });

  it('referral: the link carries the referral code, and registering with it makes an invitee', async () => {
    const app = await testApp();
    const token = await login(app);
    const res = await call(app, 'GET', '/wps/member/referral', { token });
    expect(res.statusCode, res.body).toBe(200);
    const { referralCode, link, qrCodeUrl } = res.envelope.value as { referralCode: string; link: string; qrCodeUrl: string };
    expect(referralCode).toBe(app.sim.accounts.get('player01')?.referralCode);
    expect(new URL(link).searchParams.get('referralCode')).toBe(referralCode);
    expect(decodeURIComponent(qrCodeUrl)).toContain(link);

    const reg = await register(app, registration('invited1', { referralCode }));
    expect(reg.statusCode, reg.body).toBe(200);
    const after = await call(app, 'GET', '/wps/member/referral', { token });
    expect(after.envelope.value.invitees.map((i: { account: string }) => i.account)).toContain('invited1');

    // The commission is the brand's REFERRAL promotion prize; what was earned counts depositors only.
    const prize = app.sim.world.promotions.find((p) => p.category === 'REFERRAL')?.prize;
    expect(prize).toBeGreaterThan(0);
    expect(after.envelope.value).toMatchObject({ commission: prize, reward: 0 });
    app.sim.ledger.post('invited1', 'deposit', 20, 'test deposit', app.sim.now());
    const paid = await call(app, 'GET', '/wps/member/referral', { token });
    expect(paid.envelope.value).toMatchObject({ commission: prize, reward: prize });

    const guest = await login(app, { username: 'guest0001', password: 'a1234567' });
    expect((await call(app, 'GET', '/wps/member/referral', { token: guest })).statusCode).toBe(403);
  });
});
