/**
 * Lottery constants (spec sections 1, 7 and 9). The shared numbers come from the shell's
 * `config/constants.ts`; these are the lottery-only values.
 */
export { POPULAR_LOTTERY_COUNT } from '../../config/constants';

/** Lobby launch (spec section 7): lotto area VN, mode LOTT. */
export const LOTTERY_AREA = 'VN';
export const LOTTERY_MODE = 'LOTT';
/** Brand device (spec section 1: device WEB). */
export const DEVICE = 'WEB';
/** Brand prize modes (spec section 1), the menu tabs when the permission call sends none. */
export const PRIZE_MODES = ['Lott', 'ZY', 'Elott', 'SEA'] as const;
/** localStorage key prefix of the per-user favourite list (spec section 4), followed by the username. */
export const LOTTERY_FAVOURITES_PREFIX = 'lotteryFavourites:';
