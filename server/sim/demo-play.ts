/**
 * Launching a game and playing it in the sandbox. A launch (game, PVP room or lottery) mints a
 * ticket bound to the account, its session and the game; the demo game page at `/__demo/game` shows
 * it and places real bets with it (a lottery lobby's ticket shows the lobby instead, whose entries
 * mint the betting tickets of its lotteries): the stake leaves the main wallet and any win comes back through
 * `Ledger.settleBet`, so the betting and account records show every round. The ticket dies with the
 * session (logout) or after TICKET_TTL_MS on the simulator clock.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { ApiError, badRequest, notFound, refused } from '../errors';
import { assertPlayable, findGame, pvpRoom, touchRecent } from './games';
import { contentLanguage } from './localize';
import {
  areaLotteryMenu,
  findLottery,
  lookupLottery,
  touchLottery,
  type LotteryGroupView,
} from './lottery';
import { earnPoints } from './points';
import { Type } from '@sinclair/typebox';
import { defineTable } from './store/schema';
import type { Session } from './sessions';
import type { Table } from './store/table';
import type { Account, Sim } from './state';
import { isMoney, roundMoney } from '../../openapi/money';

export const TICKET_TTL_MS = 2 * 60 * 60_000;
export const DEMO_MAX_BET = 10_000;
export const DEMO_GAME_PATH = '/__demo/game';


/** How the demo page plays the game: reels, a two-card table, or a three-ball draw. */
export type PlayMode = 'slot' | 'table' | 'lottery';

export const PICKS: Readonly<Record<PlayMode, readonly string[]>> = {
  slot: [],
  table: ['dragon', 'tiger'],
  lottery: ['big', 'small'],
};

export interface TicketGame {
  gameId?: number;
  roomId?: number;
  lotteryCode?: string;
  gameName: string;
  vendor: string;
  gameType: string;
  minBet: number;
  mode: PlayMode;
}

/** What a lottery lobby ticket lists: the lotteries of one area (ADR 018). */
export interface LobbyOf {
  /** Lotto area as launched ('VN': the Vietnamese menus; any other: the other menus). */
  area: string;
  mode: 'LOTT' | 'ELOTT';
  /** A lottery named at launch, marked as the current one. */
  current?: string;
  /** Betting tickets already opened from this lobby, by lottery code (reused while they live). */
  opened: Record<string, string>;
}

interface TicketBase {
  ticket: string;
  account: string;
  sessionToken: string;
  issuedAt: number;
  expiresAt: number;
  /** Same-site path to go back to (lottery lobby backUrl), if any. */
  backUrl?: string;
  /** The launch's language (a content language key: 'ur', 'vi', 'cn'); English when absent. */
  language?: string;
}

/** A ticket that plays one game; `fromLobby` names the lobby ticket it was opened from. */
export interface GameTicket extends TicketBase {
  game: TicketGame;
  lobby?: undefined;
  fromLobby?: string;
}

/** A lottery lobby: lists the area's lotteries and opens each one's betting view; it places no bets. */
export interface LobbyTicket extends TicketBase {
  game?: undefined;
  lobby: LobbyOf;
}

export type LaunchTicket = GameTicket | LobbyTicket;

/** The demo games' slice of the world schema (server/sim/store): launch tickets. */
export const LAUNCH_TICKETS = defineTable({
  name: 'launch_tickets',
  owner: 'demo-play',
  key: 'ticket',
  doc: 'Game and lottery-lobby launch tickets, until they expire or their session ends.',
  accountField: 'account',
  row: Type.Object(
      {
        ticket: Type.String(),
        account: Type.String(),
        sessionToken: Type.String(),
        issuedAt: Type.Number(),
        expiresAt: Type.Number(),
        backUrl: Type.Optional(Type.String()),
        language: Type.Optional(Type.String()),
        game: Type.Optional(Type.Object({}, { additionalProperties: true, description: 'the game the ticket plays' })),
        fromLobby: Type.Optional(Type.String()),
        lobby: Type.Optional(Type.Object({}, { additionalProperties: true, description: 'the lottery lobby the ticket lists' })),
      },
      { additionalProperties: false },
    ),
  // Expired tickets, and those whose session or account is gone, go as the world's clock moves.
  sweep: (all, now, sim) => {
    let dropped = 0;
    for (const [id, t] of [...all]) {
      if (t.expiresAt <= now || !sim.sessions.get(t.sessionToken) || !sim.accounts.has(t.account)) {
        all.delete(id);
        dropped++;
      }
    }
    return dropped;
  },
});

const tickets = (sim: Sim) => sim.db.table(LAUNCH_TICKETS) as unknown as Table<LaunchTicket>;

const ticketInvalid = () =>
  new ApiError(401, 'game.ticket.invalid', 'This game session has ended; launch the game again');

/** Launch tickets the world holds (bounded memory: expired ones are swept). */
export function ticketCount(sim: Sim): number {
  return tickets(sim).size;
}

function modeOf(gameType: string): PlayMode {
  const t = gameType.toUpperCase();
  if (t === 'LIVE' || t === 'PVP') return 'table';
  if (t === 'LOTT' || t === 'ELOTT') return 'lottery';
  return 'slot';
}

/** Only same-site paths: a launch must not turn into an open redirect. */
function safeBackUrl(url: string | undefined): string | undefined {
  if (!url) return undefined;
  return url.startsWith('/') && !url.startsWith('//') && !url.includes('\\') ? url : undefined;
}

/** The demo page address of a ticket. */
export const ticketUrl = (ticket: string): string => `${DEMO_GAME_PATH}?ticket=${ticket}`;

type TicketExtra = { game: TicketGame; fromLobby?: string } | { lobby: LobbyOf };

function mint(
  sim: Sim,
  session: Session,
  what: TicketExtra,
  backUrl?: string,
  language?: string,
): string {
  const ticket = randomBytes(24).toString('base64url');
  const now = sim.now();
  const safe = safeBackUrl(backUrl);
  const lang = contentLanguage(language);
  tickets(sim).put(ticket, {
    ticket,
    account: session.account,
    sessionToken: session.token,
    issuedAt: now,
    expiresAt: now + TICKET_TTL_MS,
    ...what,
    ...(safe ? { backUrl: safe } : {}),
    ...(lang ? { language: lang } : {}),
  } as LaunchTicket);
  return ticket;
}

function issue(sim: Sim, session: Session, game: TicketGame, backUrl?: string): string {
  return ticketUrl(mint(sim, session, { game }, backUrl));
}

/** Launch address V2 of a game: refused while the game or its vendor is under maintenance. */
export function launchGame(sim: Sim, session: Session, gameId: number, nodeId?: number): string {
  const game = findGame(sim, gameId);
  if (nodeId !== undefined && nodeId !== game.nodeId)
    throw badRequest(`nodeId ${nodeId} is not game ${gameId}`, 'body/nodeId');
  assertPlayable(sim, game);
  // Lottery games of the catalogue also count as recently played lotteries.
  const lotteryCode =
    modeOf(game.gameType) === 'lottery'
      ? lookupLottery(sim, game.gameCode)?.game.gameCode
      : undefined;
  return issue(sim, session, {
    gameId: game.gameId,
    gameName: game.gameName,
    vendor: game.vendor,
    gameType: game.gameType,
    minBet: game.minBet,
    mode: modeOf(game.gameType),
    ...(lotteryCode ? { lotteryCode } : {}),
  });
}

export function launchPvp(sim: Sim, session: Session, gameId: number, roomId: number): string {
  const { game, room } = pvpRoom(sim, gameId, roomId);
  assertPlayable(sim, game);
  return issue(sim, session, {
    gameId: game.gameId,
    roomId: room.roomId,
    gameName: `${game.gameName} · ${room.roomName}`,
    vendor: game.vendor,
    gameType: game.gameType,
    minBet: room.minBet,
    mode: 'table',
  });
}

export interface LobbyLaunch {
  area?: string;
  mode?: string;
  gameCode?: string;
  view: 'betting' | 'lobby';
  backUrl?: string;
  language?: string;
}

/** The betting view's game of a lottery: refused while the lottery's listed game is under maintenance. */
function lotteryGame(sim: Sim, mode: string, code: string): TicketGame {
  const { game, vn } = findLottery(sim, code);
  const listed = sim.world.games.find(
    (g) => g.gameCode === game.gameCode && (g.gameType === 'LOTT' || g.gameType === 'ELOTT'),
  );
  if (listed) assertPlayable(sim, listed);
  return {
    ...(listed ? { gameId: listed.gameId } : {}),
    lotteryCode: game.gameCode,
    gameName: game.gameName,
    vendor: listed?.vendor ?? (vn ? 'VNL' : 'LLL'),
    gameType: listed?.gameType ?? mode,
    minBet: listed?.minBet ?? 1,
    mode: 'lottery',
  };
}

/** The lotteries a lobby lists: every lottery of its area, grouped as the fixture groups them. */
export function lobbyMenu(sim: Sim, lobby: LobbyOf, language?: string): LotteryGroupView[] {
  return areaLotteryMenu(sim, lobby.area === 'VN', language).filter((g) => g.games.length > 0);
}

/**
 * Lottery lobby launch (lotto area VN, mode LOTT): view betting opens that lottery's betting page;
 * view lobby opens the lobby of the area (VN: the Vietnamese menus), which lists every lottery with
 * its next draw and opens each one's betting page (`openFromLobby`).
 */
export function launchLotteryLobby(sim: Sim, session: Session, req: LobbyLaunch): string {
  const mode = (req.mode ?? 'LOTT').toUpperCase();
  if (mode !== 'LOTT' && mode !== 'ELOTT')
    throw badRequest(`Unknown lottery mode ${req.mode}`, 'body/mode');
  const area = (req.area ?? 'VN').toUpperCase();
  if (!/^[A-Z]{2,8}$/.test(area)) throw badRequest(`Unknown lottery area ${req.area}`, 'body/area');
  if (req.view === 'betting') {
    if (!req.gameCode) throw badRequest('gameCode is required for the betting view', 'body/gameCode');
    return issue(sim, session, lotteryGame(sim, mode, req.gameCode), req.backUrl);
  }
  // A lottery named with the lobby view must exist (404 otherwise); the lobby marks it.
  const current = req.gameCode ? findLottery(sim, req.gameCode).game.gameCode : undefined;
  const lobby: LobbyOf = { area, mode, opened: {}, ...(current ? { current } : {}) };
  if (lobbyMenu(sim, lobby).length === 0) throw refused('lottery.unavailable', 'No lottery is available');
  return ticketUrl(mint(sim, session, { lobby }, req.backUrl, req.language));
}

/**
 * A lottery chosen in a lobby: the address of its betting page, a ticket minted exactly as a betting
 * launch mints it, bound to the lobby's session (so it dies with it) and leading back to the lobby.
 * The lobby ticket must be live (401 game.ticket.invalid otherwise) and list the lottery (404).
 */
export function openFromLobby(sim: Sim, lobbyTicket: string | undefined, gameCode: string): string {
  const live = resolveTicket(sim, lobbyTicket);
  if (!live) throw ticketInvalid();
  const t = live.ticket;
  if (!t.lobby) throw badRequest('This game link does not open a lottery lobby', 'query/gameCode');
  const code = gameCode.trim().toUpperCase();
  const entry = lobbyMenu(sim, t.lobby)
    .flatMap((g) => g.games)
    .find((g) => g.gameCode.toUpperCase() === code);
  if (!entry) throw notFound(`No lottery ${gameCode} in this lobby`);
  // Checked on every choice, a reused ticket included: a lottery under maintenance does not open.
  const game = lotteryGame(sim, t.lobby.mode, entry.gameCode);
  const reuse = t.lobby.opened[entry.gameCode];
  if (reuse && resolveTicket(sim, reuse)) return ticketUrl(reuse);
  const session = sim.sessions.get(t.sessionToken);
  if (!session) throw ticketInvalid();
  const ticket = mint(sim, session, { game, fromLobby: t.ticket }, t.backUrl, t.language);
  const row = tickets(sim).update(t.ticket);
  if (row?.lobby) row.lobby.opened[entry.gameCode] = ticket;
  return ticketUrl(ticket);
}

/** The next draws of a lobby's lotteries at the simulator's now (the lobby page's countdowns follow them). */
export function lobbyDraws(sim: Sim, lobbyTicket: string | undefined) {
  const live = resolveTicket(sim, lobbyTicket);
  if (!live) throw ticketInvalid();
  if (!live.ticket.lobby) throw badRequest('This ticket does not open a lottery lobby', 'query/ticket');
  return {
    now: sim.now(),
    games: lobbyMenu(sim, live.ticket.lobby)
      .flatMap((g) => g.games)
      .map(({ gameCode, nextNumero, nextDrawTime }) => ({ gameCode, nextNumero, nextDrawTime })),
  };
}

/** The live ticket, or null when unknown, expired, or its session ended. */
export function resolveTicket(
  sim: Sim,
  ticket: string | undefined,
): { ticket: LaunchTicket; account: Account } | null {
  if (!ticket) return null;
  const all = tickets(sim);
  const t = all.get(ticket);
  if (!t) return null;
  const session = sim.sessions.get(t.sessionToken);
  const account = sim.accounts.get(t.account);
  if (t.expiresAt <= sim.now() || !session || !account) {
    all.delete(ticket);
    return null;
  }
  return { ticket: t, account };
}

// ---- rounds -----------------------------------------------------------------------------------------

export const SLOT_SYMBOLS = ['cherry', 'lemon', 'bell', 'star', 'diamond', 'seven'] as const;
type SlotSymbol = (typeof SLOT_SYMBOLS)[number];
const SLOT_WEIGHTS: Record<SlotSymbol, number> = {
  cherry: 30,
  lemon: 25,
  bell: 18,
  star: 12,
  diamond: 8,
  seven: 7,
};
/** Three of a kind pays this multiple of the stake; two of a kind on the first reels pays 1.5 (RTP about 97%). */
export const SLOT_PAYS: Record<SlotSymbol, number> = {
  cherry: 10,
  lemon: 12,
  bell: 20,
  star: 40,
  diamond: 80,
  seven: 150,
};
const TWO_OF_A_KIND = 1.5;

export interface Card {
  rank: number;
  suit: 'S' | 'H' | 'D' | 'C';
}

export interface RoundOutcome {
  mode: PlayMode;
  pick?: string;
  symbols?: SlotSymbol[];
  cards?: { dragon: Card; tiger: Card };
  balls?: number[];
  outcome: 'win' | 'lose' | 'tie';
  multiplier: number;
}

/** Random integers in [0, max): the simulator's source of luck (swappable in tests). */
export type Rng = (max: number) => number;
const defaultRng: Rng = (max) => randomInt(max);

function spinReel(rng: Rng): SlotSymbol {
  const total = Object.values(SLOT_WEIGHTS).reduce((s, w) => s + w, 0);
  let r = rng(total);
  for (const s of SLOT_SYMBOLS) {
    r -= SLOT_WEIGHTS[s];
    if (r < 0) return s;
  }
  return 'cherry';
}

function playRound(mode: PlayMode, pick: string | undefined, rng: Rng): RoundOutcome {
  if (mode === 'slot') {
    const symbols = [spinReel(rng), spinReel(rng), spinReel(rng)];
    const [a, b, c] = symbols as [SlotSymbol, SlotSymbol, SlotSymbol];
    const multiplier = a === b && b === c ? SLOT_PAYS[a] : a === b ? TWO_OF_A_KIND : 0;
    return { mode, symbols, outcome: multiplier > 0 ? 'win' : 'lose', multiplier };
  }
  if (mode === 'table') {
    // Dragon Tiger: the higher card wins 1:1; a tie returns half the stake.
    const suits = ['S', 'H', 'D', 'C'] as const;
    const card = (): Card => ({ rank: 1 + rng(13), suit: suits[rng(4)] ?? 'S' });
    const dragon = card();
    const tiger = card();
    const side = pick ?? 'dragon';
    if (dragon.rank === tiger.rank)
      return { mode, pick: side, cards: { dragon, tiger }, outcome: 'tie', multiplier: 0.5 };
    const winner = dragon.rank > tiger.rank ? 'dragon' : 'tiger';
    const won = winner === side;
    return {
      mode,
      pick: side,
      cards: { dragon, tiger },
      outcome: won ? 'win' : 'lose',
      multiplier: won ? 2 : 0,
    };
  }
  // Three balls 0-9: big is a sum of 14-27, small 0-13; a triple is the house's.
  const balls = [rng(10), rng(10), rng(10)];
  const sum = balls.reduce((s, b) => s + b, 0);
  const side = pick ?? 'big';
  const triple = balls[0] === balls[1] && balls[1] === balls[2];
  const won = !triple && (side === 'big' ? sum >= 14 : sum <= 13);
  return { mode, pick: side, balls, outcome: won ? 'win' : 'lose', multiplier: won ? 1.95 : 0 };
}

export interface BetResult {
  betId: number;
  gameName: string;
  betAmount: number;
  winAmount: number;
  balance: number;
  result: RoundOutcome;
}

/** One real round: validates the stake, settles it on the ledger and records the play. */
export function placeDemoBet(
  sim: Sim,
  ticketId: string | undefined,
  amount: unknown,
  pick: unknown,
  rng: Rng = defaultRng,
): BetResult {
  const live = resolveTicket(sim, ticketId);
  if (!live) throw ticketInvalid();
  const { ticket, account } = live;
  const game = ticket.game;
  // A lobby only lists lotteries: bets go through the betting page of the one chosen.
  if (!game) throw badRequest('This ticket opens the lottery lobby; choose a lottery to bet', 'body/ticket');
  if (
    !isMoney(amount)
  ) {
    throw badRequest('amount must be a number with at most two decimals', 'body/amount');
  }
  if (amount < game.minBet || amount > DEMO_MAX_BET) {
    throw badRequest(`amount must be between ${game.minBet} and ${DEMO_MAX_BET}`, 'body/amount');
  }
  const picks = PICKS[game.mode];
  if (pick !== undefined && (typeof pick !== 'string' || !picks.includes(pick))) {
    throw badRequest(
      picks.length ? `pick must be one of ${picks.join(', ')}` : 'this game takes no pick',
      'body/pick',
    );
  }
  if (game.gameId !== undefined) assertPlayable(sim, findGame(sim, game.gameId));
  if (sim.ledger.balance(account.account) < amount) {
    throw refused('wallet.insufficient.balance', 'Insufficient balance');
  }
  const result = playRound(game.mode, pick as string | undefined, rng);
  const winAmount = roundMoney(amount * result.multiplier);
  const bet = sim.ledger.settleBet(account.account, {
    vendor: game.vendor,
    gameName: game.gameName,
    gameType: game.gameType,
    betAmount: amount,
    winAmount,
    time: sim.now(),
  });
  if (game.gameId !== undefined) touchRecent(sim, account, game.gameId);
  if (game.lotteryCode) touchLottery(sim, account.account, game.lotteryCode);
  earnPoints(sim, account, Math.floor(amount), `Bet on ${game.gameName}`);
  return {
    betId: bet.id,
    gameName: game.gameName,
    betAmount: amount,
    winAmount,
    balance: sim.ledger.balance(account.account),
    result,
  };
}
