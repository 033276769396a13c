/**
 * The portal's language list: gateway codes as sent in the `Language` header and saved in
 * localStorage `hisLang`, with their i18next and HTML language tags and text direction.
 */
export interface LanguageInfo {
  /** Gateway code, e.g. 'UR'. */
  code: string;
  /** i18next language and the locales folder name. */
  lng: string;
  /** BCP 47 tag for `<html lang>`. */
  htmlLang: string;
  /** Name in the language itself. */
  nativeName: string;
  dir: 'ltr' | 'rtl';
}

export const LANGUAGES: readonly LanguageInfo[] = [
  { code: 'EN', lng: 'en', htmlLang: 'en', nativeName: 'English', dir: 'ltr' },
  { code: 'UR', lng: 'ur', htmlLang: 'ur', nativeName: 'اردو', dir: 'rtl' },
  { code: 'CN', lng: 'cn', htmlLang: 'zh-CN', nativeName: '简体中文', dir: 'ltr' },
  { code: 'TW', lng: 'tw', htmlLang: 'zh-TW', nativeName: '繁體中文', dir: 'ltr' },
  { code: 'JA', lng: 'ja', htmlLang: 'ja', nativeName: '日本語', dir: 'ltr' },
  { code: 'KO', lng: 'ko', htmlLang: 'ko', nativeName: '한국어', dir: 'ltr' },
  { code: 'TH', lng: 'th', htmlLang: 'th', nativeName: 'ไทย', dir: 'ltr' },
  { code: 'VI', lng: 'vi', htmlLang: 'vi', nativeName: 'Tiếng Việt', dir: 'ltr' },
  { code: 'ID', lng: 'id', htmlLang: 'id', nativeName: 'Bahasa Indonesia', dir: 'ltr' },
  { code: 'MS', lng: 'ms', htmlLang: 'ms', nativeName: 'Bahasa Melayu', dir: 'ltr' },
  { code: 'MY', lng: 'my', htmlLang: 'my', nativeName: 'မြန်မာ', dir: 'ltr' },
  { code: 'KM', lng: 'km', htmlLang: 'km', nativeName: 'ខ្មែរ', dir: 'ltr' },
  { code: 'HI', lng: 'hi', htmlLang: 'hi', nativeName: 'हिन्दी', dir: 'ltr' },
  { code: 'TA', lng: 'ta', htmlLang: 'ta', nativeName: 'தமிழ்', dir: 'ltr' },
  { code: 'ES', lng: 'es', htmlLang: 'es', nativeName: 'Español', dir: 'ltr' },
  { code: 'PT', lng: 'pt', htmlLang: 'pt', nativeName: 'Português', dir: 'ltr' },
];

export const DEFAULT_LANGUAGE: LanguageInfo = LANGUAGES[0] as LanguageInfo;

export function languageByCode(code: string | null | undefined): LanguageInfo | undefined {
  if (!code) return undefined;
  const upper = code.toUpperCase();
  return LANGUAGES.find((l) => l.code === upper || l.lng.toUpperCase() === upper);
}
