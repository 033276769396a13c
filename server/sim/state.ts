/**
 * The simulator's whole state: the world of a scenario, accounts, sessions, ledger, SMS, captcha and
 * clock. Route handlers stay thin and ask this object; the QA control API resets and steers it.
 */
import { randomUUID } from 'node:crypto';
import { GUEST_TYPE, isAgentType } from '../../openapi/constants';
import { ApiError, forbidden, notSession } from '../errors';
import { CaptchaStore } from './captcha';
import { Clock } from './clock';
import { Ledger } from './ledger';
import { Journal, JOURNAL_DEFAULT_SIZE } from './journal';
import { hashPassword, verifyPassword } from './passwords';
import { RsaKeyHolder } from './rsa';
import { plantSeed, seedPlan } from './seed';
import { SESSION_TTL_MS, SessionStore, type Session } from './sessions';
import { SmsService } from './sms';
import { ACCOUNTS, GUESTS, WORLD } from './store/kernel-tables';
import { worldTables, type DeepReadonly, type RowOf } from './store/schema';
import { Record1, WorldDb, type Table } from './store/table';
import { flagEnabled, loadWorld, readScenario, setFlag, worldSeed, type Scenario, type World } from './world';

/** An account row as the world keeps it (the `accounts` table); change one with Sim.editAccount. */
export type AccountRow = RowOf<typeof ACCOUNTS>;
/** An account as read: writes go through Sim.editAccount or the table, never in place. */
export type Account = DeepReadonly<AccountRow>;
type WorldRow = RowOf<typeof WORLD>;

/** Free-play guests and when they expire, by account (the `guests` table). */
export class Guests {
  constructor(private readonly table: Table<RowOf<typeof GUESTS>>) {}

  get(account: string): number | undefined {
    return this.table.get(account)?.expiresAt;
  }

  has(account: string): boolean {
    return this.table.has(account);
  }

  set(account: string, expiresAt: number): void {
    this.table.put(account, { account, expiresAt });
  }

  delete(account: string): boolean {
    return this.table.delete(account);
  }

  get size(): number {
    return this.table.size;
  }

  *[Symbol.iterator](): Generator<[string, number]> {
    for (const [account, row] of this.table) yield [account, row.expiresAt];
  }
}

export interface SimOptions {
  scenario?: string;
  /**
   * The process's RSA key pair, shared by every world (a client's cached modulus works in any world;
   * a key pair costs tens of milliseconds to make). A Sim of its own makes one.
   */
  rsa?: RsaKeyHolder;
  /** An imported brand of fixtures/brands (`npm start -- --brand NAME`). */
  brand?: string;
  /** Entries the request journal keeps (default 1,000); 0 switches it off. */
  journalSize?: number;
  /**
   * How long a free-play guest lives on the world's clock (`--guest-ttl`, default two hours, a
   * session's lifetime): its session ends then, and the sweep removes the account and its records.
   */
  guestTtlMs?: number;
}

/** How often (of the world's clock) a request sweeps expired records (Sim.tick). */
export const SWEEP_EVERY_MS = 60_000;
/** What one sweep removed, by kind. */
export interface SweepResult {
  sessions: number;
  guests: number;
  sms: number;
  captchas: number;
  modules: number;
}

export class Sim {
  /** Every table of the world (server/sim/store): the world's whole state, and its change set. */
  readonly db = new WorldDb();
  readonly clock = new Clock(this.db);
  readonly rsa: RsaKeyHolder;
  /** The calls this simulator answered (ADR 012); it outlives scenario loads, resets and restores. */
  readonly journal: Journal;
  readonly accounts: Table<AccountRow> = this.db.table(ACCOUNTS);
  readonly sessions: SessionStore;
  readonly ledger: Ledger;
  readonly captcha: CaptchaStore;
  readonly sms: SmsService;
  /**
   * Free-play guests of this world by account, with the time they expire (bounded memory): the
   * fixture's seeded guests are not in it and never expire.
   */
  readonly guests = new Guests(this.db.table(GUESTS));
  private readonly worldRecord = new Record1<WorldRow>(this.db.table(WORLD));
  // Settings and caches, not state: derived from the tables or given at construction.
  readonly #guestTtlMs: number;
  #sweptAt = Number.NEGATIVE_INFINITY;
  #world: { row: WorldRow; world: World } | undefined;
  #scenario: Scenario | undefined;

  /** The imported brand this simulator runs on, if any. */
  readonly brand: string | undefined;

  constructor(options: SimOptions = {}) {
    this.rsa = options.rsa ?? new RsaKeyHolder();
    this.brand = options.brand;
    this.journal = new Journal(options.journalSize ?? JOURNAL_DEFAULT_SIZE);
    this.#guestTtlMs = options.guestTtlMs ?? SESSION_TTL_MS;
    this.sessions = new SessionStore(this.db, this.now);
    this.ledger = new Ledger(this.db);
    this.captcha = new CaptchaStore(this.db, this.now);
    this.sms = new SmsService(this.db, this.now);
    this.load(options.scenario ?? 'default');
  }

  readonly now = (): number => this.clock.now();

  /** The world's row: scenario, load time, member ids and the editable parts of the fixtures. */
  private get worldRow(): WorldRow {
    const row = this.worldRecord.table.raw('');
    if (!row) throw new Error('the world has no world record');
    return row;
  }

  /** The fixtures of the world's scenario, with its own brand settings, flags and register rules. */
  get world(): World {
    const row = this.worldRow;
    if (this.#world?.row !== row) {
      this.#world = {
        row,
        world: { ...worldSeed(this.brand), brand: row.brand as World['brand'], whitelabel: row.whitelabel, registerRules: row.registerRules },
      };
    }
    return this.#world.world;
  }

  /** Stand another world of fixtures in (tests: as a scenario load would); not state, not saved. */
  set world(world: World) {
    this.#world = { row: this.worldRow, world };
  }

  get scenario(): Scenario {
    const name = this.worldRow.scenario;
    if (this.#scenario?.name !== name) this.#scenario = readScenario(name);
    return this.#scenario;
  }

  /** Simulator time of the last (re)load: fixture contracts count as active from then on. */
  get loadedAt(): number {
    return this.worldRow.loadedAt;
  }

  /**
   * After rows were put back from a file or a snapshot: what is never written (the brand's default
   * password) comes back from the fixtures of the world's scenario. Not a change.
   */
  afterLoad(): void {
    const row = this.worldRow;
    if (row.brand.defaultPassword === undefined) row.brand.defaultPassword = loadWorld(readScenario(row.scenario), this.brand).brand.defaultPassword;
    this.#world = undefined;
  }

  /** The world's editable parts (brand settings and status, flags, register rules), to change them. */
  editWorld(): WorldRow {
    return this.worldRecord.update() ?? this.worldRow;
  }

  /** The account's row, to change it (the change is noted for the commit and rewind). */
  editAccount(account: Account | string): AccountRow {
    const name = typeof account === 'string' ? account : account.account;
    const row = this.accounts.update(name);
    if (!row) throw new Error(`no account "${name}"`);
    return row;
  }

  /** (Re)seed everything from the fixtures and the named scenario: every table starts again. */
  load(scenarioName: string): void {
    const scenario = readScenario(scenarioName);
    const world = loadWorld(scenario, this.brand);
    const plan = seedPlan(scenario, world, worldSeed(this.brand));
    for (const table of [...this.db.made()]) {
      // The clock and the snapshots outlive a load (only `clock reset` moves the clock back).
      if (!table.def.survivesReset) table.clear();
    }
    this.worldRecord.put({
      scenario: scenario.name,
      loadedAt: this.now(),
      nextMemberId: plan.nextMemberId,
      brand: world.brand,
      whitelabel: world.whitelabel,
      registerRules: world.registerRules,
    });
    this.#scenario = scenario;
    // The seed members, their ledgers and bets: copies of rows worked out once per scenario.
    plantSeed(this.db, plan);
  }

  // ---- bounded memory: guests and idle sessions expire (ADR 009) ---------------------------------

  /** How long a free-play guest lives on this world's clock. */
  get guestTtlMs(): number {
    return this.#guestTtlMs;
  }

  /**
   * A free-play guest: a collision-free name (randomUUID), demo credit, and a session that ends with
   * the guest after `guestTtlMs`; the sweep then removes the account and everything kept for it.
   */
  createGuest(): { account: Account; session: Session } {
    const account = this.createAccount({
      account: `guest-${randomUUID()}`,
      password: randomUUID(),
      isAgent: GUEST_TYPE,
      type: GUEST_TYPE,
      nickname: 'Guest',
      firstTimeLogin: false,
      memberLabel: { text: 'Trial', textColor: '#ffffff', backgroundColor: '#6c757d' },
    });
    this.guests.set(account.account, this.now() + this.#guestTtlMs);
    const session = this.sessions.create(account.account, 'freeplay', this.#guestTtlMs);
    return { account, session };
  }

  /**
   * Drop what has expired on the world's clock: sessions, free-play guests (account, ledger, module
   * records), SMS codes, throttle windows and locks, captchas, launch tickets. Called when the
   * control API moves the clock and, through `tick`, by requests as real time moves it.
   */
  sweep(): SweepResult {
    const now = this.now();
    this.#sweptAt = now;
    const gone = new Set<string>();
    for (const [name, expiresAt] of this.guests) {
      if (expiresAt <= now) gone.add(name);
    }
    for (const name of gone) this.guests.delete(name);
    this.forgetAccounts(gone);
    const result: SweepResult = {
      sessions: this.sessions.sweep(),
      guests: gone.size,
      sms: this.sms.sweep(),
      captchas: this.captcha.sweep(),
      modules: 0,
    };
    for (const def of worldTables()) if (def.sweep) result.modules += def.sweep(this.db.table(def), now, this);
    return result;
  }

  /** Delete the rows of these accounts in every table that names an account (def.accountField). */
  private forgetAccounts(accounts: ReadonlySet<string>): void {
    if (accounts.size === 0) return;
    for (const def of worldTables()) {
      const field = def.accountField;
      if (!field) continue;
      const table = this.db.table(def) as Table<Record<string, unknown>>;
      if (table.size === 0) continue;
      if (def.groupBy === field) {
        for (const name of accounts) {
          for (const row of [...table.group(name)]) {
            for (const [key, value] of table) if (value === row) table.delete(key);
          }
        }
        continue;
      }
      for (const [key, row] of [...table]) if (accounts.has(row[field] as string)) table.delete(key);
    }
  }

  /** Sweep when the world's clock has moved SWEEP_EVERY_MS (or back) since the last sweep; cheap otherwise. */
  tick(): void {
    const now = this.now();
    if (now - this.#sweptAt >= SWEEP_EVERY_MS || now < this.#sweptAt) this.sweep();
  }

  /**
   * Make one part of this world's fixtures its own, to change it: worlds share the frozen fixture
   * files (world.ts), so a test or a tool that edits games, vendors or promotions of one world takes
   * a copy first and the other worlds never see the change.
   */
  own<K extends keyof World>(part: K): World[K] {
    const world = this.world;
    const current = world[part];
    if (current && typeof current === 'object' && Object.isFrozen(current)) {
      world[part] = structuredClone(current);
    }
    return world[part];
  }

  // ---- brand, flags and status -------------------------------------------------------------------

  flag(modId: string): boolean {
    return flagEnabled(this.world.whitelabel, modId);
  }

  setFlag(modId: string, enabled: boolean): void {
    const row = this.editWorld();
    if (!setFlag(row.whitelabel, modId, enabled)) {
      row.whitelabel.push({ modId, name: modId, enabled, childrenNodes: [] });
    }
  }

  get systemStatus(): 0 | 1 | 2 {
    return this.world.brand.systemStatus;
  }

  // ---- accounts and sessions ---------------------------------------------------------------------

  findAccount(name: string | undefined): Account | undefined {
    return name ? this.accounts.get(name.trim()) : undefined;
  }

  findByMobile(mobileNum: string): Account | undefined {
    const m = mobileNum.replace(/[\s-]/g, '');
    for (const a of this.accounts.values()) if (a.mobileNum === m) return a;
    return undefined;
  }

  checkPassword(account: Account, password: string | undefined): boolean {
    return !!password && verifyPassword(password, account.passwordHash);
  }

  setPassword(account: Account, password: string): void {
    const row = this.editAccount(account);
    row.passwordHash = hashPassword(password);
    row.defaultPassword = password === this.world.brand.defaultPassword;
    row.passwordExpired = false;
  }

  setPaymentPassword(account: Account, password: string): void {
    this.editAccount(account).paymentPasswordHash = hashPassword(password);
  }

  checkPaymentPassword(account: Account, password: string): boolean {
    return !!account.paymentPasswordHash && verifyPassword(password, account.paymentPasswordHash);
  }

  createAccount(fields: Partial<AccountRow> & { account: string; password: string }): Account {
    if (this.accounts.has(fields.account)) {
      throw new ApiError(400, 'member.username.exists', 'Username already exists', {
        fields: [{ field: 'body/username', message: 'already exists' }],
      });
    }
    const id = this.editWorld().nextMemberId++;
    const { password, ...rest } = fields;
    const vip1 = this.world.vip[0];
    const account: AccountRow = {
      id,
      nickname: fields.account,
      paymentPasswordHash: null,
      mobileNum: '',
      countryDialingCode: '',
      email: '',
      isAgent: 0,
      type: 0,
      parentAccount: null,
      customerId: `C${String(id).padStart(8, '0')}`,
      clubLabel: { labelName: vip1?.labelName ?? 'VIP 1', color: vip1?.color ?? '#8d99ae', color2: vip1?.color2 ?? '#edf2f4', rankLevel: 1 },
      memberLabel: { text: 'New', textColor: '#ffffff', backgroundColor: '#2a9d8f' },
      points: 0,
      firstTimeLogin: true,
      passwordExpired: false,
      defaultPassword: password === this.world.brand.defaultPassword,
      createdAt: this.now(),
      affiliateCode: '',
      referralCode: `R${String(id).padStart(6, '0')}`,
      favourites: [],
      recentGames: [],
      avatar: id % 8,
      ...rest,
      passwordHash: hashPassword(password),
    };
    return this.accounts.put(account.account, account);
  }

  isAgent(account: Account): boolean {
    return isAgentType(account.isAgent);
  }

  isGuest(account: Account): boolean {
    return account.isAgent === GUEST_TYPE;
  }

  /** The session and account of a token, or 401 login.not.session. */
  requireSession(token: string | undefined): { session: Session; account: Account } {
    const session = this.sessions.get(token);
    const account = session && this.accounts.get(session.account);
    if (!session || !account) throw notSession();
    return { session, account };
  }

  /** Access rule of an operation (define.ts Access), after the token check. */
  requireAccess(account: Account, access: 'token' | 'member' | 'agent'): void {
    if (access === 'member' && this.isGuest(account)) {
      throw forbidden('in_need_true_account', 'Please Register An Account First');
    }
    if (access === 'agent' && !this.isAgent(account)) {
      throw forbidden('agent.not.agent', 'Non-agents cannot log in');
    }
  }
}
