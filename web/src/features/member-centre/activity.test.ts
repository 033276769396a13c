import { describe, expect, it } from 'vitest';
import { activityView, statusKey } from './activity';

describe('activity states', () => {
  it('offers join for join, apply for a bonus claim and prize for a raffle claim', () => {
    expect(activityView('join', 'deposit').action).toBe('join');
    expect(activityView('claim', 'deposit').action).toBe('apply');
    expect(activityView('claim', 'raffle').action).toBe('prize');
    expect(activityView('claim', 'RAFFLE').action).toBe('prize');
  });

  it('offers nothing in the other states', () => {
    for (const s of [
      'applying',
      'close',
      'rejected',
      'issued',
      'claimed',
      'process',
      'joined',
      'coming soon',
    ] as const) {
      expect(activityView(s, 'deposit').action).toBeNull();
    }
  });

  it('keys states without spaces', () => {
    expect(statusKey('coming soon')).toBe('coming_soon');
    expect(statusKey('claimed')).toBe('claimed');
  });
});
