import { describe, expect, it } from 'vitest';
import { countdownParts, headTail, tiersOf } from './draw';

const NORTH =
  '31801,85801,05255,80590,57768,91213,03740,28519,39231,39242,4968,9049,1799,8483,4336,4827,4755,3942,0008,2966,223,090,689,22,18,57,35';

describe('Vietnamese draw results', () => {
  it('groups a northern result into the eight prize tiers', () => {
    const tiers = tiersOf(NORTH);
    expect(tiers.map((t) => t.numbers.length)).toEqual([1, 1, 2, 6, 4, 6, 3, 4]);
    expect(tiers[0]?.numbers).toEqual(['31801']);
    expect(tiers[7]?.numbers).toEqual(['22', '18', '57', '35']);
  });

  it('gives a fast draw one tier per number', () => {
    expect(tiersOf('12345,6789,12').map((t) => t.numbers)).toEqual([['12345'], ['6789'], ['12']]);
  });

  it('builds the loto head/tail table from the last two digits', () => {
    const table = headTail(NORTH);
    expect(table[0]).toEqual(['1', '1', '8']);
    expect(table[7]).toEqual([]);
    expect(table.flat()).toHaveLength(27);
  });

  it('formats the countdown', () => {
    expect(countdownParts(3_661_000)).toEqual({ days: 0, clock: '01:01:01' });
    expect(countdownParts(90_000_000).days).toBe(1);
    expect(countdownParts(-5).clock).toBe('00:00:00');
  });
});
