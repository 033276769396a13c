import { describe, expect, it } from 'vitest';
import { LAYOUTS, layoutFor, NOT_FOUND_LAYOUT } from './layout-table';

describe('layout table', () => {
  it('uses the portal banner groups', () => {
    expect(layoutFor('/').banner).toBe('w_hot');
    for (const path of ['/rng', '/live', '/fish', '/pvp', '/sports', '/esports', '/elott', '/inhouse']) expect(layoutFor(path).banner).toBe('w_hot');
    expect(layoutFor('/down').banner).toBe('w_down');
    expect(layoutFor('/promotions').banner).toBe('w_promotion');
    expect(layoutFor('/pointMall').banner).toBe('w_shop');
    expect(layoutFor('/help').banner).toBe('w_help');
    expect(layoutFor('/register').banner).toBe('w_reg');
  });
  it('matches the route table combinations', () => {
    expect(LAYOUTS['/lottery']).toMatchObject({ header: true, footer: false, sideMenu: false, banner: null });
    expect(LAYOUTS['/game']).toMatchObject({ header: true, footer: false, sideMenu: false, banner: null });
    expect(LAYOUTS['/helpmc']).toMatchObject({ header: false });
    expect(LAYOUTS['/pointMall']).toMatchObject({ header: true, footer: true, sideMenu: false });
    expect(LAYOUTS['/seamless']).toMatchObject({ header: true, sideMenu: true, barsByFlag: true });
    expect(LAYOUTS['/vnlottery']).toMatchObject({ header: true, sideMenu: true, barsByFlag: true });
    expect(LAYOUTS['/promoDetail']).toMatchObject({ header: true, footer: true, sideMenu: true });
  });
  it('ignores a trailing slash and falls back for unknown paths', () => {
    expect(layoutFor('/rng/')).toBe(LAYOUTS['/rng']);
    expect(layoutFor('/nope')).toBe(NOT_FOUND_LAYOUT);
  });
});
