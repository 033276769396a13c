/**
 * The agent centre's reports, read from the ledger: the team overview, the
 * team's bets, transactions and profit and loss, my income (commission, dividend and the salary
 * actually paid), and the agent announcements.
 */
import type { Static } from '@sinclair/typebox';
import type { AnnouncementSchema } from '../../../openapi/system';
import { roundMoney, sumMoney } from '../../../openapi/money';
import type { BetRow, LedgerTx } from '../ledger';
import { localize } from '../localize';
import { pageFromQuery } from '../page-query';
import type { Account, Sim } from '../state';
import { CONTRACT_FLAGS, state, utcDay } from './model';
import { isActive, selectTeam, teamOf } from './team';

type Announcement = Static<typeof AnnouncementSchema>;

/** Commission on the team's valid bet that every agent earns (the brand's base plan). */
export const COMMISSION_RATE = 0.005;

const sum = (xs: readonly number[]) => sumMoney(xs);

function startOfDay(time: number): number {
  const d = new Date(time);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
}

const txTotal = (txs: readonly LedgerTx[], kinds: readonly string[]) =>
  sum(
    txs
      .filter((t) => kinds.includes(t.kind) && t.status === 'success')
      .map((t) => Math.abs(t.amount)),
  );

export function teamOverview(sim: Sim, me: Account) {
  const team = teamOf(sim, me.account);
  const today = startOfDay(sim.now());
  let teamBalance = 0;
  let teamDeposit = 0;
  let teamWithdraw = 0;
  let teamValidBet = 0;
  let teamProfit = 0;
  for (const { account } of team) {
    const txs = sim.ledger.transactions(account.account);
    const bets = sim.ledger.betsOf(account.account);
    teamBalance += sim.ledger.balance(account.account);
    teamDeposit += txTotal(txs, ['deposit']);
    teamWithdraw += txTotal(txs, ['withdraw']);
    teamValidBet += sum(bets.map((b) => b.validBet));
    teamProfit += sum(bets.map((b) => b.profit));
  }
  return {
    teamSize: team.length,
    directMembers: team.filter((m) => m.level === 1).length,
    newMembersToday: team.filter((m) => m.account.createdAt >= today).length,
    activeMembers: team.filter((m) => isActive(sim, m.account.account)).length,
    teamBalance: roundMoney(teamBalance),
    teamDeposit: roundMoney(teamDeposit),
    teamWithdraw: roundMoney(teamWithdraw),
    teamValidBet: roundMoney(teamValidBet),
    teamProfit: roundMoney(teamProfit),
  };
}

export function announcements(sim: Sim, language?: string): Announcement[] {
  return sim.world.agent.announcements
    .map((a) => localize(a, language))
    .map((a) => ({
      id: a.id,
      type: 'B',
      title: a.title,
      content: a.content,
      timestamp: a.timestamp,
    }))
    .sort((a, b) => b.timestamp - a.timestamp);
}

export function teamBetting(
  sim: Sim,
  me: Account,
  q: { pageNo?: number; pageSize?: number; account?: string },
) {
  const rows: BetRow[] = selectTeam(sim, me, q.account).flatMap((m) =>
    sim.ledger.betsOf(m.account.account),
  );
  rows.sort((a, b) => b.time - a.time || b.id - a.id);
  return pageFromQuery(
    rows.map((b) => ({ ...b })),
    q,
  );
}

export function teamTransactions(
  sim: Sim,
  me: Account,
  q: { pageNo?: number; pageSize?: number; account?: string },
) {
  const rows = selectTeam(sim, me, q.account).flatMap((m) =>
    sim.ledger.transactions(m.account.account),
  );
  const sorted = [...rows].sort((a, b) => b.time - a.time || b.id - a.id);
  return pageFromQuery(
    sorted.map((t) => ({
      id: t.id,
      account: t.account,
      kind: t.kind,
      amount: t.amount,
      balanceAfter: t.balanceAfter,
      time: t.time,
      remark: t.remark,
      status: t.status,
    })),
    q,
  );
}

export function teamProfitLoss(
  sim: Sim,
  me: Account,
  q: { pageNo?: number; pageSize?: number; account?: string },
) {
  const rows = selectTeam(sim, me, q.account).map(({ account }) => {
    const txs = sim.ledger.transactions(account.account);
    const bets = sim.ledger.betsOf(account.account);
    const bonus = sum(
      txs
        .filter((t) => (t.kind === 'bonus' || t.kind === 'rebate') && t.status === 'success')
        .map((t) => t.amount),
    );
    return {
      account: account.account,
      deposit: txTotal(txs, ['deposit']),
      withdraw: txTotal(txs, ['withdraw']),
      validBet: sum(bets.map((b) => b.validBet)),
      win: sum(bets.map((b) => b.winAmount)),
      bonus,
      // The member's result: winnings less stakes, plus bonuses received.
      profit: roundMoney(sum(bets.map((b) => b.profit)) + bonus),
    };
  });
  rows.sort((a, b) => a.account.localeCompare(b.account));
  return pageFromQuery(rows, q);
}

/**
 * My income per day: a commission on the team's valid bet, the dividend of my own active dividend
 * contract (its module flag on) on the team's net loss, and the salary actually paid to me
 * (settleSalaries), under the day its period belongs to; a salary period never spans two days.
 */
export function revenue(sim: Sim, me: Account, q: { pageNo?: number; pageSize?: number }) {
  const st = state(sim);
  const dividendRate =
    Math.max(
      0,
      ...st.contracts
        .filter(
          (c) =>
            c.kind === 'dividend' &&
            c.account === me.account &&
            c.status === 'active' &&
            sim.flag(CONTRACT_FLAGS.dividend),
        )
        .map((c) => c.rate),
    ) / 100;
  const days = new Map<string, { validBet: number; profit: number; salary: number }>();
  const dayOf = (day: string) => {
    const d = days.get(day) ?? { validBet: 0, profit: 0, salary: 0 };
    days.set(day, d);
    return d;
  };
  for (const m of teamOf(sim, me.account)) {
    for (const b of sim.ledger.betsOf(m.account.account)) {
      const d = dayOf(utcDay(b.time));
      d.validBet += b.validBet;
      d.profit += b.profit;
    }
  }
  for (const p of st.payouts)
    if (p.account === me.account) dayOf(utcDay(p.periodStart)).salary += p.amount;
  const rows = [...days.entries()]
    .sort(([a], [b]) => b.localeCompare(a))
    .map(([day, d]) => ({
      day,
      commission: roundMoney(d.validBet * COMMISSION_RATE),
      dividend: roundMoney(Math.max(0, -d.profit) * dividendRate),
      salary: roundMoney(d.salary),
    }));
  const total = sum(rows.map((r) => r.commission + r.dividend + r.salary));
  return { total, rows: pageFromQuery(rows, q).list };
}

