import { describe, expect, it } from 'vitest';
import { fromMinor, isMoney, MINOR_PER_UNIT, roundMoney, sumMoney, toMinor } from './money';

describe('money', () => {
  it('converts to and from integer minor units', () => {
    expect(MINOR_PER_UNIT).toBe(100);
    expect(toMinor(12.34)).toBe(1234);
    expect(toMinor(-0.07)).toBe(-7);
    expect(toMinor(0)).toBe(0);
    expect(fromMinor(1234)).toBe(12.34);
    expect(Number.isInteger(toMinor(19.99))).toBe(true);
  });

  it('rounds half away from zero on the decimal value, not the binary one', () => {
    expect(roundMoney(1.005)).toBe(1.01);
    expect(roundMoney(-1.005)).toBe(-1.01);
    expect(roundMoney(2.675)).toBe(2.68);
    expect(roundMoney(1.004)).toBe(1);
    expect(roundMoney(0.125)).toBe(0.13);
  });

  it('adds in minor units, so binary fractions never leak into a total', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(sumMoney([0.1, 0.2])).toBe(0.3);
    expect(sumMoney(Array.from({ length: 10 }, () => 0.1))).toBe(1);
    expect(sumMoney([])).toBe(0);
    expect(sumMoney([100.5, -50.25, 0.01])).toBe(50.26);
  });

  it('recognises amounts with at most two decimals', () => {
    expect(isMoney(10)).toBe(true);
    expect(isMoney(10.5)).toBe(true);
    expect(isMoney(0.29)).toBe(true);
    expect(isMoney(10.123)).toBe(false);
    // The number a two-decimal amount reads as, exactly: 0.1 + 0.2 is not 0.3.
    expect(isMoney(0.3)).toBe(true);
    expect(isMoney(0.1 + 0.2)).toBe(false);
    expect(isMoney(20.1 * 3)).toBe(false);
    expect(isMoney(1e2)).toBe(true);
    expect(isMoney(999_999_999.99)).toBe(true);
    expect(isMoney(-10.25)).toBe(true);
    expect(isMoney(Number.NaN)).toBe(false);
    expect(isMoney(Infinity)).toBe(false);
    expect(isMoney('10')).toBe(false);
  });
});
