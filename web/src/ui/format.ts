/** Number and date formatting in the current language. */
import { currentLanguage } from '../i18n';
import { DEFAULT_CURRENCY_SYMBOL } from '../config/constants';

/** A balance with the currency symbol prefix (spec section 2: default $). */
export function formatMoney(amount: number, symbol: string = DEFAULT_CURRENCY_SYMBOL): string {
  const text = new Intl.NumberFormat(currentLanguage().htmlLang, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    numberingSystem: 'latn',
  }).format(amount);
  return `${symbol || DEFAULT_CURRENCY_SYMBOL}${text}`;
}

export function formatDate(epochMs: number, withTime = true): string {
  return new Intl.DateTimeFormat(currentLanguage().htmlLang, {
    dateStyle: 'medium',
    ...(withTime ? { timeStyle: 'short' } : {}),
    numberingSystem: 'latn',
  }).format(new Date(epochMs));
}
