/**
 * Lotteries: menus per prize mode, recently played and popular lotteries, and the draws. Draws run on
 * the simulator clock: each lottery draws every `drawIntervalSeconds`; the fixture holds real-looking
 * history up to the world's "now", and any later draw (as the clock moves) is generated
 * deterministically from the lottery code and draw time, so the same draw always has the same result.
 */
import type { LotteryGame, LotteryMenu as LotteryGroup, LotteryWorld, Numero } from '../../openapi/fixtures';
import { badRequest, notFound } from '../errors';
import { hash32, seeded } from './random';
import { localize } from './localize';
import { Type } from '@sinclair/typebox';
import { defineTable } from './store/schema';
import type { Sim } from './state';

const DAY = 86_400_000;
/** Past Vietnamese draws returned by default. */
export const VN_NUMEROS_COUNT = 100;
/** Popular lotteries returned by default. */
export const POPULAR_COUNT = 20;
const RECENT_LIMIT = 20;

export type { LotteryGame, Numero };

/** The lottery fixture (validated when loaded: openapi/fixtures.ts). */
const lotteryWorld = (sim: Sim): LotteryWorld => sim.world.lottery;

/** The lottery module's slice of the world schema (server/sim/store). */
export const LOTTERY_RECENT = defineTable({
  name: 'lottery_recent',
  owner: 'lottery',
  key: 'account',
  doc: 'The lotteries each account played, most recent first.',
  accountField: 'account',
  row: Type.Object({ account: Type.String(), codes: Type.Array(Type.String()) }),
});

export const LOTTERY_BETS = defineTable({
  name: 'lottery_bets',
  owner: 'lottery',
  key: 'lottery code',
  doc: 'Bets placed on each lottery in this world (drives popularity).',
  row: Type.Object({ bets: Type.Integer() }),
  rules: { nonNegative: ['bets'] },
});

// The fixture's draws by `${gameCode}@${openTime}`: an index of the frozen fixture, not world state.
const drawIndexes = new WeakMap<object, Map<string, Numero>>();
function fixtureDraws(sim: Sim): Map<string, Numero> {
  const w = lotteryWorld(sim);
  let index = drawIndexes.get(w);
  if (!index) {
    index = new Map();
    for (const n of w.numeros) index.set(`${n.gameCode}@${n.openTime}`, n);
    drawIndexes.set(w, index);
  }
  return index;
}

/** A lottery as the menus list it: in the caller's language, with its next draw's number and time. */
export interface LotteryGameView extends LotteryGame {
  nextNumero: string;
  nextDrawTime: number;
}

const gameView = (sim: Sim, g: LotteryGame, language?: string): LotteryGameView => ({
  gameCode: g.gameCode,
  gameName: localize(g, language).gameName,
  defaultPlayType: g.defaultPlayType,
  drawIntervalSeconds: g.drawIntervalSeconds,
  ...nextDraw(sim, g, lookupLottery(sim, g.gameCode)?.vn ?? false),
});

function allGroups(sim: Sim): (LotteryGroup & { vn: boolean })[] {
  const w = lotteryWorld(sim);
  return [
    ...w.gameMenus.map((g) => ({ ...g, vn: false })),
    ...w.vnGameMenus.map((g) => ({ ...g, vn: true })),
  ];
}

/** The prize mode as the brand spells it, or 400 for a mode the brand does not offer. */
function prizeModeOf(sim: Sim, prizeMode: string | undefined): string | undefined {
  if (prizeMode === undefined || prizeMode === '') return undefined;
  const known = sim.world.brand.prizeModes.find((m) => m.toLowerCase() === prizeMode.toLowerCase());
  if (!known) throw badRequest(`Unknown prize mode ${prizeMode}`, 'query/prizeMode');
  return known;
}

function groupsOf(sim: Sim, prizeMode: string | undefined) {
  const mode = prizeModeOf(sim, prizeMode);
  return allGroups(sim).filter((g) => !mode || g.prizeMode.toLowerCase() === mode.toLowerCase());
}

/** A menu group as the lists answer it: its label and games in the caller's language, with their next draws. */
export interface LotteryGroupView {
  gameGroupCode: string;
  labelName: string;
  games: LotteryGameView[];
}

const groupView = (sim: Sim, g: LotteryGroup, language?: string): LotteryGroupView => ({
  gameGroupCode: g.gameGroupCode,
  labelName: localize(g, language).labelName,
  games: g.games.map((x) => gameView(sim, x, language)),
});

/** Menus of a prize mode (all modes when none is given): gameMenus with gameGroupCode and labelName. */
export function lotteryMenu(sim: Sim, prizeMode?: string, language?: string) {
  return { gameMenus: groupsOf(sim, prizeMode).map((g) => groupView(sim, g, language)) };
}

/**
 * Every lottery of a lobby area, grouped as the fixture groups them: the Vietnamese menus (vn, lotto
 * area VN) or the other menus. What a lobby launch lists (ADR 018).
 */
export function areaLotteryMenu(sim: Sim, vn: boolean, language?: string): LotteryGroupView[] {
  const w = lotteryWorld(sim);
  return (vn ? w.vnGameMenus : w.gameMenus).map((g) => groupView(sim, g, language));
}

/** The lotteries an account played recently, grouped as the menu is; empty for visitors. */
export function recentLotteryMenu(sim: Sim, account: string | null, prizeMode?: string, language?: string) {
  const groups = groupsOf(sim, prizeMode);
  const recent = account ? (sim.db.table(LOTTERY_RECENT).get(account)?.codes ?? []) : [];
  const rank = (code: string) => recent.indexOf(code);
  return {
    gameMenus: groups
      .map((g) => ({
        gameGroupCode: g.gameGroupCode,
        labelName: localize(g, language).labelName,
        games: g.games
          .filter((x) => rank(x.gameCode) >= 0)
          .sort((a, b) => rank(a.gameCode) - rank(b.gameCode))
          .map((x) => gameView(sim, x, language)),
      }))
      .filter((g) => g.games.length > 0),
  };
}

/** Popular lotteries: most bet on in this simulator first, then the fastest draws. */
export function popularLotteries(
  sim: Sim,
  count = POPULAR_COUNT,
  prizeMode?: string,
  language?: string,
): LotteryGameView[] {
  const bets = sim.db.table(LOTTERY_BETS);
  const seen = new Set<string>();
  const games: LotteryGame[] = [];
  for (const g of groupsOf(sim, prizeMode)) {
    for (const x of g.games) {
      if (!seen.has(x.gameCode)) {
        seen.add(x.gameCode);
        games.push(x);
      }
    }
  }
  return games
    .sort(
      (a, b) =>
        (bets.get(b.gameCode)?.bets ?? 0) - (bets.get(a.gameCode)?.bets ?? 0) ||
        a.drawIntervalSeconds - b.drawIntervalSeconds ||
        a.gameCode.localeCompare(b.gameCode),
    )
    .slice(0, count)
    .map((x) => gameView(sim, x, language));
}

/** A lottery of the menus by code, or undefined. */
export function lookupLottery(
  sim: Sim,
  gameCode: string,
): { game: LotteryGame; group: LotteryGroup; vn: boolean } | undefined {
  const code = gameCode.trim().toUpperCase();
  for (const group of allGroups(sim)) {
    const game = group.games.find((g) => g.gameCode.toUpperCase() === code);
    if (game) return { game, group, vn: group.vn };
  }
  return undefined;
}

/** A lottery of the menus by code, or 404. */
export function findLottery(
  sim: Sim,
  gameCode: string,
): { game: LotteryGame; group: LotteryGroup; vn: boolean } {
  const found = lookupLottery(sim, gameCode);
  if (!found) throw notFound(`No lottery ${gameCode}`);
  return found;
}

/** A lottery was played: it moves to the front of the account's recent list and gains popularity. */
export function touchLottery(sim: Sim, account: string, gameCode: string): void {
  const recent = sim.db.table(LOTTERY_RECENT);
  const list = recent.get(account)?.codes ?? [];
  recent.put(account, { account, codes: [gameCode, ...list.filter((c) => c !== gameCode)].slice(0, RECENT_LIMIT) });
  const bets = sim.db.table(LOTTERY_BETS);
  bets.put(gameCode, { bets: (bets.get(gameCode)?.bets ?? 0) + 1 });
}

// ---- draws ------------------------------------------------------------------------------------------

/** Draw times are aligned to the interval; daily and longer draws happen at a fixed time of day. */
function drawOffset(intervalMs: number, vn: boolean): number {
  if (intervalMs < DAY) return 0;
  // Ha Noi draws at 18:15 in Vietnam (11:15 UTC); the other long-interval lotteries at 12:00 UTC.
  return vn ? (11 * 60 + 15) * 60_000 : 12 * 3_600_000;
}

function numeroLabel(openTime: number, intervalMs: number): string {
  const d = new Date(openTime);
  const ymd = `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}${String(d.getUTCDate()).padStart(2, '0')}`;
  if (intervalMs >= DAY) return ymd;
  return `${ymd}-${String(Math.floor((openTime % DAY) / intervalMs) + 1).padStart(4, '0')}`;
}

function digits(rnd: () => number, len: number): string {
  let s = '';
  for (let i = 0; i < len; i++) s += String(Math.floor(rnd() * 10));
  return s;
}

function distinct(rnd: () => number, n: number, max: number): number[] {
  const pool = Array.from({ length: max }, (_, i) => i + 1);
  for (let i = pool.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [pool[i], pool[j]] = [pool[j] as number, pool[i] as number];
  }
  return pool.slice(0, n);
}

const two = (n: number) => String(n).padStart(2, '0');

/** The result string of one draw, in the format of the lottery's family. */
function drawResult(code: string, group: LotteryGroup, vn: boolean, openTime: number): string {
  const rnd = seeded(hash32(`${code}@${openTime}`));
  if (vn) {
    if (group.gameGroupCode === 'VNFAST')
      return [5, 5, 5, 5, 4, 4, 3, 3, 2].map((l) => digits(rnd, l)).join(',');
    const prizes: [number, number][] = [
      [1, 5],
      [1, 5],
      [2, 5],
      [6, 5],
      [4, 4],
      [6, 4],
      [3, 3],
      [4, 2],
    ];
    return prizes
      .flatMap(([n, len]) => Array.from({ length: n }, () => digits(rnd, len)))
      .join(',');
  }
  const dice = () => String(1 + Math.floor(rnd() * 6));
  switch (group.gameGroupCode) {
    case 'K3':
      return [dice(), dice(), dice()].join(',');
    case 'PK10':
      return distinct(rnd, 10, 10).map(two).join(',');
    case '11X5':
      return distinct(rnd, 5, 11).map(two).join(',');
    default:
      break;
  }
  switch (code) {
    case 'KENO80':
      return distinct(rnd, 20, 80)
        .sort((a, b) => a - b)
        .map(two)
        .join(',');
    case 'FASTDICE':
      return [dice(), dice(), dice()].join(',');
    case 'WINGO1':
    case 'WINGO3':
      return digits(rnd, 1);
    case 'PICK3':
    case 'LUCKY28':
    case 'PCEGG':
      return digits(rnd, 3).split('').join(',');
    case 'THGOV':
      return [digits(rnd, 6), digits(rnd, 3), digits(rnd, 3), digits(rnd, 2)].join(',');
    case 'LAOLOT':
      return digits(rnd, 4);
    case 'MY4D':
    case 'SG4D':
      return [digits(rnd, 4), digits(rnd, 4), digits(rnd, 4)].join(',');
    default:
      return digits(rnd, 5).split('').join(',');
  }
}

/** The draw that comes next at the simulator's now: its number and when it opens. */
export function nextDraw(sim: Sim, game: LotteryGame, vn: boolean): { nextNumero: string; nextDrawTime: number } {
  const interval = Math.max(1, game.drawIntervalSeconds) * 1000;
  const offset = drawOffset(interval, vn);
  const next = (Math.floor((sim.now() - offset) / interval) + 1) * interval + offset;
  return { nextNumero: numeroLabel(next, interval), nextDrawTime: next };
}

/** The latest `count` opened draws of a lottery at the simulator's now, newest first. */
export function openedDraws(sim: Sim, gameCode: string, count: number): Numero[] {
  const { game, group, vn } = findLottery(sim, gameCode);
  const interval = Math.max(1, game.drawIntervalSeconds) * 1000;
  const offset = drawOffset(interval, vn);
  const latest = Math.floor((sim.now() - offset) / interval) * interval + offset;
  const fixture = fixtureDraws(sim);
  const out: Numero[] = [];
  for (let k = 0; k < count; k++) {
    const openTime = latest - k * interval;
    const known = fixture.get(`${game.gameCode}@${openTime}`);
    out.push(
      known
        ? {
            gameCode: known.gameCode,
            numero: known.numero,
            openTime: known.openTime,
            result: known.result,
          }
        : {
            gameCode: game.gameCode,
            numero: numeroLabel(openTime, interval),
            openTime,
            result: drawResult(game.gameCode, group, vn, openTime),
          },
    );
  }
  return out;
}

/** Past draws of a Vietnamese lottery (count 100 by default). */
export function vnNumeros(sim: Sim, gameCode: string, count = VN_NUMEROS_COUNT): Numero[] {
  const { vn } = findLottery(sim, gameCode);
  if (!vn) throw notFound(`${gameCode} is not a Vietnamese lottery`);
  return openedDraws(sim, gameCode, count);
}

/** The latest opened draw of any lottery. */
export function openedNumero(sim: Sim, gameCode: string): Numero {
  const [latest] = openedDraws(sim, gameCode, 1);
  if (!latest) throw notFound(`No draw of ${gameCode}`);
  return latest;
}
