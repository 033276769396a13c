/**
 * The label text colour (WCAG 2.2 relative luminance and contrast ratio): reference ratios, the
 * fixture's VIP gold, gradients judged at both stops, and colours it does not read.
 */
import { describe, expect, it } from 'vitest';
import {
  AA_CONTRAST,
  contrastRatio,
  DARK_TEXT,
  LIGHT_TEXT,
  parseHexColor,
  readableTextColor,
} from './readable-color';

describe('contrastRatio', () => {
  it('gives the reference values', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#fff', '#fff')).toBeCloseTo(1, 5);
    // WCAG's own example pair: #767676 on white is the lightest grey that passes AA.
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });

  it('is symmetric and reads short and alpha hex forms', () => {
    expect(contrastRatio('#d4a017', '#fff')).toBeCloseTo(
      contrastRatio('#ffffff', '#D4A017ff') ?? 0,
      10,
    );
    expect(parseHexColor('#abc')).toEqual([0xaa, 0xbb, 0xcc]);
    expect(parseHexColor(' #11223344 ')).toEqual([0x11, 0x22, 0x33]);
  });

  it('does not judge other syntaxes', () => {
    expect(parseHexColor('gold')).toBeNull();
    expect(contrastRatio('rgb(0 0 0)', '#fff')).toBeNull();
  });
});

describe('readableTextColor', () => {
  it('replaces the fixture VIP label pairing (white on #d4a017, about 2.4:1)', () => {
    expect(contrastRatio('#ffffff', '#d4a017')).toBeLessThan(AA_CONTRAST);
    expect(readableTextColor(['#d4a017'], '#ffffff')).toBe(DARK_TEXT);
    expect(contrastRatio(DARK_TEXT, '#d4a017')).toBeGreaterThanOrEqual(AA_CONTRAST);
  });

  it("keeps the server's colour when it already passes", () => {
    expect(readableTextColor(['#1a237e'], '#ffffff')).toBe('#ffffff');
    expect(readableTextColor(['#ffe082'], '#3e2723')).toBe('#3e2723');
  });

  it('judges a gradient at every stop', () => {
    // The Gold club label: white fails at both stops, the ink passes at both.
    expect(readableTextColor(['#d4a017', '#f7d774'], LIGHT_TEXT)).toBe(DARK_TEXT);
    // A dark-to-light gradient: white passes on the dark stop only, so it is not kept.
    expect(readableTextColor(['#0d47a1', '#fff59d'], LIGHT_TEXT)).toBe(DARK_TEXT);
  });

  it('chooses between ink and white when the server sends no usable text colour', () => {
    expect(readableTextColor(['#0d47a1'], 'white')).toBe(LIGHT_TEXT);
    expect(readableTextColor(['#fff59d'], 'white')).toBe(DARK_TEXT);
  });

  it('leaves colours it cannot read as the server sent them', () => {
    expect(readableTextColor(['gold'], '#ffffff')).toBe('#ffffff');
    expect(readableTextColor([], '#ffffff')).toBe('#ffffff');
  });
});
