/** Addresses of the game page: /game, with the game in the query (gameId etc.). */
import type { ClientErrorCode } from '../../api/client';
import type { Game } from '../../api/games/types';

export interface GamePageState {
  /** The launch address, when the caller already launched. */
  url?: string;
  /** A launch failure to show instead of the game. */
  errorCode?: ClientErrorCode;
  message?: string;
}

/** /game for a game: the page launches it again when opened without a launch address (reload). */
export function gameHref(game: Pick<Game, 'gameId' | 'nodeId' | 'vassalage' | 'gameName' | 'gameType'>, roomId?: number): string {
  const q = new URLSearchParams({
    gameId: String(game.gameId),
    nodeId: String(game.nodeId),
    vassalage: game.vassalage,
    gameType: game.gameType,
    name: game.gameName,
  });
  if (roomId !== undefined) q.set('roomId', String(roomId));
  return `/game?${q.toString()}`;
}

/** The game-under-maintenance page of a game: its game page with status=maintenance. */
export function maintenanceHref(game: Pick<Game, 'gameId' | 'nodeId' | 'vassalage' | 'gameName' | 'gameType'>): string {
  return `${gameHref(game)}&status=maintenance`;
}
