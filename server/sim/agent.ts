/**
 * The agent centre's simulation (spec section 2 "Agent centre", sections 4 and 5): the team is the
 * tree of accounts under an agent (parentAccount), its figures come from the ledger, and the
 * dividend and salary contracts live here, seeded from fixtures/agent.json. Salary contracts are
 * paid on the simulator clock (settleSalaries), lazily: no timers.
 */
import type { Static } from '@sinclair/typebox';
import type { ContractKind, ContractSchema } from '../../openapi/agent';
import type { AnnouncementSchema } from '../../openapi/system';
import { REALTIME_SALARY_MINUTES } from '../../openapi/constants';
import { validateField } from '../../openapi/field-rules';
import { ApiError, forbidden, notFound, refused } from '../errors';
import type { BetRow, LedgerTx } from './ledger';
import { pageFromQuery } from './page-query';
import type { PageOf } from './paging';
import { localize } from './localize';
import { perLoad } from './registry';
import type { Account, Sim } from './state';
import { roundMoney, sumMoney } from '../../openapi/money';

export type Kind = Static<typeof ContractKind>;
export type Contract = Static<typeof ContractSchema>;
type Announcement = Static<typeof AnnouncementSchema>;

/**
 * A contract as the simulator keeps it: the schema's fields plus the upline that offered it and,
 * once active, the salary settlement cursor (server-side only, never on the wire).
 */
export interface ContractRecord extends Contract {
  parentAccount: string;
  /** When the contract became active (accepted, or the load for a fixture's active contract). */
  activeSince?: number;
  /** Bets before this time are settled: the end of the last settled period, or activeSince. */
  settledUntil?: number;
}

/** One paid salary period, kept so "my income" reports what was paid. */
export interface SalaryPayout {
  contractId: number;
  kind: Kind;
  account: string;
  periodStart: number;
  periodEnd: number;
  validBet: number;
  activeMembers: number;
  amount: number;
  txId: number;
}

/** Module flag of each contract kind (spec section 2: menu items gated by feature flags). */
export const CONTRACT_FLAGS: Record<Kind, string> = {
  dividend: 'DIVIDEND3',
  dailySalary: 'DAILYSALARY3',
  hourSalary: 'HOURSALARY3',
  realtimeSalary: 'REALTIMESALARY3',
};

/** Settlement period of each salary kind; spec sections 4 and 9: real-time salary every 5 minutes. */
export const SETTLEMENT_MINUTES: Partial<Record<Kind, number>> = {
  dailySalary: 24 * 60,
  hourSalary: 60,
  realtimeSalary: REALTIME_SALARY_MINUTES,
};

/** A team member counts as active when they placed a bet within this window. */
export const ACTIVE_WINDOW_MS = 30 * 24 * 60 * 60_000;
/** Commission on the team's valid bet that every agent earns (the brand's base plan). */
export const COMMISSION_RATE = 0.005;

const FIXTURE_KEYS: Record<Kind, 'dividendContracts' | 'dailySalaryContracts' | 'hourSalaryContracts' | 'realtimeSalaryContracts'> = {
  dividend: 'dividendContracts',
  dailySalary: 'dailySalaryContracts',
  hourSalary: 'hourSalaryContracts',
  realtimeSalary: 'realtimeSalaryContracts',
};

// Plain data only (no class instances): snapshots copy it with structuredClone, and it lives per
// ledger (registry.ts), so a restore puts back the payouts and the cursors with the ledger they match.
interface AgentState {
  contracts: ContractRecord[];
  nextId: number;
  payouts: SalaryPayout[];
  /** Earliest end of a period not yet settled, over active salary contracts: the fast path. */
  salaryDueAt: number;
}

const sum = (xs: readonly number[]) => sumMoney(xs);

const state = perLoad<AgentState>('agent', (sim) => {
  const contracts: ContractRecord[] = [];
  for (const kind of Object.keys(FIXTURE_KEYS) as Kind[]) {
    for (const row of sim.world.agent[FIXTURE_KEYS[kind]]) {
      const c: ContractRecord = { ...row, kind };
      // A fixture's active contract starts at the load: the seeded history is never paid back.
      if (c.status === 'active') c.activeSince = c.settledUntil = sim.loadedAt;
      contracts.push(c);
    }
  }
  const st: AgentState = {
    contracts,
    nextId: Math.max(0, ...contracts.map((c) => c.id)) + 1,
    payouts: [],
    salaryDueAt: Infinity,
  };
  refreshDue(st);
  return st;
});

// ---- gates ------------------------------------------------------------------------------------

/** 403 operation-not-allowed unless the kind's module flag is on. */
export function requireContractFlag(sim: Sim, kind: Kind): void {
  if (!sim.flag(CONTRACT_FLAGS[kind])) {
    throw forbidden('operation-not-allowed', `The ${kind} contract feature is not enabled`);
  }
}

// ---- the team -----------------------------------------------------------------------------------

export interface TeamMember {
  account: Account;
  /** 1 for a direct downline. */
  level: number;
}

/** Every account below `root`, breadth first, with its depth. */
export function teamOf(sim: Sim, root: string): TeamMember[] {
  const children = new Map<string, Account[]>();
  for (const a of sim.accounts.values()) {
    if (!a.parentAccount) continue;
    const list = children.get(a.parentAccount) ?? [];
    list.push(a);
    children.set(a.parentAccount, list);
  }
  const out: TeamMember[] = [];
  const seen = new Set<string>([root]);
  let frontier = [root];
  for (let level = 1; frontier.length > 0; level++) {
    const next: string[] = [];
    for (const parent of frontier) {
      for (const child of children.get(parent) ?? []) {
        // A cycle in hand-edited fixtures must not loop forever.
        if (seen.has(child.account)) continue;
        seen.add(child.account);
        out.push({ account: child, level });
        next.push(child.account);
      }
    }
    frontier = next;
  }
  return out;
}

/** The member of `me`'s team named `account`, or 403 agent.not.downline. */
function teamMember(sim: Sim, me: Account, account: string): TeamMember {
  const member = teamOf(sim, me.account).find((m) => m.account.account === account);
  if (!member) throw forbidden('agent.not.downline', `${account} is not in your team`);
  return member;
}

/** The team, or only the named member of it when a filter is given. */
function selectTeam(sim: Sim, me: Account, account: string | undefined): TeamMember[] {
  return account ? [teamMember(sim, me, account)] : teamOf(sim, me.account);
}

function lastActivity(sim: Sim, a: Account): number {
  // Logins are not recorded; the newest ledger entry is the closest trace of the last visit.
  const txs = sim.ledger.transactions(a.account);
  return Math.max(a.createdAt, txs.at(-1)?.time ?? 0);
}

function isActive(sim: Sim, account: string): boolean {
  const since = sim.now() - ACTIVE_WINDOW_MS;
  return sim.ledger.betsOf(account).some((b) => b.time >= since);
}

function startOfDay(time: number): number {
  const d = new Date(time);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
}

function downlineView(sim: Sim, m: TeamMember) {
  const a = m.account;
  return {
    account: a.account,
    parentAccount: a.parentAccount ?? '',
    level: m.level,
    isAgent: a.isAgent,
    balance: sim.ledger.balance(a.account),
    registeredAt: a.createdAt,
    lastLoginAt: lastActivity(sim, a),
    teamSize: teamOf(sim, a.account).length,
  };
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

/** registerCenter: a new player (0) or sub-agent (2) directly under the agent. */
export function registerDownline(
  sim: Sim,
  me: Account,
  body: { username: string; password: string; isAgent: 0 | 2 },
) {
  const rules = sim.world.registerRules;
  const fields: { field: string; message: string }[] = [];
  for (const key of ['username', 'password'] as const) {
    const rule = rules.find((r) => r.key === key);
    const error = validateField(rule && { ...rule, required: true }, body[key]);
    if (error) fields.push({ field: `body/${key}`, message: error.message });
  }
  if (fields.length > 0) {
    throw new ApiError(
      400,
      'request_param_err',
      fields.map((f) => `${f.field} ${f.message}`).join('; '),
      { fields },
    );
  }
  const account = sim.createAccount({
    account: body.username.trim(),
    password: body.password,
    isAgent: body.isAgent,
    type: body.isAgent === 0 ? 0 : 1,
    parentAccount: me.account,
    // The agent hands the password over: the downline must change it on first login.
    firstTimeLogin: true,
  });
  return downlineView(sim, { account, level: 1 });
}

export function downlines(
  sim: Sim,
  me: Account,
  q: { pageNo?: number; pageSize?: number; account?: string; parent?: string },
) {
  let rows: TeamMember[];
  const team = teamOf(sim, me.account);
  if (q.account) {
    // A search box: part of a name, anywhere in the team.
    const needle = q.account.trim().toLowerCase();
    rows = team.filter((m) => m.account.account.toLowerCase().includes(needle));
  } else {
    const parent =
      q.parent && q.parent !== me.account
        ? teamMember(sim, me, q.parent).account.account
        : me.account;
    rows = team.filter((m) => m.account.parentAccount === parent);
  }
  rows.sort((a, b) => a.level - b.level || a.account.account.localeCompare(b.account.account));
  return mapPage(pageFromQuery(rows, q), (m) => downlineView(sim, m));
}

function mapPage<T, U>(page: PageOf<T>, f: (row: T) => U): PageOf<U> {
  return { ...page, list: page.list.map(f) };
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

const utcDay = (time: number) => new Date(time).toISOString().slice(0, 10);

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

export function contractSettings(sim: Sim) {
  return { ...sim.world.agent.consolidatedSettings };
}

// ---- contracts ------------------------------------------------------------------------------------

function contractView(c: ContractRecord): Contract {
  const { parentAccount: _parent, activeSince: _since, settledUntil: _settled, ...rest } = c;
  return rest;
}

/** Contracts the agent offered (to direct downlines) and those offered to the agent. */
export function contractsOf(sim: Sim, me: Account, kind: Kind) {
  requireContractFlag(sim, kind);
  const contracts = state(sim)
    .contracts.filter(
      (c) => c.kind === kind && (c.parentAccount === me.account || c.account === me.account),
    )
    .map(contractView);
  const minutes = SETTLEMENT_MINUTES[kind];
  return minutes === undefined ? { contracts } : { settlementMinutes: minutes, contracts };
}

const LIVE: readonly Contract['status'][] = ['pending', 'active'];

/**
 * Offer a dividend contract to a direct downline. Spec section 5 (contract-rate warning): every live
 * dividend contract further down that downline's team with a higher rate than the new one is
 * terminated, and the accounts are listed in terminatedDownlines.
 */
export function requestDividend(
  sim: Sim,
  me: Account,
  body: {
    account: string;
    rate: number;
    activeMembers?: number;
    periodValidBet?: number;
    periodPnl?: number;
  },
) {
  requireContractFlag(sim, 'dividend');
  const st = state(sim);
  const target = sim.findAccount(body.account);
  if (!target || target.parentAccount !== me.account) {
    throw refused('agent.not.downline', `${body.account} is not a direct downline`, {
      fields: [{ field: 'body/account', message: 'not a direct downline' }],
    });
  }
  const own = st.contracts.find(
    (c) => c.kind === 'dividend' && c.account === me.account && c.status === 'active',
  );
  if (own && body.rate > own.rate) {
    throw refused(
      'agent.rate.too.high',
      `The rate cannot exceed your own dividend rate of ${own.rate}%`,
      {
        fields: [{ field: 'body/rate', message: `at most ${own.rate}` }],
      },
    );
  }
  if (
    st.contracts.some(
      (c) => c.kind === 'dividend' && c.account === target.account && c.status === 'pending',
    )
  ) {
    throw refused(
      'agent.contract.pending',
      `${target.account} already has a dividend offer waiting for an answer`,
      {
        fields: [{ field: 'body/account', message: 'offer pending' }],
      },
    );
  }
  const below = new Set(teamOf(sim, target.account).map((m) => m.account.account));
  const terminatedDownlines: string[] = [];
  for (const c of st.contracts) {
    if (
      c.kind === 'dividend' &&
      below.has(c.account) &&
      LIVE.includes(c.status) &&
      c.rate > body.rate
    ) {
      c.status = 'terminated';
      if (!terminatedDownlines.includes(c.account)) terminatedDownlines.push(c.account);
    }
  }
  const contract: ContractRecord = {
    id: st.nextId++,
    kind: 'dividend',
    account: target.account,
    parentAccount: me.account,
    rate: body.rate,
    activeMembers: body.activeMembers ?? 0,
    periodValidBet: body.periodValidBet ?? 0,
    periodPnl: body.periodPnl ?? 0,
    dailyBetAmount: 0,
    hourlyBetAmount: 0,
    realtimeProfitRate: 0,
    lossRate: 0,
    singleBetAmount: 0,
    status: 'pending',
  };
  st.contracts.push(contract);
  return { contract: contractView(contract), terminatedDownlines };
}

/**
 * Spec section 4, contract actions: the receiving account accepts or rejects a pending offer (an
 * accepted one replaces its earlier active contract of the kind); either side terminates an active one.
 */
export function contractAction(
  sim: Sim,
  me: Account,
  body: { id: number; action: 'Accept' | 'Reject' | 'Terminate' },
): Contract {
  const st = state(sim);
  const c = st.contracts.find(
    (x) => x.id === body.id && (x.account === me.account || x.parentAccount === me.account),
  );
  if (!c) throw notFound(`No contract ${body.id}`);
  requireContractFlag(sim, c.kind);
  // Periods that ended before the change are paid under the terms that ran them.
  settleSalaries(sim);
  const from = c.status;
  if (body.action === 'Terminate') {
    if (from !== 'active') throw badTransition(body.action, from);
    c.status = 'terminated';
    refreshDue(st);
    return contractView(c);
  }
  if (c.account !== me.account) {
    throw forbidden(
      'permission.denied',
      `Only ${c.account} can ${body.action.toLowerCase()} this contract`,
    );
  }
  if (from !== 'pending') throw badTransition(body.action, from);
  if (body.action === 'Reject') {
    c.status = 'rejected';
    return contractView(c);
  }
  for (const other of st.contracts) {
    if (
      other !== c &&
      other.kind === c.kind &&
      other.account === c.account &&
      other.status === 'active'
    )
      other.status = 'terminated';
  }
  c.status = 'active';
  c.activeSince = c.settledUntil = sim.now();
  refreshDue(st);
  return contractView(c);
}

function badTransition(action: string, from: string): ApiError {
  return refused('agent.contract.state', `Cannot ${action} a contract that is ${from}`, {
    fields: [{ field: 'body/action', message: `not allowed when ${from}` }],
  });
}

// ---- salary settlement ----------------------------------------------------------------------------

const SALARY_LABELS: Partial<Record<Kind, string>> = {
  dailySalary: 'Daily salary',
  hourSalary: 'Hourly salary',
  realtimeSalary: 'Real-time salary',
};

function periodMs(kind: Kind): number | undefined {
  const minutes = SETTLEMENT_MINUTES[kind];
  return minutes === undefined ? undefined : minutes * 60_000;
}

/** End of the contract's first period not settled yet; Infinity when nothing will come due. */
function nextDue(c: ContractRecord): number {
  const ms = periodMs(c.kind);
  if (ms === undefined || c.status !== 'active' || c.settledUntil === undefined) return Infinity;
  return (Math.floor(c.settledUntil / ms) + 1) * ms;
}

function refreshDue(st: AgentState): void {
  st.salaryDueAt = st.contracts.reduce((min, c) => Math.min(min, nextDue(c)), Infinity);
}

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
 * Pay every salary period that has ended (spec sections 3 and 4; real-time salary is settled every
 * 5 minutes). The rule:
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
  const st = state(sim);
  const now = sim.now();
  if (now < st.salaryDueAt) return;
  for (const c of st.contracts) settleContract(sim, st, c, now);
  refreshDue(st);
}
