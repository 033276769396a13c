import { DEFAULT_LANGUAGE, languageByCode } from '../../../i18n/languages';

/** i18next language ('en', 'ur') as the gateway's code ('EN', 'UR'). */
export function apiLanguage(language: string | undefined): string {
  return (languageByCode(language) ?? DEFAULT_LANGUAGE).code;
}
