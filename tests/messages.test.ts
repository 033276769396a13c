/**
 * Messages and chat: the unread count drops as messages are read, per
 * account; the chat URL needs CBS3, a real member (guests get in_please_information), and picks the
 * VIP channel above club rank 4.
 */
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { call, login, SEED, testApp } from './helpers';

const CHAT_BODY = { b2c: 1, title: 'Support', language: 'EN', headerColor: '#0b6e4f' };

const guestToken = (app: FastifyInstance) => {
  const guest = [...app.sim.accounts.values()].find((a) => a.isAgent === 4)!;
  return app.sim.sessions.create(guest.account, 'freeplay').token;
};

describe('messages', () => {
  it('lists newest first with paging', async () => {
    const app = await testApp();
    const token = await login(app, SEED.player);
    const all = (
      await call(app, 'GET', '/wps/relay/MCSFE_messageList', { token, query: { pageSize: 100 } })
    ).envelope.value;
    const fixture = app.sim.world.system.messages as { id: number }[];
    expect(all.totalCount).toBe(fixture.length);
    const times = all.list.map((m: { timestamp: number }) => m.timestamp);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const page2 = (
      await call(app, 'GET', '/wps/relay/MCSFE_messageList', {
        token,
        query: { pageNo: 2, pageSize: 2 },
      })
    ).envelope.value;
    expect(page2.list.map((m: { id: number }) => m.id)).toEqual(
      all.list.slice(2, 4).map((m: { id: number }) => m.id),
    );
    expect(page2.totalPages).toBe(Math.ceil(fixture.length / 2));
    const bad = await call(app, 'GET', '/wps/relay/MCSFE_messageList', {
      token,
      query: { pageSize: 101 },
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.envelope.value.fields)).toContain('query/pageSize');
    const infinite = await call(app, 'GET', '/wps/relay/MCSFE_messageList', {
      token,
      query: { pageNo: 'Infinity' },
    });
    expect(infinite.statusCode).toBe(400);
    expect(JSON.stringify(infinite.envelope.value.fields)).toContain('query/pageNo');
    expect((await call(app, 'GET', '/wps/relay/MCSFE_messageList')).statusCode).toBe(401);
  });

  it('reading a message drops the unread count, once, for that account only', async () => {
    const app = await testApp();
    const token = await login(app, SEED.player);
    const unread = async (t: string) =>
      (await call(app, 'GET', '/wps/relay/MCSFE_unreadCount', { token: t })).envelope.value
        .unReadCount;
    const list = (
      await call(app, 'GET', '/wps/relay/MCSFE_messageList', { token, query: { pageSize: 100 } })
    ).envelope.value.list;
    const before = await unread(token);
    expect(before).toBe(list.filter((m: { read: boolean }) => !m.read).length);
    expect(before).toBeGreaterThan(0);

    const target = list.find((m: { read: boolean }) => !m.read);
    const res = await call(app, 'POST', '/wps/relay/MCSFE_readMessage', {
      token,
      body: { id: target.id },
    });
    expect(res.statusCode).toBe(200);
    expect(res.envelope.value).toMatchObject({ id: target.id, read: true });
    expect(await unread(token)).toBe(before - 1);
    // Reading again changes nothing.
    await call(app, 'POST', '/wps/relay/MCSFE_readMessage', { token, body: { id: target.id } });
    expect(await unread(token)).toBe(before - 1);
    const again = (
      await call(app, 'GET', '/wps/relay/MCSFE_messageList', { token, query: { pageSize: 100 } })
    ).envelope.value.list;
    expect(again.find((m: { id: number }) => m.id === target.id).read).toBe(true);

    // Another account still has it unread; guests (token access) have messages too.
    const other = app.sim.sessions.create('vipplayer', 'username').token;
    expect(await unread(other)).toBe(before);
    expect(await unread(guestToken(app))).toBe(before);
  });

  it('readMessage: unknown 404, bad id 400', async () => {
    const app = await testApp();
    const token = await login(app, SEED.player);
    const missing = await call(app, 'POST', '/wps/relay/MCSFE_readMessage', {
      token,
      body: { id: 999_999 },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.envelope.success).toBe(false);
    const bad = await call(app, 'POST', '/wps/relay/MCSFE_readMessage', {
      token,
      body: { id: 'one' },
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.envelope.value.fields)).toContain('body/id');
  });
});

describe('chat', () => {
  it('returns the demo chat URL with the request parameters, and clears the chat unread count', async () => {
    const app = await testApp();
    app.sim.setFlag('CBS3', true);
    const token = await login(app, SEED.player);
    expect(
      (await call(app, 'GET', '/wps/relay/MCSFE_chatUnread', { token })).envelope.value.unReadCount,
    ).toBe(1);
    const res = await call(app, 'POST', '/wps/relay/MCSFE_chatUrl', { token, body: CHAT_BODY });
    expect(res.statusCode).toBe(200);
    const url = new URL(res.envelope.value.chatUrl, 'http://x');
    expect(url.pathname).toBe('/__demo/chat');
    expect(res.envelope.value.chatUrl.startsWith('/__demo/chat?')).toBe(true);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      b2c: '1',
      title: 'Support',
      language: 'EN',
      headerColor: '#0b6e4f',
      account: SEED.player.username,
    });
    expect(url.searchParams.has('vip')).toBe(false);
    expect(
      (await call(app, 'GET', '/wps/relay/MCSFE_chatUnread', { token })).envelope.value.unReadCount,
    ).toBe(0);
  });

  it('members above club rank 4 get the VIP channel', async () => {
    const app = await testApp();
    const token = await login(app, SEED.player);
    app.sim.editAccount(SEED.player.username).clubLabel.rankLevel = 5;
    const url = new URL(
      (await call(app, 'POST', '/wps/relay/MCSFE_chatUrl', { token, body: CHAT_BODY })).envelope
        .value.chatUrl,
      'http://x',
    );
    expect(url.searchParams.get('vip')).toBe('1');
  });

  it('guests get 403 in_please_information; visitors 401', async () => {
    const app = await testApp();
    app.sim.setFlag('CBS3', true);
    const token = guestToken(app);
    for (const [method, path, body] of [
      ['POST', '/wps/relay/MCSFE_chatUrl', CHAT_BODY],
      ['GET', '/wps/relay/MCSFE_chatUnread', undefined],
    ] as const) {
      const res = await call(app, method, path, { token, body });
      expect(res.statusCode, path).toBe(403);
      expect(res.envelope.errorCode).toBe('in_please_information');
      expect((await call(app, method, path, { body })).statusCode).toBe(401);
    }
  });

  it('with CBS3 off the chat is refused 403 operation-not-allowed', async () => {
    const app = await testApp();
    const token = await login(app, SEED.player);
    app.sim.setFlag('CBS3', false);
    const url = await call(app, 'POST', '/wps/relay/MCSFE_chatUrl', { token, body: CHAT_BODY });
    expect(url.statusCode).toBe(403);
    expect(url.envelope.errorCode).toBe('operation-not-allowed');
    const unread = await call(app, 'GET', '/wps/relay/MCSFE_chatUnread', { token });
    expect(unread.statusCode).toBe(403);
    expect(unread.envelope.errorCode).toBe('operation-not-allowed');
    const guest = await call(app, 'POST', '/wps/relay/MCSFE_chatUrl', {
      token: guestToken(app),
      body: CHAT_BODY,
    });
    expect(guest.envelope.errorCode).toBe('operation-not-allowed');
  });

  it('chat URL input is validated; maintenance wins over the guest warning', async () => {
    const app = await testApp();
    const token = await login(app, SEED.player);
    const bad = await call(app, 'POST', '/wps/relay/MCSFE_chatUrl', {
      token,
      body: { ...CHAT_BODY, b2c: 2 },
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.envelope.value.fields)).toContain('body/b2c');
    const missing = await call(app, 'POST', '/wps/relay/MCSFE_chatUrl', {
      token,
      body: { b2c: 1, title: 'x', language: 'EN' },
    });
    expect(JSON.stringify(missing.envelope.value.fields)).toContain('body/headerColor');

    app.sim.world.brand.systemStatus = 1;
    const res = await call(app, 'POST', '/wps/relay/MCSFE_chatUrl', {
      token: guestToken(app),
      body: CHAT_BODY,
    });
    expect(res.statusCode).toBe(503);
    expect(res.envelope.errorCode).toBe('system.maintenance');
  });
});
