/**
 * Import a brand (`npm run sim -- import DIR --brand NAME`): turns a gateway recording
 * (server/gateway/recording.ts) into a fixture set under `fixtures/brands/NAME/`, which
 * `npm start -- --brand NAME` runs the sandbox on. Each fixture file is built from the recorded
 * replies that carry its data; a file with nothing recorded is not written, and the default
 * fixture's file is used in its place (the seed accounts, scenarios, VIP ladder and agent team
 * always come from the default fixtures).
 *
 * Images: the gateway's own image URLs (its CDN) cannot load offline nor under the simulator's CSP,
 * so vendor logos, game tiles and banners point at the simulator's locally drawn assets of the same
 * ids; names, titles and every other field are the brand's own.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { readManifest, readReplies, writeFileAtomic, type RecordedReply } from './recording';

export interface ImportResult {
  brand: string;
  dir: string;
  /** Fixture file → the operations its data came from. */
  written: Record<string, string[]>;
  /** Fixture files left to the default fixtures (nothing recorded for them). */
  defaulted: string[];
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const arrayOf = (v: unknown): Json[] => (Array.isArray(v) ? v.filter(isObject) : []);

/** The fixture files an import can write, in the order they are reported. */
export const IMPORTED_FILES = [
  'brand.json',
  'whitelabel.json',
  'register-rules.json',
  'countries.json',
  'vendors.json',
  'games.json',
  'banners.json',
  'announcements.json',
  'promotions.json',
  'help.json',
  'lottery.json',
  'system.json',
] as const;

/** A brand name is a folder name: lower-case letters, digits and dashes. */
export function checkBrandName(name: string): void {
  if (!/^[a-z0-9][a-z0-9-]{0,39}$/.test(name)) {
    throw new Error(`--brand must be 1–40 lower-case letters, digits or dashes (a folder under fixtures/brands), got ${JSON.stringify(name)}`);
  }
}

function uniqueBy<T extends Json>(rows: T[], key: (row: T) => unknown): T[] {
  const seen = new Map<unknown, T>();
  for (const row of rows) if (!seen.has(key(row))) seen.set(key(row), row);
  return [...seen.values()];
}

/**
 * The fixture set of a recording. `defaults` reads a default fixture file (for the files an import
 * only partly covers: brand, lottery and system keep their other fields).
 */
export function fixturesFromRecording(replies: RecordedReply[], defaults: (file: string) => Json): { files: Map<string, unknown>; sources: Map<string, Set<string>> } {
  // English first (the brand's default language for the fixtures), then the rest.
  const ordered = [...replies].sort((a, b) => Number(b.language.toUpperCase() === 'EN') - Number(a.language.toUpperCase() === 'EN'));
  const values = (operationId: string): { value: unknown; query: Map<string, string> }[] =>
    ordered
      .filter((r) => r.operationId === operationId)
      .flatMap((r) => {
        try {
          const envelope = JSON.parse(r.body) as { success?: boolean; value?: unknown };
          return envelope.success ? [{ value: envelope.value, query: new Map(r.query) }] : [];
        } catch {
          return [];
        }
      });
  const first = (operationId: string) => values(operationId)[0]?.value;
  const files = new Map<string, unknown>();
  const sources = new Map<string, Set<string>>();
  const put = (file: string, data: unknown, ...ops: string[]) => {
    files.set(file, data);
    sources.set(file, new Set([...(sources.get(file) ?? []), ...ops]));
  };

  const permission = first('getPermission');
  if (isObject(permission)) {
    const brand = { ...defaults('brand.json') };
    for (const key of [
      'merchantCode',
      'merchantId',
      'brandName',
      'theme',
      'currencySymbol',
      'currency',
      'languages',
      'defaultLanguage',
      'loginBeforeHome',
      'gtagId',
      'imageCDNs',
      'launchGameCDNs',
      'location',
      'social',
      'footer',
      'prizeModes',
      'esportsVendors',
    ]) {
      if (permission[key] !== undefined) brand[key] = permission[key];
    }
    if (isObject(permission.customerService) && isObject(brand.customerService)) {
      brand.customerService = { ...brand.customerService, csType: permission.customerService.csType ?? brand.customerService.csType };
    }
    put('brand.json', brand, 'getPermission');
  }

  const whitelabel = first('getWhitelabel') ?? (isObject(permission) ? permission.whitelabel : undefined);
  if (Array.isArray(whitelabel)) put('whitelabel.json', whitelabel, first('getWhitelabel') ? 'getWhitelabel' : 'getPermission');

  const settings = first('getRegisterSettings');
  const rules = isObject(settings) ? settings.rules : isObject(permission) ? permission.registerRules : undefined;
  if (Array.isArray(rules)) put('register-rules.json', rules, isObject(settings) ? 'getRegisterSettings' : 'getPermission');

  const countries = first('getCountryCodes');
  if (Array.isArray(countries)) {
    put(
      'countries.json',
      arrayOf(countries).map((c) => ({
        countryCode: String(c.countryCode ?? ''),
        countryDialingCode: String(c.countryDialingCode ?? ''),
        name: String(c.name ?? c.countryCode ?? ''),
      })),
      'getCountryCodes',
    );
  }

  const lanes = values('getVendors').flatMap(({ value }) => (isObject(value) && isObject(value.data) ? arrayOf(value.data.lanes) : []));
  if (lanes.length) {
    const vendors = uniqueBy(
      lanes.flatMap((lane) =>
        arrayOf(lane.cards).map((card) => ({
          vendor: String(card.vendor),
          vendorName: String(card.vendorName ?? card.vendor),
          gameCategory: String(lane.title),
          vassalage: String(card.vassalage ?? card.vendor),
          isHot: Number(card.isHot ?? 0),
          isGame: String(card.isGame ?? 'GAME'),
          gameClassify: String(card.gameClassify ?? lane.gameClassify ?? lane.title),
          logo: `/assets/vendor/${String(card.vendor)}.svg`,
          sort: 0,
          maintenance: card.maintenance === true,
        })),
      ),
      (v) => v.vassalage,
    ).map((v, i) => ({ ...v, sort: i + 1 }));
    put('vendors.json', vendors, 'getVendors');
  }

  const gameRows = ['getGameList', 'getHotGames'].flatMap((op) => values(op).flatMap(({ value }) => (isObject(value) ? arrayOf(value.list) : [])));
  if (gameRows.length) {
    const games = uniqueBy(gameRows, (g) => g.gameId).map((g, i) => ({
      gameId: Number(g.gameId),
      nodeId: Number(g.nodeId),
      ...(g.roomId !== undefined ? { roomId: Number(g.roomId) } : {}),
      vassalage: String(g.vassalage),
      accountTypeName: String(g.accountTypeName ?? ''),
      gameType: String(g.gameType),
      gameCode: String(g.gameCode ?? ''),
      code: String(g.code ?? ''),
      defaultPlayType: String(g.defaultPlayType ?? 'DEFAULT'),
      vendor: String(g.vendor),
      isGame: String(g.isGame ?? 'GAME'),
      gameName: String(g.gameName),
      gameClassify: String(g.gameClassify ?? ''),
      minBet: Number(g.minBet ?? 0),
      minLineNum: Number(g.minLineNum ?? 0),
      isHot: Number(g.isHot ?? 0),
      isNew: Number(g.isNew ?? 0),
      image: `/assets/game/${String(g.gameId)}.svg`,
      maintenance: g.maintenance === true,
      sort: i + 1,
    }));
    put('games.json', games, ...['getGameList', 'getHotGames'].filter((op) => values(op).length));
  }

  const banners = uniqueBy(values('getBanners').flatMap(({ value }) => arrayOf(value)), (b) => b.bannerId).map((b) => ({
    bannerId: Number(b.bannerId),
    url: `/assets/banner/${String(b.bannerId)}.svg`,
    groupName: String(b.groupName),
    linkageType: String(b.linkageType ?? 'NONE'),
    linkage: String(b.linkage ?? ''),
    title: String(b.title ?? ''),
    subtitle: String(b.subtitle ?? ''),
  }));
  if (banners.length) put('banners.json', banners, 'getBanners');

  const notices = first('getNotices');
  const announcementRows = [
    ...values('getAnnouncements').flatMap(({ value }) => (isObject(value) ? arrayOf(value.list) : [])),
    ...(isObject(notices) ? [...arrayOf(notices.player), ...arrayOf(notices.popup), ...arrayOf(notices.promotion)] : []),
  ];
  if (announcementRows.length) {
    const announcements = uniqueBy(announcementRows, (a) => a.id).map((a) => ({
      id: Number(a.id),
      type: String(a.type ?? 'B'),
      title: String(a.title ?? ''),
      content: String(a.content ?? ''),
      timestamp: Number(a.timestamp ?? 0),
      platform: 'W',
      execution: 'B',
    }));
    put('announcements.json', announcements, ...['getAnnouncements', 'getNotices'].filter((op) => values(op).length));
  }

  // A promotion's detail carries its full content; the list may carry only a summary.
  const promotionRows = [
    ...values('getPromotionDetail').map(({ value }) => value).filter(isObject),
    ...values('getPromotions').flatMap(({ value }) => arrayOf(value)),
  ];
  if (promotionRows.length) {
    const promotions = uniqueBy(promotionRows, (p) => p.id).map((p) => ({
      id: Number(p.id),
      category: String(p.category ?? ''),
      title: String(p.title ?? ''),
      summary: String(p.summary ?? ''),
      content: String(p.content ?? p.summary ?? ''),
      image: `/assets/promo/${String(p.id)}.svg`,
      startTime: Number(p.startTime ?? 0),
      endTime: Number(p.endTime ?? 0),
      status: String(p.status ?? 'join'),
      enabled: true,
    }));
    put('promotions.json', promotions, ...['getPromotions', 'getPromotionDetail'].filter((op) => values(op).length));
  }

  const help = first('getHelpCenter');
  if (isObject(help)) put('help.json', { categories: Array.isArray(help.categories) ? help.categories : [], protocol: String(help.protocol ?? '') }, 'getHelpCenter');

  const menus = values('getLotteryMenu');
  if (menus.length) {
    const lottery = { ...defaults('lottery.json') };
    const groups = (prizeMode: (mode: string) => boolean) =>
      uniqueBy(
        menus
          .filter(({ query }) => prizeMode(query.get('prizeMode') ?? ''))
          .flatMap(({ value, query }) =>
            (isObject(value) ? arrayOf(value.gameMenus) : []).map((g): Json => ({ ...g, prizeMode: query.get('prizeMode') ?? 'Lott' })),
          ),
        (g) => g.gameGroupCode,
      );
    const vn = groups((m) => m.toUpperCase() === 'SEA');
    const other = groups((m) => m !== '' && m.toUpperCase() !== 'SEA');
    if (other.length) lottery.gameMenus = other;
    if (vn.length) lottery.vnGameMenus = vn;
    put('lottery.json', lottery, 'getLotteryMenu');
  }

  const system = { ...defaults('system.json') };
  const systemOps: string[] = [];
  if (isObject(permission) && Array.isArray(permission.resources)) {
    system.resources = permission.resources;
    systemOps.push('getPermission');
  }
  const menu = first('getMenuSettings');
  if (isObject(menu)) {
    system.menuSettings = menu;
    systemOps.push('getMenuSettings');
  }
  const routes = first('getDomainRoutes');
  if (Array.isArray(routes)) {
    system.domainRoutes = routes;
    systemOps.push('getDomainRoutes');
  }
  const winners = first('getWinnerBoard');
  if (Array.isArray(winners)) {
    system.winners = winners;
    systemOps.push('getWinnerBoard');
  }
  if (systemOps.length) put('system.json', system, ...systemOps);

  return { files, sources };
}

/**
 * Import the recording in `recordingDir` as brand `brand` under `fixturesDir/brands/<brand>/`,
 * replacing an earlier import of that name. `check` loads the result as the server will (fixture
 * validation included) and throws a message naming the file when it does not load.
 */
export function importBrand(recordingDir: string, brand: string, fixturesDir: string, check: (brand: string) => void): ImportResult {
  checkBrandName(brand);
  readManifest(recordingDir);
  const { replies, unreadable } = readReplies(recordingDir);
  if (unreadable.length) throw new Error(`cannot read ${unreadable[0]?.file}: ${unreadable[0]?.reason}`);
  if (!replies.length) throw new Error(`the recording at ${recordingDir} holds no replies`);
  const defaults = (file: string) => JSON.parse(readFileSync(join(fixturesDir, file), 'utf8')) as Json;
  const { files, sources } = fixturesFromRecording(replies, defaults);
  if (!files.size) throw new Error(`the recording at ${recordingDir} holds none of the calls a brand is made of (permission, whitelabel, vendors, games, banners…)`);

  const dir = join(fixturesDir, 'brands', brand);
  // Written beside, then swapped in: a failed import leaves the previous one whole.
  const staging = `${dir}.importing-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  try {
    for (const [file, data] of files) writeFileAtomic(join(staging, file), `${JSON.stringify(data, null, 2)}\n`);
    const previous = `${dir}.previous-${process.pid}`;
    if (existsSync(dir)) rmSync(previous, { recursive: true, force: true });
    if (existsSync(dir)) mkdirSync(previous, { recursive: true });
    swap(staging, dir, previous);
    try {
      check(brand);
    } catch (err) {
      // Put the previous import back and keep nothing that does not load.
      rmSync(dir, { recursive: true, force: true });
      if (existsSync(join(previous, 'brand'))) swap(join(previous, 'brand'), dir, null);
      throw err;
    } finally {
      rmSync(previous, { recursive: true, force: true });
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return {
    brand,
    dir,
    written: Object.fromEntries([...sources].map(([file, ops]) => [file, [...ops]])),
    defaulted: IMPORTED_FILES.filter((f) => !files.has(f)),
  };
}

/** Move `from` to `to`; an existing `to` goes to `keep/brand` first (or is removed when keep is null). */
function swap(from: string, to: string, keep: string | null): void {
  if (existsSync(to)) {
    if (keep) renameSync(to, join(keep, 'brand'));
    else rmSync(to, { recursive: true, force: true });
  }
  renameSync(from, to);
}
