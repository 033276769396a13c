/**
 * Arabic-script words in the drawn artwork (server/assets/draw.ts): every engine joins their letters
 * and lays them out right to left only when the text names an Arabic-script font, has no letter
 * spacing (which breaks joining, and makes WebKit place each letter on its own) and runs right to
 * left (docs/decisions/027-every-engine.md).
 */
import { describe, expect, it } from 'vitest';
import { bannerSvg, promoSvg } from '../server/assets/draw';
import type { BannerInfo, PromotionInfo } from '../server/assets/source';

const ARABIC_SCRIPT = /[\u0600-\u06ff\u0750-\u077f\ufb50-\ufdff\ufe70-\ufeff]/;

interface DrawnText {
  attrs: Record<string, string>;
  text: string;
}

/** Every <text> element with its attributes and text content (tspans flattened). */
function texts(svg: string): DrawnText[] {
  return [...svg.matchAll(/<text\b([^>]*)>([\s\S]*?)<\/text>/g)].map(([, rawAttrs = '', body = '']) => ({
    attrs: Object.fromEntries([...rawAttrs.matchAll(/([\w:-]+)="([^"]*)"/g)].map(([, k = '', v = '']) => [k, v])),
    text: body.replace(/<[^>]+>/g, ''),
  }));
}

const firstFamily = (fontFamily: string | undefined) => (fontFamily ?? '').split(',')[0]?.trim().replace(/^'|'$/g, '');

const urduBanner: BannerInfo = { bannerId: 7, groupName: 'w_hot', linkageType: 'GAME', title: 'خوش قسمتی کا پہیہ گھمائیں', subtitle: 'ہر روز نئے انعامات' };
const urduPromo: PromotionInfo = { id: 3, category: 'new_player', title: 'پہلے ڈپازٹ پر 100% بونس', summary: 'نئے کھلاڑیوں کے لیے خوش آمدید تحفہ' };

describe('Arabic-script text in the artwork', () => {
  const drawings = {
    'an Urdu banner': bannerSvg(urduBanner, 'Lucky Lotus', '7', 'ur'),
    'an Urdu banner of every linkage': (['PROMOTION', 'URL', 'NONE'] as const).map((linkageType) => bannerSvg({ ...urduBanner, linkageType }, 'Lucky Lotus', '7', 'ur')).join(''),
    'an Urdu promotion card': promoSvg(urduPromo, 'Lucky Lotus', '3', 'ur'),
    'every Urdu promotion tag': ['new_player', 'deposit', 'rebate', 'REFERRAL', 'raffle'].map((category) => promoSvg({ ...urduPromo, category: category as PromotionInfo['category'] }, 'Lucky Lotus', '3', 'ur')).join(''),
  };

  for (const [what, svg] of Object.entries(drawings)) {
    it(`${what}: an Arabic-script font first, no letter spacing, right to left`, () => {
      const arabic = texts(svg).filter((t) => ARABIC_SCRIPT.test(t.text));
      expect(arabic.length).toBeGreaterThan(0);
      for (const t of arabic) {
        expect(firstFamily(t.attrs['font-family']), t.text).toMatch(/Arabic|Urdu|Nastaliq|Naskh/);
        expect(t.attrs['letter-spacing'] ?? '0', t.text).toBe('0');
        expect(t.attrs.direction, t.text).toBe('rtl');
      }
    });
  }

  it('keeps each text where it was drawn: the button centred, the footer at the right edge, the headline in the left column', () => {
    const all = texts(bannerSvg(urduBanner, 'Lucky Lotus', '7', 'ur'));
    const cta = all.find((t) => t.text === 'ابھی کھیلیں');
    expect(cta?.attrs['text-anchor']).toBe('middle');
    // Right to left, "start" is the right end: the footer keeps its right edge at x=1890.
    const footer = all.find((t) => t.text.startsWith('18+'));
    expect(footer?.attrs).toMatchObject({ x: '1890', 'text-anchor': 'start', direction: 'rtl' });
    // …and "end" the left end: the headline keeps its left edge on the column at x=160.
    const headline = all.find((t) => t.text.startsWith('خوش'));
    expect(headline?.attrs).toMatchObject({ x: '160', 'text-anchor': 'end', direction: 'rtl' });
  });

  it('leaves Latin text as it was: the Latin font list, its letter spacing, left to right', () => {
    const english = texts(bannerSvg({ ...urduBanner, title: 'Spin the wheel', subtitle: 'New prizes every day' }, 'Lucky Lotus', '7', 'en'));
    const cta = english.find((t) => t.text === 'PLAY NOW');
    expect(firstFamily(cta?.attrs['font-family'])).toBe('Segoe UI');
    expect(cta?.attrs['letter-spacing']).toBe('1');
    expect(english.some((t) => t.attrs.direction === 'rtl')).toBe(false);
    // The brand name is Latin in an Urdu banner too, and keeps its spacing.
    const brand = texts(bannerSvg(urduBanner, 'Lucky Lotus', '7', 'ur')).find((t) => t.text === 'LUCKY LOTUS');
    expect(brand?.attrs['letter-spacing']).toBe('3');
    expect(brand?.attrs.direction).toBeUndefined();
  });
});
