/**
 * i18next setup: every visible string is an i18next key, one namespace per feature.
 *
 * Translations are JSON files at `locales/<lng>/<namespace>.json`, found with import.meta.glob, so
 * a feature adds a namespace by adding files. English is bundled (it is the fallback); other
 * languages load on demand. Keys are flat (keySeparator off) so gateway error codes such as
 * `login.not.session` can be keys of the `errors` namespace as they are.
 */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGE_STORAGE_KEY } from '../config/constants';
import { DEFAULT_LANGUAGE, LANGUAGES, languageByCode, type LanguageInfo } from './languages';

type Bundle = Record<string, string>;

const english = import.meta.glob<Bundle>('./locales/en/*.json', { eager: true, import: 'default' });
const others = import.meta.glob<Bundle>(['./locales/*/*.json', '!./locales/en/*.json'], { import: 'default' });

function namespaceOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1, -'.json'.length);
}

const enResources: Record<string, Bundle> = {};
for (const [path, bundle] of Object.entries(english)) enResources[namespaceOf(path)] = bundle;

export const NAMESPACES = Object.keys(enResources);

const loaded = new Set<string>(['en']);

/** Load every namespace of a language (no-op for English or an already loaded language). */
export async function loadLanguage(lng: string): Promise<void> {
  if (loaded.has(lng)) return;
  const prefix = `./locales/${lng}/`;
  const entries = Object.entries(others).filter(([path]) => path.startsWith(prefix));
  const bundles = await Promise.all(entries.map(async ([path, load]) => [namespaceOf(path), await load()] as const));
  for (const [ns, bundle] of bundles) i18n.addResourceBundle(lng, ns, bundle, true, true);
  loaded.add(lng);
}

/**
 * The cookie mirroring `hisLang`, so that the server can answer a page pre-rendered in the visitor's
 * language (docs/decisions/026-first-screen-in-the-html.md); localStorage stays the one the app reads.
 */
export const LANGUAGE_COOKIE = 'hisLang';

function applyDocumentLanguage(info: LanguageInfo): void {
  // Rendering in Node (the pre-render step) there is no document.
  if (typeof document === 'undefined') return;
  const root = document.documentElement;
  root.lang = info.htmlLang;
  root.dir = info.dir;
  document.cookie = `${LANGUAGE_COOKIE}=${info.code}; path=/; max-age=31536000; samesite=lax`;
}

/** The language saved in localStorage `hisLang`, if it is one we know. */
export function savedLanguage(): LanguageInfo | undefined {
  try {
    return languageByCode(localStorage.getItem(LANGUAGE_STORAGE_KEY));
  } catch {
    return undefined;
  }
}

/** The current language's gateway code, for the `Language` header. */
export function currentLanguageCode(): string {
  return languageByCode(i18n.resolvedLanguage ?? i18n.language)?.code ?? DEFAULT_LANGUAGE.code;
}

/** Languages that ship catalogues in this build (English and every `locales/<lng>/` folder). */
const CATALOGUED = new Set(['en', ...Object.keys(others).map((path) => path.split('/')[2] ?? '')]);

/**
 * The languages a brand offers (its runtime config, permission `languages`) that this build can show
 * in full: offered means complete. A supported language code without catalogues stays out of the
 * picker until a brand supplies them (locales/<lng>/, checked by offered-languages.test.ts).
 */
export function offeredLanguages(codes: readonly string[]): LanguageInfo[] {
  const seen = new Set<string>();
  const list: LanguageInfo[] = [];
  for (const code of codes) {
    const info = languageByCode(code);
    if (!info || seen.has(info.code) || !CATALOGUED.has(info.lng)) continue;
    seen.add(info.code);
    list.push(info);
  }
  return list;
}

export function currentLanguage(): LanguageInfo {
  return languageByCode(i18n.language) ?? DEFAULT_LANGUAGE;
}

const changeListeners = new Set<(info: LanguageInfo) => void>();
/** Told after every language switch (the query client refetches server texts). */
export function onLanguageChanged(listener: (info: LanguageInfo) => void): () => void {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

/** Switch language: load it, save it in `hisLang`, set `<html lang dir>`. */
export async function setLanguage(code: string): Promise<void> {
  const info = languageByCode(code) ?? DEFAULT_LANGUAGE;
  await loadLanguage(info.lng);
  await i18n.changeLanguage(info.lng);
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, info.code);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  applyDocumentLanguage(info);
  for (const l of changeListeners) l(info);
}

/**
 * Initialise with the saved language (or English) before the app mounts; a pre-rendered page
 * passes the language it was rendered in, so that the app hydrates in it.
 */
export async function initI18n(language?: string): Promise<void> {
  const info = languageByCode(language) ?? savedLanguage() ?? DEFAULT_LANGUAGE;
  await i18n.use(initReactI18next).init({
    resources: { en: enResources },
    lng: 'en',
    fallbackLng: 'en',
    supportedLngs: LANGUAGES.map((l) => l.lng),
    ns: NAMESPACES,
    defaultNS: 'common',
    keySeparator: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
  });
  if (info.lng !== 'en') {
    await loadLanguage(info.lng);
    await i18n.changeLanguage(info.lng);
  }
  applyDocumentLanguage(info);
}

export { i18n };

/**
 * Server-supplied texts (footer groups, licence, ...) are content, not UI keys: a language may carry
 * a translation of the exact English text in its `content` namespace; anything else shows as sent.
 */
export function translateContent(text: string): string {
  if (!text) return text;
  return i18n.t(text, { ns: 'content', nsSeparator: false, keySeparator: false, defaultValue: text } as never) as unknown as string;
}
