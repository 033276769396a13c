/**
 * i18next setup: every visible string is an i18next key, one namespace per feature.
 *
 * Translations are JSON files at `locales/<lng>/<namespace>.json`, found with import.meta.glob, so
 * a feature adds a namespace by adding files. Keys are flat (keySeparator off) so gateway error codes
 * such as `login.not.session` can be keys of the `errors` namespace as they are.
 *
 * What loads when (docs/decisions/033-initial-javascript.md): only the shell's namespaces
 * (SHELL_NAMESPACES: header, side menu, footer, common texts, error messages) are in the entry
 * chunk, in English; every other namespace, and every namespace of another language, is a chunk of
 * its own that loads with the code that shows it: a route's section (route-table.ts) and a modal
 * (modal-host.tsx) load theirs beside their chunk, through `withNamespaces`. Only the active language
 * and English (the fallback of an incomplete catalogue) are ever fetched. A namespace a component
 * asks for that was not loaded yet is fetched by react-i18next on demand (the backend below), so a
 * missed one shows late, never wrong; app/catalogue-namespaces.test.ts checks that none is missed.
 */
import i18n from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { LANGUAGE_STORAGE_KEY } from '../config/constants';
import { DEFAULT_LANGUAGE, LANGUAGES, languageByCode, type LanguageInfo } from './languages';

type Bundle = Record<string, string>;

/** A namespace of the catalogues (`content` holds the server's own texts, see translateContent). */
export type CatalogueName = keyof import('i18next').CustomTypeOptions['resources'] | 'content';

/** The namespaces the shell (header, side menu, footer, dialogs, error states) uses: loaded before the first render. */
export const SHELL_NAMESPACES = ['common', 'content', 'errors', 'footer', 'header', 'sideMenu'] as const satisfies readonly CatalogueName[];

// English of the shell namespaces is in the entry chunk (no extra request before the first render);
// everything else is a lazy chunk per language and namespace. Keep this list equal to SHELL_NAMESPACES.
const englishShell = import.meta.glob<Bundle>('./locales/en/{common,content,errors,footer,header,sideMenu}.json', { eager: true, import: 'default' });
const lazyCatalogues = import.meta.glob<Bundle>(['./locales/*/*.json', '!./locales/en/{common,content,errors,footer,header,sideMenu}.json'], { import: 'default' });

function namespaceOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1, -'.json'.length);
}

const enShell: Record<string, Bundle> = {};
for (const [path, bundle] of Object.entries(englishShell)) enShell[namespaceOf(path)] = bundle;

/** Every namespace (the English catalogue's files). */
export const NAMESPACES: readonly string[] = [
  ...Object.keys(enShell),
  ...Object.keys(lazyCatalogues)
    .filter((path) => path.startsWith('./locales/en/'))
    .map(namespaceOf),
].sort();

/** One language's namespace: a lazy chunk, or nothing for a language without that catalogue. */
async function readCatalogue(lng: string, ns: string): Promise<Bundle> {
  const load = lazyCatalogues[`./locales/${lng}/${ns}.json`];
  return load ? load() : {};
}

let resolveReady: () => void = () => {};
/** Settles when initI18n has run: namespaces asked for before that wait for it. */
const ready = new Promise<void>((resolve) => {
  resolveReady = resolve;
});

/**
 * Load namespaces in the current language (and English, the fallback), before the code that shows
 * them renders. Never rejects: a catalogue that fails to load leaves its keys to the backend's retry.
 */
export async function loadNamespaces(namespaces: readonly CatalogueName[]): Promise<void> {
  if (namespaces.length === 0) return;
  await ready;
  await i18n.loadNamespaces([...namespaces]).catch(() => {});
}

/** A chunk's module once it and the namespaces it shows are in. */
export async function withNamespaces<T>(load: Promise<T>, namespaces: readonly CatalogueName[]): Promise<T> {
  const [module] = await Promise.all([load, loadNamespaces(namespaces)]);
  return module;
}

/** Every namespace of the current language: the pre-render step and the component tests render any screen. */
export function loadAllNamespaces(): Promise<void> {
  return loadNamespaces(NAMESPACES as readonly CatalogueName[]);
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
const CATALOGUED = new Set(['en', ...Object.keys(lazyCatalogues).map((path) => path.split('/')[2] ?? '')]);

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

/**
 * Switch language: load it (every namespace loaded so far, in the new language), save it in
 * `hisLang`, set `<html lang dir>`.
 */
export async function setLanguage(code: string): Promise<void> {
  const info = languageByCode(code) ?? DEFAULT_LANGUAGE;
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
  await i18n
    .use(initReactI18next)
    .use(resourcesToBackend(readCatalogue))
    .init({
      resources: { en: enShell },
      // The bundled English shell plus the backend for everything else.
      partialBundledLanguages: true,
      lng: info.lng,
      fallbackLng: 'en',
      supportedLngs: LANGUAGES.map((l) => l.lng),
      ns: [...SHELL_NAMESPACES],
      defaultNS: 'common',
      keySeparator: false,
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: false },
    });
  resolveReady();
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
