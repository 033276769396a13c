/**
 * The business constants and limits of the portal (and its account types), named as
 * the product names them and written once for both sides: the web app's config re-exports
 * them, the contract's schemas use them as defaults and limits, the simulator enforces them. Plain
 * values only, so importing this module pulls nothing into the browser bundle.
 */

// ---- accounts ----

/** Agent account types: isAgent 1, 2, 41 and 42 show the agent centre. */
export const AGENT_TYPES = [1, 2, 41, 42] as const;
export type AgentType = (typeof AGENT_TYPES)[number];
/** Guest / trial account type (free play). */
export const GUEST_TYPE = 4;

/** Whether an isAgent value is one of the agent types. */
export function isAgentType(isAgent: number | null | undefined): isAgent is AgentType {
  return (AGENT_TYPES as readonly number[]).includes(isAgent ?? -1);
}

// ---- timers and throttles ----

/** The SMS countdown is this many seconds per minute of code lifetime the server returns. */
export const SMS_SECONDS_PER_MINUTE = 60;
/** An SMS code request at most once per this long. */
export const SMS_THROTTLE_MS = 1_000;
/** The too-many-requests lock. */
export const TOO_MANY_REQUESTS_LOCK_MS = 5 * 60_000;
/** A captcha image is refreshed at most once per this long. */
export const CAPTCHA_REFRESH_MS = 1_000;
/** Dropdown (avatar menu, flyouts) close delay. */
export const DROPDOWN_CLOSE_DELAY_MS = 200;
/** Chunk load failure is reported after this long. */
export const CHUNK_TIMEOUT_MS = 120_000;
/** Generic modal open delay. */
export const MODAL_OPEN_DELAY_MS = 100;
/** Banner carousel autoplay interval. */
export const BANNER_AUTOPLAY_MS = 5_000;
/** Remember-me cookie lifetime: one day. */
export const REMEMBER_ME_MS = 86_400_000;
/** Real-time salary is settled every this many minutes. */
export const REALTIME_SALARY_MINUTES = 5;
/** Infinite scroll throttle. */
export const INFINITE_SCROLL_THROTTLE_MS = 200;

// ---- lengths and limits ----

/** Verification code max length. */
export const VERIFICATION_CODE_MAX_LENGTH = 255;
/** Remarks and comments (redemptions, promotion joins). */
export const REMARK_MAX_LENGTH = 140;
/** Feedback uploads: at most this many images of at most this many bytes each. */
export const UPLOAD_MAX_IMAGES = 3;
export const UPLOAD_MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** A feedback image as the contract takes it: a png or jpg data URL. */
export const FEEDBACK_IMAGE_PATTERN = '^data:image/(png|jpeg|jpg);base64,[A-Za-z0-9+/]*={0,2}$';
/** The longest such data URL: its prefix plus the base64 of UPLOAD_MAX_IMAGE_BYTES. */
export const FEEDBACK_IMAGE_MAX_LENGTH = 'data:image/jpeg;base64,'.length + Math.ceil(UPLOAD_MAX_IMAGE_BYTES / 3) * 4;
/** Minimum age (21 in some flows). */
export const MIN_AGE = 18;

// ---- page sizes and counts ----

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
/** Pagination widget: page range and margin pages. */
export const PAGINATION_PAGE_RANGE = 3;
export const PAGINATION_MARGIN_PAGES = 1;

// ---- game calls, display ----

/** Client type and platform values sent to game calls. */
export const CLIENT_TYPE = 3;
export const IS_PLATFORM = 2;
export const PLATFORM_FLASH = 'flash';
export const PLATFORM_HTML5 = 'html5-desktop';
/** Currency symbol when the brand sends none. */
export const DEFAULT_CURRENCY_SYMBOL = '$';
/** QR code size on the page, and the generator defaults (200 with margin 20). */
export const QR_SIZE = 100;
export const QR_GENERATOR_SIZE = 200;
export const QR_GENERATOR_MARGIN = 20;
/** Image cache size and lazy-load preload factor (intersection threshold 0.1). */
export const IMAGE_CACHE_SIZE = 200;
export const LAZY_PRELOAD_FACTOR = 1.3;
export const LAZY_THRESHOLD = 0.1;

// ---- mobile numbers ----

/** Digits of a mobile number without the dialing code, blanks and dashes aside. */
export const MOBILE_DIGITS_MIN = 7;
export const MOBILE_DIGITS_MAX = 15;
/**
 * A mobile number as the gateway takes it: 7 to 15 digits, blanks and dashes anywhere between. The
 * contract's pattern and the simulator's check (server/sim/sms.ts checkMobile) are both this.
 */
export const MOBILE_NUMBER_PATTERN = `^[\\s-]*(?:[0-9][\\s-]*){${MOBILE_DIGITS_MIN},${MOBILE_DIGITS_MAX}}$`;

// ---- points ----

/** The fewest and most points one conversion into wallet money takes. */
export const POINTS_MIN_CONVERT = 100;
export const POINTS_MAX_CONVERT = 100_000;
