import { describe, expect, it } from 'vitest';
import { parseAmount, refuseAmount } from './amount';

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

describe('refuseAmount', () => {
  it('tells what is wrong first: missing, not an amount, over the cap, out of range, over the balance', () => {
    const limits = { cap: 1_000, range: { min: 5, max: 500 }, available: 100 };
    expect(refuseAmount('  ', limits)).toEqual({ key: 'form.amount_required' });
    expect(refuseAmount('1.234', limits)).toEqual({ key: 'form.amount_invalid' });
    expect(refuseAmount('0', limits)).toEqual({ key: 'form.amount_invalid' });
    expect(refuseAmount('1001', limits)).toEqual({ key: 'form.amount_invalid' });
    expect(refuseAmount('4.99', limits)).toEqual({ key: 'form.amount_range', min: 5, max: 500 });
    expect(refuseAmount('200', limits)).toEqual({ key: 'form.amount_over_balance', amount: 100 });
    expect(refuseAmount('99.50', limits)).toBeNull();
  });

  it('checks only the limits it is given', () => {
    expect(refuseAmount('5000', {})).toBeNull();
    expect(refuseAmount('5000', { range: { min: 5, max: 2_000 } })).toEqual({ key: 'form.amount_range', min: 5, max: 2_000 });
  });
});
