import { describe, expect, it } from 'vitest';
import { countdown } from './countdown';

describe('countdown', () => {
  it('shows minutes and seconds under an hour, hours from an hour up, never below zero', () => {
    expect(countdown(299.9)).toBe('04:59');
    expect(countdown(3723)).toBe('1:02:03');
    expect(countdown(0)).toBe('00:00');
    expect(countdown(-5)).toBe('00:00');
  });
});
