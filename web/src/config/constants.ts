/**
 * Constants of the web app. The portal's business constants (limits, account types)
 * are the shared kernel's (openapi/constants.ts), re-exported here so components import one module;
 * the rest are the web app's own.
 */
import { AGENT_TYPES as KERNEL_AGENT_TYPES } from '../../../openapi/constants';

export {
  CHUNK_TIMEOUT_MS,
  MODAL_OPEN_DELAY_MS,
  BANNER_AUTOPLAY_MS,
  DROPDOWN_CLOSE_DELAY_MS,
  ANNOUNCEMENT_PAGE_SIZE,
  LOBBY_PAGE_NO,
  LOBBY_PAGE_SIZE,
  SIDE_MENU_MAX_VENDORS,
  POPULAR_LOTTERY_COUNT,
  VN_LOTTERY_COUNT,
  CLIENT_TYPE,
  IS_PLATFORM,
  PLATFORM_FLASH,
  PLATFORM_HTML5,
  DEFAULT_CURRENCY_SYMBOL,
  QR_SIZE,
  QR_GENERATOR_SIZE,
  QR_GENERATOR_MARGIN,
  INFINITE_SCROLL_THROTTLE_MS,
  IMAGE_CACHE_SIZE,
  LAZY_PRELOAD_FACTOR,
  LAZY_THRESHOLD,
  PAGINATION_PAGE_RANGE,
  PAGINATION_MARGIN_PAGES,
  GUEST_TYPE,
  SMS_SECONDS_PER_MINUTE,
  SMS_THROTTLE_MS,
  CAPTCHA_REFRESH_MS,
  REMEMBER_ME_MS,
} from '../../../openapi/constants';

/** Account types, widened so any isAgent number can be looked up. */
export const AGENT_TYPES: readonly number[] = KERNEL_AGENT_TYPES;

/** A failed image is retried this many times before the error image shows. */
export const IMAGE_MAX_RETRIES = 3;
export const ERROR_IMAGE_URL = '/assets/error-image.svg';
/** Customer-service popup window size. */
export const CS_POPUP_WIDTH = 440;
export const CS_POPUP_HEIGHT = 750;
/** Club rank above which members get the VIP service channel. */
export const VIP_SERVICE_MIN_RANK = 5;
/** Announcement types and query values. */
export const ANNOUNCEMENT_TYPES = 'B,PL,PU,PR';
export const ANNOUNCEMENT_PLATFORM = 'W';
export const ANNOUNCEMENT_EXECUTION = 'B';
/** Storage keys. */
export const LANGUAGE_STORAGE_KEY = 'hisLang';
export const THEME_STORAGE_KEY = 'theme';
/** Registration promotions carousel: the promotion category it shows. */
export const NEW_PLAYER_PROMOTION_CATEGORY = 'new_player';
