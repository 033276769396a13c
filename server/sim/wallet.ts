/**
 * The wallet: deposits, withdrawals (pending until confirmed or force-received), transfers to the
 * upline and between the main wallet and vendor sub-wallets, the record pages and the manual rebate.
 * The main wallet is the ledger balance; sub-wallet balances live here, and every movement in or out
 * of the main wallet is a ledger transaction, so the ledger invariant holds for it.
 */
import { badRequest, notFound, refused } from '../errors';
import { gameMenus } from './games';
import type { BetRow, LedgerTx } from './ledger';
import { inRange, paginate } from './paging';
import { Type } from '@sinclair/typebox';
import { defineTable } from './store/schema';
import type { Account, Sim } from './state';
import { isMoney, roundMoney } from '../../openapi/money';


/** The main wallet's name in transfers. */
export const MAIN_WALLET = 'MAIN';

/** Withdrawals not confirmed within this many minutes are force-received. */
export const WITHDRAW_AUTO_RECEIVE_MINUTES = 30;
export const WITHDRAW_MIN = 10;
export const WITHDRAW_MAX = 50_000;

export interface DepositChannel {
  channelId: string;
  name: string;
  minAmount: number;
  maxAmount: number;
  logo: string;
}

/** The brand's deposit channels, with the limits its help centre publishes. */
export const DEPOSIT_CHANNELS: readonly DepositChannel[] = [
  {
    channelId: 'easypaisa',
    name: 'EasyPaisa',
    minAmount: 5,
    maxAmount: 2_000,
    logo: '/assets/payment/easypaisa.svg',
  },
  {
    channelId: 'jazzcash',
    name: 'JazzCash',
    minAmount: 5,
    maxAmount: 2_000,
    logo: '/assets/payment/jazzcash.svg',
  },
  {
    channelId: 'bank',
    name: 'Bank transfer',
    minAmount: 10,
    maxAmount: 20_000,
    logo: '/assets/payment/bank.svg',
  },
  {
    channelId: 'usdt',
    name: 'USDT (TRC20)',
    minAmount: 10,
    maxAmount: 50_000,
    logo: '/assets/payment/usdt.svg',
  },
];

/** Rebate rate per game type of valid bets (the promotion 'Unlimited Daily Rebate up to 1.2%'). */
export const REBATE_RATES: Readonly<Record<string, number>> = {
  RNG: 0.012,
  FISH: 0.01,
  INHOUSE: 0.01,
  LIVE: 0.008,
  PVP: 0.008,
  SPORTS: 0.006,
  ELOTT: 0.005,
  LOTT: 0.005,
};
const DEFAULT_REBATE_RATE = 0.005;

/** The wallet module's slice of the world schema (server/sim/store). */
export const SUB_WALLETS = defineTable({
  name: 'sub_wallets',
  owner: 'wallet',
  key: 'account',
  doc: "Each account's vendor sub-wallet balances (the main wallet is the ledger).",
  accountField: 'account',
  row: Type.Object({ account: Type.String(), balances: Type.Record(Type.String(), Type.Number()) }),
  rules: { money: ['balances/*'], nonNegative: ['balances/*'] },
});

export const REBATES = defineTable({
  name: 'rebates',
  owner: 'wallet',
  key: 'account',
  doc: 'The highest bet id already paid by a manual rebate claim, per account.',
  accountField: 'account',
  row: Type.Object({ account: Type.String(), rebatedUpTo: Type.Integer() }),
  rules: { nonNegative: ['rebatedUpTo'] },
});

export function txView(tx: LedgerTx) {
  return {
    id: tx.id,
    kind: tx.kind,
    amount: tx.amount,
    balanceAfter: tx.balanceAfter,
    time: tx.time,
    remark: tx.remark,
    status: tx.status,
  };
}
export type TxView = ReturnType<typeof txView>;

export function betView(bet: BetRow) {
  return {
    id: bet.id,
    account: bet.account,
    vendor: bet.vendor,
    gameName: bet.gameName,
    gameType: bet.gameType,
    betAmount: bet.betAmount,
    validBet: bet.validBet,
    winAmount: bet.winAmount,
    profit: bet.profit,
    time: bet.time,
  };
}

// ---- balances and sub-wallets ----------------------------------------------------------------------

const NO_BALANCES: Readonly<Record<string, number>> = Object.freeze({});

function subWallets(sim: Sim, account: string): Readonly<Record<string, number>> {
  return sim.db.table(SUB_WALLETS).get(account)?.balances ?? NO_BALANCES;
}

function setSubWallet(sim: Sim, account: string, vendor: string, balance: number): void {
  const table = sim.db.table(SUB_WALLETS);
  const row = table.update(account) ?? table.put(account, { account, balances: {} });
  row.balances[vendor] = balance;
}

/** Vendor codes that have a sub-wallet: every vendor of the world, once, in menu order. */
export function walletVendors(sim: Sim): { vendor: string; name: string }[] {
  const seen = new Map<string, string>();
  for (const menu of gameMenus(sim))
    for (const v of menu.vendors) if (!seen.has(v.vendor)) seen.set(v.vendor, v.vendorName);
  return [...seen].map(([vendor, name]) => ({ vendor, name }));
}

/** Main wallet plus every vendor sub-wallet: what the header shows as value.sumBalance. */
export function sumBalance(sim: Sim, account: string): number {
  let sum = sim.ledger.balance(account);
  for (const v of Object.values(subWallets(sim, account))) sum += v;
  return roundMoney(sum);
}

export function subWalletBalance(sim: Sim, account: string, vendor: string): number {
  return subWallets(sim, account)[vendor] ?? 0;
}

/** Move money between the main wallet and one vendor sub-wallet (one side must be MAIN). */
export function transfer(
  sim: Sim,
  account: Account,
  from: string,
  to: string,
  amount: number,
): number {
  const src = from.trim().toUpperCase();
  const dst = to.trim().toUpperCase();
  if (src === dst) throw badRequest('from and to must differ', 'body/to');
  if (src !== MAIN_WALLET && dst !== MAIN_WALLET) {
    throw refused(
      'wallet.transfer.invalid',
      'Transfers go between the main wallet and a vendor wallet',
    );
  }
  const vendor = src === MAIN_WALLET ? dst : src;
  const matching = sim.world.vendors.filter((v) => v.vendor.toUpperCase() === vendor);
  if (matching.length === 0) {
    throw badRequest(`Unknown wallet ${vendor}`, src === MAIN_WALLET ? 'body/to' : 'body/from');
  }
  if (matching.some((v) => v.maintenance)) {
    throw refused('game.maintenance', `${vendor} is under maintenance; try again later`);
  }
  const value = roundMoney(amount);
  if (value <= 0) throw badRequest('amount must be at least 0.01', 'body/amount');
  const current = subWallets(sim, account.account)[vendor] ?? 0;
  if (src === MAIN_WALLET) {
    // The ledger refuses (and changes nothing) when the main wallet is short.
    sim.ledger.post(account.account, 'transfer', -value, `Transfer to ${vendor} wallet`, sim.now());
    setSubWallet(sim, account.account, vendor, roundMoney(current + value));
  } else {
    if (current < value) throw refused('wallet.insufficient.balance', 'Insufficient balance');
    sim.ledger.post(
      account.account,
      'transfer',
      value,
      `Transfer from ${vendor} wallet`,
      sim.now(),
    );
    setSubWallet(sim, account.account, vendor, roundMoney(current - value));
  }
  return sumBalance(sim, account.account);
}

// ---- deposits ---------------------------------------------------------------------------------------

interface PromotionLike {
  id: number;
  category: string;
  title: string;
  summary?: string;
  startTime?: number;
  endTime?: number;
  enabled?: boolean;
}

function promotion(sim: Sim, id: number): PromotionLike | undefined {
  return sim.world.promotions.find((p) => p.id === id);
}

/** Bonus of a deposit promotion: 'N% … up to $M' in its title or summary, 'at least $K' as minimum. */
function promotionBonus(promo: PromotionLike, amount: number): number {
  const text = `${promo.title} ${promo.summary ?? ''}`;
  const pct = /(\d+(?:\.\d+)?)%/.exec(text);
  if (!pct?.[1]) return 0;
  const cap = /up to \$([\d,]+(?:\.\d+)?)/i.exec(text);
  const min = /at least \$([\d,]+(?:\.\d+)?)/i.exec(text);
  if (min?.[1] && amount < Number(min[1].replace(/,/g, ''))) return 0;
  const bonus = (amount * Number(pct[1])) / 100;
  return roundMoney(cap?.[1] ? Math.min(bonus, Number(cap[1].replace(/,/g, ''))) : bonus);
}

/** A deposit is credited at once in the simulator; a deposit promotion adds its bonus. */
export function deposit(
  sim: Sim,
  account: Account,
  channelId: string,
  amount: number,
  promotionId?: number,
): LedgerTx {
  const channel = DEPOSIT_CHANNELS.find((c) => c.channelId === channelId);
  if (!channel) throw badRequest(`Unknown deposit channel ${channelId}`, 'body/channelId');
  if (amount < channel.minAmount || amount > channel.maxAmount) {
    throw refused(
      'wallet.amount.out.of.range',
      `Amount must be between ${channel.minAmount} and ${channel.maxAmount}`,
      {
        fields: [
          {
            field: 'body/amount',
            message: `between ${channel.minAmount} and ${channel.maxAmount}`,
          },
        ],
      },
    );
  }
  let promo: PromotionLike | undefined;
  if (promotionId !== undefined) {
    promo = promotion(sim, promotionId);
    const now = sim.now();
    const active =
      promo &&
      promo.enabled !== false &&
      (promo.category === 'deposit' || promo.category === 'new_player') &&
      (promo.startTime === undefined || promo.startTime <= now) &&
      (promo.endTime === undefined || now <= promo.endTime);
    if (!promo || !active)
      throw refused('promotion.not.applicable', 'This promotion cannot be applied to a deposit');
    const deposited = sim.ledger.transactions(account.account).some((t) => t.kind === 'deposit');
    if (promo.category === 'new_player' && deposited) {
      throw refused('promotion.not.applicable', 'This promotion is for the first deposit only');
    }
  }
  const tx = sim.ledger.post(
    account.account,
    'deposit',
    amount,
    `Deposit via ${channel.name}`,
    sim.now(),
  );
  if (promo) {
    const bonus = promotionBonus(promo, amount);
    if (bonus > 0) sim.ledger.post(account.account, 'bonus', bonus, promo.title, sim.now());
  }
  return tx;
}

// ---- withdrawals ------------------------------------------------------------------------------------

export interface PayoutAccount {
  id: string;
  bankName: string;
  accountNo: string;
}

const mask = (digits: string) =>
  digits.length > 4 ? `${'*'.repeat(digits.length - 4)}${digits.slice(-4)}` : digits;

/** Payout accounts bound to the member (derived from the profile: a mobile wallet and a bank account). */
export function payoutAccounts(account: Account): PayoutAccount[] {
  const out: PayoutAccount[] = [];
  if (account.mobileNum)
    out.push({ id: 'acc-1', bankName: 'EasyPaisa', accountNo: mask(account.mobileNum) });
  out.push({
    id: 'acc-2',
    bankName: 'Bank Alfalah',
    accountNo: mask(`0${String(account.id).padStart(9, '7')}`),
  });
  return out;
}

function checkPaymentPassword(sim: Sim, account: Account, password: string): void {
  if (!account.paymentPasswordHash) {
    throw refused('wallet.payment.password.unset', 'Set a payment password first');
  }
  if (!sim.checkPaymentPassword(account, password)) {
    throw refused('wallet.payment.password.incorrect', 'Payment password incorrect', {
      fields: [{ field: 'body/paymentPassword', message: 'incorrect' }],
    });
  }
}

/** Pending withdrawals past the auto-receive timeout become received (forced confirmation). */
export function settleDueWithdrawals(sim: Sim, account: string): void {
  const due = sim.now() - WITHDRAW_AUTO_RECEIVE_MINUTES * 60_000;
  for (const tx of sim.ledger.transactions(account)) {
    if (tx.kind === 'withdraw' && tx.status === 'pending' && tx.time <= due) {
      tx.status = 'success';
      tx.remark = `${tx.remark} (auto-received)`;
    }
  }
}

export function withdrawInfo(sim: Sim, account: Account) {
  return {
    minAmount: WITHDRAW_MIN,
    maxAmount: WITHDRAW_MAX,
    available: sim.ledger.balance(account.account),
    autoReceiveMinutes: WITHDRAW_AUTO_RECEIVE_MINUTES,
    accounts: payoutAccounts(account),
  };
}

/** A withdrawal leaves the main wallet at once and stays pending until the player confirms receipt. */
export function withdraw(
  sim: Sim,
  account: Account,
  amount: number,
  accountId: string,
  paymentPassword: string,
): LedgerTx {
  checkPaymentPassword(sim, account, paymentPassword);
  const payout = payoutAccounts(account).find((a) => a.id === accountId);
  if (!payout) throw badRequest(`Unknown payout account ${accountId}`, 'body/accountId');
  if (amount < WITHDRAW_MIN || amount > WITHDRAW_MAX) {
    throw refused(
      'wallet.amount.out.of.range',
      `Amount must be between ${WITHDRAW_MIN} and ${WITHDRAW_MAX}`,
      {
        fields: [{ field: 'body/amount', message: `between ${WITHDRAW_MIN} and ${WITHDRAW_MAX}` }],
      },
    );
  }
  return sim.ledger.post(
    account.account,
    'withdraw',
    -amount,
    `Withdrawal to ${payout.bankName} ${payout.accountNo}`,
    sim.now(),
    'pending',
  );
}

export function confirmWithdrawal(sim: Sim, account: Account, id: number): LedgerTx {
  settleDueWithdrawals(sim, account.account);
  const tx = sim.ledger
    .transactions(account.account)
    .find((t) => t.id === id && t.kind === 'withdraw');
  if (!tx) throw notFound(`No withdrawal ${id}`);
  if (tx.status === 'rejected')
    throw refused('wallet.withdraw.rejected', 'This withdrawal was rejected');
  tx.status = 'success';
  return tx;
}

/** Members with an upline (toUpline) can send money to it; the payment password is checked. */
export function transferToUpline(
  sim: Sim,
  account: Account,
  amount: number,
  paymentPassword: string,
): LedgerTx {
  const upline = account.parentAccount ? sim.findAccount(account.parentAccount) : undefined;
  if (!upline) throw refused('wallet.no.upline', 'This account has no upline to transfer to');
  checkPaymentPassword(sim, account, paymentPassword);
  const tx = sim.ledger.post(
    account.account,
    'transfer',
    -amount,
    `Transfer to upline ${upline.account}`,
    sim.now(),
  );
  sim.ledger.post(
    upline.account,
    'transfer',
    amount,
    `Transfer from downline ${account.account}`,
    sim.now(),
  );
  return tx;
}

// ---- records ----------------------------------------------------------------------------------------

export interface RecordQuery {
  startTime?: number;
  endTime?: number;
  pageNo?: number;
  pageSize?: number;
}

export function bettingRecords(sim: Sim, account: string, q: RecordQuery & { vendor?: string }) {
  const rows = inRange(sim.ledger.betsOf(account), q.startTime, q.endTime).filter(
    (b) => !q.vendor || b.vendor.toUpperCase() === q.vendor.toUpperCase(),
  );
  return paginate(rows.map(betView), q.pageNo, q.pageSize);
}

export function accountRecords(sim: Sim, account: string, q: RecordQuery & { kind?: string }) {
  settleDueWithdrawals(sim, account);
  const kinds = q.kind ? new Set(q.kind.split(',').map((k) => k.trim())) : null;
  const rows = inRange(sim.ledger.transactions(account), q.startTime, q.endTime).filter(
    (t) => !kinds || kinds.has(t.kind),
  );
  return paginate(rows.map(txView), q.pageNo, q.pageSize);
}

export function bonusRecords(sim: Sim, account: string, q: RecordQuery) {
  return accountRecords(sim, account, { ...q, kind: 'bonus,rebate' });
}

const day = (time: number) => new Date(time).toISOString().slice(0, 10);

/** Profit and loss per day of the bets in range, newest day first. */
export function personalProfit(sim: Sim, account: string, q: RecordQuery) {
  const days = new Map<string, { day: string; bet: number; win: number; profit: number }>();
  let totalBet = 0;
  let totalWin = 0;
  for (const b of inRange(sim.ledger.betsOf(account), q.startTime, q.endTime)) {
    const key = day(b.time);
    const row = days.get(key) ?? { day: key, bet: 0, win: 0, profit: 0 };
    row.bet = roundMoney(row.bet + b.betAmount);
    row.win = roundMoney(row.win + b.winAmount);
    row.profit = roundMoney(row.win - row.bet);
    days.set(key, row);
    totalBet += b.betAmount;
    totalWin += b.winAmount;
  }
  const all = [...days.values()];
  const pageSize = q.pageSize ?? 20;
  const start = ((q.pageNo ?? 1) - 1) * pageSize;
  return {
    totalBet: roundMoney(totalBet),
    totalWin: roundMoney(totalWin),
    profit: roundMoney(totalWin - totalBet),
    days: all.slice(start, start + pageSize),
  };
}

// ---- manual rebate ----------------------------------------------------------------------------------

function unrebatedBets(sim: Sim, account: string): readonly BetRow[] {
  const upTo = sim.db.table(REBATES).get(account)?.rebatedUpTo ?? 0;
  return sim.ledger.betsOf(account).filter((b) => b.id > upTo);
}

/** Claimable rebate: valid bets since the last claim times the rate of their game type. */
export function rebate(sim: Sim, account: string) {
  const byType = new Map<string, number>();
  for (const b of unrebatedBets(sim, account))
    byType.set(b.gameType, (byType.get(b.gameType) ?? 0) + b.validBet);
  const items = [...byType]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([gameType, validBet]) => {
      const rate = REBATE_RATES[gameType] ?? DEFAULT_REBATE_RATE;
      return { gameType, validBet: roundMoney(validBet), rate, rebate: roundMoney(validBet * rate) };
    });
  return { claimable: roundMoney(items.reduce((s, i) => s + i.rebate, 0)), items };
}

export function claimRebate(sim: Sim, account: string): LedgerTx {
  const { claimable } = rebate(sim, account);
  if (claimable < 0.01) throw refused('rebate.nothing.to.claim', 'There is no rebate to claim yet');
  const bets = sim.ledger.betsOf(account);
  const last = bets[bets.length - 1];
  const tx = sim.ledger.post(account, 'rebate', claimable, 'Manual rebate', sim.now());
  if (last) sim.db.table(REBATES).put(account, { account, rebatedUpTo: last.id });
  return tx;
}

/** Guard for a positive amount with at most two decimals, as money travels (common.ts Money). */
export function assertMoney(amount: number, field: string): void {
  if (!isMoney(amount) || amount <= 0) {
    throw badRequest(`${field} must be a positive amount with at most two decimals`, field);
  }
}
