/**
 * Offered means complete (ADR 015): every language a brand offers (fixtures/brand.json and
 * any scenario that overrides `languages`) has every key of every English namespace, with the same
 * interpolation variables, and text of its own script where the script differs from English. The
 * `content` namespace is keyed by server texts and is checked for the variables only.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { languageByCode } from './languages';

const ROOT = new URL('../../../', import.meta.url);
const LOCALES = new URL('./locales/', import.meta.url);
const json = (url: URL) => JSON.parse(readFileSync(url, 'utf8')) as Record<string, unknown>;
const catalogue = (lng: string, ns: string): Record<string, string> | undefined => {
  try {
    return json(new URL(`${lng}/${ns}.json`, LOCALES)) as Record<string, string>;
  } catch {
    return undefined;
  }
};

const brand = json(new URL('fixtures/brand.json', ROOT)) as { languages: string[] };
const scenarioLanguages = readdirSync(new URL('fixtures/scenarios/', ROOT))
  .map((f) => json(new URL(`fixtures/scenarios/${f}`, ROOT)) as { brand?: { languages?: string[] } })
  .flatMap((s) => s.brand?.languages ?? []);
const OFFERED = [...new Set([...brand.languages, ...scenarioLanguages])];
const NAMESPACES = readdirSync(new URL('en/', LOCALES)).map((f) => f.replace(/\.json$/, ''));
const variables = (text: string) => [...text.matchAll(/\{\{\s*(\w+)[^}]*\}\}/g)].map((m) => m[1]).sort();
/** Languages written in a script of their own: most texts must use it. */
const SCRIPTS: Record<string, RegExp> = { ur: /[\u0600-\u06FF]/, cn: /[\u4E00-\u9FFF]/ };

describe('the demo brand', () => {
  it('offers English, Urdu, Vietnamese and Simplified Chinese', () => {
    expect(brand.languages).toEqual(['EN', 'UR', 'VI', 'CN']);
  });
});

describe.each(OFFERED.filter((c) => c !== 'EN'))('offered language %s', (code) => {
  const info = languageByCode(code);
  it('is a language the portal knows', () => expect(info, code).toBeDefined());
  const lng = info?.lng ?? code.toLowerCase();

  it.each(NAMESPACES.filter((ns) => ns !== 'content'))('has every English key of %s, with its variables', (ns) => {
    const en = catalogue('en', ns) ?? {};
    const tr = catalogue(lng, ns);
    expect(tr, `${lng}/${ns}.json`).toBeDefined();
    const missing = Object.keys(en).filter((k) => !(tr?.[k] ?? '').trim());
    expect(missing, `${lng}/${ns}.json lacks`).toEqual([]);
    for (const [key, text] of Object.entries(en)) {
      // A singular may name the count in words ("hour") where English does too.
      if (key.endsWith('_one') && !variables(text).length) continue;
      const got = variables(tr?.[key] ?? '');
      // Urdu and some singulars may write the one as a word; every other variable must stay.
      if (key.endsWith('_one')) expect(got.filter((v) => v !== 'count'), `${ns}:${key}`).toEqual(variables(text).filter((v) => v !== 'count'));
      else expect(got, `${ns}:${key}`).toEqual(variables(text));
    }
  });

  it('writes in its own script', () => {
    const script = SCRIPTS[lng];
    if (!script) return;
    const latin: string[] = [];
    for (const ns of NAMESPACES) {
      for (const [key, text] of Object.entries(catalogue(lng, ns) ?? {})) {
        const words = text.replace(/\{\{[^}]*\}\}/g, '').replace(/[^A-Za-z\u0600-\u06FF\u4E00-\u9FFF]/g, '');
        if (words && !script.test(words) && /[a-z]{3}/.test(words)) latin.push(`${ns}:${key}`);
      }
    }
    // Brand and product names (Android, iOS, Facebook, WhatsApp, Megaways...) stay as they are.
    expect(latin.length, latin.join(', ')).toBeLessThan(25);
  });
});

describe('offeredLanguages (the picker)', () => {
  it('lists the offered codes that ship catalogues, in the brand order, and nothing else', async () => {
    const { offeredLanguages } = await import('./index');
    expect(offeredLanguages(['EN', 'TH', 'vi', 'CN', 'UR', 'XX', 'EN']).map((l) => l.code)).toEqual(['EN', 'VI', 'CN', 'UR']);
    expect(offeredLanguages(['EN']).map((l) => l.code)).toEqual(['EN']);
  });
});
