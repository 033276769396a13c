/**
 * Promotions: public lists, per-player activity states (join -> joined/applying),
 * a raffle claim credited once, the reward centre, REFERRAL gated by INVITE3 and the mission badge.
 */
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { call, login, SEED, testApp } from './helpers';

interface Promo {
  id: number;
  category: string;
  status: string;
  enabled?: boolean;
  startTime: number;
  endTime: number;
}

const fixtures = (app: FastifyInstance) =>
  (app.sim.world.promotions as unknown as Promo[]).filter((p) => p.enabled !== false);
const open = (app: FastifyInstance, p: Promo) =>
  p.startTime <= app.sim.now() && app.sim.now() <= p.endTime;
const findPromo = (app: FastifyInstance, test: (p: Promo) => boolean) => {
  const promo = fixtures(app).find((p) => open(app, p) && test(p));
  if (!promo) throw new Error('the fixtures lack a promotion this test needs');
  return promo;
};
const guestToken = (app: FastifyInstance) => {
  const guest = [...app.sim.accounts.values()].find((a) => a.isAgent === 4)!;
  return app.sim.sessions.create(guest.account, 'freeplay').token;
};

describe('lists', () => {
  it('lists enabled promotions to visitors, filtered by category', async () => {
    const app = await testApp();
    const res = await call(app, 'GET', '/wps/promotion/list');
    expect(res.statusCode).toBe(200);
    expect(res.envelope.value.map((p: Promo) => p.id)).toEqual(fixtures(app).map((p) => p.id));
    const hidden = (app.sim.world.promotions as unknown as Promo[]).filter(
      (p) => p.enabled === false,
    );
    for (const p of hidden)
      expect(res.envelope.value.some((x: Promo) => x.id === p.id)).toBe(false);

    const newPlayer = (
      await call(app, 'GET', '/wps/promotion/list', { query: { category: 'new_player' } })
    ).envelope.value;
    expect(newPlayer.length).toBeGreaterThan(0);
    expect(newPlayer.every((p: Promo) => p.category === 'new_player')).toBe(true);
  });

  it('shows the time window: coming soon before the start, close after the end', async () => {
    const app = await testApp();
    const promo = findPromo(app, (p) => p.status === 'join');
    const ahead = promo.endTime - app.sim.now() + 60_000;
    app.sim.clock.advance(ahead);
    expect(
      (await call(app, 'GET', '/wps/promotion/detail', { query: { id: promo.id } })).envelope.value
        .status,
    ).toBe('close');
    app.sim.clock.reset();
    app.sim.clock.advance(promo.startTime - app.sim.now() - 60_000);
    expect(
      (await call(app, 'GET', '/wps/promotion/detail', { query: { id: promo.id } })).envelope.value
        .status,
    ).toBe('coming soon');
  });

  it('detail: unknown or disabled ids 404, bad ids 400', async () => {
    const app = await testApp();
    expect(
      (await call(app, 'GET', '/wps/promotion/detail', { query: { id: 999_999 } })).statusCode,
    ).toBe(404);
    const disabled = (app.sim.world.promotions as unknown as Promo[]).find(
      (p) => p.enabled === false,
    );
    if (disabled)
      expect(
        (await call(app, 'GET', '/wps/promotion/detail', { query: { id: disabled.id } }))
          .statusCode,
      ).toBe(404);
    const bad = await call(app, 'GET', '/wps/promotion/detail', { query: { id: 'x' } });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.envelope.value.fields)).toContain('query/id');
    const missing = await call(app, 'GET', '/wps/promotion/detail');
    expect(JSON.stringify(missing.envelope.value.fields)).toContain('query/id');
  });

  it('available promos: REFERRAL is enabled exactly when INVITE3 is on', async () => {
    const app = await testApp();
    const referral = async () =>
      (await call(app, 'GET', '/wps/promotion/available')).envelope.value.find(
        (p: { type: string }) => p.type === 'REFERRAL',
      );
    app.sim.setFlag('INVITE3', true);
    expect(await referral()).toEqual({ type: 'REFERRAL', enabled: true });
    app.sim.setFlag('INVITE3', false);
    expect(await referral()).toEqual({ type: 'REFERRAL', enabled: false });
  });
});

describe('a new player starts fresh', () => {
  it('an account made at run time sees every open promotion as join and an empty reward centre', async () => {
    const app = await testApp();
    const seedStates = fixtures(app).filter((p) => open(app, p)).map((p) => p.status);
    // The seed player's progress is in the fixtures: the test means something only if it shows.
    expect(seedStates.some((s) => !['join', 'close', 'coming soon'].includes(s))).toBe(true);

    app.sim.createAccount({ account: 'fresh01', password: 'Passw0rd!' });
    const token = await login(app, { username: 'fresh01', password: 'Passw0rd!' });
    const list = (await call(app, 'GET', '/wps/promotion/list', { token })).envelope.value as Promo[];
    expect(list.length).toBe(fixtures(app).length);
    expect(list.filter((p) => !['join', 'close', 'coming soon'].includes(p.status))).toEqual([]);
    expect((await call(app, 'GET', '/wps/promotion/rewards', { token })).envelope.value).toEqual([]);

    // The seed player keeps the fixture's progress.
    const seed = await login(app, SEED.player);
    const seedList = (await call(app, 'GET', '/wps/promotion/list', { token: seed })).envelope.value as Promo[];
    expect(seedList.some((p) => !['join', 'close', 'coming soon'].includes(p.status))).toBe(true);
  });
});

describe('joining and claiming', () => {
  it('join moves join -> joined, or -> applying for reviewed categories, per player', async () => {
    const app = await testApp();
    const token = await login(app, SEED.player);
    const instant = findPromo(
      app,
      (p) => p.status === 'join' && !['deposit', 'vip', 'raffle', 'REFERRAL'].includes(p.category),
    );
    const res = await call(app, 'POST', '/wps/promotion/join', { token, body: { id: instant.id } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.envelope.value).toMatchObject({ id: instant.id, status: 'joined' });

    // The player's list and the reward centre show it; a visitor still sees 'join'.
    const mine = (
      await call(app, 'GET', '/wps/promotion/detail', { token, query: { id: instant.id } })
    ).envelope.value;
    expect(mine.status).toBe('joined');
    expect(
      (await call(app, 'GET', '/wps/promotion/detail', { query: { id: instant.id } })).envelope
        .value.status,
    ).toBe('join');
    const rewards = (await call(app, 'GET', '/wps/promotion/rewards', { token })).envelope.value;
    expect(rewards.find((p: Promo) => p.id === instant.id)?.status).toBe('joined');
    expect(rewards.every((p: Promo) => !['join', 'close', 'coming soon'].includes(p.status))).toBe(
      true,
    );

    const again = await call(app, 'POST', '/wps/promotion/join', {
      token,
      body: { id: instant.id },
    });
    expect(again.statusCode).toBe(400);
    expect(again.envelope.errorCode).toBe('promotion.already.joined');

    // Another player is unaffected.
    const other = app.sim.sessions.create('vipplayer', 'username').token;
    expect(
      (await call(app, 'POST', '/wps/promotion/join', { token: other, body: { id: instant.id } }))
        .envelope.value.status,
    ).toBe('joined');
  });

  it('a claimable bonus becomes applying (staff review); closed promotions cannot be joined', async () => {
    const app = await testApp();
    const token = await login(app, SEED.player);
    const claim = findPromo(app, (p) => p.status === 'claim' && p.category !== 'raffle');
    const res = await call(app, 'POST', '/wps/promotion/join', {
      token,
      body: { id: claim.id, comment: 'Deposited 50 today' },
    });
    expect(res.envelope.value.status).toBe('applying');

    const promo = findPromo(app, (p) => p.status === 'join');
    app.sim.clock.advance(promo.endTime - app.sim.now() + 1000);
    // Sessions expire on the same clock: log in again after the jump.
    const later = app.sim.sessions.create(SEED.player.username, 'username').token;
    const closed = await call(app, 'POST', '/wps/promotion/join', {
      token: later,
      body: { id: promo.id },
    });
    expect(closed.statusCode).toBe(400);
    expect(closed.envelope.errorCode).toBe('promotion.not.joinable');
  });

  it('join input: comment up to 140 characters, guests refused, unknown ids 404', async () => {
    const app = await testApp();
    const token = await login(app, SEED.player);
    const promo = findPromo(app, (p) => p.status === 'join');
    const long = await call(app, 'POST', '/wps/promotion/join', {
      token,
      body: { id: promo.id, comment: 'x'.repeat(141) },
    });
    expect(long.statusCode).toBe(400);
    expect(JSON.stringify(long.envelope.value.fields)).toContain('body/comment');
    expect(
      (await call(app, 'POST', '/wps/promotion/join', { token, body: { id: 999_999 } })).statusCode,
    ).toBe(404);
    const guest = await call(app, 'POST', '/wps/promotion/join', {
      token: guestToken(app),
      body: { id: promo.id },
    });
    expect(guest.statusCode).toBe(403);
    expect(guest.envelope.errorCode).toBe('in_need_true_account');
    expect(
      (await call(app, 'POST', '/wps/promotion/join', { body: { id: promo.id } })).statusCode,
    ).toBe(401);
  });

  it('the referral promotion needs INVITE3', async () => {
    const app = await testApp();
    const token = await login(app, SEED.player);
    const referral = fixtures(app).find((p) => p.category === 'REFERRAL' && p.status === 'join');
    if (!referral) return;
    app.sim.setFlag('INVITE3', false);
    const off = await call(app, 'POST', '/wps/promotion/join', {
      token,
      body: { id: referral.id },
    });
    expect(off.statusCode).toBe(403);
    expect(off.envelope.errorCode).toBe('operation-not-allowed');
    app.sim.setFlag('INVITE3', true);
    expect(
      (await call(app, 'POST', '/wps/promotion/join', { token, body: { id: referral.id } }))
        .statusCode,
    ).toBe(200);
  });

  it('a raffle prize is credited to the ledger once; the second claim is refused', async () => {
    const app = await testApp();
    const token = await login(app, SEED.player);
    const raffle = findPromo(app, (p) => p.category === 'raffle' && p.status === 'claim');
    const before = app.sim.ledger.balance(SEED.player.username);
    const txCount = app.sim.ledger.transactions(SEED.player.username).length;

    const res = await call(app, 'POST', '/wps/promotion/raffle/claim', {
      token,
      body: { id: raffle.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { prize, sumBalance } = res.envelope.value;
    expect(prize).toBeGreaterThan(0);
    expect(sumBalance).toBeCloseTo(before + prize, 2);
    expect(app.sim.ledger.balance(SEED.player.username)).toBeCloseTo(before + prize, 2);
    const tx = app.sim.ledger.transactions(SEED.player.username).at(-1)!;
    expect(tx).toMatchObject({ kind: 'bonus', amount: prize });
    expect(app.sim.ledger.consistent(SEED.player.username)).toBe(true);

    const second = await call(app, 'POST', '/wps/promotion/raffle/claim', {
      token,
      body: { id: raffle.id },
    });
    expect(second.statusCode).toBe(400);
    expect(second.envelope.errorCode).toBe('promotion.already.claimed');
    expect(app.sim.ledger.transactions(SEED.player.username)).toHaveLength(txCount + 1);
    expect(
      (await call(app, 'GET', '/wps/promotion/detail', { token, query: { id: raffle.id } }))
        .envelope.value.status,
    ).toBe('claimed');

    // Raffles are claimed here, not joined; other promotions are not raffles.
    expect(
      (await call(app, 'POST', '/wps/promotion/join', { token, body: { id: raffle.id } }))
        .statusCode,
    ).toBe(400);
    const notRaffle = findPromo(app, (p) => p.category !== 'raffle');
    const wrong = await call(app, 'POST', '/wps/promotion/raffle/claim', {
      token,
      body: { id: notRaffle.id },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.envelope.errorCode).toBe('promotion.not.raffle');
    const bad = await call(app, 'POST', '/wps/promotion/raffle/claim', { token, body: { id: -1 } });
    expect(JSON.stringify(bad.envelope.value.fields)).toContain('body/id');
  });
});

describe('missions', () => {
  it('the badge counts open missions and drops to 0 when MISSION3 is off', async () => {
    const app = await testApp();
    const token = await login(app, SEED.player);
    app.sim.setFlag('MISSION3', true);
    const missions = app.sim.world.system.missions as { status: string }[];
    const summary = (await call(app, 'GET', '/wps/relay/MCSFE_missionSummary', { token })).envelope
      .value;
    expect(summary.count).toBe(
      missions.filter(
        (m) => !['claimed', 'close', 'coming soon', 'rejected', 'issued'].includes(m.status),
      ).length,
    );
    expect(summary.count).toBeGreaterThan(0);
    expect(summary.claimable).toBe(missions.filter((m) => m.status === 'claim').length);
    app.sim.setFlag('MISSION3', false);
    expect(
      (await call(app, 'GET', '/wps/relay/MCSFE_missionSummary', { token })).envelope.value,
    ).toEqual({ count: 0, claimable: 0 });
    const board = await call(app, 'GET', '/wps/relay/MCSFE_missionLeaderboard', { token });
    expect(board.statusCode).toBe(403);
    expect(board.envelope.errorCode).toBe('operation-not-allowed');
  });

  it('the leaderboard ranks players by valid bet, names masked', async () => {
    const app = await testApp();
    const token = await login(app, SEED.player);
    app.sim.setFlag('MISSION3', true);
    app.sim.ledger.post('newbie', 'deposit', 1_000_000, 'test', app.sim.now());
    app.sim.ledger.settleBet('newbie', {
      vendor: 'PG',
      gameName: 'Test',
      gameType: 'RNG',
      betAmount: 900_000,
      winAmount: 0,
      time: app.sim.now(),
    });
    const v = (await call(app, 'GET', '/wps/relay/MCSFE_missionLeaderboard', { token })).envelope
      .value;
    expect(v.missions.length).toBe((app.sim.world.system.missions as unknown[]).length);
    expect(v.leaderboard[0]).toEqual({ rank: 1, player: 'ne***ie', score: 900_000 });
    const scores = v.leaderboard.map((r: { score: number }) => r.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    expect(v.leaderboard.length).toBeLessThanOrEqual(10);
  });

  it('missions need a real member', async () => {
    const app = await testApp();
    const res = await call(app, 'GET', '/wps/relay/MCSFE_missionSummary', {
      token: guestToken(app),
    });
    expect(res.statusCode).toBe(403);
    expect(res.envelope.errorCode).toBe('in_need_true_account');
  });
});
