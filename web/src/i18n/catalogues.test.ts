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

describe('game category names', () => {
  const CATEGORIES = ['RNG', 'LIVE', 'FISH', 'PVP', 'SPORTS', 'ESPORTS', 'LOTTERY', 'INHOUSE'];
  // Where English names a category the same in the header's bar, on the home page and in the lobby,
  // every language does: a player sees one name for one place.
  const places = (lang: string, c: string) => ({
    bar: read(lang, 'common.json')[`category_${c}`],
    home: read(lang, 'home.json')[`categories.${c}`],
    lobby: read(lang, 'games.json')[`category.${c}`],
  });

  it.each(['ur', 'vi', 'cn'])('are the same in %s wherever they are the same in English', (lang) => {
    const differ: string[] = [];
    for (const c of CATEGORIES) {
      const en = places('en', c);
      const other = places(lang, c);
      for (const [a, b] of [['bar', 'home'], ['home', 'lobby'], ['bar', 'lobby']] as const) {
        if (en[a] !== undefined && en[a] === en[b] && other[a] !== other[b]) differ.push(`${c}: ${a} "${other[a]}", ${b} "${other[b]}"`);
      }
    }
    expect(differ).toEqual([]);
  });
});
