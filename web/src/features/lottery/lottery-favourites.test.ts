import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readFavourites, storageKey, toggleFavourite } from './lottery-favourites';

describe('per-user lottery favourites (local storage under the username)', () => {
  beforeEach(() => {
    const store = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    });
    vi.stubGlobal('window', { dispatchEvent: () => true });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('adds an absent code and removes a present one, per user', () => {
    expect(toggleFavourite('player01', 'LLSSC1')).toEqual(['LLSSC1']);
    expect(toggleFavourite('player01', 'VNHN')).toEqual(['LLSSC1', 'VNHN']);
    expect(toggleFavourite('player01', 'LLSSC1')).toEqual(['VNHN']);
    expect(readFavourites('player02')).toEqual([]);
    expect(localStorage.getItem(storageKey('player01'))).toBe('["VNHN"]');
  });

  it('treats unreadable storage as an empty list', () => {
    localStorage.setItem(storageKey('player01'), '{not json');
    expect(readFavourites('player01')).toEqual([]);
    localStorage.setItem(storageKey('player01'), '[1,"A"]');
    expect(readFavourites('player01')).toEqual(['A']);
  });
});
