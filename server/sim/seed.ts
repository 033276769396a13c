/**
 * The rows a world starts with (ADR 009: worlds are cheap): the seed members of the fixtures as
 * accounts, each with an opening deposit and its history in the ledger and bets. They depend only on
 * the fixtures and the scenario, so they are worked out once per scenario and brand (a seed plan)
 * and each world gets copies of them. What must differ between worlds is made per world: every
 * password digest has its own random salt (server/sim/passwords.ts: two accounts never share one).
 */
import { randomBytes } from 'node:crypto';
import { Ledger } from './ledger';
import { hashPassword, SALT_BYTES } from './passwords';
import { ACCOUNTS } from './store/kernel-tables';
import type { RowOf, TableDef } from './store/schema';
import { WorldDb } from './store/table';
import type { MemberFixture, Scenario, World } from './world';

type AccountRow = RowOf<typeof ACCOUNTS>;

/** The seed of one scenario: account rows (digests left out) and every other row seeding puts. */
export interface SeedPlan {
  /** The id the next account made gets. */
  nextMemberId: number;
  accounts: readonly { row: Readonly<AccountRow>; password: string; paymentPassword: string | null }[];
  /** Rows by table in the order they were put; `flat`: every field of every row is a plain value. */
  tables: readonly { def: TableDef; flat: boolean; rows: readonly [string, Record<string, unknown>][] }[];
}

/** Plans by the shared seed of a brand (a re-imported brand gets a new one) and scenario name. */
const plans = new WeakMap<World, Map<string, SeedPlan>>();

/**
 * The seed plan of a scenario: `world` is the scenario's fixtures (loadWorld), `shared` the brand's
 * shared seed they came from (worldSeed), which keys the cache.
 */
export function seedPlan(scenario: Scenario, world: World, shared: World): SeedPlan {
  let byScenario = plans.get(shared);
  if (!byScenario) {
    byScenario = new Map();
    plans.set(shared, byScenario);
  }
  let plan = byScenario.get(scenario.name);
  if (!plan) {
    plan = makePlan(world);
    byScenario.set(scenario.name, plan);
  }
  return plan;
}

function makePlan(world: World): SeedPlan {
  const db = new WorldDb();
  const ledger = new Ledger(db);
  const accounts: { row: AccountRow; password: string; paymentPassword: string | null }[] = [];
  let nextMemberId = 1;
  for (const m of world.members) {
    const row = seedMember(m, world, ledger);
    accounts.push({ row, password: m.password, paymentPassword: m.paymentPassword || null });
    nextMemberId = Math.max(nextMemberId, m.id + 1);
  }
  const tables = [...db.made()]
    .filter((table) => table.size > 0)
    .map((table) => {
      const rows = [...table.entries()] as [string, Record<string, unknown>][];
      const flat = rows.every(([, row]) => Object.values(row).every((v) => v === null || typeof v !== 'object'));
      return { def: table.def, flat, rows };
    });
  return { nextMemberId, accounts, tables };
}

/** One seed member: its account row (no digests yet), its opening deposit and its history. */
function seedMember(m: MemberFixture, world: World, ledger: Ledger): AccountRow {
  const account: AccountRow = {
    id: m.id,
    account: m.account,
    nickname: m.nickname,
    passwordHash: '',
    paymentPasswordHash: null,
    mobileNum: m.mobileNum,
    countryDialingCode: m.countryDialingCode,
    email: m.email,
    isAgent: m.isAgent,
    type: m.type,
    parentAccount: m.parentAccount,
    customerId: m.customerId,
    clubLabel: { ...m.clubLabel },
    memberLabel: { ...m.memberLabel },
    points: m.points,
    firstTimeLogin: m.firstTimeLogin,
    passwordExpired: m.passwordExpired,
    defaultPassword: m.password === world.brand.defaultPassword,
    createdAt: m.createdAt,
    affiliateCode: m.affiliateCode ?? '',
    referralCode: `R${String(m.id).padStart(6, '0')}`,
    favourites: [],
    recentGames: [],
    avatar: m.id % 8,
  };
  // Opening balance first, then the history in time order, so every record page has rows.
  const history = [...m.history].sort((a, b) => a.time - b.time);
  const firstTime = history[0]?.time ?? m.createdAt;
  const net = history.reduce((s, h) => s + historyNet(h), 0);
  const opening = Math.max(0, m.balance - net, runningLow(history));
  if (opening > 0) ledger.post(m.account, 'deposit', opening, 'Opening deposit', firstTime - 60_000);
  for (const h of history) {
    try {
      if (h.kind === 'bet') {
        ledger.settleBet(m.account, {
          vendor: h.vendor ?? 'PG',
          gameName: h.gameName ?? 'Game',
          gameType: world.games.find((g) => g.gameId === h.gameId)?.gameType ?? 'RNG',
          betAmount: Math.abs(h.amount),
          winAmount: h.win ?? 0,
          time: h.time,
        });
        if (h.gameId && !account.recentGames.includes(h.gameId)) account.recentGames.unshift(h.gameId);
      } else {
        const kind = h.kind === 'withdraw' ? 'withdraw' : h.kind === 'transfer' ? 'transfer' : h.kind === 'bonus' ? 'bonus' : 'deposit';
        ledger.post(m.account, kind, historyNet(h), h.remark ?? kind, h.time);
      }
    } catch {
      // A history row that would overdraw is skipped: the seed stays consistent.
    }
  }
  account.recentGames = account.recentGames.slice(0, 20);
  return account;
}

function historyNet(h: MemberFixture['history'][number]): number {
  if (h.kind === 'bet') return (h.win ?? 0) - Math.abs(h.amount);
  if (h.kind === 'withdraw') return -Math.abs(h.amount);
  return h.amount;
}

/** How far below zero the history would take a zero opening balance (so the opening covers it). */
function runningLow(history: MemberFixture['history']): number {
  let running = 0;
  let low = 0;
  for (const h of history) {
    running += h.kind === 'bet' ? -Math.abs(h.amount) : 0;
    low = Math.min(low, running);
    running += h.kind === 'bet' ? (h.win ?? 0) : historyNet(h);
    low = Math.min(low, running);
  }
  return -low;
}

/**
 * Put a plan's rows into a world's tables (through the change set, as any seeding): copies, since a
 * row of a world is changed in place by its table's update, and every password digest salted anew.
 */
export function plantSeed(db: WorldDb, plan: SeedPlan): void {
  const digests = plan.accounts.reduce((n, a) => n + (a.paymentPassword === null ? 1 : 2), 0);
  // One draw of random bytes for every salt of the world (a draw per digest costs more than the digest).
  const salts = randomBytes(SALT_BYTES * digests);
  let at = 0;
  const salt = () => salts.subarray(SALT_BYTES * at, SALT_BYTES * ++at);
  const accounts = db.table(ACCOUNTS);
  for (const { row, password, paymentPassword } of plan.accounts) {
    accounts.put(row.account, {
      ...row,
      passwordHash: hashPassword(password, salt()),
      paymentPasswordHash: paymentPassword === null ? null : hashPassword(paymentPassword, salt()),
      clubLabel: { ...row.clubLabel },
      memberLabel: { ...row.memberLabel },
      favourites: [...row.favourites],
      recentGames: [...row.recentGames],
    });
  }
  for (const { def, flat, rows } of plan.tables) {
    if (def.name === ACCOUNTS.name) continue;
    const table = db.table(def);
    for (const [key, row] of rows) table.put(key, flat ? { ...row } : structuredClone(row));
  }
}
