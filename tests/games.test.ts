/** Games area: menus, vendor lanes, lobby lists, hot/recent/favourites, launch, PVP rooms, suggestions. */
import { describe, expect, it } from 'vitest';
import { call, login, testApp } from './helpers';

type App = Awaited<ReturnType<typeof testApp>>;
interface GameRow {
  gameId: number;
  nodeId: number;
  gameType: string;
  vassalage: string;
  vendor: string;
  gameClassify: string;
  gameName: string;
  isHot: number;
  minBet: number;
  minLineNum: number;
  maintenance: boolean;
}

async function guestToken(app: App): Promise<string> {
  app.sim.setFlag('FREEPLAY3', true);
  const res = await call(app, 'POST', '/wps/session/login/freeplay', {
    headers: { 'x-gateway-version': '3' },
    body: { os: 'Linux', platform: 'W', value: 'device-fingerprint-1234' },
  });
  expect(res.envelope.value.isAgent).toBe(4);
  return res.envelope.value.token as string;
}

const list = async (app: App, query: Record<string, string | number>) => {
  const res = await call(app, 'GET', '/wps/relay/GCSGAME_gameList', { query });
  expect(res.envelope.success, res.body).toBe(true);
  return res.envelope.value as { list: GameRow[]; totalPages: number };
};

describe('menus and vendor lanes', () => {
  it('lists each category that has vendors, with their vassalage', async () => {
    const app = await testApp();
    const res = await call(app, 'GET', '/lgw/games/game_menus');
    const menus = res.envelope.value as {
      gameCategory: string;
      vendors: { vendor: string; vassalage: string }[];
    }[];
    expect(menus.length).toBeGreaterThan(5);
    for (const m of menus) expect(m.vendors.length).toBeGreaterThan(0);
    expect(
      menus.find((m) => m.gameCategory === 'RNG')?.vendors.some((v) => v.vassalage === 'PG_RNG'),
    ).toBe(true);
  });

  it('answers lanes by category at value.data.lanes, esports cards in SPORTS marked gameClassify ESPORTS', async () => {
    const app = await testApp();
    const res = await call(app, 'GET', '/wps/relay/GCSGAME_vendorList', {
      query: { merchantCode: 'DEMO', platform: 'html5-desktop' },
    });
    const lanes = res.envelope.value.data.lanes as {
      title: string;
      cards: { vendor: string; gameClassify: string; isHot: number }[];
    }[];
    const sports = lanes.find((l) => l.title === 'SPORTS');
    expect(sports).toBeDefined();
    const esports =
      sports?.cards.filter((c) => c.gameClassify === 'ESPORTS').map((c) => c.vendor) ?? [];
    expect(esports.sort()).toEqual([...app.sim.world.brand.esportsVendors].sort());
    expect(sports?.cards.some((c) => c.gameClassify === 'SPORTS')).toBe(true);
    // The client's split: ESPORTS cards move to their own lane.
    const split = lanes.flatMap((l) =>
      l.title === 'SPORTS'
        ? [
            { ...l, cards: l.cards.filter((c) => c.gameClassify !== 'ESPORTS') },
            { ...l, title: 'ESPORTS', cards: l.cards.filter((c) => c.gameClassify === 'ESPORTS') },
          ]
        : [l],
    );
    expect(split.find((l) => l.title === 'ESPORTS')?.cards).toHaveLength(5);
    expect(lanes.flatMap((l) => l.cards).some((c) => c.isHot === 1)).toBe(true);
    const missing = await call(app, 'GET', '/wps/relay/GCSGAME_vendorList');
    expect(missing.envelope.errorCode).toBe('request_param_err');
  });

  it('answers the classifications of a vendor with counts', async () => {
    const app = await testApp();
    const res = await call(app, 'GET', '/wps/relay/GCSGAME_gameType', {
      query: { vassalage: 'PG_RNG' },
    });
    const types = res.envelope.value as { gameClassify: string; count: number }[];
    expect(types.reduce((s, t) => s + t.count, 0)).toBe(
      app.sim.world.games.filter((g) => g.vassalage === 'PG_RNG').length,
    );
    const unknown = await call(app, 'GET', '/wps/relay/GCSGAME_gameType', {
      query: { vassalage: 'NOPE_RNG' },
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('lobby game list', () => {
  it('pages with pageNo 1 and pageSize 42 by default, with totalPages', async () => {
    const app = await testApp();
    const rng = app.sim.world.games.filter((g) => g.gameType === 'RNG').length;
    const first = await list(app, { gameType: 'RNG' });
    expect(first.list).toHaveLength(42);
    expect(first.totalPages).toBe(Math.ceil(rng / 42));
    const last = await list(app, { gameType: 'RNG', pageNo: first.totalPages, pageSize: 42 });
    expect(last.list).toHaveLength(rng - 42 * (first.totalPages - 1));
    const beyond = await list(app, { gameType: 'RNG', pageNo: first.totalPages + 1 });
    expect(beyond.list).toEqual([]);
    const ids = new Set(
      [...first.list, ...(await list(app, { gameType: 'RNG', pageNo: 2 })).list].map(
        (g) => g.gameId,
      ),
    );
    expect(ids.size).toBe(84);
  });

  it('filters by gameType, vassalage, gameClassify, gameName, minBet and minLineNum', async () => {
    const app = await testApp();
    const live = await list(app, { gameType: 'LIVE', pageSize: 200 });
    expect(live.list.length).toBeGreaterThan(0);
    expect(live.list.every((g) => g.gameType === 'LIVE')).toBe(true);

    const pg = await list(app, { vassalage: 'PG_RNG', pageSize: 200 });
    expect(pg.list.every((g) => g.vassalage === 'PG_RNG')).toBe(true);
    expect(pg.list).toHaveLength(
      app.sim.world.games.filter((g) => g.vassalage === 'PG_RNG').length,
    );

    const fish = await list(app, { gameClassify: 'FISH', pageSize: 200 });
    expect(fish.list.length).toBeGreaterThan(0);
    expect(fish.list.every((g) => g.gameClassify === 'FISH')).toBe(true);

    const search = await list(app, { gameName: 'FORTUNE', pageSize: 200 });
    expect(search.list.length).toBeGreaterThan(0);
    expect(search.list.every((g) => g.gameName.toLowerCase().includes('fortune'))).toBe(true);

    const cheap = await list(app, { minBet: 0.2, pageSize: 200 });
    expect(cheap.list.length).toBeGreaterThan(0);
    expect(cheap.list.every((g) => g.minBet <= 0.2)).toBe(true);
    const lines = await list(app, { minLineNum: 50, gameType: 'RNG', pageSize: 200 });
    expect(lines.list.length).toBeGreaterThan(0);
    expect(lines.list.every((g) => g.minLineNum >= 50)).toBe(true);

    const both = await list(app, { vassalage: 'PG_RNG', gameName: 'fortune', pageSize: 200 });
    expect(both.list.length).toBeGreaterThan(0);
    expect(both.list.every((g) => g.vassalage === 'PG_RNG' && /fortune/i.test(g.gameName))).toBe(
      true,
    );

    const none = await list(app, { gameName: 'no such game anywhere' });
    expect(none).toEqual({ list: [], totalPages: 0 });
  });

  it('answers a repeated query from its kept reply: same bytes, JSON, and per world', async () => {
    const app = await testApp();
    const query = { gameType: 'RNG', pageNo: 2 };
    const first = await call(app, 'GET', '/wps/relay/GCSGAME_gameList', { query });
    const again = await call(app, 'GET', '/wps/relay/GCSGAME_gameList', { query });
    expect(again.statusCode).toBe(200);
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(again.body).toBe(first.body);
    // Kept per query: the neighbouring page and the hot list of the same query are their own.
    expect((await list(app, { gameType: 'RNG', pageNo: 3 })).list[0]?.gameId).not.toBe(
      (again.envelope.value as { list: GameRow[] }).list[0]?.gameId,
    );
    // Kept per world: a new world (a scenario load) answers from its own games.
    const top = (await list(app, { gameType: 'RNG' })).list[0];
    app.sim.world = { ...app.sim.world, games: app.sim.world.games.filter((g) => g.gameId !== top?.gameId) };
    const reloaded = await list(app, { gameType: 'RNG' });
    expect(reloaded.list).toHaveLength(42);
    expect(reloaded.list.some((g) => g.gameId === top?.gameId)).toBe(false);
  });

  it.each([
    ['pageSize 0', { pageSize: 0 }],
    ['pageSize 201', { pageSize: 201 }],
    ['pageNo 0', { pageNo: 0 }],
    ['clientType 2', { clientType: 2 }],
    ['a 65-character gameName', { gameName: 'x'.repeat(65) }],
  ])('refuses %s', async (_name, query) => {
    const app = await testApp();
    const res = await call(app, 'GET', '/wps/relay/GCSGAME_gameList', { query });
    expect(res.statusCode).toBe(400);
    expect(res.envelope.errorCode).toBe('request_param_err');
  });
});

describe('hot games', () => {
  it('answers only isHot 1 games at value.list with totalPages', async () => {
    const app = await testApp();
    const res = await call(app, 'GET', '/wps/relay/GCSGAME_hotGames', {
      query: { merchantCode: 'DEMO', isPlatform: 2, language: 'EN' },
    });
    const v = res.envelope.value as { list: GameRow[]; totalPages: number };
    const hot = app.sim.world.games.filter((g) => g.isHot === 1).length;
    expect(v.list.length).toBe(Math.min(42, hot));
    expect(v.list.every((g) => g.isHot === 1)).toBe(true);
    expect(v.totalPages).toBe(Math.ceil(hot / 42));
    const pg = await call(app, 'GET', '/wps/relay/GCSGAME_hotGames', {
      query: { merchantCode: 'DEMO', vassalage: 'PG_RNG' },
    });
    expect(
      pg.envelope.value.list.every((g: GameRow) => g.isHot === 1 && g.vassalage === 'PG_RNG'),
    ).toBe(true);
    const bad = await call(app, 'GET', '/wps/relay/GCSGAME_hotGames', {
      query: { merchantCode: 'DEMO', isPlatform: 1 },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('favourites', () => {
  it('adds, lists (content and totalPages), answers ids and removes, with toggle semantics', async () => {
    const app = await testApp();
    const token = await login(app);
    const slot = app.sim.world.games.find((g) => g.gameType === 'RNG' && g.vendor === 'PG');
    const table = app.sim.world.games.find((g) => g.gameType === 'LIVE');
    if (!slot || !table) throw new Error('fixture games missing');
    const body = (g: typeof slot) => ({ nodeId: g.nodeId, vendor: g.vendor, gameType: g.gameType });

    expect(
      (await call(app, 'GET', '/wps/relay/MCSFE_favouriteIds', { token })).envelope.value,
    ).toEqual([]);
    const added = await call(app, 'POST', '/wps/relay/MCSFE_addFavourite', {
      token,
      body: body(slot),
    });
    expect(added.envelope.value).toEqual([slot.nodeId]);
    // Adding again keeps one entry.
    expect(
      (await call(app, 'POST', '/wps/relay/MCSFE_addFavourite', { token, body: body(slot) }))
        .envelope.value,
    ).toEqual([slot.nodeId]);
    await call(app, 'POST', '/wps/relay/MCSFE_addFavourite', { token, body: body(table) });
    const ids = (await call(app, 'GET', '/wps/relay/MCSFE_favouriteIds', { token })).envelope
      .value as number[];
    expect(ids.sort()).toEqual([slot.nodeId, table.nodeId].sort());

    // Favourites default to gameType RNG; other types on request.
    const rng = await call(app, 'GET', '/wps/relay/MCSFE_favouriteList', {
      token,
      query: { clientType: 3, platform: 'flash', language: 'EN' },
    });
    expect(rng.envelope.value.totalPages).toBe(1);
    expect(rng.envelope.value.content.map((g: GameRow) => g.nodeId)).toEqual([slot.nodeId]);
    const live = await call(app, 'GET', '/wps/relay/MCSFE_favouriteList', {
      token,
      query: { gameType: 'LIVE' },
    });
    expect(live.envelope.value.content.map((g: GameRow) => g.nodeId)).toEqual([table.nodeId]);

    // The client's toggle: a present id is removed, an absent one added.
    const toggle = async (g: typeof slot) => {
      const current = (await call(app, 'GET', '/wps/relay/MCSFE_favouriteIds', { token })).envelope
        .value as number[];
      const path = current.includes(g.nodeId) ? 'MCSFE_removeFavourite' : 'MCSFE_addFavourite';
      return (await call(app, 'POST', `/wps/relay/${path}`, { token, body: body(g) })).envelope
        .value as number[];
    };
    expect(await toggle(slot)).toEqual([table.nodeId]);
    expect(await toggle(slot)).toContain(slot.nodeId);
    const removed = await call(app, 'POST', '/wps/relay/MCSFE_removeFavourite', {
      token,
      body: body(table),
    });
    expect(removed.envelope.value).toEqual([slot.nodeId]);
    // Removing an absent favourite changes nothing.
    expect(
      (await call(app, 'POST', '/wps/relay/MCSFE_removeFavourite', { token, body: body(table) }))
        .envelope.value,
    ).toEqual([slot.nodeId]);
    const empty = await call(app, 'GET', '/wps/relay/MCSFE_favouriteList', {
      token,
      query: { gameType: 'LIVE' },
    });
    expect(empty.envelope.value).toEqual({ content: [], totalPages: 0 });
  });

  it('refuses unknown games, mismatched vendor or type and missing fields', async () => {
    const app = await testApp();
    const token = await login(app);
    const slot = app.sim.world.games.find((g) => g.vendor === 'PG');
    if (!slot) throw new Error('fixture games missing');
    const unknown = await call(app, 'POST', '/wps/relay/MCSFE_addFavourite', {
      token,
      body: { nodeId: 1, vendor: 'PG', gameType: 'RNG' },
    });
    expect(unknown.statusCode).toBe(404);
    const vendor = await call(app, 'POST', '/wps/relay/MCSFE_addFavourite', {
      token,
      body: { nodeId: slot.nodeId, vendor: 'JILI', gameType: 'RNG' },
    });
    expect(vendor.envelope.errorCode).toBe('request_param_err');
    const type = await call(app, 'POST', '/wps/relay/MCSFE_addFavourite', {
      token,
      body: { nodeId: slot.nodeId, vendor: 'PG', gameType: 'LIVE' },
    });
    expect(type.envelope.errorCode).toBe('request_param_err');
    const missing = await call(app, 'POST', '/wps/relay/MCSFE_addFavourite', {
      token,
      body: { nodeId: slot.nodeId },
    });
    expect(missing.statusCode).toBe(400);
    expect(
      (await call(app, 'GET', '/wps/relay/MCSFE_favouriteIds', { token })).envelope.value,
    ).toEqual([]);
  });

  it('refuses visitors (401) and guests (in_need_true_account) for favourites, recent games and launch', async () => {
    const app = await testApp();
    expect((await call(app, 'GET', '/wps/relay/MCSFE_favouriteIds')).statusCode).toBe(401);
    const token = await guestToken(app);
    const slot = app.sim.world.games.find((g) => g.vendor === 'PG');
    if (!slot) throw new Error('fixture games missing');
    const calls = [
      call(app, 'POST', '/wps/relay/MCSFE_addFavourite', {
        token,
        body: { nodeId: slot.nodeId, vendor: 'PG', gameType: 'RNG' },
      }),
      call(app, 'POST', '/wps/relay/MCSFE_removeFavourite', {
        token,
        body: { nodeId: slot.nodeId, vendor: 'PG', gameType: 'RNG' },
      }),
      call(app, 'GET', '/wps/relay/MCSFE_favouriteList', { token }),
      call(app, 'GET', '/wps/relay/MCSFE_favouriteIds', { token }),
      call(app, 'GET', '/wps/relay/GCS_recentGame', { token }),
      call(app, 'POST', '/wps/game/launchGame', { token, body: { gameId: slot.gameId } }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(403);
      expect(res.envelope.errorCode).toBe('in_need_true_account');
    }
  });
});

describe('recent games', () => {
  it('answers the played games, newest first, as list and totalPages, filtered by vassalage', async () => {
    const app = await testApp();
    const token = await login(app);
    const account = app.sim.findAccount('player01');
    const res = await call(app, 'GET', '/wps/relay/GCS_recentGame', {
      token,
      query: { clientType: 3, language: 'EN' },
    });
    const v = res.envelope.value as { list: GameRow[]; totalPages: number };
    expect(v.list.map((g) => g.gameId)).toEqual(account?.recentGames);
    expect(v.totalPages).toBe(v.list.length ? 1 : 0);
    const first = v.list[0];
    if (first) {
      const only = await call(app, 'GET', '/wps/relay/GCS_recentGame', {
        token,
        query: { vassalage: first.vassalage },
      });
      expect(only.envelope.value.list.every((g: GameRow) => g.vassalage === first.vassalage)).toBe(
        true,
      );
    }
  });
});

describe('launch', () => {
  it('answers game_url for a playable game', async () => {
    const app = await testApp();
    const token = await login(app);
    const res = await call(app, 'POST', '/wps/game/launchGame', {
      token,
      body: {
        gameId: 1001,
        nodeId: 100001,
        accountType: 1,
        confirmTrans: 0,
        launchMode: 'GLS',
        platform: 'html5-desktop',
        clientType: 3,
        language: 'EN',
      },
    });
    expect(res.envelope.success).toBe(true);
    expect(res.envelope.value.game_url).toMatch(/^\/__demo\/game\?ticket=[\w-]{20,}$/);
    const again = await call(app, 'POST', '/wps/game/launchGame', {
      token,
      body: { gameId: 1001 },
    });
    expect(again.envelope.value.game_url).not.toBe(res.envelope.value.game_url);
  });

  it('refuses a game under maintenance, or of a vendor under maintenance, with game.maintenance', async () => {
    const app = await testApp();
    const token = await login(app);
    const down = app.sim.world.games.find((g) => g.maintenance);
    if (!down) throw new Error('fixture has no game under maintenance');
    const res = await call(app, 'POST', '/wps/game/launchGame', {
      token,
      body: { gameId: down.gameId },
    });
    expect(res.statusCode).toBe(400);
    expect(res.envelope.errorCode).toBe('game.maintenance');

    const vendor = app.sim.own('vendors').find((v) => v.vendor === 'JILI');
    const jili = app.sim.world.games.find((g) => g.vendor === 'JILI' && !g.maintenance);
    if (!vendor || !jili) throw new Error('fixture vendor missing');
    expect(
      (await call(app, 'POST', '/wps/game/launchGame', { token, body: { gameId: jili.gameId } }))
        .envelope.success,
    ).toBe(true);
    vendor.maintenance = true;
    const byVendor = await call(app, 'POST', '/wps/game/launchGame', {
      token,
      body: { gameId: jili.gameId },
    });
    expect(byVendor.envelope.errorCode).toBe('game.maintenance');
  });

  it('refuses unknown games, a nodeId of another game, bad bodies and visitors', async () => {
    const app = await testApp();
    const token = await login(app);
    expect(
      (await call(app, 'POST', '/wps/game/launchGame', { token, body: { gameId: 999999 } }))
        .statusCode,
    ).toBe(404);
    const mismatch = await call(app, 'POST', '/wps/game/launchGame', {
      token,
      body: { gameId: 1001, nodeId: 100002 },
    });
    expect(mismatch.envelope.errorCode).toBe('request_param_err');
    expect((await call(app, 'POST', '/wps/game/launchGame', { token, body: {} })).statusCode).toBe(
      400,
    );
    expect(
      (
        await call(app, 'POST', '/wps/game/launchGame', {
          token,
          body: { gameId: 1001, accountType: 2 },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await call(app, 'POST', '/wps/game/launchGame', { body: { gameId: 1001 } })).statusCode,
    ).toBe(401);
  });

  it('suggests other playable games of the same type for the maintenance page', async () => {
    const app = await testApp();
    const down = app.sim.world.games.find((g) => g.maintenance);
    if (!down) throw new Error('fixture has no game under maintenance');
    const res = await call(app, 'GET', '/wps/relay/GCSGAME_suggest', {
      query: { gameId: down.gameId },
    });
    const games = res.envelope.value as GameRow[];
    expect(games.length).toBeGreaterThan(0);
    expect(
      games.every(
        (g) => !g.maintenance && g.gameType === down.gameType && g.gameId !== down.gameId,
      ),
    ).toBe(true);
    expect(
      (await call(app, 'GET', '/wps/relay/GCSGAME_suggest', { query: { gameId: 999999 } }))
        .statusCode,
    ).toBe(404);
  });
});

describe('PVP rooms', () => {
  it('lists the rooms of a game and launches one (content is the launch address)', async () => {
    const app = await testApp();
    const token = await login(app);
    const pvp = app.sim.world.games.find((g) => g.rooms && g.rooms.length > 0 && !g.maintenance);
    if (!pvp?.rooms?.[0]) throw new Error('fixture has no PVP rooms');
    const rooms = await call(app, 'GET', '/wps/relay/GLS2_roomList', {
      query: { gameId: pvp.gameId },
    });
    expect(rooms.envelope.value.map((r: { roomId: number }) => r.roomId)).toEqual(
      pvp.rooms.map((r) => r.roomId),
    );
    const launch = await call(app, 'POST', '/wps/relay/GLS2_launchRoom', {
      token,
      body: { gameId: pvp.gameId, roomId: pvp.rooms[0].roomId },
    });
    expect(launch.envelope.value.content).toMatch(/^\/__demo\/game\?ticket=/);
    const noRoom = await call(app, 'POST', '/wps/relay/GLS2_launchRoom', {
      token,
      body: { gameId: pvp.gameId, roomId: 1 },
    });
    expect(noRoom.statusCode).toBe(404);
    const slot = await call(app, 'GET', '/wps/relay/GLS2_roomList', { query: { gameId: 1001 } });
    expect(slot.envelope.value).toEqual([]);
    expect(
      (await call(app, 'GET', '/wps/relay/GLS2_roomList', { query: { gameId: 0 } })).statusCode,
    ).toBe(400);
  });
});
