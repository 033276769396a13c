/**
 * Lottery constants. The shared numbers come from the shell's
 * `config/constants.ts`; these are the lottery-only values.
 */
export { POPULAR_LOTTERY_COUNT } from '../../config/constants';

/** Lobby launch: lotto area VN, mode LOTT. */
export const LOTTERY_AREA = 'VN';
export const LOTTERY_MODE = 'LOTT';
/** Brand device (device WEB). */
export const DEVICE = 'WEB';
/** Brand prize modes, the menu tabs when the permission call sends none. */
export const PRIZE_MODES = ['Lott', 'ZY', 'Elott', 'SEA'] as const;
/** localStorage key prefix of the per-user favourite list, followed by the username. */
export const LOTTERY_FAVOURITES_PREFIX = 'lotteryFavourites:';
