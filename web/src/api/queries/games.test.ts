import { describe, expect, it } from 'vitest';
import type { Lane } from '../types';
import { buildNavCategories } from './games';

const card = (vendor: string, extra: Partial<Lane['cards'][number]> = {}): Lane['cards'][number] => ({
  vendor,
  vendorName: vendor,
  vassalage: `${vendor}_X`,
  isHot: 0,
  isGame: 'GAME',
  gameClassify: 'X',
  logo: `/assets/vendor/${vendor}.svg`,
  maintenance: false,
  ...extra,
});
const lane = (title: string, vendors: string[]): Lane => ({ title, gameClassify: title, cards: vendors.map((v) => card(v)) });

describe('buildNavCategories', () => {
  it('keeps only categories with vendors, in the menu order', () => {
    const result = buildNavCategories([lane('RNG', ['PG']), lane('FISH', []), lane('LIVE', ['EVO'])], [], ['LIVE', 'RNG']);
    expect(result.map((c) => c.id)).toEqual(['LIVE', 'RNG']);
  });
  it('splits esports vendors out of SPORTS', () => {
    const result = buildNavCategories([lane('SPORTS', ['SABA', 'IMES'])], ['IMES']);
    expect(result.map((c) => [c.id, c.vendors.map((v) => v.vendor)])).toEqual([
      ['SPORTS', ['SABA']],
      ['ESPORTS', ['IMES']],
    ]);
  });
  it('puts ELOTT and LOTT under the lottery entry with their own links', () => {
    const [lottery] = buildNavCategories([lane('ELOTT', ['TCG']), lane('LOTT', ['VNL'])], []);
    expect(lottery?.id).toBe('LOTTERY');
    expect(lottery?.path).toBe('/elott');
    expect(lottery?.vendors.map((v) => v.href)).toEqual(['/elott?vendor=TCG', '/lottery']);
  });
  it('links lobby vendors to their tab', () => {
    const [slots] = buildNavCategories([lane('RNG', ['PG'])], []);
    expect(slots?.vendors[0]?.href).toBe('/rng?page=PG');
  });
});
