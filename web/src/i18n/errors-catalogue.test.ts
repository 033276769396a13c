/**
 * The errors catalogue holds every code of the error registry (openapi/errors.ts, generated into
 * api/error-codes.ts) in English and in Urdu: a code the server can answer never reaches a player as
 * a bare server message. Context wordings (`agentCentre.<code>`) name registry codes only.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, isErrorCode } from '../api/error-codes';

const read = (lang: string) =>
  JSON.parse(readFileSync(new URL(`./locales/${lang}/errors.json`, import.meta.url), 'utf8')) as Record<string, string>;
const en = read('en');
const ur = read('ur');
const ARABIC_SCRIPT = /[\u0600-\u06FF]/;
const CONTEXTS = ['agentCentre', 'memberCentre'];

describe('errors catalogue', () => {
  it.each(ERROR_CODES)('has English and Urdu text for %s', (code) => {
    expect(en[code]?.trim(), `en ${code}`).toBeTruthy();
    expect(ur[code] ?? '', `ur ${code}`).toMatch(ARABIC_SCRIPT);
  });

  it('has the same keys in both languages, every one in Urdu script', () => {
    expect(Object.keys(ur).sort()).toEqual(Object.keys(en).sort());
    expect(Object.entries(ur).filter(([, text]) => !ARABIC_SCRIPT.test(text))).toEqual([]);
  });

  it('words codes of the registry only in a context', () => {
    const contextual = Object.keys(en).filter((key) => CONTEXTS.some((c) => key.startsWith(`${c}.`)));
    expect(contextual.length).toBeGreaterThan(0);
    for (const key of contextual) expect(isErrorCode(key.slice(key.indexOf('.') + 1)), key).toBe(true);
  });
});
