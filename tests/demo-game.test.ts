/** The sandbox demo game and chat pages: launch tickets, real bets through the ledger, CSP. */
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../server/app';
import { demoGameRoutes } from '../server/routes/demo-game';
import { placeDemoBet, SLOT_PAYS, type Rng } from '../server/sim/demo-play';
import { call, login } from './helpers';

const open: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((app) => app.close()));
});

/** The simulator app with the demo routes (registered here until app.ts does it). */
async function demoApp(): Promise<FastifyInstance> {
  const app = await buildApp({ controlApi: true });
  open.push(app);
  if (!app.hasRoute({ method: 'POST', url: '/__demo/bet' })) await app.register(demoGameRoutes);
  await app.ready();
  return app;
}

const ticketOf = (url: string) => new URL(url, 'http://sim').searchParams.get('ticket') ?? '';

async function launch(app: FastifyInstance, token: string, gameId = 1001): Promise<string> {
  const res = await call(app, 'POST', '/wps/game/launchGame', { token, body: { gameId } });
  expect(res.envelope.success, res.body).toBe(true);
  return ticketOf(res.envelope.value.game_url);
}

const bet = (app: FastifyInstance, payload: object) =>
  app
    .inject({ method: 'POST', url: '/__demo/bet', payload })
    .then((res) => ({ res, envelope: res.json() }));

/** Always picks the same index: reels of a kind, equal cards, equal balls. */
const fixed =
  (n: number): Rng =>
  (max) =>
    Math.min(n, max - 1);

describe('demo game page', () => {
  it('serves a self-contained page under a nonce CSP for a live ticket', async () => {
    const app = await demoApp();
    const token = await login(app);
    const ticket = await launch(app, token);
    const res = await app.inject({ method: 'GET', url: `/__demo/game?ticket=${ticket}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const csp = String(res.headers['content-security-policy']);
    const nonce = /script-src 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    // Every executable script carries the nonce; the only other script is the JSON data block.
    const scripts = [...res.body.matchAll(/<script([^>]*)>/g)].map((m) => m[1] ?? '');
    for (const attrs of scripts)
      expect(attrs.includes(`nonce="${nonce}"`) || attrs.includes('application/json')).toBe(true);
    expect(res.body).toContain('Fortune Tiger');
    expect(res.body).toContain('Spin');
    expect(res.body).not.toMatch(/(src|href)="https?:/);
    // A fresh nonce per response.
    const again = await app.inject({ method: 'GET', url: `/__demo/game?ticket=${ticket}` });
    expect(again.headers['content-security-policy']).not.toBe(csp);
  });

  it('answers 401 for an unknown or missing ticket', async () => {
    const app = await demoApp();
    for (const url of ['/__demo/game?ticket=nope', '/__demo/game']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(401);
      expect(res.body).toContain('Game session ended');
      expect(res.headers['content-security-policy']).toContain('nonce-');
    }
  });

  it('escapes names and keeps the ticket page script-safe', async () => {
    const app = await demoApp();
    const token = await login(app);
    const game = app.sim.own('games').find((g) => g.gameId === 1001);
    if (!game) throw new Error('fixture game missing');
    game.gameName = '</script><img src=x onerror=alert(1)>';
    const ticket = await launch(app, token);
    const res = await app.inject({ method: 'GET', url: `/__demo/game?ticket=${ticket}` });
    expect(res.body).not.toContain('<img src=x');
    expect(res.body).toContain('&lt;/script&gt;');
  });
});

describe('demo bets', () => {
  it('moves the balance and writes a betting record, an account record, a recent game and points', async () => {
    const app = await demoApp();
    const token = await login(app);
    const ticket = await launch(app, token, 1001);
    const before = app.sim.ledger.balance('player01');
    const bets = app.sim.ledger.betsOf('player01').length;
    const points = app.sim.findAccount('player01')?.points ?? 0;

    const { res, envelope } = await bet(app, { ticket, amount: 10 });
    expect(res.statusCode).toBe(200);
    expect(envelope.success).toBe(true);
    const v = envelope.value;
    expect(v.betAmount).toBe(10);
    expect(v.balance).toBeCloseTo(before - 10 + v.winAmount, 2);
    expect(app.sim.ledger.balance('player01')).toBeCloseTo(v.balance, 2);

    const betting = await call(app, 'GET', '/wps/record/betting', { token });
    expect(betting.envelope.value.totalCount).toBe(bets + 1);
    expect(betting.envelope.value.list[0]).toMatchObject({
      id: v.betId,
      vendor: 'PG',
      gameName: 'Fortune Tiger',
      betAmount: 10,
      winAmount: v.winAmount,
    });
    const account = await call(app, 'GET', '/wps/record/account', {
      token,
      query: { kind: 'bet' },
    });
    expect(account.envelope.value.list[0]).toMatchObject({
      kind: 'bet',
      amount: -10,
      remark: 'PG Fortune Tiger',
    });
    if (v.winAmount > 0) {
      const wins = await call(app, 'GET', '/wps/record/account', { token, query: { kind: 'win' } });
      expect(wins.envelope.value.list[0]).toMatchObject({ kind: 'win', amount: v.winAmount });
    }
    const recent = await call(app, 'GET', '/wps/relay/GCS_recentGame', { token });
    expect(recent.envelope.value.list[0].gameId).toBe(1001);
    expect(app.sim.findAccount('player01')?.points).toBe(points + 10);
    expect(app.sim.ledger.consistent('player01')).toBe(true);
  });

  it('pays by the table: three sevens 150x, a Dragon Tiger win 2x and a tie half back', async () => {
    const app = await demoApp();
    const token = await login(app);
    const slot = await launch(app, token, 1001);
    const before = app.sim.ledger.balance('player01');
    const sevens = placeDemoBet(app.sim, slot, 1, undefined, fixed(99));
    expect(sevens.result.symbols).toEqual(['seven', 'seven', 'seven']);
    expect(sevens.winAmount).toBe(SLOT_PAYS.seven);
    expect(app.sim.ledger.balance('player01')).toBeCloseTo(before - 1 + 150, 2);

    const pvp = app.sim.world.games.find((g) => g.rooms?.length && !g.maintenance);
    const room = pvp?.rooms?.[0];
    if (!pvp || !room) throw new Error('fixture has no PVP rooms');
    const res = await call(app, 'POST', '/wps/relay/GLS2_launchRoom', {
      token,
      body: { gameId: pvp.gameId, roomId: room.roomId },
    });
    const table = ticketOf(res.envelope.value.content);
    const tie = placeDemoBet(app.sim, table, room.minBet * 2, 'tiger', fixed(5));
    expect(tie.result).toMatchObject({ mode: 'table', outcome: 'tie' });
    expect(tie.winAmount).toBeCloseTo(room.minBet, 2);
    let draw = 0;
    const dragonHigh: Rng = (max) => (max === 13 ? (draw++ === 0 ? 12 : 0) : 0);
    const win = placeDemoBet(app.sim, table, room.minBet, 'dragon', dragonHigh);
    expect(win.result.outcome).toBe('win');
    expect(win.winAmount).toBeCloseTo(room.minBet * 2, 2);
  });

  it('refuses a bad ticket with a 401 envelope', async () => {
    const app = await demoApp();
    const { res, envelope } = await bet(app, { ticket: 'not-a-ticket', amount: 1 });
    expect(res.statusCode).toBe(401);
    expect(envelope).toMatchObject({ success: false, errorCode: 'game.ticket.invalid' });
  });

  it('refuses a stake above the balance with wallet.insufficient.balance, changing nothing', async () => {
    const app = await demoApp();
    const token = await login(app, { username: 'newbie', password: 'a1234567' });
    const ticket = await launch(app, token);
    const { res, envelope } = await bet(app, { ticket, amount: 1 });
    expect(res.statusCode).toBe(400);
    expect(envelope).toMatchObject({ success: false, errorCode: 'wallet.insufficient.balance' });
    expect(app.sim.ledger.betsOf('newbie')).toHaveLength(0);
    expect(app.sim.ledger.balance('newbie')).toBe(0);
  });

  it.each([
    ['below the minimum bet', { amount: 0.1 }],
    ['above the maximum bet', { amount: 10_001 }],
    ['three decimals', { amount: 1.005 }],
    ['no amount', {}],
    ['a text amount', { amount: 'lots' }],
    ['a pick on a slot', { amount: 1, pick: 'dragon' }],
    ['an unknown field', { amount: 1, extra: true }],
  ])('refuses %s with request_param_err', async (_name, body) => {
    const app = await demoApp();
    const token = await login(app);
    const ticket = await launch(app, token);
    const before = app.sim.ledger.balance('player01');
    const { res, envelope } = await bet(app, { ticket, ...body });
    expect(res.statusCode).toBe(400);
    expect(envelope.errorCode).toBe('request_param_err');
    expect(app.sim.ledger.balance('player01')).toBe(before);
  });

  it('ends the ticket with the session, after the ticket lifetime, and when the game goes into maintenance', async () => {
    const app = await demoApp();
    let token = await login(app);
    let ticket = await launch(app, token);
    await call(app, 'DELETE', '/wps/session/logout', { token });
    expect((await bet(app, { ticket, amount: 1 })).res.statusCode).toBe(401);

    token = await login(app);
    ticket = await launch(app, token);
    const game = app.sim.own('games').find((g) => g.gameId === 1001);
    if (!game) throw new Error('fixture game missing');
    game.maintenance = true;
    expect((await bet(app, { ticket, amount: 1 })).envelope.errorCode).toBe('game.maintenance');
    game.maintenance = false;
    expect((await bet(app, { ticket, amount: 1 })).envelope.success).toBe(true);

    app.sim.world.brand.systemStatus = 1;
    expect((await bet(app, { ticket, amount: 1 })).res.statusCode).toBe(503);
  });

  it('plays a lottery from the lobby launch: recent and popular lotteries follow', async () => {
    const app = await demoApp();
    const token = await login(app);
    const res = await call(app, 'POST', '/lgw/games/lobby/launch', {
      token,
      body: { area: 'VN', mode: 'LOTT', gameCode: 'VNHCM', view: 'betting', backUrl: '/vnlottery' },
    });
    const ticket = ticketOf(res.envelope.value.url);
    const page = await app.inject({ method: 'GET', url: `/__demo/game?ticket=${ticket}` });
    expect(page.body).toContain('href="/vnlottery"');
    const played = await bet(app, { ticket, amount: 2, pick: 'small' });
    expect(played.envelope.value.result).toMatchObject({ mode: 'lottery', pick: 'small' });
    expect(played.envelope.value.result.balls).toHaveLength(3);
    expect((await bet(app, { ticket, amount: 2, pick: 'odd' })).res.statusCode).toBe(400);

    const recent = await call(app, 'GET', '/lgw/vn/games/game_menu/recent', {
      token,
      query: { prizeMode: 'SEA' },
    });
    expect(recent.envelope.value.gameMenus).toEqual([
      {
        gameGroupCode: 'SOUTH',
        labelName: 'South Vietnam',
        games: [expect.objectContaining({ gameCode: 'VNHCM' })],
      },
    ]);
    const popular = await call(app, 'GET', '/lgw/games/popular', { query: { count: 3 } });
    expect(popular.envelope.value[0].gameCode).toBe('VNHCM');
    const betting = await call(app, 'GET', '/wps/record/betting', { token });
    expect(betting.envelope.value.list[0]).toMatchObject({
      vendor: 'VNL',
      gameType: 'LOTT',
      gameName: 'Ho Chi Minh City',
    });
  });

  it('drops a backUrl that leaves the site', async () => {
    const app = await demoApp();
    const token = await login(app);
    const res = await call(app, 'POST', '/lgw/games/lobby/launch', {
      token,
      body: { view: 'lobby', backUrl: '//evil.example/x' },
    });
    const page = await app.inject({ method: 'GET', url: res.envelope.value.url });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('evil.example');
  });
});

describe('lottery lobby page', () => {
  const unescape = (s: string) => s.replace(/&amp;/g, '&');
  /** The entries of a lobby page: each link's address and its lottery's name. */
  const entries = (html: string) =>
    [...html.matchAll(/<a class="entry[^"]*" href="([^"]+)"[^>]*>\s*<span class="name" id="[^"]+">([^<]+)<\/span>/g)].map(
      (m) => ({ href: unescape(m[1] ?? ''), name: m[2] ?? '' }),
    );
  const lobbyLaunch = async (app: FastifyInstance, token: string, body: object = {}) => {
    const res = await call(app, 'POST', '/lgw/games/lobby/launch', {
      token,
      body: { area: 'VN', mode: 'LOTT', view: 'lobby', device: 'WEB', language: 'EN', ...body },
    });
    expect(res.envelope.success, res.body).toBe(true);
    return res.envelope.value.url as string;
  };

  it('lists every lottery of the area by group, and an entry opens that lottery\'s betting page', async () => {
    const app = await demoApp();
    const token = await login(app);
    const url = await lobbyLaunch(app, token);
    const page = await app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain('nonce-');

    const groups = app.sim.world.lottery.vnGameMenus;
    const lotteries = groups.flatMap((g) => g.games);
    const listed = entries(page.body);
    expect(listed.map((e) => e.name)).toEqual(lotteries.map((g) => g.gameName));
    expect(listed.length).toBeGreaterThan(1);
    for (const group of groups) expect(page.body).toMatch(new RegExp(`<h2[^>]*>${group.labelName}</h2>`));
    // Each with its next draw's number, as the lottery lists answer it.
    const menu = await call(app, 'GET', '/lgw/vn/games/game_menu', { query: { prizeMode: 'SEA' } });
    const vnHanoi = (menu.envelope.value.gameMenus as { games: { gameCode: string; nextNumero: string }[] }[])
      .flatMap((g) => g.games)
      .find((g) => g.gameCode === 'VNHN');
    expect(page.body).toContain(`<bdi dir="ltr">${vnHanoi?.nextNumero}</bdi>`);
    expect(page.body).toContain('role="timer"');
    // The lobby itself places no bets.
    expect((await bet(app, { ticket: ticketOf(url), amount: 1, pick: 'big' })).res.statusCode).toBe(400);

    const canTho = listed.find((e) => e.name === 'Can Tho');
    if (!canTho) throw new Error('Can Tho is not listed');
    const open = await app.inject({ method: 'GET', url: canTho.href });
    expect(open.statusCode).toBe(303);
    const gameUrl = String(open.headers.location);
    expect(gameUrl).toMatch(/^\/__demo\/game\?ticket=/);
    expect(ticketOf(gameUrl)).not.toBe(ticketOf(url));
    const game = await app.inject({ method: 'GET', url: gameUrl });
    expect(game.statusCode).toBe(200);
    expect(game.body).toContain('<h1>Can Tho</h1>');
    expect(game.body).toContain('Lucky Balls');
    // Its way back leads to the lobby, in the same frame.
    expect(game.body).toContain(`href="${url}"`);
    const played = await bet(app, { ticket: ticketOf(gameUrl), amount: 2, pick: 'big' });
    expect(played.envelope.success, played.res.body).toBe(true);
    const records = await call(app, 'GET', '/wps/record/betting', { token });
    expect(records.envelope.value.list[0]).toMatchObject({ gameName: 'Can Tho', vendor: 'VNL' });
    // Choosing the same lottery again opens the same betting ticket.
    expect((await app.inject({ method: 'GET', url: canTho.href })).headers.location).toBe(gameUrl);
  });

  it('speaks the launch language: Urdu right to left, with the lottery names of the fixtures', async () => {
    const app = await demoApp();
    const token = await login(app);
    const page = await app.inject({ method: 'GET', url: await lobbyLaunch(app, token, { language: 'UR' }) });
    expect(page.body).toContain('<html lang="ur" dir="rtl">');
    expect(page.body).toContain('<h1>لاٹری لابی</h1>');
    expect(entries(page.body).map((e) => e.name)).toContain('ہنوئی');
    expect(page.body).toContain('شمالی ویتنام');
    const english = await app.inject({ method: 'GET', url: await lobbyLaunch(app, token) });
    expect(english.body).toContain('<html lang="en" dir="ltr">');
    expect(english.body).toContain('<h1>Lottery lobby</h1>');
  });

  it('never bypasses the session and survives bad input with a clear page', async () => {
    const app = await demoApp();
    const token = await login(app);
    const url = await lobbyLaunch(app, token);
    const [first] = entries((await app.inject({ method: 'GET', url })).body);
    if (!first) throw new Error('no entry');
    const get = (u: string) => app.inject({ method: 'GET', url: u });

    const notListed = await get(`${url}&gameCode=LLSSC1`);
    expect(notListed.statusCode).toBe(404);
    expect(notListed.body).toContain('Lottery not found');
    expect(notListed.body).toContain(`href="${url}"`);
    expect((await get(`${url}&gameCode=NOPE`)).statusCode).toBe(404);
    expect((await get(`${url}&gameCode=`)).statusCode).toBe(400);
    expect((await get(`${url}&gameCode=VNHN&gameCode=VNCT`)).statusCode).toBe(400);
    expect((await get(`${url}&gameCode=${'X'.repeat(500)}`)).statusCode).toBe(400);
    const betting = await launch(app, token);
    expect((await get(`/__demo/game?ticket=${betting}&gameCode=VNHN`)).statusCode).toBe(400);
    const badLaunch = await call(app, 'POST', '/lgw/games/lobby/launch', { token, body: { view: 'lobby', gameCode: 'NOPE' } });
    expect(badLaunch.statusCode).toBe(404);
    const unknown = await get('/__demo/game?ticket=nope&gameCode=VNHN');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.body).toContain('Game session ended');

    // A lottery under maintenance: the lobby says so and leads back, even once it was opened.
    expect((await get(`${url}&gameCode=VNHN`)).statusCode).toBe(303);
    const listedGame = app.sim.own('games').find((g) => g.gameCode === 'VNHN' && g.gameType === 'LOTT');
    if (!listedGame) throw new Error('fixture game VNHN missing');
    listedGame.maintenance = true;
    const closed = await get(`${url}&gameCode=VNHN`);
    expect(closed.statusCode).toBe(400);
    expect(closed.body).toContain('This lottery cannot be opened');
    expect(closed.body).toContain(`href="${url}"`);
    listedGame.maintenance = false;

    await call(app, 'DELETE', '/wps/session/logout', { token });
    const ended = await get(first.href);
    expect(ended.statusCode).toBe(401);
    expect(ended.body).toContain('Game session ended');
    expect((await get(url)).statusCode).toBe(401);
  });

  it('answers the next draws for the countdowns, following the simulator clock', async () => {
    const app = await demoApp();
    const token = await login(app);
    const ticket = ticketOf(await lobbyLaunch(app, token));
    const draws = async (t: string) => {
      const res = await app.inject({ method: 'GET', url: `/__demo/lobby/draws?ticket=${t}` });
      return { status: res.statusCode, envelope: res.json() };
    };
    const before = await draws(ticket);
    expect(before.status).toBe(200);
    const codes = app.sim.world.lottery.vnGameMenus.flatMap((g) => g.games.map((x) => x.gameCode));
    const games = before.envelope.value.games as { gameCode: string; nextNumero: string; nextDrawTime: number }[];
    expect(games.map((g) => g.gameCode)).toEqual(codes);
    const fast = games.find((g) => g.gameCode === 'VN1M');
    expect(fast?.nextDrawTime).toBeGreaterThan(before.envelope.value.now);
    await app.inject({ method: 'POST', url: '/__sim/clock/advance', payload: { ms: 60_000 } });
    const after = (await draws(ticket)).envelope.value.games.find((g: { gameCode: string }) => g.gameCode === 'VN1M');
    expect(after.nextNumero).not.toBe(fast?.nextNumero);
    expect(after.nextDrawTime).toBe((fast?.nextDrawTime ?? 0) + 60_000);
    expect((await draws('nope')).status).toBe(401);
    expect((await draws(await launch(app, token))).status).toBe(400);
  });
});

describe('demo chat page', () => {
  it('serves the live-chat page under a nonce CSP, with a VIP variant', async () => {
    const app = await demoApp();
    const res = await app.inject({ method: 'GET', url: '/__demo/chat' });
    expect(res.statusCode).toBe(200);
    const nonce = /script-src 'nonce-([^']+)'/.exec(
      String(res.headers['content-security-policy']),
    )?.[1];
    expect(res.body).toContain(`<script nonce="${nonce}">`);
    expect(res.body).toContain('Live Chat');
    const vip = await app.inject({ method: 'GET', url: '/__demo/chat?vip=1' });
    expect(vip.body).toContain('VIP Service');
  });
});
