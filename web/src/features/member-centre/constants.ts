/**
 * Business constants of the member centre (named, never literals in components). Shared numbers stay in
 * `config/constants.ts`; these are the centre's own.
 */

/** An activity comment (remark) is at most 140 characters. */
export const ACTIVITY_COMMENT_MAX_LENGTH = 140;
/** Rows per page of the record tables inside the centre (the modal shows ten without scrolling far). */
export const RECORD_PAGE_SIZE = 10;
/** Platform messages per page in the list beside the reader. */
export const MESSAGE_PAGE_SIZE = 8;
/** Personal profit and loss: days read in one call (the call's page size cap), paged in the client. */
export const PROFIT_DAYS_MAX = 100;
/** Days of personal profit and loss shown per page. */
export const PROFIT_DAYS_PAGE_SIZE = 10;
/** Money amounts as the contract takes them: positive, two decimals, at most 1e9. */
export const MONEY_MAX = 1_000_000_000;
/** Quick amounts offered on the deposit form (kept inside the channel's limits). */
export const DEPOSIT_QUICK_AMOUNTS: readonly number[] = [50, 100, 200, 500, 1_000, 2_000];
/** Payment password input bound (the contract's maxLength). */
export const PAYMENT_PASSWORD_MAX_LENGTH = 64;
/** The main wallet's code in wallet transfers. */
export const MAIN_WALLET = 'MAIN';
/**
 * The simulator and the gateway mark a withdrawal the player did not confirm in time by appending
 * this to its remark (a forced-received withdrawal); the contract has no field for it.
 */
export const AUTO_RECEIVED_MARK = '(auto-received)';
