/**
 * The centres' catalogues are complete in Urdu (brief: every visible string, real Urdu): the same
 * keys as the English ones, the same placeholders, and Urdu text rather than English copies. (The
 * account flows' catalogues have their own test, features/auth/account-i18n.test.ts; `content` is
 * keyed by the server's English text and is not a catalogue of this kind.)
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const LOCALES = new URL('./locales/', import.meta.url);
const read = (lang: string, file: string) =>
  JSON.parse(readFileSync(new URL(`${lang}/${file}`, LOCALES), 'utf8')) as Record<string, string>;
const NAMESPACES = ['memberCentre.json', 'agentCentre.json'];

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
const ARABIC_SCRIPT = /[\u0600-\u06FF]/;
/** Texts that are only placeholders and punctuation are the same in both languages. */
const LANGUAGE_FREE = /^[\s{}\w\-–()/#.·:%]*$/;

describe.each(NAMESPACES)('%s', (file) => {
  const en = read('en', file);
  const ur = read('ur', file);

  it('has every English key in Urdu and no other', () => {
    expect(Object.keys(ur).sort()).toEqual(Object.keys(en).sort());
  });

  it('keeps the placeholders of every message', () => {
    for (const [key, text] of Object.entries(en)) {
      // A singular form may name the count in words instead of the number.
      if (key.endsWith('_one')) continue;
      expect(placeholders(ur[key] ?? ''), key).toEqual(placeholders(text));
    }
  });

  it('is written in Urdu', () => {
    const english = Object.entries(ur).filter(
      ([key, text]) => !ARABIC_SCRIPT.test(text) && !LANGUAGE_FREE.test(en[key] ?? ''),
    );
    expect(english).toEqual([]);
  });
});
