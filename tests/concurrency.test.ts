/**
 * Concurrency: many requests in flight at once against one app (`Promise.all` of
 * `app.inject`). Registrations racing for the same usernames give exactly one account per name;
 * thousands of interleaved wallet operations keep the ledger invariant (balance = sum of
 * transactions, never negative) and conserve money across main and vendor wallets.
 */
import { describe, expect, it } from 'vitest';
import { encryptBody } from '../openapi/wire-crypto';
import { subWalletBalance, sumBalance } from '../server/sim/wallet';
import { call, login, MERCHANT, testApp } from './helpers';
import { operations, validateEnvelope, validateErrorEnvelope, validateReply } from './doc';

/** Deterministic pseudo-random numbers (mulberry32), so a failure replays the same interleaving. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const cents = (n: number) => Math.round(n * 100) / 100;
const opById = new Map(operations.map((op) => [op.operationId, op]));
/** The document's launchGame example: a slot, so demo bets need no pick. */
const LAUNCH = {
  gameId: 1001,
  nodeId: 100001,
  accountType: 1,
  confirmTrans: 0,
  launchMode: 'GLS',
  platform: 'html5-desktop',
  clientType: 3,
  language: 'EN',
};

describe('concurrency: registrations', () => {
  it('1,000 concurrent registrations over 100 usernames give exactly one account per name', async () => {
    const app = await testApp();
    app.sim.setFlag('REGMOBVERF3', false);
    const names = Array.from({ length: 100 }, (_, i) => `racer${String(i).padStart(3, '0')}`);
    const accountsBefore = app.sim.accounts.size;
    const attempts = Array.from({ length: 1000 }, (_, i) => {
      const username = names[i % names.length] as string;
      // Each attempt has its own password, so the winner is identifiable afterwards.
      const password = `Pw${String(i).padStart(4, '0')}xyz`;
      return {
        username,
        password,
        wire: encryptBody(
          { username, password, confirmPassword: password, registerMethod: 'WEB', login: true },
          app.sim.rsa.modulusHex,
        ),
      };
    });
    const replies = await Promise.all(
      attempts.map((a) =>
        app.inject({
          method: 'PUT',
          url: '/wps/member/register',
          headers: {
            merchant: MERCHANT,
            device: 'web',
            language: 'EN',
            encryption: a.wire.encryption,
          },
          payload: a.wire.body,
        }),
      ),
    );

    const register = opById.get('register');
    const winners = new Map<string, { password: string; count: number }>();
    const unexpected: string[] = [];
    replies.forEach((res, i) => {
      const attempt = attempts[i];
      if (!attempt) return;
      const body = res.json();
      if (register) {
        const problem = validateReply(register, res.statusCode, body);
        if (problem) unexpected.push(`#${i} invalid envelope ${res.statusCode}: ${problem}`);
      }
      if (res.statusCode === 200 && body.success) {
        const w = winners.get(attempt.username) ?? { password: attempt.password, count: 0 };
        w.count += 1;
        winners.set(attempt.username, w);
      } else if (res.statusCode !== 400 || body.errorCode !== 'member.username.exists') {
        unexpected.push(`#${i} ${attempt.username} → ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
    });
    expect(unexpected).toEqual([]);
    expect(winners.size).toBe(names.length);
    for (const name of names) expect(winners.get(name)?.count, name).toBe(1);
    expect(app.sim.accounts.size).toBe(accountsBefore + names.length);
    // The stored account is the winner's: its password (and no other attempt's) opens it.
    for (const name of names.slice(0, 3)) {
      const account = app.sim.findAccount(name);
      expect(account).toBeDefined();
      if (account) expect(app.sim.checkPassword(account, winners.get(name)?.password)).toBe(true);
    }
  });
});

interface Player {
  account: string;
  token: string;
  /** A launched demo game's ticket: bets through POST /__demo/bet move the same ledger. */
  ticket: string;
  paymentPassword: string;
  upline: string | null;
}

type WalletOp =
  | { kind: 'deposit'; who: Player; amount: number }
  | { kind: 'withdraw'; who: Player; amount: number }
  | { kind: 'toVendor' | 'fromVendor'; who: Player; vendor: string; amount: number }
  | { kind: 'upline'; who: Player; amount: number }
  | { kind: 'confirm'; who: Player; id: number }
  | { kind: 'bet'; who: Player; amount: number }
  | { kind: 'rebate' | 'balance'; who: Player };

describe('concurrency: wallet', () => {
  it('10,000 concurrent wallet operations keep every ledger consistent and conserve money', async () => {
    const app = await testApp();
    const seeds = [
      { username: 'player01', paymentPassword: '135790' },
      { username: 'vipplayer', paymentPassword: '246810' },
      { username: 'faisalpk47', paymentPassword: '123456' },
      { username: 'mehwishpk', paymentPassword: '123456' },
      { username: 'sadiamirza39', paymentPassword: '123456' },
    ];
    const players: Player[] = [];
    for (const s of seeds) {
      const token = await login(app, { username: s.username, password: 'Passw0rd!' });
      const launch = await call(app, 'POST', '/wps/game/launchGame', { token, body: LAUNCH });
      expect(launch.statusCode, launch.body).toBe(200);
      const ticket =
        new URL(launch.envelope.value.game_url as string, 'http://sim').searchParams.get(
          'ticket',
        ) ?? '';
      expect(ticket).not.toBe('');
      players.push({
        ticket,
        account: s.username,
        token,
        paymentPassword: s.paymentPassword,
        upline: app.sim.findAccount(s.username)?.parentAccount ?? null,
      });
    }
    const merchant = await call(app, 'GET', '/wps/wallet/merchant');
    const vendors = ((merchant.envelope.value?.wallets ?? []) as { vendor: string }[])
      .slice(0, 3)
      .map((w) => w.vendor);
    expect(vendors.length).toBeGreaterThan(0);

    // Everyone whose balance can move: the players and their uplines.
    const tracked = [
      ...new Set([
        ...players.map((p) => p.account),
        ...players.flatMap((p) => (p.upline ? [p.upline] : [])),
      ]),
    ];
    const before = new Map(tracked.map((a) => [a, sumBalance(app.sim, a)]));

    // The mix: payment-password calls are a small share, as in real use.
    const random = rng(7);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
    const money = (min: number, max: number) => cents(min + random() * (max - min));
    const ops: WalletOp[] = [];
    for (let i = 0; i < 10_000; i++) {
      const who = pick(players);
      const r = random();
      if (r < 0.3) ops.push({ kind: 'deposit', who, amount: money(5, 2000) });
      else if (r < 0.52)
        ops.push({ kind: 'toVendor', who, vendor: pick(vendors), amount: money(0.01, 3000) });
      else if (r < 0.74)
        ops.push({ kind: 'fromVendor', who, vendor: pick(vendors), amount: money(0.01, 3000) });
      else if (r < 0.77) ops.push({ kind: 'withdraw', who, amount: money(10, 6000) });
      else if (r < 0.79) ops.push({ kind: 'upline', who, amount: money(0.01, 500) });
      else if (r < 0.81) ops.push({ kind: 'confirm', who, id: 1 + Math.floor(random() * 20_000) });
      else if (r < 0.82) ops.push({ kind: 'rebate', who });
      else if (r < 0.92) ops.push({ kind: 'bet', who, amount: money(1, 400) });
      else ops.push({ kind: 'balance', who });
    }

    const send = (op: WalletOp) => {
      const token = op.who.token;
      switch (op.kind) {
        case 'deposit':
          return call(app, 'POST', '/wps/wallet/deposit', {
            token,
            body: { channelId: 'easypaisa', amount: op.amount },
          });
        case 'withdraw':
          return call(app, 'POST', '/wps/wallet/withdraw', {
            token,
            body: {
              amount: op.amount,
              accountId: 'acc-2',
              paymentPassword: op.who.paymentPassword,
            },
          });
        case 'toVendor':
          return call(app, 'POST', '/wps/relay/GCS_walletTransfer', {
            token,
            body: { from: 'MAIN', to: op.vendor, amount: op.amount },
          });
        case 'fromVendor':
          return call(app, 'POST', '/wps/relay/GCS_walletTransfer', {
            token,
            body: { from: op.vendor, to: 'MAIN', amount: op.amount },
          });
        case 'upline':
          return call(app, 'POST', '/wps/wallet/transferUpline', {
            token,
            body: { amount: op.amount, paymentPassword: op.who.paymentPassword },
          });
        case 'confirm':
          return call(app, 'POST', '/wps/wallet/withdraw/confirm', { token, body: { id: op.id } });
        case 'rebate':
          return call(app, 'POST', '/wps/rebate/manual/claim', { token });
        case 'balance':
          return call(app, 'GET', '/wps/v2/wallets/balance', { token });
        case 'bet':
          // The demo game's own route (outside the contract): no token, the ticket is the credential.
          return call(app, 'POST', '/__demo/bet', {
            body: { ticket: op.who.ticket, amount: op.amount },
          });
      }
    };
    const operationOf: Record<WalletOp['kind'], string> = {
      deposit: 'deposit',
      withdraw: 'withdraw',
      toVendor: 'walletTransfer',
      fromVendor: 'walletTransfer',
      upline: 'transferToUpline',
      confirm: 'confirmWithdrawReceived',
      rebate: 'claimRebate',
      balance: 'getBalance',
      bet: '',
    };

    const replies = await Promise.all(ops.map(send));

    // Every reply is a valid envelope of its operation and no call failed on the server side.
    const problems: string[] = [];
    const expected = new Map(before);
    const credit = (account: string, amount: number) =>
      expected.set(account, cents((expected.get(account) ?? 0) + amount));
    let succeeded = 0;
    let bets = 0;
    replies.forEach((res, i) => {
      const op = ops[i];
      if (!op) return;
      const doc = opById.get(operationOf[op.kind]);
      // Demo bets are not in the contract: their reply must still be an envelope.
      const problem =
        op.kind === 'bet'
          ? res.envelope.success
            ? null
            : validateErrorEnvelope(res.envelope)
          : doc
            ? validateEnvelope(doc, res.statusCode, res.envelope)
            : `no operation ${operationOf[op.kind]} in the document`;
      if (res.statusCode >= 500 || problem)
        problems.push(
          `#${i} ${op.kind} → ${res.statusCode} ${res.body.slice(0, 200)} ${problem ?? ''}`,
        );
      if (!res.envelope.success) return;
      succeeded += 1;
      // What each success did to the money of the tracked accounts (vendor moves keep the sum).
      if (op.kind === 'deposit' || op.kind === 'withdraw' || op.kind === 'rebate')
        credit(op.who.account, res.envelope.value.amount as number);
      if (op.kind === 'bet') {
        const { betAmount, winAmount } = res.envelope.value as {
          betAmount: number;
          winAmount: number;
        };
        credit(op.who.account, cents(winAmount - betAmount));
        bets += 1;
      }
      if (op.kind === 'upline') {
        credit(op.who.account, res.envelope.value.amount as number);
        if (op.who.upline) credit(op.who.upline, -(res.envelope.value.amount as number));
      }
    });
    expect(problems.slice(0, 20)).toEqual([]);
    // The mix really moved money both ways and met refusals (insufficient balance and the like).
    expect(succeeded).toBeGreaterThan(3000);
    expect(succeeded).toBeLessThan(ops.length);
    expect(bets).toBeGreaterThan(100);

    for (const account of tracked) {
      expect(app.sim.ledger.consistent(account), `ledger of ${account}`).toBe(true);
      expect(app.sim.ledger.balance(account), account).toBeGreaterThanOrEqual(0);
      for (const vendor of vendors)
        expect(
          subWalletBalance(app.sim, account, vendor),
          `${account} ${vendor}`,
        ).toBeGreaterThanOrEqual(0);
      let low = Infinity;
      for (const tx of app.sim.ledger.transactions(account)) low = Math.min(low, tx.balanceAfter);
      expect(low, `lowest running balance of ${account}`).toBeGreaterThanOrEqual(0);
      expect(sumBalance(app.sim, account), `money of ${account}`).toBe(expected.get(account));
    }
  });
});
