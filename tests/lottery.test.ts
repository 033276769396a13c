/** Lottery area: menus by prize mode, recent and popular lotteries, Vietnamese draws, lobby launch. */
import { describe, expect, it } from 'vitest';
import { call, login, testApp } from './helpers';

type App = Awaited<ReturnType<typeof testApp>>;
interface Numero {
  gameCode: string;
  numero: string;
  openTime: number;
  result: string;
}
const DAY = 86_400_000;

const groupCodes = async (app: App, prizeMode?: string) => {
  const res = await call(app, 'GET', '/lgw/vn/games/game_menu', {
    query: prizeMode === undefined ? {} : { prizeMode },
  });
  expect(res.envelope.success, res.body).toBe(true);
  return (res.envelope.value.gameMenus as { gameGroupCode: string }[]).map((g) => g.gameGroupCode);
};

const numeros = async (app: App, gameCode: string, count?: number) => {
  const res = await call(app, 'GET', '/lgw/vn/numeros/opened/game', {
    query: count === undefined ? { gameCode } : { gameCode, count },
  });
  expect(res.envelope.success, res.body).toBe(true);
  return res.envelope.value as Numero[];
};

describe('lottery menus', () => {
  it('answers the menus of each prize mode with gameGroupCode, labelName and games', async () => {
    const app = await testApp();
    expect(await groupCodes(app, 'Lott')).toEqual(['SSC', 'K3', 'PK10', '11X5']);
    expect(await groupCodes(app, 'Elott')).toEqual(['FAST']);
    expect(await groupCodes(app, 'ZY')).toEqual(['DIGIT']);
    expect(await groupCodes(app, 'SEA')).toEqual(['SEA', 'NORTH', 'SOUTH', 'CENTRAL', 'VNFAST']);
    expect(await groupCodes(app, 'lott')).toEqual(['SSC', 'K3', 'PK10', '11X5']);
    expect((await groupCodes(app)).length).toBe(11);
    const res = await call(app, 'GET', '/lgw/vn/games/game_menu', { query: { prizeMode: 'Lott' } });
    const [ssc] = res.envelope.value.gameMenus;
    expect(ssc).toMatchObject({ gameGroupCode: 'SSC', labelName: 'Time Lottery' });
    expect(ssc.games[0]).toEqual({
      gameCode: 'LLSSC1',
      gameName: 'Lotus SSC 1 Min',
      defaultPlayType: '5X_DIRECT',
      drawIntervalSeconds: 60,
      // The lobby shows the next draw's number and time, on the world's clock.
      nextNumero: expect.stringMatching(/^\d{8}-\d{4}$/),
      nextDrawTime: expect.any(Number),
    });
  });

  it('gives each lottery its next draw: the number and time after the world clock, moving with it', async () => {
    const app = await testApp();
    const first = async () =>
      (await call(app, 'GET', '/lgw/vn/games/game_menu', { query: { prizeMode: 'Lott' } })).envelope.value.gameMenus[0].games[0];
    const now = app.sim.now();
    const a = await first();
    expect(a.nextDrawTime).toBeGreaterThan(now);
    expect(a.nextDrawTime - now).toBeLessThanOrEqual(a.drawIntervalSeconds * 1000);
    expect(a.nextDrawTime % (a.drawIntervalSeconds * 1000)).toBe(0);
    // The draw after the latest opened one.
    const opened = (await call(app, 'GET', '/lotto/lgw/games/opened/numero', { query: { gameCode: a.gameCode } })).envelope.value;
    expect(a.nextDrawTime - opened.openTime).toBe(a.drawIntervalSeconds * 1000);
    app.sim.clock.advance(a.drawIntervalSeconds * 1000);
    const b = await first();
    expect(b.nextDrawTime).toBe(a.nextDrawTime + a.drawIntervalSeconds * 1000);
    expect(b.nextNumero).not.toBe(a.nextNumero);
  });

  it('refuses a prize mode the brand does not offer', async () => {
    const app = await testApp();
    const res = await call(app, 'GET', '/lgw/vn/games/game_menu', { query: { prizeMode: 'XYZ' } });
    expect(res.statusCode).toBe(400);
    expect(res.envelope.errorCode).toBe('request_param_err');
    const long = await call(app, 'GET', '/lgw/vn/games/game_menu', {
      query: { prizeMode: 'x'.repeat(17) },
    });
    expect(long.statusCode).toBe(400);
  });

  it('answers an empty recent menu to visitors and players who have not played', async () => {
    const app = await testApp();
    const visitor = await call(app, 'GET', '/lgw/vn/games/game_menu/recent', {
      query: { prizeMode: 'SEA' },
    });
    expect(visitor.envelope.value).toEqual({ gameMenus: [] });
    const token = await login(app);
    const player = await call(app, 'GET', '/lgw/vn/games/game_menu/recent', {
      token,
      query: { prizeMode: 'SEA' },
    });
    expect(player.envelope.value).toEqual({ gameMenus: [] });
  });
});

describe('popular lotteries', () => {
  it('answers 20 by default, or the count asked, within a prize mode', async () => {
    const app = await testApp();
    const res = await call(app, 'GET', '/lgw/games/popular', {
      query: { prizeMode: 'Lott', device: 'WEB', language: 'EN' },
    });
    expect(res.envelope.value.length).toBe(8);
    const all = await call(app, 'GET', '/lgw/games/popular');
    expect(all.envelope.value).toHaveLength(20);
    const five = await call(app, 'GET', '/lgw/games/popular', { query: { count: 5 } });
    expect(five.envelope.value).toHaveLength(5);
    // Fastest draws first when nobody has bet yet.
    const intervals = five.envelope.value.map(
      (g: { drawIntervalSeconds: number }) => g.drawIntervalSeconds,
    );
    expect([...intervals].sort((a, b) => a - b)).toEqual(intervals);
    expect((await call(app, 'GET', '/lgw/games/popular', { query: { count: 0 } })).statusCode).toBe(
      400,
    );
    expect(
      (await call(app, 'GET', '/lgw/games/popular', { query: { count: 101 } })).statusCode,
    ).toBe(400);
  });
});

describe('Vietnamese draws', () => {
  it('answers 100 past draws by default, newest first, one draw interval apart', async () => {
    const app = await testApp();
    const draws = await numeros(app, 'VNHN');
    expect(draws).toHaveLength(100);
    expect(draws[0]?.openTime).toBeLessThanOrEqual(app.sim.now());
    expect(draws[0]?.openTime).toBeGreaterThan(app.sim.now() - DAY);
    for (let i = 1; i < draws.length; i++)
      expect((draws[i - 1]?.openTime ?? 0) - (draws[i]?.openTime ?? 0)).toBe(DAY);
    for (const d of draws) {
      expect(d.numero).toMatch(/^\d{8}$/);
      expect(d.result.split(',')).toHaveLength(27);
    }
    const fast = await numeros(app, 'VN1M', 10);
    expect(fast).toHaveLength(10);
    expect(fast[0]?.numero).toMatch(/^\d{8}-\d{4}$/);
    expect(fast[0]?.result.split(',')).toHaveLength(9);
  });

  it('serves the fixture history at the world time and generates the same later draws every time', async () => {
    const app = await testApp();
    const fixture = (app.sim.world.lottery.numeros as Numero[]).filter(
      (n) => n.gameCode === 'VNHN',
    );
    app.sim.clock.advance(Date.UTC(2026, 10, 20, 12, 0, 0) - app.sim.now());
    const draws = await numeros(app, 'VNHN');
    expect(draws).toEqual(fixture.slice(0, 100));
    // A lottery without fixture history still has 100 draws, identical on every call.
    const hcm = await numeros(app, 'VNHCM');
    expect(hcm).toHaveLength(100);
    expect(await numeros(app, 'VNHCM')).toEqual(hcm);
  });

  it('refuses non-Vietnamese or unknown codes and bad counts', async () => {
    const app = await testApp();
    expect(
      (await call(app, 'GET', '/lgw/vn/numeros/opened/game', { query: { gameCode: 'KENO80' } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(app, 'GET', '/lgw/vn/numeros/opened/game', { query: { gameCode: 'NOPE' } }))
        .statusCode,
    ).toBe(404);
    expect((await call(app, 'GET', '/lgw/vn/numeros/opened/game')).statusCode).toBe(400);
    expect(
      (
        await call(app, 'GET', '/lgw/vn/numeros/opened/game', {
          query: { gameCode: 'VNHN', count: 201 },
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe('opened numero', () => {
  it('is the latest draw, and moves on with the clock', async () => {
    const app = await testApp();
    const latest = await call(app, 'GET', '/lotto/lgw/games/opened/numero', {
      query: { gameCode: 'VNHN' },
    });
    const [first] = await numeros(app, 'VNHN', 1);
    expect(latest.envelope.value).toEqual(first);
    app.sim.clock.advance(DAY);
    const next = await call(app, 'GET', '/lotto/lgw/games/opened/numero', {
      query: { gameCode: 'VNHN' },
    });
    expect(next.envelope.value.openTime).toBe((first?.openTime ?? 0) + DAY);
    const history = await numeros(app, 'VNHN', 2);
    expect(history[1]).toEqual(first);
  });

  it('answers any lottery in its own result format, and 404 for unknown codes', async () => {
    const app = await testApp();
    const get = async (gameCode: string) =>
      (await call(app, 'GET', '/lotto/lgw/games/opened/numero', { query: { gameCode } })).envelope
        .value as Numero;
    expect((await get('LLSSC1')).result).toMatch(/^\d(,\d){4}$/);
    expect((await get('LLK3_1')).result).toMatch(/^[1-6],[1-6],[1-6]$/);
    expect((await get('LLPK10')).result.split(',').sort()).toEqual([
      '01',
      '02',
      '03',
      '04',
      '05',
      '06',
      '07',
      '08',
      '09',
      '10',
    ]);
    expect((await get('KENO80')).result.split(',')).toHaveLength(20);
    expect(
      (await call(app, 'GET', '/lotto/lgw/games/opened/numero', { query: { gameCode: 'NOPE' } }))
        .statusCode,
    ).toBe(404);
  });
});

describe('lottery lobby launch', () => {
  it('answers a launch url for the betting view of a lottery and for the lobby', async () => {
    const app = await testApp();
    const token = await login(app);
    const betting = await call(app, 'POST', '/lgw/games/lobby/launch', {
      token,
      body: {
        area: 'VN',
        mode: 'LOTT',
        gameCode: 'VNHN',
        view: 'betting',
        device: 'WEB',
        backUrl: '/vnlottery',
        language: 'EN',
      },
    });
    expect(betting.envelope.value.url).toMatch(/^\/__demo\/game\?ticket=/);
    const lobby = await call(app, 'POST', '/lgw/games/lobby/launch', {
      token,
      body: { view: 'lobby' },
    });
    expect(lobby.envelope.value.url).toMatch(/^\/__demo\/game\?ticket=/);
  });

  it('refuses bad requests, unknown lotteries, visitors and guests', async () => {
    const app = await testApp();
    const token = await login(app);
    const launch = (body: object, t: string | null = token) =>
      call(app, 'POST', '/lgw/games/lobby/launch', { ...(t ? { token: t } : {}), body });
    expect((await launch({ view: 'betting' })).envelope.errorCode).toBe('request_param_err');
    expect((await launch({ view: 'betting', gameCode: 'NOPE' })).statusCode).toBe(404);
    expect((await launch({ view: 'lobby', mode: 'XX' })).envelope.errorCode).toBe(
      'request_param_err',
    );
    expect((await launch({ view: 'table' })).statusCode).toBe(400);
    expect((await launch({})).statusCode).toBe(400);
    expect((await launch({ view: 'lobby' }, null)).statusCode).toBe(401);
    app.sim.setFlag('FREEPLAY3', true);
    const guest = await call(app, 'POST', '/wps/session/login/freeplay', {
      headers: { 'x-gateway-version': '3' },
      body: { os: 'Linux', platform: 'W', value: 'device-fingerprint-1234' },
    });
    const refused = await launch({ view: 'lobby' }, guest.envelope.value.token);
    expect(refused.envelope.errorCode).toBe('in_need_true_account');
  });
});
