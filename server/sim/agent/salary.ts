/**
 * Salary settlement: every ended period of an active salary contract is
 * judged once, on the simulator clock, and paid into the holder's wallet when it meets its targets.
 * Lazily: no timers.
 */
import { roundMoney } from '../../../openapi/money';
import type { BetRow } from '../ledger';
import type { Sim } from '../state';
import { CONTRACT_FLAGS, periodMs, editState, refreshDue, state, utcDay, type AgentState, type ContractRecord, type Kind } from './model';
import { teamOf } from './team';

const SALARY_LABELS: Partial<Record<Kind, string>> = {
  dailySalary: 'Daily salary',
  hourSalary: 'Hourly salary',
  realtimeSalary: 'Real-time salary',
};

/** Whether a bet counts towards the contract at all (real-time salary: the single bet amount). */
function counts(c: ContractRecord, b: BetRow): boolean {
  return c.kind !== 'realtimeSalary' || b.validBet >= c.singleBetAmount;
}

/** Whether a period's counted valid bet and active members meet the contract's targets. */
function meetsTargets(c: ContractRecord, validBet: number, activeMembers: number): boolean {
  if (c.kind === 'dailySalary')
    return validBet >= c.dailyBetAmount && activeMembers >= c.activeMembers;
  if (c.kind === 'hourSalary')
    return validBet >= c.hourlyBetAmount && activeMembers >= c.activeMembers;
  return true;
}

function periodText(kind: Kind, start: number, end: number): string {
  const [day, time] = [utcDay(start), new Date(start).toISOString().slice(11, 16)];
  if (kind === 'dailySalary') return day;
  return `${day} ${time}-${new Date(end).toISOString().slice(11, 16)} UTC`;
}

function settleContract(sim: Sim, st: AgentState, c: ContractRecord, now: number): void {
  const ms = periodMs(c.kind);
  if (ms === undefined || c.status !== 'active' || c.settledUntil === undefined) return;
  const from = c.settledUntil;
  const until = Math.floor(now / ms) * ms;
  if (until <= from) return;
  // The cursor moves first: a period is judged once, paid or not.
  c.settledUntil = until;
  if (!sim.flag(CONTRACT_FLAGS[c.kind])) return;
  const periods = new Map<number, { validBet: number; members: Set<string> }>();
  for (const m of teamOf(sim, c.account)) {
    for (const b of sim.ledger.betsOf(m.account.account)) {
      if (b.time < from || b.time >= until || !counts(c, b)) continue;
      const start = Math.floor(b.time / ms) * ms;
      const p = periods.get(start) ?? { validBet: 0, members: new Set<string>() };
      p.validBet += b.validBet;
      p.members.add(b.account);
      periods.set(start, p);
    }
  }
  for (const [start, p] of [...periods].sort(([a], [b]) => a - b)) {
    const validBet = roundMoney(p.validBet);
    const amount = roundMoney((validBet * c.rate) / 100);
    if (amount < 0.01 || !meetsTargets(c, validBet, p.members.size)) continue;
    const end = start + ms;
    const label = SALARY_LABELS[c.kind] ?? c.kind;
    const tx = sim.ledger.post(
      c.account,
      'bonus',
      amount,
      `${label} ${periodText(c.kind, start, end)} (contract ${c.id})`,
      end,
    );
    st.payouts.push({
      contractId: c.id,
      kind: c.kind,
      account: c.account,
      periodStart: start,
      periodEnd: end,
      validBet,
      activeMembers: p.members.size,
      amount,
      txId: tx.id,
    });
  }
}

/**
 * Pay every salary period that has ended (real-time salary is settled every 5 minutes). The rule:
 * - Periods are aligned on the simulator clock in UTC, like the income report's days: real-time
 *   salary every 5 minutes (:00, :05…), hourly salary every hour, daily salary every UTC day
 *   (SETTLEMENT_MINUTES). A period is paid once it has ended, never before and never twice.
 * - Only an active contract is paid (pending, rejected and terminated ones are not), for the team
 *   bets (every account below the contract holder, teamOf) placed while it was active: from its
 *   acceptance (from the load for a fixture's active contract) up to the end of the last period
 *   that ended while it was still active. Terminating it gives up the period under way.
 * - A period's salary is rate% of the team's valid bet in it, credited to the holder's wallet as a
 *   'bonus' transaction dated at the end of the period, with the period and contract in its remark.
 * - Targets: real-time salary counts only single bets of at least singleBetAmount; hourly salary
 *   needs the hour's valid bet to reach hourlyBetAmount and daily salary the day's to reach
 *   dailyBetAmount, and both need at least activeMembers team members with a bet in the period.
 *   The other terms (period valid bet, period P&L, profit rate, loss rate) are shown, not applied.
 * - A period that ends while the kind's module flag is off pays nothing, and is not paid later.
 * The simulator has no timers: every call runs this first (app.ts), and so does moving the clock
 * (control API), so a period is judged with the flag as it was when the period ended. Bets dated in
 * a period already judged (a back-dated bet, or play after the clock was reset backwards) are not
 * paid.
 */
export function settleSalaries(sim: Sim): void {
  const now = sim.now();
  if (now < state(sim).salaryDueAt) return;
  const st = editState(sim);
  for (const c of st.contracts) settleContract(sim, st, c, now);
  refreshDue(st);
}
