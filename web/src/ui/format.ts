/** Number and date formatting in the current language. */
import { currentLanguage } from '../i18n';
import { DEFAULT_CURRENCY_SYMBOL } from '../config/constants';

// Building an Intl formatter costs far more than using one, and lists format hundreds of amounts in
// one render: one formatter per language and kind, made on first use.
const moneyFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function cached<F>(cache: Map<string, F>, key: string, make: () => F): F {
  let format = cache.get(key);
  if (!format) {
    format = make();
    cache.set(key, format);
  }
  return format;
}

/** A balance with the currency symbol prefix (spec section 2: default $). */
export function formatMoney(amount: number, symbol: string = DEFAULT_CURRENCY_SYMBOL): string {
  const lang = currentLanguage().htmlLang;
  const text = cached(moneyFormats, lang, () =>
    new Intl.NumberFormat(lang, { minimumFractionDigits: 2, maximumFractionDigits: 2, numberingSystem: 'latn' }),
  ).format(amount);
  return `${symbol || DEFAULT_CURRENCY_SYMBOL}${text}`;
}

export function formatDate(epochMs: number, withTime = true): string {
  const lang = currentLanguage().htmlLang;
  return cached(dateFormats, `${lang}|${withTime}`, () =>
    new Intl.DateTimeFormat(lang, { dateStyle: 'medium', ...(withTime ? { timeStyle: 'short' } : {}), numberingSystem: 'latn' }),
  ).format(new Date(epochMs));
}
