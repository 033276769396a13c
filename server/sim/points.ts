/**
 * The points mall: points are earned with bets (one point per unit staked), kept in lots that expire
 * a year after they were earned, spent oldest first on rewards or converted into wallet money.
 * A redemption starts In Process and is reviewed REVIEW_DELAY_MS later on the simulator clock:
 * cash rewards need turnover (valid bets of TURNOVER_MULTIPLE times the amount) and are credited to
 * the wallet through the ledger when approved; goods need a contact number for delivery. A rejected
 * redemption gives the points and the stock back. `Account.points` stays the balance every other
 * page reads; this module reconciles with it when something else changed it.
 */
import { POINTS_MAX_CONVERT, POINTS_MIN_CONVERT } from '../../openapi/constants';
import { badRequest, notFound, refused } from '../errors';
import { inRange, paginate } from './paging';
import { Type } from '@sinclair/typebox';
import { moduleRecord } from './registry';
import { defineTable, type DeepReadonly, type RowOf } from './store/schema';
import type { Account, Sim } from './state';
import { sumBalance } from './wallet';
import { roundMoney } from '../../openapi/money';

const DAY = 86_400_000;
export const POINTS_PER_UNIT = 100;
export const MIN_CONVERT = POINTS_MIN_CONVERT;
export const MAX_CONVERT = POINTS_MAX_CONVERT;
export const POINTS_VALID_DAYS = 365;
/** Points expiring within this many days are shown as expiring. */
export const EXPIRING_WINDOW_DAYS = 30;
export const REVIEW_DELAY_MS = 10 * 60_000;
export const TURNOVER_MULTIPLE = 5;
const REMARK_MAX = 140;


export interface Reward {
  rewardId: number;
  name: string;
  image: string;
  points: number;
  amount: number;
  stock: number;
  /** cash: credited to the wallet when approved; goods: delivered. */
  kind: 'cash' | 'goods';
}

const REWARDS: readonly Omit<Reward, 'image'>[] = [
  { rewardId: 1, name: '$5 Bonus Voucher', points: 500, amount: 5, stock: 200, kind: 'cash' },
  { rewardId: 2, name: '$20 Bonus Voucher', points: 1900, amount: 20, stock: 100, kind: 'cash' },
  { rewardId: 3, name: '$50 Bonus Voucher', points: 4500, amount: 50, stock: 50, kind: 'cash' },
  {
    rewardId: 4,
    name: '20 Free Spins on Fortune Tiger',
    points: 300,
    amount: 2,
    stock: 500,
    kind: 'cash',
  },
  { rewardId: 5, name: 'Mobile Top-up $10', points: 1000, amount: 0, stock: 100, kind: 'goods' },
  { rewardId: 6, name: 'Lucky Lotus Hoodie', points: 800, amount: 0, stock: 30, kind: 'goods' },
  { rewardId: 7, name: 'Bluetooth Earbuds', points: 1500, amount: 0, stock: 10, kind: 'goods' },
  { rewardId: 8, name: 'Smart Watch', points: 6000, amount: 0, stock: 3, kind: 'goods' },
  { rewardId: 9, name: 'iPhone 17', points: 120_000, amount: 0, stock: 1, kind: 'goods' },
];

export type RedemptionStatus = 'In Process' | 'Rejected' | 'Approved';

export interface Redemption {
  id: number;
  rewardId: number;
  rewardName: string;
  quantity: number;
  points: number;
  amount: number;
  status: RedemptionStatus;
  time: number;
  remark: string;
}

const Millis = Type.Number();
const RedemptionSchema = Type.Object({
  id: Type.Integer(),
  rewardId: Type.Integer(),
  rewardName: Type.String(),
  quantity: Type.Integer(),
  points: Type.Integer(),
  amount: Type.Number(),
  status: Type.Union([Type.Literal('In Process'), Type.Literal('Rejected'), Type.Literal('Approved')]),
  time: Millis,
  remark: Type.String(),
});

/** The points module's slice of the world schema (server/sim/store). */
export const POINTS_WALLETS = defineTable({
  name: 'points_wallets',
  owner: 'points',
  key: 'account',
  doc: "Each account's points: lots with the time earned (they expire), the points history and the redemptions.",
  accountField: 'account',
  row: Type.Object({
    account: Type.String(),
    lots: Type.Array(Type.Object({ points: Type.Integer(), earnedAt: Millis })),
    history: Type.Array(Type.Object({ id: Type.Integer(), points: Type.Integer(), reason: Type.String(), time: Millis })),
    redemptions: Type.Array(RedemptionSchema),
  }),
  rules: {
    money: ['redemptions/*/amount'],
    nonNegative: ['lots/*/points', 'history/*/id', 'redemptions/*/id', 'redemptions/*/quantity', 'redemptions/*/points', 'redemptions/*/amount'],
  },
});

export const POINTS_REWARDS = defineTable({
  name: 'points_rewards',
  owner: 'points',
  key: 'reward id',
  doc: 'The rewards of the points mall and their stock.',
  row: Type.Object({
    rewardId: Type.Integer(),
    name: Type.String(),
    image: Type.String(),
    points: Type.Integer(),
    amount: Type.Number(),
    stock: Type.Integer(),
    kind: Type.Union([Type.Literal('cash'), Type.Literal('goods')]),
  }),
  rules: { money: ['amount'], nonNegative: ['rewardId', 'points', 'amount', 'stock'] },
});

const counters = moduleRecord(
  {
    name: 'points_counters',
    owner: 'points',
    doc: 'The next points transaction and redemption ids.',
    row: Type.Object({ nextTx: Type.Integer(), nextRedemption: Type.Integer() }),
    rules: {
      nonNegative: ['nextTx', 'nextRedemption'],
      nextIds: { nextTx: { table: 'points_wallets', path: 'history/*/id' }, nextRedemption: { table: 'points_wallets', path: 'redemptions/*/id' } },
    },
  },
  () => ({ nextTx: 1, nextRedemption: 1 }),
);

type Wallet = RowOf<typeof POINTS_WALLETS>;

/** The rewards of the mall, seeded in the world on first use. */
function rewardTable(sim: Sim) {
  const table = sim.db.table(POINTS_REWARDS);
  if (table.size === 0) {
    for (const r of REWARDS) table.put(String(r.rewardId), { ...r, image: `/assets/reward/${r.rewardId}.svg` });
  }
  return table;
}

const nextRedemption = (sim: Sim) => counters.update(sim).nextRedemption++;

const lotTotal = (w: DeepReadonly<Wallet>) => w.lots.reduce((s, l) => s + l.points, 0);

function record(sim: Sim, w: Wallet, points: number, reason: string, time: number): void {
  w.history.push({ id: counters.update(sim).nextTx++, points, reason, time });
}

/**
 * Seed accounts open with their fixture points and a little redemption history (goods only); any
 * later change to Account.points is reconciled as an adjustment by walletOf.
 */
function seedWallet(sim: Sim, account: Account): Wallet {
  const w: Wallet = { account: account.account, lots: [], history: [], redemptions: [] };
  const now = sim.now();
  const opened = Math.min(account.createdAt, now);
  const seeded = sim.world.members.find((m) => m.account === account.account)?.points ?? 0;
  const history = seeded > 0 && now - opened > 14 * DAY;
  const hoodie = REWARDS[5];
  const earbuds = REWARDS[6];
  const approvedAt = now - 12 * DAY;
  const rejectedAt = now - 5 * DAY;
  const spent = history && hoodie ? hoodie.points : 0;
  const opening = seeded + spent;
  if (opening > 0) {
    if (seeded > 0) w.lots.push({ points: seeded, earnedAt: opened });
    record(sim, w, opening, 'Opening points balance', opened);
  }
  if (history && hoodie && earbuds) {
    record(sim, w, -hoodie.points, `Redeemed ${hoodie.name}`, approvedAt);
    w.redemptions.push({
      id: nextRedemption(sim),
      rewardId: hoodie.rewardId,
      rewardName: hoodie.name,
      quantity: 1,
      points: hoodie.points,
      amount: 0,
      status: 'Approved',
      time: approvedAt,
      remark: 'Size L please',
    });
    record(sim, w, -earbuds.points, `Redeemed ${earbuds.name}`, rejectedAt);
    record(
      sim,
      w,
      earbuds.points,
      `Refund: ${earbuds.name} redemption rejected`,
      rejectedAt + REVIEW_DELAY_MS,
    );
    w.redemptions.push({
      id: nextRedemption(sim),
      rewardId: earbuds.rewardId,
      rewardName: earbuds.name,
      quantity: 1,
      points: earbuds.points,
      amount: 0,
      status: 'Rejected',
      time: rejectedAt,
      remark: 'Out of stock at the time of delivery; points refunded',
    });
  }
  return w;
}

/** Take points oldest lot first; the caller has checked the balance. */
function consume(w: Wallet, points: number): void {
  let left = points;
  w.lots.sort((a, b) => a.earnedAt - b.earnedAt);
  for (const lot of w.lots) {
    if (left <= 0) break;
    const take = Math.min(lot.points, left);
    lot.points -= take;
    left -= take;
  }
  w.lots = w.lots.filter((l) => l.points > 0);
}

/**
 * The account's points wallet, expired lots dropped and reconciled with Account.points; written only
 * when that changes something (a read of a settled wallet changes nothing).
 */
function walletOf(sim: Sim, account: Account): DeepReadonly<Wallet> {
  const wallets = sim.db.table(POINTS_WALLETS);
  const w = wallets.get(account.account) ?? wallets.put(account.account, seedWallet(sim, account));
  const now = sim.now();
  const validFor = POINTS_VALID_DAYS * DAY;
  const settled = account.points === lotTotal(w) && !w.lots.some((l) => l.points > 0 && l.earnedAt + validFor <= now);
  return settled ? w : editWallet(sim, account);
}

/** The account's points wallet to change (reconciled first). */
function editWallet(sim: Sim, account: Account): Wallet {
  const wallets = sim.db.table(POINTS_WALLETS);
  if (!wallets.has(account.account)) wallets.put(account.account, seedWallet(sim, account));
  const w = wallets.update(account.account) as Wallet;
  const now = sim.now();
  // Something outside the mall (a mission reward, QA) changed the balance: follow it.
  const diff = account.points - lotTotal(w);
  if (diff > 0) {
    w.lots.push({ points: diff, earnedAt: now });
    record(sim, w, diff, 'Points adjustment', now);
  } else if (diff < 0) {
    consume(w, -diff);
    record(sim, w, diff, 'Points adjustment', now);
  }
  const validFor = POINTS_VALID_DAYS * DAY;
  for (const lot of w.lots) {
    if (lot.points > 0 && lot.earnedAt + validFor <= now) {
      record(sim, w, -lot.points, 'Points expired', lot.earnedAt + validFor);
      lot.points = 0;
    }
  }
  w.lots = w.lots.filter((l) => l.points > 0);
  if (account.points !== lotTotal(w)) sim.editAccount(account).points = lotTotal(w);
  return w;
}

/** Points earned (bets): a new lot that expires POINTS_VALID_DAYS later. */
export function earnPoints(sim: Sim, account: Account, points: number, reason: string): void {
  if (points <= 0) return;
  const w = editWallet(sim, account);
  w.lots.push({ points, earnedAt: sim.now() });
  record(sim, w, points, reason, sim.now());
  sim.editAccount(account).points = lotTotal(w);
}

export function pointsBalance(sim: Sim, account: Account) {
  reviewRedemptions(sim, account);
  const w = walletOf(sim, account);
  const horizon = sim.now() + EXPIRING_WINDOW_DAYS * DAY - POINTS_VALID_DAYS * DAY;
  const expiring = w.lots.filter((l) => l.earnedAt <= horizon).reduce((s, l) => s + l.points, 0);
  return { points: account.points, expiring };
}

export function pointsConfig() {
  return { pointsPerUnit: POINTS_PER_UNIT, minConvert: MIN_CONVERT, maxConvert: MAX_CONVERT };
}

export function rewards(sim: Sim) {
  return [...rewardTable(sim).values()].map(({ kind: _kind, ...r }) => r);
}

function checkPassword(sim: Sim, account: Account, password: string): void {
  if (!sim.checkPassword(account, password)) {
    throw refused('points.password.incorrect', 'Password incorrect', {
      fields: [{ field: 'body/password', message: 'incorrect' }],
    });
  }
}

function redemptionView(r: Redemption) {
  return {
    id: r.id,
    rewardName: r.rewardName,
    points: r.points,
    amount: r.amount,
    status: r.status,
    time: r.time,
    remark: r.remark,
  };
}

/** Redeem a reward: password, stock and points balance checked; starts In Process. */
export function redeem(
  sim: Sim,
  account: Account,
  req: { rewardId: number; quantity: number; password: string; remark?: string },
) {
  checkPassword(sim, account, req.password);
  const reward = rewardTable(sim).get(String(req.rewardId));
  if (!reward) throw notFound(`No reward ${req.rewardId}`);
  if (reward.stock < req.quantity) {
    throw refused(
      'points.out.of.stock',
      reward.stock > 0 ? `Only ${reward.stock} left` : 'Out of stock',
    );
  }
  const w = editWallet(sim, account);
  const cost = reward.points * req.quantity;
  if (account.points < cost) throw refused('points.insufficient', 'Not enough points');
  const now = sim.now();
  consume(w, cost);
  sim.editAccount(account).points = lotTotal(w);
  (rewardTable(sim).update(String(reward.rewardId)) as { stock: number }).stock -= req.quantity;
  record(sim, w, -cost, `Redeemed ${req.quantity} x ${reward.name}`, now);
  const r: Redemption = {
    id: nextRedemption(sim),
    rewardId: reward.rewardId,
    rewardName: reward.name,
    quantity: req.quantity,
    points: cost,
    amount: roundMoney(reward.amount * req.quantity),
    status: 'In Process',
    time: now,
    remark: (req.remark ?? '').slice(0, REMARK_MAX),
  };
  w.redemptions.push(r);
  return redemptionView(r);
}

/** The back office decides redemptions that have waited REVIEW_DELAY_MS (run lazily on reads). */
export function reviewRedemptions(sim: Sim, account: Account): void {
  const now = sim.now();
  if (!walletOf(sim, account).redemptions.some((r) => r.status === 'In Process' && r.time + REVIEW_DELAY_MS <= now)) return;
  const w = editWallet(sim, account);
  for (const r of w.redemptions) {
    if (r.status !== 'In Process' || r.time + REVIEW_DELAY_MS > now) continue;
    const reward = rewardTable(sim).update(String(r.rewardId));
    const decidedAt = r.time + REVIEW_DELAY_MS;
    let reason: string | null = null;
    if (reward?.kind === 'cash') {
      const turnover = sim.ledger.betsOf(account.account).reduce((sum, b) => sum + b.validBet, 0);
      if (turnover < r.amount * TURNOVER_MULTIPLE)
        reason = `Turnover requirement not met (${TURNOVER_MULTIPLE}x the reward value)`;
    } else if (!account.mobileNum) {
      reason = 'No contact number for delivery; add a mobile number and redeem again';
    }
    if (reason) {
      r.status = 'Rejected';
      r.remark = `${reason}; points refunded`.slice(0, REMARK_MAX);
      w.lots.push({ points: r.points, earnedAt: decidedAt });
      sim.editAccount(account).points = lotTotal(w);
      record(sim, w, r.points, `Refund: ${r.rewardName} redemption rejected`, decidedAt);
      if (reward) reward.stock += r.quantity;
    } else {
      r.status = 'Approved';
      if (r.amount > 0)
        sim.ledger.post(
          account.account,
          'redeem',
          r.amount,
          `Points redemption: ${r.rewardName}`,
          now,
        );
    }
  }
}

export function redeemList(sim: Sim, account: Account, q: { pageNo?: number; pageSize?: number }) {
  reviewRedemptions(sim, account);
  const rows = inRange(walletOf(sim, account).redemptions).map(redemptionView);
  return paginate(rows, q.pageNo, q.pageSize);
}

export function pointsTransactions(
  sim: Sim,
  account: Account,
  q: { pageNo?: number; pageSize?: number },
) {
  reviewRedemptions(sim, account);
  return paginate(inRange(walletOf(sim, account).history), q.pageNo, q.pageSize);
}

/** Convert points into wallet money at POINTS_PER_UNIT; the password is checked. */
export function convertPoints(sim: Sim, account: Account, points: number, password: string) {
  checkPassword(sim, account, password);
  if (!Number.isInteger(points) || points < MIN_CONVERT || points > MAX_CONVERT) {
    throw badRequest(`points must be between ${MIN_CONVERT} and ${MAX_CONVERT}`, 'body/points');
  }
  const w = editWallet(sim, account);
  if (account.points < points) throw refused('points.insufficient', 'Not enough points');
  const amount = roundMoney(points / POINTS_PER_UNIT);
  const now = sim.now();
  sim.ledger.post(account.account, 'convert', amount, `Converted ${points} points`, now);
  consume(w, points);
  sim.editAccount(account).points = lotTotal(w);
  record(sim, w, -points, 'Converted to wallet', now);
  return { points: account.points, sumBalance: sumBalance(sim, account.account) };
}
