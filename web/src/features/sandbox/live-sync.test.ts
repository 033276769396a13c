import { describe, expect, it } from 'vitest';
import type { SimState } from './control-api';
import { staleParts } from './live-sync';

const state = (over: Partial<SimState> = {}): SimState => ({
  world: 'qa',
  scenario: { name: 'default', description: '' },
  status: 0,
  statusName: 'normal',
  flags: { FREEPLAY3: true, CBS3: true },
  clock: { now: 0, offsetMs: 0 },
  latencyMs: 0,
  counts: { accounts: 0, sessions: 0, smsOutbox: 0, smsDropped: 0, guests: 0, faults: 0, snapshots: 0 },
  replay: null,
  ...over,
});
const tree = (freePlay: boolean) => ({
  whitelabel: [{ modId: 'ROOT', name: 'Root', enabled: true, childrenNodes: [{ modId: 'FREEPLAY3', name: 'Free play', enabled: freePlay, childrenNodes: [] }] }],
});

describe('staleParts', () => {
  it('finds what the page holds that the world no longer says', () => {
    const held = { state: state(), status: { status: 0 }, permission: tree(true) };
    expect(staleParts(state(), held)).toEqual({ scenario: false, status: false, flags: false });
    expect(staleParts(state({ status: 1 }), held).status).toBe(true);
    expect(staleParts(state({ flags: { FREEPLAY3: false, CBS3: true } }), held).flags).toBe(true);
    expect(staleParts(state({ scenario: { name: 'free-play', description: '' } }), held).scenario).toBe(true);
  });

  it('judges against the page, so a change made before the stream connected is caught', () => {
    // The page booted with the flag on; the first event already says off.
    expect(staleParts(state({ flags: { FREEPLAY3: false } }), { permission: tree(true) }).flags).toBe(true);
    // A flag the page's tree does not have is not a reason to refetch.
    expect(staleParts(state({ flags: { NEWFLAG: true } }), { permission: tree(true) }).flags).toBe(false);
    // Another world's state says nothing about this page's scenario.
    expect(staleParts(state({ world: 'other', scenario: { name: 'x', description: '' } }), { state: state() }).scenario).toBe(false);
  });
});
