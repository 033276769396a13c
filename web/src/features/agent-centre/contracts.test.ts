import { describe, expect, it } from 'vitest';
import { contractActions, parseRate, splitContracts, undercutContracts } from './contracts';
import type { Contract } from './types';

const base: Contract = {
  id: 1,
  kind: 'dividend',
  account: 'agent02',
  rate: 25,
  activeMembers: 0,
  periodValidBet: 0,
  periodPnl: 0,
  dailyBetAmount: 0,
  hourlyBetAmount: 0,
  realtimeProfitRate: 0,
  lossRate: 0,
  singleBetAmount: 0,
  status: 'active',
};

describe('contract actions', () => {
  it('lets the offered account accept or reject a pending offer', () => {
    expect(contractActions({ account: 'me', status: 'pending' }, 'me')).toEqual([
      'Accept',
      'Reject',
    ]);
    expect(contractActions({ account: 'downline', status: 'pending' }, 'me')).toEqual([]);
  });

  it('lets either side terminate an active contract, and nothing after', () => {
    expect(contractActions({ account: 'downline', status: 'active' }, 'me')).toEqual(['Terminate']);
    expect(contractActions({ account: 'me', status: 'active' }, 'me')).toEqual(['Terminate']);
    expect(contractActions({ account: 'me', status: 'rejected' }, 'me')).toEqual([]);
    expect(contractActions({ account: 'me', status: 'terminated' }, 'me')).toEqual([]);
  });
});

describe('contract-rate warning', () => {
  const list: Contract[] = [
    base,
    { ...base, id: 2, account: 'agent03', rate: 15 },
    { ...base, id: 3, account: 'agent02', rate: 30, status: 'terminated' },
    { ...base, id: 4, account: 'agent02', rate: 40, kind: 'dailySalary' },
  ];

  it('finds the live dividend contract a lower rate undercuts', () => {
    expect(undercutContracts(list, 'agent02', 20).map((c) => c.id)).toEqual([1]);
    expect(undercutContracts(list, 'agent02', 25)).toEqual([]);
    expect(undercutContracts(list, 'agent03', 10).map((c) => c.id)).toEqual([2]);
  });

  it('splits my contracts from my team', () => {
    const { mine, team } = splitContracts([base, { ...base, id: 9, account: 'me' }], 'me');
    expect(mine.map((c) => c.id)).toEqual([9]);
    expect(team.map((c) => c.id)).toEqual([1]);
  });
});

describe('parseRate', () => {
  it('reads percentages', () => {
    expect(parseRate('10')).toBe(10);
    expect(parseRate('12.5')).toBe(12.5);
    expect(parseRate('0')).toBe(0);
    expect(parseRate('100')).toBe(100);
  });
  it('refuses others', () => {
    for (const t of ['', '-1', '101', '1.234', 'abc']) expect(parseRate(t)).toBeNull();
  });
});
