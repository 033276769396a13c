import { describe, expect, it } from 'vitest';
import { parseAmount } from './amount';

describe('parseAmount', () => {
  it('reads whole and two-decimal amounts', () => {
    expect(parseAmount('100')).toBe(100);
    expect(parseAmount(' 12.5 ')).toBe(12.5);
    expect(parseAmount('1,250.75')).toBe(1250.75);
    expect(parseAmount('12,5')).toBe(12.5);
  });

  it('refuses what is not an amount', () => {
    for (const text of ['', 'abc', '1.234', '-5', '1e3', '.5'])
      expect(parseAmount(text)).toBeNull();
  });
});
