/**
 * The agentCentre namespace is complete in Urdu (brief: every visible string, real Urdu): the same keys,
 * the same placeholders, and Urdu text rather than English copies.
 */
import { describe, expect, it } from 'vitest';
import en from '../../i18n/locales/en/agentCentre.json';
import ur from '../../i18n/locales/ur/agentCentre.json';

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
const ARABIC_SCRIPT = /[\u0600-\u06FF]/;
/** Texts that are only placeholders and punctuation are the same in both languages. */
const LANGUAGE_FREE = /^[\s{}\w\-–()/#.·:%]*$/;

describe('agentCentre translations', () => {
  const enKeys = Object.keys(en).sort();

  it('has every English key in Urdu and no other', () => {
    expect(Object.keys(ur).sort()).toEqual(enKeys);
  });

  it('keeps the placeholders of every message', () => {
    const urdu = ur as Record<string, string>;
    for (const [key, text] of Object.entries(en as Record<string, string>)) {
      // A singular form may name the count in words instead of the number.
      if (key.endsWith('_one')) continue;
      expect(placeholders(urdu[key] ?? ''), key).toEqual(placeholders(text));
    }
  });

  it('is written in Urdu', () => {
    const english = Object.entries(ur as Record<string, string>).filter(
      ([key, text]) =>
        !ARABIC_SCRIPT.test(text) && !LANGUAGE_FREE.test((en as Record<string, string>)[key] ?? ''),
    );
    expect(english).toEqual([]);
  });
});
