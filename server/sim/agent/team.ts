/**
 * The agent's team: the tree of accounts under an agent
 * (parentAccount), the downline list and search, and registering a downline.
 */
import { validateField } from '../../../openapi/field-rules';
import { ApiError, forbidden } from '../../errors';
import { pageFromQuery } from '../page-query';
import type { PageOf } from '../paging';
import type { Account, Sim } from '../state';

/** A team member counts as active when they placed a bet within this window. */
export const ACTIVE_WINDOW_MS = 30 * 24 * 60 * 60_000;

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
export function teamMember(sim: Sim, me: Account, account: string): TeamMember {
  const member = teamOf(sim, me.account).find((m) => m.account.account === account);
  if (!member) throw forbidden('agent.not.downline', `${account} is not in your team`);
  return member;
}

/** The team, or only the named member of it when a filter is given. */
export function selectTeam(sim: Sim, me: Account, account: string | undefined): TeamMember[] {
  return account ? [teamMember(sim, me, account)] : teamOf(sim, me.account);
}

function lastActivity(sim: Sim, a: Account): number {
  // Logins are not recorded; the newest ledger entry is the closest trace of the last visit.
  const txs = sim.ledger.transactions(a.account);
  return Math.max(a.createdAt, txs.at(-1)?.time ?? 0);
}

export function isActive(sim: Sim, account: string): boolean {
  const since = sim.now() - ACTIVE_WINDOW_MS;
  return sim.ledger.betsOf(account).some((b) => b.time >= since);
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

