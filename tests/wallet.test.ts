/** Wallet area: balance, deposit, withdrawal, transfers, records, profit, bonus and rebate. */
import { describe, expect, it } from 'vitest';
import { call, login, SEED, testApp } from './helpers';

const newbie = { username: 'newbie', password: 'a1234567' };
const PAY = '135790'; // player01's payment password (fixtures/members.json)

async function balanceOf(app: Awaited<ReturnType<typeof testApp>>, token: string): Promise<number> {
  const res = await call(app, 'GET', '/wps/v2/wallets/balance', { token });
  expect(res.envelope.success).toBe(true);
  return res.envelope.value.sumBalance as number;
}

async function records(
  app: Awaited<ReturnType<typeof testApp>>,
  token: string,
  query: Record<string, string | number> = {},
) {
  const res = await call(app, 'GET', '/wps/record/account', { token, query });
  expect(res.envelope.success).toBe(true);
  return res.envelope.value as {
    list: {
      id: number;
      kind: string;
      amount: number;
      status: string;
      remark: string;
      balanceAfter: number;
    }[];
    totalCount: number;
    totalPages: number;
  };
}

async function guestToken(app: Awaited<ReturnType<typeof testApp>>): Promise<string> {
  app.sim.setFlag('FREEPLAY3', true);
  const res = await call(app, 'POST', '/wps/session/login/freeplay', {
    headers: { 'x-gateway-version': '3' },
    body: { os: 'Linux', platform: 'W', value: 'device-fingerprint-1234' },
  });
  expect(res.envelope.success).toBe(true);
  expect(res.envelope.value.isAgent).toBe(4);
  return res.envelope.value.token as string;
}

describe('balance and merchant wallet', () => {
  it('reads value.sumBalance and needs a token', async () => {
    const app = await testApp();
    const token = await login(app);
    expect(await balanceOf(app, token)).toBe(app.sim.ledger.balance('player01'));
    const anon = await call(app, 'GET', '/wps/v2/wallets/balance');
    expect(anon.statusCode).toBe(401);
    expect(anon.envelope.errorCode).toBe('login.not.session');
  });

  it('answers a single-wallet merchant with its vendor wallets, publicly', async () => {
    const app = await testApp();
    const res = await call(app, 'GET', '/wps/wallet/merchant');
    expect(res.envelope.value.isSingle).toBe(true);
    expect(res.envelope.value.wallets.map((w: { vendor: string }) => w.vendor)).toContain('PG');
  });
});

describe('deposit', () => {
  it('credits at once: balance and account record show it', async () => {
    const app = await testApp();
    const token = await login(app);
    const before = await balanceOf(app, token);
    const res = await call(app, 'POST', '/wps/wallet/deposit', {
      token,
      body: { channelId: 'easypaisa', amount: 150.5 },
    });
    expect(res.envelope.success).toBe(true);
    expect(res.envelope.value).toMatchObject({
      kind: 'deposit',
      amount: 150.5,
      status: 'success',
      remark: 'Deposit via EasyPaisa',
    });
    expect(await balanceOf(app, token)).toBeCloseTo(before + 150.5, 2);
    const [latest] = (await records(app, token)).list;
    expect(latest).toMatchObject({ id: res.envelope.value.id, kind: 'deposit', amount: 150.5 });
    expect(latest?.balanceAfter).toBeCloseTo(before + 150.5, 2);
    expect(app.sim.ledger.consistent('player01')).toBe(true);
  });

  it('lists channels with limits and refuses amounts outside them', async () => {
    const app = await testApp();
    const token = await login(app);
    const channels = await call(app, 'GET', '/wps/wallet/deposit/channels', { token });
    const easypaisa = channels.envelope.value.find(
      (c: { channelId: string }) => c.channelId === 'easypaisa',
    );
    expect(easypaisa).toMatchObject({ minAmount: 5, maxAmount: 2000 });
    const before = app.sim.ledger.transactions('player01').length;
    const low = await call(app, 'POST', '/wps/wallet/deposit', {
      token,
      body: { channelId: 'easypaisa', amount: 1 },
    });
    expect(low.statusCode).toBe(400);
    expect(low.envelope.errorCode).toBe('wallet.amount.out.of.range');
    const high = await call(app, 'POST', '/wps/wallet/deposit', {
      token,
      body: { channelId: 'easypaisa', amount: 2000.01 },
    });
    expect(high.envelope.errorCode).toBe('wallet.amount.out.of.range');
    expect(app.sim.ledger.transactions('player01').length).toBe(before);
  });

  it.each([
    ['unknown channel', { channelId: 'paypal', amount: 10 }],
    ['zero amount', { channelId: 'bank', amount: 0 }],
    ['negative amount', { channelId: 'bank', amount: -10 }],
    ['three decimals', { channelId: 'bank', amount: 10.001 }],
    ['missing channel', { amount: 10 }],
    ['amount as text', { channelId: 'bank', amount: 'ten' }],
  ])('refuses %s with request_param_err', async (_name, body) => {
    const app = await testApp();
    const token = await login(app);
    const res = await call(app, 'POST', '/wps/wallet/deposit', { token, body });
    expect(res.statusCode).toBe(400);
    expect(res.envelope.errorCode).toBe('request_param_err');
  });

  it('takes an amount only as a number of at most two decimals reads: 20.1 * 3 or 0.1 + 0.2 is refused naming body/amount', async () => {
    const app = await testApp();
    const token = await login(app);
    const before = app.sim.ledger.transactions('player01').length;
    // 60.300000000000004, 0.30000000000000004 and 10.000000000000002 are no two-decimal numbers.
    for (const amount of [20.1 * 3, 0.1 + 0.2, 10.000000000000002]) {
      const res = await call(app, 'POST', '/wps/wallet/deposit', { token, body: { channelId: 'easypaisa', amount } });
      expect(res.statusCode, String(amount)).toBe(400);
      expect(res.envelope.errorCode).toBe('request_param_err');
      expect(res.envelope.value.fields).toEqual([{ field: 'body/amount', message: 'body/amount must be a positive amount with at most two decimals' }]);
    }
    expect(app.sim.ledger.transactions('player01').length).toBe(before);
    // A JSON number is its value: 1e2 is 100, and 5.10 is 5.1.
    for (const [written, credited] of [['10.25', 10.25], ['60.3', 60.3], ['1e2', 100], ['5.10', 5.1]] as const) {
      const res = await app.inject({
        method: 'POST',
        url: '/wps/wallet/deposit',
        headers: { merchant: 'DEMO', authorization: token, 'content-type': 'application/json' },
        payload: `{"channelId":"easypaisa","amount":${written}}`,
      });
      expect(res.statusCode, `${written}: ${res.body}`).toBe(200);
      expect(res.json<{ value: { amount: number } }>().value.amount).toBe(credited);
    }
  });

  it('adds a deposit promotion bonus, and refuses a closed or first-deposit-only one', async () => {
    const app = await testApp();
    const token = await login(app);
    const before = await balanceOf(app, token);
    // Promotion 2: 'Daily Reload Bonus 20%', at least $20, up to $100.
    const res = await call(app, 'POST', '/wps/wallet/deposit', {
      token,
      body: { channelId: 'bank', amount: 100, promotionId: 2 },
    });
    expect(res.envelope.success).toBe(true);
    expect(await balanceOf(app, token)).toBeCloseTo(before + 120, 2);
    const bonus = await call(app, 'GET', '/wps/record/bonus', { token });
    expect(bonus.envelope.value.list[0]).toMatchObject({
      kind: 'bonus',
      amount: 20,
      remark: 'Daily Reload Bonus 20%',
    });

    const closed = await call(app, 'POST', '/wps/wallet/deposit', {
      token,
      body: { channelId: 'bank', amount: 100, promotionId: 11 },
    });
    expect(closed.envelope.errorCode).toBe('promotion.not.applicable');
    const welcome = await call(app, 'POST', '/wps/wallet/deposit', {
      token,
      body: { channelId: 'bank', amount: 100, promotionId: 1 },
    });
    expect(welcome.envelope.errorCode).toBe('promotion.not.applicable');
    expect(await balanceOf(app, token)).toBeCloseTo(before + 120, 2);
  });

  it('refuses guests with in_need_true_account', async () => {
    const app = await testApp();
    const token = await guestToken(app);
    const res = await call(app, 'POST', '/wps/wallet/deposit', {
      token,
      body: { channelId: 'bank', amount: 100 },
    });
    expect(res.statusCode).toBe(403);
    expect(res.envelope.errorCode).toBe('in_need_true_account');
  });
});

describe('withdrawal', () => {
  it('answers limits, the available balance, bound accounts and the auto-receive timeout', async () => {
    const app = await testApp();
    const token = await login(app);
    const res = await call(app, 'GET', '/wps/wallet/withdraw/info', { token });
    expect(res.envelope.value).toMatchObject({
      minAmount: 10,
      available: app.sim.ledger.balance('player01'),
      autoReceiveMinutes: 30,
    });
    expect(res.envelope.value.accounts.length).toBeGreaterThan(0);
  });

  it('refuses a wrong payment password and changes nothing', async () => {
    const app = await testApp();
    const token = await login(app);
    const before = await balanceOf(app, token);
    const count = (await records(app, token)).totalCount;
    const res = await call(app, 'POST', '/wps/wallet/withdraw', {
      token,
      body: { amount: 20, accountId: 'acc-1', paymentPassword: '000000' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.envelope.errorCode).toBe('wallet.payment.password.incorrect');
    expect(await balanceOf(app, token)).toBe(before);
    expect((await records(app, token)).totalCount).toBe(count);
  });

  it('refuses more than the balance and changes nothing', async () => {
    const app = await testApp();
    const token = await login(app);
    const before = await balanceOf(app, token);
    const res = await call(app, 'POST', '/wps/wallet/withdraw', {
      token,
      body: { amount: before + 1, accountId: 'acc-1', paymentPassword: PAY },
    });
    expect(res.statusCode).toBe(400);
    expect(res.envelope.errorCode).toBe('wallet.insufficient.balance');
    expect(await balanceOf(app, token)).toBe(before);
  });

  it('refuses an unknown payout account, amounts out of range and accounts without a payment password', async () => {
    const app = await testApp();
    const token = await login(app);
    const unknown = await call(app, 'POST', '/wps/wallet/withdraw', {
      token,
      body: { amount: 20, accountId: 'acc-9', paymentPassword: PAY },
    });
    expect(unknown.envelope.errorCode).toBe('request_param_err');
    const small = await call(app, 'POST', '/wps/wallet/withdraw', {
      token,
      body: { amount: 5, accountId: 'acc-1', paymentPassword: PAY },
    });
    expect(small.envelope.errorCode).toBe('wallet.amount.out.of.range');
    const empty = await call(app, 'POST', '/wps/wallet/withdraw', {
      token,
      body: { amount: 20, accountId: 'acc-1', paymentPassword: '' },
    });
    expect(empty.envelope.errorCode).toBe('request_param_err');
    const newbieToken = await login(app, newbie);
    const unset = await call(app, 'POST', '/wps/wallet/withdraw', {
      token: newbieToken,
      body: { amount: 20, accountId: 'acc-1', paymentPassword: '123456' },
    });
    expect(unset.envelope.errorCode).toBe('wallet.payment.password.unset');
  });

  it('holds the money as pending until the player confirms receipt', async () => {
    const app = await testApp();
    const token = await login(app);
    const before = await balanceOf(app, token);
    const res = await call(app, 'POST', '/wps/wallet/withdraw', {
      token,
      body: { amount: 25, accountId: 'acc-1', paymentPassword: PAY },
    });
    expect(res.envelope.value).toMatchObject({ kind: 'withdraw', amount: -25, status: 'pending' });
    expect(await balanceOf(app, token)).toBeCloseTo(before - 25, 2);
    const funds = await call(app, 'GET', '/wps/member/info/funds/consolidated', { token });
    if (funds.envelope.success) expect(funds.envelope.value.pendingWithdrawal).toBe(25);

    const confirmed = await call(app, 'POST', '/wps/wallet/withdraw/confirm', {
      token,
      body: { id: res.envelope.value.id },
    });
    expect(confirmed.envelope.value).toMatchObject({
      id: res.envelope.value.id,
      status: 'success',
    });
    const row = (await records(app, token, { kind: 'withdraw' })).list.find(
      (t) => t.id === res.envelope.value.id,
    );
    expect(row?.status).toBe('success');
    expect(await balanceOf(app, token)).toBeCloseTo(before - 25, 2);

    const missing = await call(app, 'POST', '/wps/wallet/withdraw/confirm', {
      token,
      body: { id: 999999 },
    });
    expect(missing.statusCode).toBe(404);
    const notWithdrawal = await call(app, 'POST', '/wps/wallet/withdraw/confirm', {
      token,
      body: { id: 1 },
    });
    expect(notWithdrawal.statusCode).toBe(404);
  });

  it('force-receives a withdrawal after the timeout', async () => {
    const app = await testApp();
    const token = await login(app);
    const res = await call(app, 'POST', '/wps/wallet/withdraw', {
      token,
      body: { amount: 10, accountId: 'acc-2', paymentPassword: PAY },
    });
    app.sim.clock.advance(29 * 60_000);
    let row = (await records(app, token, { kind: 'withdraw' })).list.find(
      (t) => t.id === res.envelope.value.id,
    );
    expect(row?.status).toBe('pending');
    app.sim.clock.advance(2 * 60_000);
    row = (await records(app, token, { kind: 'withdraw' })).list.find(
      (t) => t.id === res.envelope.value.id,
    );
    expect(row?.status).toBe('success');
    expect(row?.remark).toContain('auto-received');
  });
});

describe('transfers', () => {
  it('moves money between the main wallet and a vendor wallet; sumBalance stays the total', async () => {
    const app = await testApp();
    const token = await login(app);
    const total = await balanceOf(app, token);
    const main = app.sim.ledger.balance('player01');

    const out = await call(app, 'POST', '/wps/relay/GCS_walletTransfer', {
      token,
      body: { from: 'MAIN', to: 'PG', amount: 100 },
    });
    expect(out.envelope.value.sumBalance).toBeCloseTo(total, 2);
    expect(app.sim.ledger.balance('player01')).toBeCloseTo(main - 100, 2);
    const back = await call(app, 'POST', '/wps/relay/GCS_walletTransfer', {
      token,
      body: { from: 'PG', to: 'MAIN', amount: 40 },
    });
    expect(back.envelope.value.sumBalance).toBeCloseTo(total, 2);
    expect(app.sim.ledger.balance('player01')).toBeCloseTo(main - 60, 2);
    expect(await balanceOf(app, token)).toBeCloseTo(total, 2);
    const rows = (await records(app, token, { kind: 'transfer' })).list;
    expect(rows.slice(0, 2).map((r) => r.amount)).toEqual([40, -100]);
    expect(app.sim.ledger.consistent('player01')).toBe(true);
  });

  it('refuses overdrafts, vendor-to-vendor, unknown and identical wallets, changing nothing', async () => {
    const app = await testApp();
    const token = await login(app);
    const main = app.sim.ledger.balance('player01');
    await call(app, 'POST', '/wps/relay/GCS_walletTransfer', {
      token,
      body: { from: 'MAIN', to: 'PG', amount: 10 },
    });
    const cases: [object, string][] = [
      [{ from: 'PG', to: 'MAIN', amount: 10.01 }, 'wallet.insufficient.balance'],
      [{ from: 'MAIN', to: 'PG', amount: main }, 'wallet.insufficient.balance'],
      [{ from: 'PG', to: 'EVO', amount: 1 }, 'wallet.transfer.invalid'],
      [{ from: 'MAIN', to: 'NOPE', amount: 1 }, 'request_param_err'],
      [{ from: 'MAIN', to: 'MAIN', amount: 1 }, 'request_param_err'],
      [{ from: 'MAIN', to: 'PG', amount: 0 }, 'request_param_err'],
      [{ from: 'MAIN', to: 'PS', amount: 1 }, 'game.maintenance'],
      [{ from: 'MAIN', amount: 1 }, 'request_param_err'],
    ];
    for (const [body, code] of cases) {
      const res = await call(app, 'POST', '/wps/relay/GCS_walletTransfer', { token, body });
      expect(res.envelope.errorCode, JSON.stringify(body)).toBe(code);
    }
    expect(app.sim.ledger.balance('player01')).toBeCloseTo(main - 10, 2);
  });

  it('transfers to the upline with the payment password', async () => {
    const app = await testApp();
    const token = await login(app);
    const agentBefore = app.sim.ledger.balance('agent01');
    const wrong = await call(app, 'POST', '/wps/wallet/transferUpline', {
      token,
      body: { amount: 5, paymentPassword: '111111' },
    });
    expect(wrong.envelope.errorCode).toBe('wallet.payment.password.incorrect');
    const res = await call(app, 'POST', '/wps/wallet/transferUpline', {
      token,
      body: { amount: 5, paymentPassword: PAY },
    });
    expect(res.envelope.value).toMatchObject({ kind: 'transfer', amount: -5 });
    expect(app.sim.ledger.balance('agent01')).toBeCloseTo(agentBefore + 5, 2);

    const vip = await login(app, { username: 'vipplayer', password: SEED.player.password });
    const none = await call(app, 'POST', '/wps/wallet/transferUpline', {
      token: vip,
      body: { amount: 5, paymentPassword: '246810' },
    });
    expect(none.envelope.errorCode).toBe('wallet.no.upline');
  });
});

describe('records', () => {
  it('pages the betting record, newest first, filtered by vendor and time', async () => {
    const app = await testApp();
    const token = await login(app);
    const all = app.sim.ledger.betsOf('player01');
    const res = await call(app, 'GET', '/wps/record/betting', {
      token,
      query: { pageNo: 1, pageSize: 5 },
    });
    expect(res.envelope.value).toMatchObject({
      pageNo: 1,
      pageSize: 5,
      totalCount: all.length,
      totalPages: Math.ceil(all.length / 5),
    });
    const times = res.envelope.value.list.map((b: { time: number }) => b.time);
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const pg = await call(app, 'GET', '/wps/record/betting', {
      token,
      query: { vendor: 'PG', pageSize: 100 },
    });
    expect(pg.envelope.value.list.every((b: { vendor: string }) => b.vendor === 'PG')).toBe(true);
    expect(pg.envelope.value.totalCount).toBe(all.filter((b) => b.vendor === 'PG').length);

    const cut = all[Math.floor(all.length / 2)]?.time ?? 0;
    const later = await call(app, 'GET', '/wps/record/betting', {
      token,
      query: { startTime: cut, pageSize: 100 },
    });
    expect(later.envelope.value.list.every((b: { time: number }) => b.time >= cut)).toBe(true);
    const bad = await call(app, 'GET', '/wps/record/betting', { token, query: { pageSize: 101 } });
    expect(bad.statusCode).toBe(400);
  });

  it('filters the account record by kind and pages it', async () => {
    const app = await testApp();
    const token = await login(app);
    const deposits = await records(app, token, { kind: 'deposit', pageSize: 100 });
    expect(deposits.list.length).toBeGreaterThan(0);
    expect(deposits.list.every((t) => t.kind === 'deposit')).toBe(true);
    const all = await records(app, token, { pageSize: 3, pageNo: 2 });
    expect(all.list).toHaveLength(3);
    expect(all.totalCount).toBe(app.sim.ledger.transactions('player01').length);
  });

  it('sums personal profit and loss per day from the bets', async () => {
    const app = await testApp();
    const token = await login(app);
    const bets = app.sim.ledger.betsOf('player01');
    const res = await call(app, 'GET', '/wps/record/profit', { token, query: { pageSize: 100 } });
    const v = res.envelope.value;
    expect(v.totalBet).toBeCloseTo(
      bets.reduce((s, b) => s + b.betAmount, 0),
      2,
    );
    expect(v.totalWin).toBeCloseTo(
      bets.reduce((s, b) => s + b.winAmount, 0),
      2,
    );
    expect(v.profit).toBeCloseTo(v.totalWin - v.totalBet, 2);
    expect(v.days.reduce((s: number, d: { bet: number }) => s + d.bet, 0)).toBeCloseTo(
      v.totalBet,
      2,
    );
  });

  it('refuses the records to visitors and guests', async () => {
    const app = await testApp();
    expect((await call(app, 'GET', '/wps/record/account')).statusCode).toBe(401);
    const guest = await guestToken(app);
    const res = await call(app, 'GET', '/wps/record/betting', { token: guest });
    expect(res.envelope.errorCode).toBe('in_need_true_account');
  });
});

describe('manual rebate', () => {
  it('claims the rebate of the valid bets once, into the wallet', async () => {
    const app = await testApp();
    const token = await login(app);
    const rebate = await call(app, 'GET', '/wps/rebate/manual', { token });
    const { claimable, items } = rebate.envelope.value;
    expect(claimable).toBeGreaterThan(0);
    expect(items.find((i: { gameType: string }) => i.gameType === 'RNG')?.rate).toBe(0.012);
    const before = await balanceOf(app, token);
    const claim = await call(app, 'POST', '/wps/rebate/manual/claim', { token });
    expect(claim.envelope.value).toMatchObject({ kind: 'rebate', amount: claimable });
    expect(await balanceOf(app, token)).toBeCloseTo(before + claimable, 2);
    const after = await call(app, 'GET', '/wps/rebate/manual', { token });
    expect(after.envelope.value).toEqual({ claimable: 0, items: [] });
    const again = await call(app, 'POST', '/wps/rebate/manual/claim', { token });
    expect(again.envelope.errorCode).toBe('rebate.nothing.to.claim');
    const bonus = await call(app, 'GET', '/wps/record/bonus', { token });
    expect(bonus.envelope.value.list[0]).toMatchObject({ kind: 'rebate', amount: claimable });
  });
});
