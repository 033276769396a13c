/**
 * The simulated brand world: the JSON of `fixtures/` with a scenario laid over it. Loaded once per
 * file and deep-copied per simulator, so a reset or a scenario switch starts from the seed again.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ModuleNode } from '../../openapi/system';
import { DEFAULT_REGISTER_RULES, type FieldRule } from '../../openapi/field-rules';

export const FIXTURES_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'fixtures');

export interface Brand {
  merchantCode: string;
  merchantId: number;
  brandName: string;
  platform: string;
  lotteryType: string;
  device: string;
  prizeModes: string[];
  announcementTypes: string[];
  announcementExecution: string;
  esportsVendors: string[];
  theme: 'light' | 'dark';
  currencySymbol: string;
  currency: string;
  languages: string[];
  defaultLanguage: string;
  loginBeforeHome: boolean;
  systemStatus: 0 | 1 | 2;
  location: { ip: string; country: string };
  gtagId: string;
  imageCDNs: string[];
  launchGameCDNs: string[];
  customerService: { csType: number; liveChatUrl: string; vipChatUrl: string };
  social: { facebook?: string; instagram?: string; telegram?: string };
  footer: {
    infoGroups: { title: string; links: { label: string; href: string }[] }[];
    paymentLogos: string[];
    licence: string;
    company: string;
    copyright: string;
  };
  smsExpiredMinutes: number;
  thirdPartySms: boolean;
  maintenance: { startTime: number; endTime: number; message: string };
  defaultPassword: string;
  /** Registration shows a captcha (public setting). */
  registerCaptcha?: boolean;
}

export interface VendorFixture {
  vendor: string;
  vendorName: string;
  gameCategory: string;
  vassalage: string;
  isHot: number;
  isGame: string;
  gameClassify: string;
  logo: string;
  sort: number;
  maintenance: boolean;
}

export interface GameFixture {
  gameId: number;
  nodeId: number;
  roomId?: number;
  rooms?: { roomId: number; roomName: string; minBet: number; players?: number }[];
  vassalage: string;
  accountTypeName: string;
  gameType: string;
  gameCode: string;
  code: string;
  defaultPlayType: string;
  vendor: string;
  isGame: string;
  gameName: string;
  gameClassify: string;
  minBet: number;
  minLineNum: number;
  isHot: number;
  isNew: number;
  image: string;
  maintenance: boolean;
  sort: number;
}

export interface HistoryRow {
  kind: 'bet' | 'deposit' | 'withdraw' | 'bonus' | 'transfer';
  amount: number;
  vendor?: string;
  gameId?: number;
  gameName?: string;
  win?: number;
  time: number;
  remark?: string;
}

export interface MemberFixture {
  id: number;
  account: string;
  nickname: string;
  password: string;
  mobileNum: string;
  countryDialingCode: string;
  email: string;
  isAgent: number;
  type: number;
  parentAccount: string | null;
  customerId: string;
  clubLabel: { labelName: string; color: string; color2: string; rankLevel: number };
  memberLabel: { text: string; textColor: string; backgroundColor: string };
  balance: number;
  points: number;
  firstTimeLogin: boolean;
  passwordExpired: boolean;
  createdAt: number;
  affiliateCode?: string;
  paymentPassword?: string;
  history: HistoryRow[];
}

export interface Scenario {
  name: string;
  description: string;
  brand?: Partial<Brand>;
  flags?: Record<string, boolean>;
  systemStatus?: 0 | 1 | 2;
}

/** Everything else of the world is read as the fixture files hold it. */
export interface World {
  brand: Brand;
  whitelabel: ModuleNode[];
  registerRules: FieldRule[];
  vendors: VendorFixture[];
  games: GameFixture[];
  members: MemberFixture[];
  banners: Record<string, unknown>[];
  announcements: Record<string, unknown>[];
  promotions: Record<string, unknown>[];
  vip: Record<string, unknown>[];
  agent: Record<string, unknown>;
  help: Record<string, unknown>;
  countries: { countryCode: string; countryDialingCode: string; name: string }[];
  lottery: Record<string, unknown>;
  system: Record<string, unknown>;
}

const cache = new Map<string, unknown>();

/** Folder of an imported brand (`npm run sim -- import DIR --brand NAME`). */
export function brandDir(brand: string): string {
  return join(FIXTURES_DIR, 'brands', brand);
}

/** Throws a message naming the brand unless fixtures/brands/<brand> exists. */
export function checkBrand(brand: string): void {
  if (!/^[a-z0-9][a-z0-9-]{0,39}$/.test(brand) || !existsSync(brandDir(brand))) {
    throw new Error(`no brand "${brand}" under fixtures/brands (import one with: npm run sim -- import DIR --brand ${brand})`);
  }
}

/**
 * A fixture file: the imported brand's own when it has one (`--brand`), else the default fixture's.
 * Scenarios, seed members, the VIP ladder and the agent team always come from the default fixtures.
 */
function readFixture<T>(name: string, fallback?: T, brand?: string): T {
  const own = brand ? join(brandDir(brand), name) : null;
  const path = own && existsSync(own) ? own : join(FIXTURES_DIR, name);
  if (!cache.has(path)) {
    try {
      cache.set(path, JSON.parse(readFileSync(path, 'utf8')));
    } catch (err) {
      if (fallback === undefined) throw err;
      cache.set(path, fallback);
    }
  }
  return structuredClone(cache.get(path)) as T;
}

/** Forget what was read of a brand (an import replaced its files). */
export function forgetBrand(brand: string): void {
  for (const key of [...cache.keys()]) if (key.startsWith(brandDir(brand))) cache.delete(key);
}

export function listScenarios(): Scenario[] {
  return readdirSync(join(FIXTURES_DIR, 'scenarios'))
    .filter((f) => f.endsWith('.json'))
    .map((f) => readFixture<Scenario>(join('scenarios', f)))
    .sort((a, b) => a.name.localeCompare(b.name));
}

export function readScenario(name: string): Scenario {
  if (!/^[a-z0-9-]+$/.test(name)) throw new Error(`bad scenario name: ${name}`);
  try {
    return readFixture<Scenario>(join('scenarios', `${name}.json`));
  } catch {
    const known = listScenarios().map((s) => s.name).join(', ');
    throw new Error(`unknown scenario "${name}" (known: ${known})`);
  }
}

/** Set the enabled state of a module flag wherever it appears in the tree. Returns whether found. */
export function setFlag(tree: ModuleNode[], modId: string, enabled: boolean): boolean {
  let found = false;
  for (const node of tree) {
    if (node.modId === modId) {
      node.enabled = enabled;
      found = true;
    }
    if (setFlag(node.childrenNodes, modId, enabled)) found = true;
  }
  return found;
}

export function flagEnabled(tree: ModuleNode[], modId: string): boolean {
  for (const node of tree) {
    if (node.modId === modId) return node.enabled;
    if (flagEnabled(node.childrenNodes, modId)) return true;
  }
  return false;
}

export function loadWorld(scenario: Scenario, brand?: string): World {
  const world: World = {
    brand: readFixture<Brand>('brand.json', undefined, brand),
    whitelabel: readFixture<ModuleNode[]>('whitelabel.json', undefined, brand),
    registerRules: readFixture<FieldRule[]>('register-rules.json', structuredClone([...DEFAULT_REGISTER_RULES]), brand),
    vendors: readFixture<VendorFixture[]>('vendors.json', undefined, brand),
    games: readFixture<GameFixture[]>('games.json', undefined, brand),
    members: readFixture<MemberFixture[]>('members.json'),
    banners: readFixture<World['banners']>('banners.json', undefined, brand),
    announcements: readFixture<World['announcements']>('announcements.json', undefined, brand),
    promotions: readFixture<World['promotions']>('promotions.json', undefined, brand),
    vip: readFixture('vip.json'),
    agent: readFixture('agent.json'),
    help: readFixture<World['help']>('help.json', undefined, brand),
    countries: readFixture<World['countries']>('countries.json', undefined, brand),
    lottery: readFixture<World['lottery']>('lottery.json', undefined, brand),
    system: readFixture<World['system']>('system.json', undefined, brand),
  };
  if (scenario.brand) Object.assign(world.brand, scenario.brand);
  for (const [modId, enabled] of Object.entries(scenario.flags ?? {})) {
    if (!setFlag(world.whitelabel, modId, enabled)) {
      world.whitelabel.push({ modId, name: modId, enabled, childrenNodes: [] });
    }
  }
  if (scenario.systemStatus !== undefined) world.brand.systemStatus = scenario.systemStatus;
  return world;
}
