/**
 * Launching a game and playing it in the sandbox. A launch (game, PVP room or lottery lobby) mints a
 * ticket bound to the account, its session and the game; the demo game page at `/__demo/game` shows
 * it and places real bets with it: the stake leaves the main wallet and any win comes back through
 * `Ledger.settleBet`, so the betting and account records show every round. The ticket dies with the
 * session (logout) or after TICKET_TTL_MS on the simulator clock.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { ApiError, badRequest, refused } from '../errors';
import { assertPlayable, findGame, pvpRoom, touchRecent } from './games';
import { findLottery, firstLottery, lookupLottery, touchLottery } from './lottery';
import { earnPoints } from './points';
import { perLoad } from './registry';
import type { Session } from './sessions';
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

export interface LaunchTicket {
  ticket: string;
  account: string;
  sessionToken: string;
  issuedAt: number;
  expiresAt: number;
  game: TicketGame;
  /** Same-site path to go back to (lottery lobby backUrl), if any. */
  backUrl?: string;
}

const tickets = perLoad('demo-tickets', () => new Map<string, LaunchTicket>(), {
  // Expired tickets, and those whose session or account is gone, go as the world's clock moves.
  sweep: (all, sim) => {
    const now = sim.now();
    let dropped = 0;
    for (const [id, t] of all) {
      if (t.expiresAt <= now || !sim.sessions.get(t.sessionToken) || !sim.accounts.has(t.account)) {
        all.delete(id);
        dropped++;
      }
    }
    return dropped;
  },
});

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

function issue(sim: Sim, session: Session, game: TicketGame, backUrl?: string): string {
  const ticket = randomBytes(24).toString('base64url');
  const now = sim.now();
  const safe = safeBackUrl(backUrl);
  tickets(sim).set(ticket, {
    ticket,
    account: session.account,
    sessionToken: session.token,
    issuedAt: now,
    expiresAt: now + TICKET_TTL_MS,
    game,
    ...(safe ? { backUrl: safe } : {}),
  });
  return `${DEMO_GAME_PATH}?ticket=${ticket}`;
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
}

/** Lottery lobby launch (lotto area VN, mode LOTT): a lottery's betting view, or the lobby's first game. */
export function launchLotteryLobby(sim: Sim, session: Session, req: LobbyLaunch): string {
  const mode = (req.mode ?? 'LOTT').toUpperCase();
  if (mode !== 'LOTT' && mode !== 'ELOTT')
    throw badRequest(`Unknown lottery mode ${req.mode}`, 'body/mode');
  const area = (req.area ?? 'VN').toUpperCase();
  if (!/^[A-Z]{2,8}$/.test(area)) throw badRequest(`Unknown lottery area ${req.area}`, 'body/area');
  if (req.view === 'betting' && !req.gameCode)
    throw badRequest('gameCode is required for the betting view', 'body/gameCode');
  // The lobby opens on the first lottery of the area (VN: the Vietnamese menus).
  const code = req.gameCode ?? firstLottery(sim, area === 'VN');
  if (!code) throw refused('lottery.unavailable', 'No lottery is available');
  const { game, vn } = findLottery(sim, code);
  const listed = sim.world.games.find(
    (g) => g.gameCode === game.gameCode && (g.gameType === 'LOTT' || g.gameType === 'ELOTT'),
  );
  if (listed) assertPlayable(sim, listed);
  return issue(
    sim,
    session,
    {
      ...(listed ? { gameId: listed.gameId } : {}),
      lotteryCode: game.gameCode,
      gameName: game.gameName,
      vendor: listed?.vendor ?? (vn ? 'VNL' : 'LLL'),
      gameType: listed?.gameType ?? mode,
      minBet: listed?.minBet ?? 1,
      mode: 'lottery',
    },
    req.backUrl,
  );
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
  if (!live)
    throw new ApiError(
      401,
      'game.ticket.invalid',
      'This game session has ended; launch the game again',
    );
  const { ticket, account } = live;
  const game = ticket.game;
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
  if (game.gameId !== undefined) touchRecent(account, game.gameId);
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
