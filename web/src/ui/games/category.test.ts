import { describe, expect, it } from 'vitest';
import { categoryFilter, categoryFromPath, hotVendors, splitEsports, vendorHref, vendorsOf } from './category';
import type { Lane, VendorCard } from '../../api/games/types';

const card = (vendor: string, over: Partial<VendorCard> = {}): VendorCard => ({
  vendor,
  vendorName: `${vendor} name`,
  vassalage: `${vendor}_X`,
  isHot: 0,
  isGame: 'GAME',
  gameClassify: 'SPORTS',
  logo: `/assets/vendor/${vendor}.svg`,
  maintenance: false,
  ...over,
});

const lanes: Lane[] = [
  { title: 'RNG', gameClassify: 'SLOT', cards: [card('PG', { isHot: 1, gameClassify: 'SLOT' }), card('JDB', { gameClassify: 'SLOT' })] },
  {
    title: 'SPORTS',
    gameClassify: 'SPORTS',
    cards: [card('SABA', { isHot: 1 }), card('AV', { gameClassify: 'ESPORTS', isHot: 1 }), card('IMES'), card('XES', { gameClassify: 'ESPORTS' })],
  },
  { title: 'LIVE', gameClassify: 'LIVE', cards: [card('EVO', { isGame: 'VASSALAGE', gameClassify: 'LIVE' })] },
];

describe('splitEsports (esports cards split out of SPORTS)', () => {
  it('moves cards classified ESPORTS or of a brand esports vendor into an ESPORTS lane after SPORTS', () => {
    const out = splitEsports(lanes, ['AV', 'IMES']);
    expect(out.map((l) => l.title)).toEqual(['RNG', 'SPORTS', 'ESPORTS', 'LIVE']);
    expect(out[1]?.cards.map((c) => c.vendor)).toEqual(['SABA']);
    expect(out[2]?.cards.map((c) => c.vendor)).toEqual(['AV', 'IMES', 'XES']);
  });

  it('leaves the input untouched and adds no empty lane', () => {
    const before = JSON.stringify(lanes);
    splitEsports(lanes);
    expect(JSON.stringify(lanes)).toBe(before);
    expect(splitEsports([lanes[0]!]).map((l) => l.title)).toEqual(['RNG']);
  });
});

describe('category helpers', () => {
  it('reads the category from the path; the bare root is RNG', () => {
    expect(categoryFromPath('/live')).toBe('LIVE');
    expect(categoryFromPath('/esports')).toBe('ESPORTS');
    expect(categoryFromPath('/')).toBe('RNG');
  });

  it('filters esports as SPORTS games of classification ESPORTS', () => {
    expect(categoryFilter('ESPORTS')).toEqual({ gameType: 'SPORTS', gameClassify: 'ESPORTS' });
    expect(categoryFilter('FISH')).toEqual({ gameType: 'FISH' });
  });

  it('lists a category’s vendors and the hot ones of every category', () => {
    expect(vendorsOf(lanes, 'ESPORTS', ['AV']).map((c) => c.vendor)).toEqual(['AV', 'XES']);
    expect(hotVendors(lanes, ['AV']).map((h) => `${h.category}:${h.card.vendor}`)).toEqual(['RNG:PG', 'SPORTS:SABA', 'ESPORTS:AV']);
  });

  it('links a vendor to its lobby tab (?page={vendor})', () => {
    expect(vendorHref('RNG', 'PG')).toBe('/rng?page=PG');
    expect(vendorHref('ELOTT', 'TCG')).toBe('/elott?vendor=TCG');
    expect(vendorHref('LOTT', 'LLL')).toBe('/lottery');
  });
});
