/**
 * Security: every token operation of openapi.json refuses a missing, garbage, expired and
 * logged-out token with 401 login.not.session; guests are refused on every member operation, players
 * on every agent operation; a failed login makes the next ones need the captcha.
 *
 * Each test walks every operation in one app and collects the failures, so one report names all
 * operations that misbehave instead of stopping at the first.
 */
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { call, login, SEED, testApp, type CallOptions } from './helpers';
import { exampleRequest, operations, validateReply, type Operation } from './doc';

const secured = operations.filter((op) => op.secured);
const memberOps = operations.filter((op) => op.access === 'member');
const agentOps = operations.filter((op) => op.access === 'agent');

/** The operation's example request (so only the token can be what is refused). */
function requestOf(op: Operation, token: string | undefined): CallOptions {
  const ex = exampleRequest(op);
  const body =
    ex.contentType === 'application/x-www-form-urlencoded'
      ? new URLSearchParams(ex.body as Record<string, string>).toString()
      : ex.body;
  return {
    query: ex.query,
    headers: { ...ex.headers, ...(ex.contentType ? { 'content-type': ex.contentType } : {}) },
    body,
    token,
    encrypted: op.encrypted,
  };
}

/** Call every operation with its own token; return one line per reply other than the expected one. */
async function expectRefusal(
  app: FastifyInstance,
  ops: Operation[],
  tokenFor: (op: Operation) => string | undefined,
  status: number,
  errorCode: string,
): Promise<string[]> {
  const failures: string[] = [];
  for (const op of ops) {
    const res = await call(app, op.method, op.path, requestOf(op, tokenFor(op)));
    const problem = validateReply(op, res.statusCode, res.envelope);
    if (res.statusCode !== status || res.envelope.errorCode !== errorCode || problem) {
      failures.push(
        `${op.operationId} ${op.method} ${op.path} → ${res.statusCode} ${res.body.slice(0, 200)}${problem ? ` (invalid envelope: ${problem})` : ''}`,
      );
    }
  }
  return failures;
}

/** An account that passes the operation's access rule, so only the token itself can be refused. */
const accountFor = (op: Operation) =>
  op.access === 'agent' ? SEED.agent.username : SEED.player.username;

describe('security: token operations', () => {
  it('the document marks token operations consistently', () => {
    expect(secured.length).toBeGreaterThan(0);
    for (const op of operations) expect(op.secured, op.operationId).toBe(op.access !== 'public');
  });

  it('refuse a request without a token: 401 login.not.session', async () => {
    const app = await testApp();
    expect(await expectRefusal(app, secured, () => undefined, 401, 'login.not.session')).toEqual(
      [],
    );
  });

  it('refuse garbage tokens: 401 login.not.session', async () => {
    const app = await testApp();
    const real = await login(app);
    const garbage = [
      'garbage',
      'x'.repeat(4096),
      `${real}x`,
      real.slice(0, -1),
      real.toUpperCase(),
      `Bearer ${real}`,
      ' ',
      '\u00e9\u00e8',
      '../../etc/passwd',
      '{"$ne":null}',
    ];
    let i = 0;
    expect(
      await expectRefusal(
        app,
        secured,
        () => garbage[i++ % garbage.length],
        401,
        'login.not.session',
      ),
    ).toEqual([]);
  });

  it('refuse expired tokens (3 h on the simulator clock): 401 login.not.session', async () => {
    const app = await testApp();
    // One real login plus a session per operation for the account its access rule wants.
    const viaLogin = await login(app);
    const tokens = new Map(
      secured.map((op) => [
        op.operationId,
        app.sim.sessions.create(accountFor(op), 'username').token,
      ]),
    );
    tokens.set(secured[0]?.operationId ?? '', viaLogin);
    // Still valid just before: the same tokens work on getMemberInfo.
    expect((await call(app, 'GET', '/wps/member/info', { token: viaLogin })).statusCode).toBe(200);
    app.sim.clock.advance(3 * 60 * 60_000);
    expect(
      await expectRefusal(
        app,
        secured,
        (op) => tokens.get(op.operationId),
        401,
        'login.not.session',
      ),
    ).toEqual([]);
  });

  it('refuse logged-out tokens: 401 login.not.session', async () => {
    const app = await testApp();
    const tokens = new Map<string, string>();
    const viaLogin = await login(app);
    for (const op of secured)
      tokens.set(op.operationId, app.sim.sessions.create(accountFor(op), 'username').token);
    tokens.set(secured[0]?.operationId ?? '', viaLogin);
    for (const token of tokens.values()) {
      const out = await call(app, 'DELETE', '/wps/session/logout', { token });
      expect(out.statusCode, out.body).toBe(200);
    }
    expect(
      await expectRefusal(
        app,
        secured,
        (op) => tokens.get(op.operationId),
        401,
        'login.not.session',
      ),
    ).toEqual([]);
  });
});

/**
 * Member operations whose guest refusal carries the chat's own warning key instead of
 * in_need_true_account ; still 403.
 */
const GUEST_CHAT_WARNING = new Set(['getChatUrl', 'getChatUnread']);

describe('security: roles', () => {
  it('guests (free play) are refused on every member operation: 403 in_need_true_account', async () => {
    const app = await testApp();
    app.sim.setFlag('FREEPLAY3', true);
    const res = await call(app, 'POST', '/wps/session/login/freeplay', {
      headers: { 'x-gateway-version': '3' },
      body: { os: 'Linux', platform: 'W', value: 'cmFuZG9tLWRldmljZS1zdHJpbmc=' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const guest = res.envelope.value.token as string;
    expect(memberOps.length).toBeGreaterThan(0);
    const chat = memberOps.filter((op) => GUEST_CHAT_WARNING.has(op.operationId));
    const others = memberOps.filter((op) => !GUEST_CHAT_WARNING.has(op.operationId));
    expect(await expectRefusal(app, others, () => guest, 403, 'in_need_true_account')).toEqual([]);
    expect(await expectRefusal(app, chat, () => guest, 403, 'in_please_information')).toEqual([]);
    // The guest's session survives the refusals.
    expect((await call(app, 'GET', '/wps/member/info', { token: guest })).statusCode).toBe(200);
  });

  it('players are refused on every agent operation: 403 agent.not.agent', async () => {
    const app = await testApp();
    const player = await login(app);
    expect(agentOps.length).toBeGreaterThan(0);
    expect(await expectRefusal(app, agentOps, () => player, 403, 'agent.not.agent')).toEqual([]);
  });
});

describe('security: login brute force meets the captcha', () => {
  const loginBody = (password: string, captcha?: string) => ({
    type: 'username',
    username: SEED.player.username,
    password,
    ...(captcha ? { captcha } : {}),
  });

  it('after a failed login the right password alone is refused until the captcha is answered', async () => {
    const app = await testApp();
    const failed = await call(app, 'POST', '/wps/session/login', {
      encrypted: true,
      body: loginBody('wrong-password'),
    });
    expect(failed.statusCode).toBe(400);
    expect(failed.envelope).toMatchObject({ success: false, value: { captcha: true } });

    // The right password without an answer, then with a made-up answer and no captcha cookie.
    for (const attempt of [
      loginBody(SEED.player.password),
      loginBody(SEED.player.password, '0000'),
    ]) {
      const res = await call(app, 'POST', '/wps/session/login', { encrypted: true, body: attempt });
      expect(res.envelope.success, res.body).toBe(false);
      expect(res.envelope.value?.captcha, res.body).toBe(true);
      expect(res.envelope.value?.token).toBeUndefined();
    }

    // A wrong answer to a real challenge is refused too, and consumes the challenge.
    const first = await call(app, 'GET', '/wps/captcha');
    const firstId = first.cookies.find((c) => c.name === 'captchaId')?.value;
    expect(firstId).toBeTruthy();
    const wrongAnswer = app.sim.captcha.lastAnswer === '1234' ? '4321' : '1234';
    const wrong = await call(app, 'POST', '/wps/session/login', {
      encrypted: true,
      body: loginBody(SEED.player.password, wrongAnswer),
      cookies: { captchaId: firstId ?? '' },
    });
    expect(wrong.envelope).toMatchObject({ success: false, value: { captcha: true } });

    // A fresh challenge answered right, with its cookie: in.
    const captcha = await call(app, 'GET', '/wps/captcha');
    expect(captcha.statusCode).toBe(200);
    const captchaId = captcha.cookies.find((c) => c.name === 'captchaId')?.value;
    expect(captchaId).toBeTruthy();
    const answer = app.sim.captcha.lastAnswer;
    expect(answer).toMatch(/^\d{4}$/);
    const ok = await call(app, 'POST', '/wps/session/login', {
      encrypted: true,
      body: loginBody(SEED.player.password, answer ?? ''),
      cookies: { captchaId: captchaId ?? '' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(typeof ok.envelope.value.token).toBe('string');

    // The answer was used once: replaying it (after another failure) does not get in.
    await call(app, 'POST', '/wps/session/login', {
      encrypted: true,
      body: loginBody('wrong-again'),
    });
    const replay = await call(app, 'POST', '/wps/session/login', {
      encrypted: true,
      body: loginBody(SEED.player.password, answer ?? ''),
      cookies: { captchaId: captchaId ?? '' },
    });
    expect(replay.envelope).toMatchObject({ success: false, value: { captcha: true } });
  });

  it('a burst of wrong passwords never logs in and never opens a session', async () => {
    const app = await testApp();
    const before = app.sim.sessions.size;
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(app, 'POST', '/wps/session/login', { encrypted: true, body: loginBody(`guess-${i}`) }),
      ),
    );
    for (const r of replies) {
      expect(r.envelope.success).toBe(false);
      expect(r.statusCode).toBeLessThan(500);
      expect(r.envelope.value?.captcha).toBe(true);
    }
    expect(app.sim.sessions.size).toBe(before);
  });
});
