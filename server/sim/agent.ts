/**
 * The agent centre's simulation (spec section 2 "Agent centre", sections 4 and 5): the team is the
 * tree of accounts under an agent (parentAccount), its figures come from the ledger, and the
 * dividend and salary contracts live here, seeded from fixtures/agent.json.
 */
import type { Static } from '@sinclair/typebox';
import type { ContractKind, ContractSchema } from '../../openapi/agent';
import type { AnnouncementSchema } from '../../openapi/system';
import { validateField } from '../../openapi/field-rules';
import { ApiError, forbidden, notFound, refused } from '../errors';
import type { BetRow, LedgerTx } from './ledger';
import { pageFromQuery } from './page-query';
import type { PageOf } from './paging';
import { perLoad } from './registry';
import type { Account, Sim } from './state';

export type Kind = Static<typeof ContractKind>;
export type Contract = Static<typeof ContractSchema>;
type Announcement = Static<typeof AnnouncementSchema>;

/** A contract as the simulator keeps it: the schema's fields plus the upline that offered it. */
export interface ContractRecord extends Contract {
  parentAccount: string;
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
  realtimeSalary: 5,
};

/** A team member counts as active when they placed a bet within this window. */
export const ACTIVE_WINDOW_MS = 30 * 24 * 60 * 60_000;
/** Commission on the team's valid bet that every agent earns (the brand's base plan). */
export const COMMISSION_RATE = 0.005;

const FIXTURE_KEYS: Record<Kind, string> = {
  dividend: 'dividendContracts',
  dailySalary: 'dailySalaryContracts',
  hourSalary: 'hourSalaryContracts',
  realtimeSalary: 'realtimeSalaryContracts',
};

interface AgentState {
  contracts: ContractRecord[];
  nextId: number;
}

const cents = (n: number) => Math.round(n * 100) / 100;
const sum = (xs: readonly number[]) => cents(xs.reduce((s, x) => s + x, 0));

const state = perLoad<AgentState>((sim) => {
  const contracts: ContractRecord[] = [];
  for (const [kind, key] of Object.entries(FIXTURE_KEYS) as [Kind, string][]) {
    const rows = (sim.world.agent[key] ?? []) as ContractRecord[];
    for (const row of rows) contracts.push({ ...row, kind });
  }
  return { contracts, nextId: Math.max(0, ...contracts.map((c) => c.id)) + 1 };
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
    teamBalance: cents(teamBalance),
    teamDeposit: cents(teamDeposit),
    teamWithdraw: cents(teamWithdraw),
    teamValidBet: cents(teamValidBet),
    teamProfit: cents(teamProfit),
  };
}

export function announcements(sim: Sim): Announcement[] {
  const rows = (sim.world.agent.announcements ?? []) as (Omit<Announcement, 'type'> & {
    type?: string;
  })[];
  return rows
    .map((a) => ({
      id: a.id,
      type: a.type ?? 'B',
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
      profit: cents(sum(bets.map((b) => b.profit)) + bonus),
    };
  });
  rows.sort((a, b) => a.account.localeCompare(b.account));
  return pageFromQuery(rows, q);
}

/**
 * My income per day: a commission on the team's valid bet, the dividend of my own active dividend
 * contract on the team's net loss, and the salary of my active salary contracts on the valid bet.
 * Kinds whose module flag is off pay nothing.
 */
export function revenue(sim: Sim, me: Account, q: { pageNo?: number; pageSize?: number }) {
  const mine = state(sim).contracts.filter(
    (c) => c.account === me.account && c.status === 'active' && sim.flag(CONTRACT_FLAGS[c.kind]),
  );
  const dividendRate =
    Math.max(0, ...mine.filter((c) => c.kind === 'dividend').map((c) => c.rate)) / 100;
  const salaryRate = sum(mine.filter((c) => c.kind !== 'dividend').map((c) => c.rate)) / 100;
  const days = new Map<string, { validBet: number; profit: number }>();
  for (const m of teamOf(sim, me.account)) {
    for (const b of sim.ledger.betsOf(m.account.account)) {
      const day = new Date(b.time).toISOString().slice(0, 10);
      const d = days.get(day) ?? { validBet: 0, profit: 0 };
      d.validBet += b.validBet;
      d.profit += b.profit;
      days.set(day, d);
    }
  }
  const rows = [...days.entries()]
    .sort(([a], [b]) => b.localeCompare(a))
    .map(([day, d]) => ({
      day,
      commission: cents(d.validBet * COMMISSION_RATE),
      dividend: cents(Math.max(0, -d.profit) * dividendRate),
      salary: cents(d.validBet * salaryRate),
    }));
  const total = sum(rows.map((r) => r.commission + r.dividend + r.salary));
  return { total, rows: pageFromQuery(rows, q).list };
}

export function contractSettings(sim: Sim) {
  const s = (sim.world.agent.consolidatedSettings ?? {}) as Partial<Record<string, number>>;
  return {
    dailysalreqtype: s.dailysalreqtype ?? 1,
    divtypereq: s.divtypereq ?? 1,
    contracthoursalreq: s.contracthoursalreq ?? 1,
    realtimesalreqtype: s.realtimesalreqtype ?? 1,
  };
}

// ---- contracts ------------------------------------------------------------------------------------

function contractView(c: ContractRecord): Contract {
  const { parentAccount: _parent, ...rest } = c;
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
  const from = c.status;
  if (body.action === 'Terminate') {
    if (from !== 'active') throw badTransition(body.action, from);
    c.status = 'terminated';
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
  return contractView(c);
}

function badTransition(action: string, from: string): ApiError {
  return refused('agent.contract.state', `Cannot ${action} a contract that is ${from}`, {
    fields: [{ field: 'body/action', message: `not allowed when ${from}` }],
  });
}
