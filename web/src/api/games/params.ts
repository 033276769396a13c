/**
 * Request fields shared by the game calls: the merchant code the bootstrap stored and the language
 * code the gateway expects (merchantCode and language go on most game calls).
 */
import { session } from '../session';
import { DEFAULT_LANGUAGE, languageByCode } from '../../i18n/languages';

/** Merchant code kept by the bootstrap; the demo brand's code before it ran. */
export function merchantCode(): string {
  return session.merchant() ?? 'DEMO';
}

/** i18next language ('en', 'ur') as the gateway's code ('EN', 'UR'). */
export function apiLanguage(language: string | undefined): string {
  return (languageByCode(language) ?? DEFAULT_LANGUAGE).code;
}
