/**
 * The one number, money and date formatter of the app, bound to the current i18next language
 * (`currentLanguage()`, so a language switch re-formats on the next render). Digits stay Latin in
 * every language (amounts and dates are compared with the gateway's);
 * grouping, separators, month names and word order follow the language. English reads as the portal
 * writes it: "$1,234.50", "1,234", "12.5%".
 */
import { currentLanguage } from '../i18n';
import { DEFAULT_CURRENCY_SYMBOL } from '../config/constants';

// Building an Intl formatter costs far more than using one, and lists format hundreds of amounts in
// one render: one formatter per language and kind, made on first use.
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function cached<F>(cache: Map<string, F>, key: string, make: () => F): F {
  let format = cache.get(key);
  if (!format) {
    format = make();
    cache.set(key, format);
  }
  return format;
}

/**
 * Right-to-left pages get every formatted figure as a left-to-right isolate (U+2066 … U+2069, what
 * `<bdi dir="ltr">` does in markup): "$10.00", "+$100", "12.5%", a date, stay in their order inside
 * Urdu sentences and next to other figures ("$10 – $99"), wherever the string is put.
 * Left-to-right languages get the bare string.
 */
export const LTR_ISOLATE = '\u2066';
/** Dates and times carry month and day-period words of the language: their isolate takes its direction. */
export const FIRST_STRONG_ISOLATE = '\u2068';
export const POP_ISOLATE = '\u2069';
function isolated(text: string, open = LTR_ISOLATE): string {
  return currentLanguage().dir === 'rtl' ? `${open}${text}${POP_ISOLATE}` : text;
}

function numberFormat(kind: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const lang = currentLanguage().htmlLang;
  return cached(numberFormats, `${lang}|${kind}`, () => new Intl.NumberFormat(lang, { ...options, numberingSystem: 'latn' }));
}

function dateFormat(kind: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const lang = currentLanguage().htmlLang;
  return cached(dateFormats, `${lang}|${kind}`, () => new Intl.DateTimeFormat(lang, { ...options, numberingSystem: 'latn' }));
}

/** A count or a figure, grouped, up to three decimals (Intl's default): "1,234", "0.5". */
export function formatNumber(n: number): string {
  return isolated(numberFormat('number', {}).format(n));
}

/** A whole count ("1,234"); a fraction is rounded as Intl rounds it. */
export function formatCount(n: number): string {
  return isolated(numberFormat('count', { maximumFractionDigits: 0 }).format(n));
}

/** A percentage given in percent (12.5 → "12.5%"), up to two decimals. */
export function formatPercent(percent: number): string {
  return isolated(`${numberFormat('percent', { maximumFractionDigits: 2 }).format(percent)}%`);
}

/**
 * An amount with the currency symbol prefix (default $), always two decimals
 * ("$1,234.50"); `wholeWithoutCents` drops ".00" from whole amounts, as game tiles, rooms and the
 * winners list show prizes ("$500", "$12.50").
 */
export function formatMoney(amount: number, symbol: string = DEFAULT_CURRENCY_SYMBOL, options: { wholeWithoutCents?: boolean } = {}): string {
  const whole = options.wholeWithoutCents === true && Number.isInteger(amount);
  const text = whole
    ? numberFormat('money-whole', { maximumFractionDigits: 0 }).format(amount)
    : numberFormat('money', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount);
  return isolated(`${symbol || DEFAULT_CURRENCY_SYMBOL}${text}`);
}

/** A day ("Nov 23, 2026"), with the time by default ("Nov 23, 2026, 3:04 PM"). */
export function formatDate(epochMs: number, withTime = true): string {
  return isolated(
    withTime
      ? dateFormat('date-time', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(epochMs))
      : dateFormat('date', { dateStyle: 'medium' }).format(new Date(epochMs)),
    FIRST_STRONG_ISOLATE,
  );
}

/** The time of day only ("3:04 PM"). */
export function formatTime(epochMs: number): string {
  return isolated(dateFormat('time', { timeStyle: 'short' }).format(new Date(epochMs)), FIRST_STRONG_ISOLATE);
}

/** A draw time in full, weekday included ("Monday, November 23, 2026 at 3:04 PM"). */
export function formatLongDateTime(epochMs: number): string {
  return dateFormat('long', { dateStyle: 'full', timeStyle: 'short' }).format(new Date(epochMs));
}

/**
 * Makes the money formatters of the current language now, in a task of their own. The first Intl
 * formatter a page makes starts the browser's locale data (about 25 ms on a laptop, four times that
 * on a slow phone); made here, that cost is not added to the render of the first list of amounts.
 */
export function prepareMoneyFormats(): void {
  formatMoney(1);
  formatMoney(1, DEFAULT_CURRENCY_SYMBOL, { wholeWithoutCents: true });
}
