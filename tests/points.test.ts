/** Points mall: balance, config, rewards, redemption (encrypted, password checked), review, conversion. */
import { describe, expect, it } from 'vitest';
import { call, login, SEED, testApp } from './helpers';

type App = Awaited<ReturnType<typeof testApp>>;
const DAY = 86_400_000;
const newbie = { username: 'newbie', password: 'a1234567' };

interface Redemption {
  id: number;
  rewardName: string;
  points: number;
  amount: number;
  status: string;
  remark: string;
  time: number;
}

const points = async (app: App, token: string) =>
  (await call(app, 'GET', '/wps/points/balance', { token })).envelope.value as {
    points: number;
    expiring: number;
  };

const stockOf = async (app: App, token: string, rewardId: number) => {
  const res = await call(app, 'GET', '/wps/points/rewards', { token });
  return (res.envelope.value as { rewardId: number; stock: number }[]).find(
    (r) => r.rewardId === rewardId,
  )?.stock;
};

const redeem = (app: App, token: string, body: object) =>
  call(app, 'POST', '/wps/points/redeem', { token, encrypted: true, body });

const redemptions = async (app: App, token: string) =>
  (await call(app, 'GET', '/wps/points/redeem/list', { token })).envelope.value as {
    list: Redemption[];
    totalCount: number;
  };

describe('points balance, config and rewards', () => {
  it('answers the points balance, the conversion rate and the rewards with stock', async () => {
    const app = await testApp();
    const token = await login(app);
    expect(await points(app, token)).toEqual({ points: 1200, expiring: 0 });
    const config = await call(app, 'GET', '/wps/points/config', { token });
    expect(config.envelope.value).toEqual({
      pointsPerUnit: 100,
      minConvert: 100,
      maxConvert: 100000,
    });
    const rewards = await call(app, 'GET', '/wps/points/rewards', { token });
    expect(rewards.envelope.value.length).toBeGreaterThan(3);
    expect(rewards.envelope.value[0]).toMatchObject({ rewardId: 1, points: 500, amount: 5 });
  });

  it('follows changes made outside the mall, and lets points expire a year after they were earned', async () => {
    const app = await testApp();
    let token = await login(app);
    const account = app.sim.findAccount('player01');
    if (!account) throw new Error('seed missing');
    app.sim.editAccount(account).points += 100;
    expect((await points(app, token)).points).toBe(1300);
    const tx = await call(app, 'GET', '/wps/points/transactions', { token });
    expect(tx.envelope.value.list[0]).toMatchObject({ points: 100, reason: 'Points adjustment' });

    // The opening points were earned when the account was created.
    app.sim.clock.advance(account.createdAt + 355 * DAY - app.sim.now());
    token = await login(app);
    expect(await points(app, token)).toEqual({ points: 1300, expiring: 1200 });
    app.sim.clock.advance(11 * DAY);
    token = await login(app);
    expect(await points(app, token)).toEqual({ points: 100, expiring: 0 });
    const after = await call(app, 'GET', '/wps/points/transactions', {
      token,
      query: { pageSize: 100 },
    });
    expect(
      after.envelope.value.list.some(
        (t: { points: number; reason: string }) =>
          t.points === -1200 && t.reason === 'Points expired',
      ),
    ).toBe(true);
  });

  it('refuses visitors and guests', async () => {
    const app = await testApp();
    expect((await call(app, 'GET', '/wps/points/balance')).statusCode).toBe(401);
    const guest = await login(app, { username: 'guest0001', password: 'a1234567' });
    const res = await call(app, 'GET', '/wps/points/balance', { token: guest });
    expect(res.envelope.errorCode).toBe('in_need_true_account');
  });
});

describe('redemption', () => {
  it('redeems with the password: points and stock go down, In Process, then Approved and credited', async () => {
    const app = await testApp();
    const token = await login(app);
    const stock = await stockOf(app, token, 1);
    const wallet = app.sim.ledger.balance('player01');
    const res = await redeem(app, token, {
      rewardId: 1,
      quantity: 2,
      password: SEED.player.password,
      remark: 'Thanks!',
    });
    expect(res.envelope.success, res.body).toBe(true);
    expect(res.envelope.value).toMatchObject({
      rewardName: '$5 Bonus Voucher',
      points: 1000,
      amount: 10,
      status: 'In Process',
      remark: 'Thanks!',
    });
    expect((await points(app, token)).points).toBe(200);
    expect(await stockOf(app, token, 1)).toBe((stock ?? 0) - 2);
    expect((await redemptions(app, token)).list[0]).toMatchObject({
      id: res.envelope.value.id,
      status: 'In Process',
    });
    expect(app.sim.ledger.balance('player01')).toBe(wallet);

    app.sim.clock.advance(11 * 60_000);
    const [approved] = (await redemptions(app, token)).list;
    expect(approved).toMatchObject({ id: res.envelope.value.id, status: 'Approved' });
    expect(app.sim.ledger.balance('player01')).toBeCloseTo(wallet + 10, 2);
    const records = await call(app, 'GET', '/wps/record/account', {
      token,
      query: { kind: 'redeem' },
    });
    expect(records.envelope.value.list[0]).toMatchObject({ kind: 'redeem', amount: 10 });
    expect(app.sim.ledger.consistent('player01')).toBe(true);
  });

  it('rejects a cash reward without turnover after review, refunding points and stock', async () => {
    const app = await testApp();
    const token = await login(app, newbie);
    const before = await points(app, token);
    const stock = await stockOf(app, token, 1);
    const res = await redeem(app, token, { rewardId: 1, quantity: 1, password: newbie.password });
    expect(res.envelope.value.status).toBe('In Process');
    expect((await points(app, token)).points).toBe(before.points - 500);
    app.sim.clock.advance(11 * 60_000);
    const [rejected] = (await redemptions(app, token)).list;
    expect(rejected).toMatchObject({ status: 'Rejected', points: 500 });
    expect(rejected?.remark).toContain('Turnover requirement not met');
    expect((await points(app, token)).points).toBe(before.points);
    expect(await stockOf(app, token, 1)).toBe(stock);
    expect(app.sim.ledger.balance('newbie')).toBe(0);
  });

  it('shows the seed history with every status: In Process, Rejected, Approved', async () => {
    const app = await testApp();
    const token = await login(app);
    await redeem(app, token, { rewardId: 6, quantity: 1, password: SEED.player.password });
    const statuses = (await redemptions(app, token)).list.map((r) => r.status);
    expect(new Set(statuses)).toEqual(new Set(['In Process', 'Rejected', 'Approved']));
  });

  it('refuses a wrong password and changes nothing', async () => {
    const app = await testApp();
    const token = await login(app);
    const stock = await stockOf(app, token, 1);
    const count = (await redemptions(app, token)).totalCount;
    const res = await redeem(app, token, { rewardId: 1, quantity: 1, password: 'wrong-password' });
    expect(res.statusCode).toBe(400);
    expect(res.envelope.errorCode).toBe('points.password.incorrect');
    expect((await points(app, token)).points).toBe(1200);
    expect(await stockOf(app, token, 1)).toBe(stock);
    expect((await redemptions(app, token)).totalCount).toBe(count);
  });

  it('refuses too little stock, too few points and unknown rewards', async () => {
    const app = await testApp();
    const token = await login(app);
    const body = { quantity: 1, password: SEED.player.password };
    const phone = await redeem(app, token, { ...body, rewardId: 9, quantity: 2 });
    expect(phone.envelope.errorCode).toBe('points.out.of.stock');
    const watch = await redeem(app, token, { ...body, rewardId: 8 });
    expect(watch.envelope.errorCode).toBe('points.insufficient');
    expect((await redeem(app, token, { ...body, rewardId: 99 })).statusCode).toBe(404);
    expect((await points(app, token)).points).toBe(1200);
  });

  it.each([
    ['quantity 0', { rewardId: 1, quantity: 0, password: 'x' }],
    ['quantity 100', { rewardId: 1, quantity: 100, password: 'x' }],
    ['no password', { rewardId: 1, quantity: 1 }],
    [
      'a 141-character remark',
      { rewardId: 1, quantity: 1, password: 'x', remark: 'r'.repeat(141) },
    ],
  ])('refuses %s', async (_name, body) => {
    const app = await testApp();
    const token = await login(app);
    const res = await redeem(app, token, body);
    expect(res.statusCode).toBe(400);
    expect(res.envelope.errorCode).toBe('request_param_err');
  });

  it('only takes an encrypted body', async () => {
    const app = await testApp();
    const token = await login(app);
    const res = await call(app, 'POST', '/wps/points/redeem', {
      token,
      body: { rewardId: 1, quantity: 1, password: SEED.player.password },
    });
    expect(res.statusCode).toBe(400);
    expect((await points(app, token)).points).toBe(1200);
  });
});

describe('conversion', () => {
  it('converts points into wallet money through the ledger', async () => {
    const app = await testApp();
    const token = await login(app);
    const wallet = app.sim.ledger.balance('player01');
    const res = await call(app, 'POST', '/wps/points/convert', {
      token,
      body: { points: 550, password: SEED.player.password },
    });
    expect(res.envelope.value.points).toBe(650);
    expect(app.sim.ledger.balance('player01')).toBeCloseTo(wallet + 5.5, 2);
    expect(res.envelope.value.sumBalance).toBeCloseTo(wallet + 5.5, 2);
    const records = await call(app, 'GET', '/wps/record/account', {
      token,
      query: { kind: 'convert' },
    });
    expect(records.envelope.value.list[0]).toMatchObject({
      kind: 'convert',
      amount: 5.5,
      remark: 'Converted 550 points',
    });
    const tx = await call(app, 'GET', '/wps/points/transactions', { token });
    expect(tx.envelope.value.list[0]).toMatchObject({
      points: -550,
      reason: 'Converted to wallet',
    });
    expect(app.sim.ledger.consistent('player01')).toBe(true);
  });

  it('refuses a wrong password, too few points and amounts out of range, changing nothing', async () => {
    const app = await testApp();
    const token = await login(app);
    const wallet = app.sim.ledger.balance('player01');
    const convert = (body: object) => call(app, 'POST', '/wps/points/convert', { token, body });
    expect((await convert({ points: 500, password: 'nope' })).envelope.errorCode).toBe(
      'points.password.incorrect',
    );
    expect(
      (await convert({ points: 1300, password: SEED.player.password })).envelope.errorCode,
    ).toBe('points.insufficient');
    expect((await convert({ points: 99, password: SEED.player.password })).envelope.errorCode).toBe(
      'request_param_err',
    );
    expect((await convert({ points: 0, password: SEED.player.password })).statusCode).toBe(400);
    expect((await convert({ points: 1.5, password: SEED.player.password })).statusCode).toBe(400);
    expect((await convert({ points: 500 })).statusCode).toBe(400);
    expect((await points(app, token)).points).toBe(1200);
    expect(app.sim.ledger.balance('player01')).toBe(wallet);
  });
});
