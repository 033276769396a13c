/**
 * The label text colour (WCAG 2 contrast ratio): reference ratios, the fixture's VIP gold, gradients
 * judged at both stops, and colours it does not read.
 */
import { describe, expect, it } from 'vitest';
import {
  AA_CONTRAST,
  contrastRatio,
  DARK_TEXT,
  LIGHT_TEXT,
  readableTextColor,
} from './readable-color';

describe('contrastRatio', () => {
  it('gives the reference values', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#fff', '#fff')).toBeCloseTo(1, 5);
    // WCAG's own example pair: #767676 on white is the lightest grey that passes AA.
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });

  it('is symmetric and reads every CSS syntax the server may send', () => {
    const gold = contrastRatio('#d4a017', '#fff');
    expect(contrastRatio('#ffffff', '#D4A017')).toBe(gold);
    expect(contrastRatio(' rgb(212, 160, 23) ', '#FFF')).toBe(gold);
    expect(contrastRatio('#abc', '#aabbcc')).toBe(1);
    expect(contrastRatio('#000', 'hsl(0, 0%, 100%)')).toBe(21);
  });

  it('does not judge what is not a colour', () => {
    expect(contrastRatio('not-a-colour', '#fff')).toBeNull();
    expect(contrastRatio('gold', '#fff')).toBeNull();
    expect(contrastRatio('#fff', '')).toBeNull();
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
    expect(readableTextColor(['#0d47a1'], 'inherit')).toBe(LIGHT_TEXT);
    expect(readableTextColor(['#fff59d'], '')).toBe(DARK_TEXT);
    // A named colour is not judged on a readable background either: the ink or white is chosen.
    expect(readableTextColor(['#fff59d'], 'white')).toBe(DARK_TEXT);
  });

  it('leaves colours it cannot read as the server sent them', () => {
    expect(readableTextColor(['var(--gold)'], '#ffffff')).toBe('#ffffff');
    expect(readableTextColor([], '#ffffff')).toBe('#ffffff');
  });
});
