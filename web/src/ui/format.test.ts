import { beforeEach, describe, expect, it, vi } from 'vitest';

// The formatter reads the language at each call: a switch here stands for i18next's.
const current = vi.hoisted(() => ({ htmlLang: 'en', dir: 'ltr' }));
vi.mock('../i18n', () => ({ currentLanguage: () => current }));

const { formatCount, formatDate, formatLongDateTime, formatMoney, formatNumber, formatPercent, formatTime, prepareMoneyFormats } = await import('./format');

const AT = Date.UTC(2026, 10, 23, 15, 4);

describe('format (bound to the current language)', () => {
  beforeEach(() => {
    current.htmlLang = 'en';
    current.dir = 'ltr';
    process.env.TZ = 'UTC';
  });

  it('writes English amounts, counts and percentages with comma grouping', () => {
    expect(formatMoney(1234.5, '$')).toBe('$1,234.50');
    expect(formatMoney(1234.5, '')).toBe('$1,234.50');
    expect(formatMoney(500, '$', { wholeWithoutCents: true })).toBe('$500');
    expect(formatMoney(12.5, '$', { wholeWithoutCents: true })).toBe('$12.50');
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatCount(1234)).toBe('1,234');
    expect(formatPercent(12.345)).toBe('12.35%');
  });

  it('follows a language switch without a reload', () => {
    current.htmlLang = 'es';
    expect(formatMoney(1234.5, '$')).toBe('$1234,50');
    expect(formatNumber(12345.5)).toBe('12.345,5');
    current.htmlLang = 'hi';
    expect(formatNumber(1234567)).toBe('12,34,567');
    current.htmlLang = 'en';
    expect(formatNumber(1234567)).toBe('1,234,567');
  });

  it('keeps Latin digits in every language', () => {
    for (const lang of ['ur', 'hi', 'my', 'th']) {
      current.htmlLang = lang;
      expect(formatNumber(1234567)).toMatch(/^[0-9,.\s\u00a0\u202f]+$/);
      // No Arabic-Indic, Devanagari, Myanmar or Thai digits (the Thai calendar's year is its own).
      expect(formatDate(AT)).not.toMatch(/[\u0660-\u0669\u06f0-\u06f9\u0966-\u096f\u1040-\u1049\u0e50-\u0e59]/);
    }
  });

  it('formats dates and times in the language', () => {
    expect(formatDate(AT, false)).toMatch(/Nov 23, 2026/);
    expect(formatTime(AT)).toMatch(/^\d{1,2}:\d{2}\s?[AP]M$/);
    expect(formatLongDateTime(AT)).toMatch(/November 23, 2026/);
    current.htmlLang = 'es';
    expect(formatDate(AT, false)).toMatch(/nov/);
  });

  it('isolates every figure left-to-right on a right-to-left page, with a full stop for decimals', () => {
    current.htmlLang = 'ur';
    current.dir = 'rtl';
    const LRI = '\u2066';
    const FSI = '\u2068';
    const PDI = '\u2069';
    expect(formatMoney(10, '$')).toBe(`${LRI}$10.00${PDI}`);
    expect(formatMoney(1234.5, '$')).toBe(`${LRI}$1,234.50${PDI}`);
    expect(formatMoney(500, '$', { wholeWithoutCents: true })).toBe(`${LRI}$500${PDI}`);
    expect(formatPercent(12.5)).toBe(`${LRI}12.5%${PDI}`);
    expect(formatNumber(1234567)).toBe(`${LRI}1,234,567${PDI}`);
    expect(formatCount(3)).toBe(`${LRI}3${PDI}`);
    // Dates carry Urdu month names: their isolate follows the first strong letter.
    expect(formatDate(AT)).toMatch(new RegExp(`^${FSI}[^${PDI}]+${PDI}$`));
    expect(formatTime(AT).startsWith(FSI)).toBe(true);
    // A range and a sign put together from isolated figures keep each figure whole.
    expect(`+${formatMoney(100, '$')}`).toBe(`+${LRI}$100.00${PDI}`);
    expect(`${formatMoney(10, '$', { wholeWithoutCents: true })} – ${formatMoney(99, '$', { wholeWithoutCents: true })}`).toBe(`${LRI}$10${PDI} – ${LRI}$99${PDI}`);
  });

  it('leaves left-to-right languages without isolates', () => {
    for (const lang of ['en', 'vi', 'zh-CN']) {
      current.htmlLang = lang;
      expect(formatMoney(10, '$')).not.toMatch(/[\u2066-\u2069]/);
    }
    current.htmlLang = 'vi';
    expect(formatMoney(1234.5, '$')).toBe('$1.234,50');
  });

  it('makes the money formatters of the current language ahead, so the first amounts make none', () => {
    // A language no other test uses: its formatters are not made yet.
    current.htmlLang = 'fr';
    const Real = Intl.NumberFormat;
    let made = 0;
    Intl.NumberFormat = class extends Real {
      constructor(...args: ConstructorParameters<typeof Real>) {
        super(...args);
        made += 1;
      }
    } as typeof Intl.NumberFormat;
    try {
      prepareMoneyFormats();
      expect(made).toBe(2);
      expect(formatMoney(1234.5, '$')).toBe('$1\u202f234,50');
      expect(formatMoney(500, '$', { wholeWithoutCents: true })).toBe('$500');
      expect(made).toBe(2);
    } finally {
      Intl.NumberFormat = Real;
    }
  });
});
