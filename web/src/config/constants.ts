/**
 * Business constants of spec section 9 (and the few of sections 2, 4 and 6 the shell needs), named
 * as the spec names them so components never carry bare literals.
 */

/** Chunk load failure is reported after this long (spec section 8). */
export const CHUNK_TIMEOUT_MS = 120_000;
/** Generic modal open delay. */
export const MODAL_OPEN_DELAY_MS = 100;
/** Banner carousel autoplay interval. */
export const BANNER_AUTOPLAY_MS = 5_000;
/** Dropdown (avatar menu, flyouts) close delay. */
export const DROPDOWN_CLOSE_DELAY_MS = 200;
/** Announcement modal page size. */
export const ANNOUNCEMENT_PAGE_SIZE = 9;
/** Lobby list defaults. */
export const LOBBY_PAGE_NO = 1;
export const LOBBY_PAGE_SIZE = 42;
/** Side menu flyout shows at most this many vendor icons, then 'see more'. */
export const SIDE_MENU_MAX_VENDORS = 9;
/** Popular lottery count and Vietnamese lottery numbers count. */
export const POPULAR_LOTTERY_COUNT = 20;
export const VN_LOTTERY_COUNT = 100;
/** Client type and platform values sent to game calls. */
export const CLIENT_TYPE = 3;
export const IS_PLATFORM = 2;
export const PLATFORM_FLASH = 'flash';
export const PLATFORM_HTML5 = 'html5-desktop';
/** Currency symbol when the brand sends none. */
export const DEFAULT_CURRENCY_SYMBOL = '$';
/** QR code size (and the generator defaults: 200 with margin 20). */
export const QR_SIZE = 100;
export const QR_GENERATOR_SIZE = 200;
export const QR_GENERATOR_MARGIN = 20;
/** Infinite scroll throttle. */
export const INFINITE_SCROLL_THROTTLE_MS = 200;
/** Image cache size and lazy-load preload factor (intersection threshold 0.1). */
export const IMAGE_CACHE_SIZE = 200;
export const LAZY_PRELOAD_FACTOR = 1.3;
export const LAZY_THRESHOLD = 0.1;
/** A failed image is retried this many times before the error image shows (spec section 8). */
export const IMAGE_MAX_RETRIES = 3;
export const ERROR_IMAGE_URL = '/assets/error-image.svg';
/** Pagination widget: page range and margin pages. */
export const PAGINATION_PAGE_RANGE = 3;
export const PAGINATION_MARGIN_PAGES = 1;
/** Customer-service popup window size (spec section 6). */
export const CS_POPUP_WIDTH = 440;
export const CS_POPUP_HEIGHT = 750;
/** Club rank above which members get the VIP service channel. */
export const VIP_SERVICE_MIN_RANK = 5;
/** Account types (spec section 4). */
export const AGENT_TYPES: readonly number[] = [1, 2, 41, 42];
export const GUEST_TYPE = 4;
/** Announcement types and query values (spec section 1 and 7). */
export const ANNOUNCEMENT_TYPES = 'B,PL,PU,PR';
export const ANNOUNCEMENT_PLATFORM = 'W';
export const ANNOUNCEMENT_EXECUTION = 'B';
/** Storage keys. */
export const LANGUAGE_STORAGE_KEY = 'hisLang';
export const THEME_STORAGE_KEY = 'theme';
/** Account flows (spec sections 4, 5 and 9): SMS countdown seconds per minute of code lifetime. */
export const SMS_SECONDS_PER_MINUTE = 60;
/** An SMS code request at most once per this long. */
export const SMS_THROTTLE_MS = 1_000;
/** A captcha image is refreshed at most once per this long. */
export const CAPTCHA_REFRESH_MS = 1_000;
/** Remember-me cookie lifetime: one day. */
export const REMEMBER_ME_MS = 86_400_000;
/** Registration promotions carousel: the promotion category it shows. */
export const NEW_PLAYER_PROMOTION_CATEGORY = 'new_player';
