/**
 * Content in the player's language (docs/decisions/015-languages-and-content-translations.md): the real gateway answers promotions,
 * announcements, the help centre, the user agreement, lottery and VIP names… in the language of the
 * `Language` header. Fixture items carry their translations as `tr` (openapi/fixtures.ts); this is
 * the one place that picks them: the item's English texts, overridden field by field by the
 * translation of the requested language, so whatever an item does not translate stays English.
 */
import { CONTENT_LANGUAGES, type ContentLanguage } from '../../openapi/fixtures';

const KNOWN: ReadonlySet<string> = new Set(CONTENT_LANGUAGES);

/** The `tr` key for a `Language` header ('UR' → 'ur'); undefined for English or an unknown code. */
export function contentLanguage(language: string | undefined): ContentLanguage | undefined {
  const key = (language ?? '').trim().toLowerCase();
  return KNOWN.has(key) ? (key as ContentLanguage) : undefined;
}

type Translated<T> = { tr?: Partial<Record<ContentLanguage, Partial<T>>> };

/** A translation replaces the English text only when it says something (a blank one is no translation). */
const said = (text: unknown): text is string => typeof text === 'string' && text.trim() !== '';

/** `item` in `language`, without its `tr`: each translated field replaces the English one. */
export function localize<T extends object>(item: T & Translated<T>, language: string | undefined): Omit<T, 'tr'> {
  const { tr, ...english } = item;
  const key = contentLanguage(language);
  const own = key ? tr?.[key] : undefined;
  if (!own) return english;
  const out: Record<string, unknown> = { ...english };
  for (const [field, text] of Object.entries(own)) if (said(text)) out[field] = text;
  return out as Omit<T, 'tr'>;
}

/**
 * One field of `item` in `language`: `localize(item, language)[field]` without copying the item
 * (a read that needs one name, such as the member's VIP label, on every call).
 */
export function localizedField<T extends object, K extends keyof T & string>(item: T & Translated<T>, field: K, language: string | undefined): T[K] {
  const key = contentLanguage(language);
  const text = key ? item.tr?.[key]?.[field] : undefined;
  return said(text) ? (text as T[K]) : item[field];
}

/** A generated artwork's address in the player's language (`?lang=`); others stay as they are. */
export function withLang(url: string, language: string | undefined): string {
  const lang = contentLanguage(language);
  return lang && url.startsWith('/assets/') && !url.includes('?') ? `${url}?lang=${lang}` : url;
}
