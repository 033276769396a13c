import { describe, expect, it } from 'vitest';
import { customRange, presetRange, toInputDate } from './date-range';

const noon = new Date(2026, 10, 21, 12, 30);

describe('date ranges', () => {
  it('today is local midnight to the next midnight', () => {
    const r = presetRange('today', noon);
    expect(r.startTime).toBe(new Date(2026, 10, 21).getTime());
    expect(r.endTime).toBe(new Date(2026, 10, 22).getTime());
  });

  it('yesterday ends where today starts', () => {
    expect(presetRange('yesterday', noon)).toEqual({
      startTime: new Date(2026, 10, 20).getTime(),
      endTime: new Date(2026, 10, 21).getTime(),
    });
  });

  it('week and month include today', () => {
    expect(presetRange('week', noon).startTime).toBe(new Date(2026, 10, 15).getTime());
    expect(presetRange('month', noon).startTime).toBe(new Date(2026, 9, 23).getTime());
    expect(presetRange('month', noon).endTime).toBe(new Date(2026, 10, 22).getTime());
  });

  it('custom days are inclusive at both ends', () => {
    expect(customRange('2026-11-01', '2026-11-03')).toEqual({
      startTime: new Date(2026, 10, 1).getTime(),
      endTime: new Date(2026, 10, 4).getTime(),
    });
  });

  it('refuses reversed and impossible days', () => {
    expect(customRange('2026-11-03', '2026-11-01')).toBe('order');
    expect(customRange('2026-02-30', '2026-03-01')).toBe('invalid');
    expect(customRange('', '2026-03-01')).toBe('invalid');
  });

  it('round-trips input dates', () => {
    expect(toInputDate(new Date(2026, 0, 5, 23, 59).getTime())).toBe('2026-01-05');
  });
});
