/**
 * The game catalogue as the gateway answers it: navigation menus, vendor lanes, lobby lists with
 * filters and paging, hot games, favourites and recently played games per account, PVP rooms and
 * suggestions for the game-under-maintenance page.
 */
import type { Game } from '../../openapi/games';
import { badRequest, notFound, refused } from '../errors';
import { LOBBY_PAGE_SIZE } from '../../openapi/constants';
import type { Account, Sim } from './state';
import type { GameFixture, VendorFixture } from './world';

export { LOBBY_PAGE_SIZE };
/** How many recently played games an account keeps. */
export const RECENT_LIMIT = 20;

const DEFAULT_CATEGORY_ORDER = [
  'INHOUSE',
  'ELOTT',
  'LOTT',
  'LIVE',
  'SPORTS',
  'FISH',
  'RNG',
  'PVP',
  'ESPORTS',
];

export function gameView(g: GameFixture): Game {
  return {
    gameId: g.gameId,
    nodeId: g.nodeId,
    ...(g.roomId !== undefined ? { roomId: g.roomId } : {}),
    vassalage: g.vassalage,
    accountTypeName: g.accountTypeName,
    gameType: g.gameType,
    gameCode: g.gameCode,
    code: g.code,
    defaultPlayType: g.defaultPlayType,
    vendor: g.vendor,
    isGame: g.isGame,
    gameName: g.gameName,
    gameClassify: g.gameClassify,
    minBet: g.minBet,
    minLineNum: g.minLineNum,
    isHot: g.isHot,
    isNew: g.isNew,
    image: g.image,
    maintenance: g.maintenance,
  };
}

const upper = (s: string | undefined) => (s ?? '').trim().toUpperCase();
const byOrder = (a: { sort: number }, b: { sort: number }) => a.sort - b.sort;

function categoryOrder(sim: Sim): string[] {
  const order = sim.world.system.menuSettings.categoryOrder;
  return [...order, ...DEFAULT_CATEGORY_ORDER.filter((c) => !order.includes(c))];
}

/** The raw categories of the vendors (esports vendors stay in SPORTS), in the brand's order. */
function vendorsByCategory(sim: Sim): [string, VendorFixture[]][] {
  const groups = new Map<string, VendorFixture[]>();
  for (const v of [...sim.world.vendors].sort(byOrder)) {
    const list = groups.get(v.gameCategory) ?? [];
    list.push(v);
    groups.set(v.gameCategory, list);
  }
  const order = categoryOrder(sim);
  const rank = (c: string) => (order.indexOf(c) < 0 ? order.length : order.indexOf(c));
  return [...groups].sort(([a], [b]) => rank(a) - rank(b));
}

export function vendorOf(sim: Sim, game: GameFixture): VendorFixture | undefined {
  return (
    sim.world.vendors.find((v) => v.vassalage === game.vassalage) ??
    sim.world.vendors.find((v) => v.vendor === game.vendor)
  );
}

/** A game is playable unless it or its vendor is under maintenance. */
export function underMaintenance(sim: Sim, game: GameFixture): boolean {
  return game.maintenance || !!vendorOf(sim, game)?.maintenance;
}

// ---- menus and lanes --------------------------------------------------------------------------------

/** Top navigation: one entry per category that has vendors (a category without vendors is not shown). */
export function gameMenus(sim: Sim) {
  return vendorsByCategory(sim).map(([gameCategory, vendors]) => ({
    gameCategory,
    vendors: vendors.map((v) => ({
      vendor: v.vendor,
      vendorName: v.vendorName,
      vassalage: v.vassalage,
    })),
  }));
}

/**
 * Vendor lanes by category as the gateway sends them: esports vendors stay in the SPORTS lane, each
 * card carrying gameClassify ESPORTS so the client can split them out into a lane of their own.
 */
export function vendorLanes(sim: Sim) {
  return vendorsByCategory(sim).map(([title, vendors]) => ({
    title,
    gameClassify: vendors[0]?.gameClassify ?? title,
    cards: vendors.map((v) => ({
      vendor: v.vendor,
      vendorName: v.vendorName,
      vassalage: v.vassalage,
      isHot: v.isHot,
      isGame: v.isGame,
      gameClassify: v.gameClassify,
      logo: v.logo,
      maintenance: v.maintenance,
    })),
  }));
}

const CLASSIFY_LABELS: Record<string, string> = {
  SLOT: 'Slots',
  MEGAWAYS: 'Megaways',
  ARCADE: 'Arcade',
  FISH: 'Fishing',
  CARD: 'Card games',
  TABLE: 'Table games',
  ASIAN: 'Asian games',
  BACCARAT: 'Baccarat',
  ROULETTE: 'Roulette',
  BLACKJACK: 'Blackjack',
  GAMESHOW: 'Game shows',
  POKER: 'Poker',
  CRASH: 'Crash',
  SPORTS: 'Sports',
  ESPORTS: 'Esports',
  ELOTT: 'E-lottery',
  LOTT: 'Lottery',
  INHOUSE: 'In-house',
};

/** The game classifications of one vendor with their game counts (lobby tabs). */
export function gameTypes(sim: Sim, vassalage: string) {
  const vendor = sim.world.vendors.find((v) => upper(v.vassalage) === upper(vassalage));
  if (!vendor) throw notFound(`Unknown vendor ${vassalage}`);
  const counts = new Map<string, number>();
  for (const g of sim.world.games) {
    if (g.vassalage === vendor.vassalage)
      counts.set(g.gameClassify, (counts.get(g.gameClassify) ?? 0) + 1);
  }
  return [...counts]
    .sort(([, a], [, b]) => b - a)
    .map(([gameClassify, count]) => ({
      gameClassify,
      label: CLASSIFY_LABELS[gameClassify] ?? gameClassify,
      count,
    }));
}

// ---- lists ------------------------------------------------------------------------------------------

export interface GameFilter {
  gameType?: string;
  vassalage?: string;
  vendor?: string;
  gameClassify?: string;
  gameName?: string;
  /** Games playable with this stake: minBet at most this much. */
  minBet?: number;
  /** Games with at least this many lines. */
  minLineNum?: number;
  pageNo?: number;
  pageSize?: number;
}

function matches(g: GameFixture, f: GameFilter): boolean {
  if (f.gameType && upper(g.gameType) !== upper(f.gameType)) return false;
  if (f.vassalage && upper(g.vassalage) !== upper(f.vassalage)) return false;
  if (f.vendor && upper(g.vendor) !== upper(f.vendor)) return false;
  if (f.gameClassify && upper(g.gameClassify) !== upper(f.gameClassify)) return false;
  if (f.gameName && !g.gameName.toLowerCase().includes(f.gameName.trim().toLowerCase()))
    return false;
  if (f.minBet !== undefined && g.minBet > f.minBet) return false;
  if (f.minLineNum !== undefined && g.minLineNum < f.minLineNum) return false;
  return true;
}

function page(games: readonly GameFixture[], pageNo = 1, pageSize = LOBBY_PAGE_SIZE) {
  const start = (pageNo - 1) * pageSize;
  return {
    list: games.slice(start, start + pageSize).map(gameView),
    totalPages: Math.ceil(games.length / pageSize),
  };
}

// Filtered, ordered lists per world: the games of a load never change, so each filter is worked
// out once (a lobby scrolls through many pages of the same filter).
const listCache = new WeakMap<readonly GameFixture[], Map<string, GameFixture[]>>();
const LIST_CACHE_LIMIT = 500;

function filtered(sim: Sim, f: GameFilter, hotOnly: boolean): GameFixture[] {
  const games = sim.world.games;
  let byKey = listCache.get(games);
  if (!byKey) {
    byKey = new Map();
    listCache.set(games, byKey);
  }
  const key = JSON.stringify([hotOnly, f.gameType, f.vassalage, f.vendor, f.gameClassify, f.gameName, f.minBet, f.minLineNum]);
  let rows = byKey.get(key);
  if (!rows) {
    rows = games
      .filter((g) => (!hotOnly || g.isHot === 1) && matches(g, f))
      .sort((a, b) => a.sort - b.sort || a.gameId - b.gameId);
    if (byKey.size >= LIST_CACHE_LIMIT) byKey.clear();
    byKey.set(key, rows);
  }
  return rows;
}

/** The lobby list: the filtered games in the vendors' own order. */
export function gameList(sim: Sim, f: GameFilter) {
  return page(filtered(sim, f, false), f.pageNo, f.pageSize);
}

/** Hot games (isHot 1), optionally of one vendor or game type. */
export function hotGames(
  sim: Sim,
  f: Pick<GameFilter, 'vassalage' | 'gameType' | 'pageNo' | 'pageSize'>,
) {
  return page(filtered(sim, { vassalage: f.vassalage, gameType: f.gameType }, true), f.pageNo, f.pageSize);
}

export function findGame(sim: Sim, gameId: number): GameFixture {
  const game = sim.world.games.find((g) => g.gameId === gameId);
  if (!game) throw notFound(`No game ${gameId}`);
  return game;
}

// ---- recent and favourites --------------------------------------------------------------------------

/** Record a played game at the front of the account's recent list. */
export function touchRecent(sim: Sim, account: Account, gameId: number): void {
  sim.editAccount(account).recentGames = [gameId, ...account.recentGames.filter((id) => id !== gameId)].slice(
    0,
    RECENT_LIMIT,
  );
}

export function recentGames(sim: Sim, account: Account, vassalage?: string) {
  const rows = account.recentGames
    .map((id) => sim.world.games.find((g) => g.gameId === id))
    .filter(
      (g): g is GameFixture => !!g && (!vassalage || upper(g.vassalage) === upper(vassalage)),
    );
  return page(rows, 1, LOBBY_PAGE_SIZE);
}

function gameOfNode(sim: Sim, nodeId: number, vendor: string, gameType: string): GameFixture {
  const game = sim.world.games.find((g) => g.nodeId === nodeId);
  if (!game) throw notFound(`No game with node ${nodeId}`);
  if (upper(game.vendor) !== upper(vendor))
    throw badRequest(`Game ${nodeId} is not a ${vendor} game`, 'body/vendor');
  if (upper(game.gameType) !== upper(gameType))
    throw badRequest(`Game ${nodeId} is not of type ${gameType}`, 'body/gameType');
  return game;
}

export function addFavourite(
  sim: Sim,
  account: Account,
  nodeId: number,
  vendor: string,
  gameType: string,
): number[] {
  gameOfNode(sim, nodeId, vendor, gameType);
  if (!account.favourites.includes(nodeId)) sim.editAccount(account).favourites = [nodeId, ...account.favourites];
  return [...account.favourites];
}

export function removeFavourite(
  sim: Sim,
  account: Account,
  nodeId: number,
  vendor: string,
  gameType: string,
): number[] {
  gameOfNode(sim, nodeId, vendor, gameType);
  sim.editAccount(account).favourites = account.favourites.filter((id) => id !== nodeId);
  return [...account.favourites];
}

/** Favourite games of one game type, newest first, as content and totalPages. */
export function favourites(
  sim: Sim,
  account: Account,
  f: { gameType?: string; pageNo?: number; pageSize?: number },
) {
  const rows = account.favourites
    .map((nodeId) => sim.world.games.find((g) => g.nodeId === nodeId))
    .filter(
      (g): g is GameFixture => !!g && (!f.gameType || upper(g.gameType) === upper(f.gameType)),
    );
  const { list, totalPages } = page(rows, f.pageNo, f.pageSize);
  return { content: list, totalPages };
}

// ---- PVP and maintenance ----------------------------------------------------------------------------

export function pvpRooms(sim: Sim, gameId: number) {
  const game = findGame(sim, gameId);
  return (game.rooms ?? []).map((r) => ({
    roomId: r.roomId,
    roomName: r.roomName,
    minBet: r.minBet,
    players: r.players ?? 0,
  }));
}

export function pvpRoom(sim: Sim, gameId: number, roomId: number) {
  const game = findGame(sim, gameId);
  const room = game.rooms?.find((r) => r.roomId === roomId);
  if (!room) throw notFound(`No room ${roomId} in game ${gameId}`);
  return { game, room };
}

/** Refuses a game (or vendor) under maintenance with the code the maintenance page listens for. */
export function assertPlayable(sim: Sim, game: GameFixture): void {
  if (underMaintenance(sim, game))
    throw refused('game.maintenance', `${game.gameName} is under maintenance`);
}

/** Other playable games for the game-under-maintenance page: same type, same vendor first, hot first. */
export function suggestedGames(sim: Sim, gameId: number, limit = 12): Game[] {
  const game = findGame(sim, gameId);
  const score = (g: GameFixture) => (g.vendor === game.vendor ? 0 : 2) + (g.isHot === 1 ? 0 : 1);
  return sim.world.games
    .filter(
      (g) => g.gameId !== game.gameId && g.gameType === game.gameType && !underMaintenance(sim, g),
    )
    .sort((a, b) => score(a) - score(b) || a.sort - b.sort || a.gameId - b.gameId)
    .slice(0, limit)
    .map(gameView);
}
