/**
 * Business constants of the game screens (named, never literals in components). The shared numbers live once in
 * `config/constants.ts` (the shell's module) and are re-exported here under the same names; the rest
 * are the game-only values.
 */
import {
  CLIENT_TYPE as SHARED_CLIENT_TYPE,
  IS_PLATFORM as SHARED_IS_PLATFORM,
  LAZY_PRELOAD_FACTOR,
  LAZY_THRESHOLD,
} from './constants';

export {
  INFINITE_SCROLL_THROTTLE_MS,
  LOBBY_PAGE_NO,
  LOBBY_PAGE_SIZE,
  PLATFORM_FLASH,
} from './constants';
export { PLATFORM_HTML5 as PLATFORM_HTML5_DESKTOP } from './constants';

/** Client type 3 (web); the contract types it as the literal 3. */
export const CLIENT_TYPE = SHARED_CLIENT_TYPE as 3;
/** isPlatform 2 on the hot list; the contract types it as the literal 2. */
export const IS_PLATFORM = SHARED_IS_PLATFORM as 2;
/** Lazy loading of tiles: intersection threshold 0.1, preload factor 1.3. */
export const LAZY_ROOT_MARGIN = `${Math.round((LAZY_PRELOAD_FACTOR - 1) * 100)}%`;
export { LAZY_THRESHOLD };

/** Launch address V2 fixed fields. */
export const LAUNCH_ACCOUNT_TYPE = 1 as const;
export const LAUNCH_CONFIRM_TRANS = 0;
export const LAUNCH_MODE = 'GLS';
/** Brand esports vendors, when permission sends none. */
export const ESPORTS_VENDORS = ['AV', 'AI', 'IMES', 'TF', 'IA'] as const;
/** isGame of a card that opens the vendor popup list. */
export const VASSALAGE = 'VASSALAGE';
/** Hot vendors and games carry isHot 1. */
export const HOT = 1;
/** Launch error code of a game under maintenance. */
export const GAME_MAINTENANCE_ERROR = 'game.maintenance';
/** Home strips: how many tiles each shows. */
export const HOME_HOT_GAMES = 15;
export const HOME_STRIP_GAMES = 12;
/** Search box debounce before the game list is asked again, ms. */
export const SEARCH_DEBOUNCE_MS = 300;
