// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reachability } from '../api/reachability';
import { setupDomTests } from '../testing/setup';
import { queryClient } from './query-client';
import { useRefetchOnReconnect } from './root';

setupDomTests();

let refetch: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  vi.useFakeTimers();
  refetch = vi.spyOn(queryClient, 'refetchQueries').mockResolvedValue(undefined);
});
afterEach(() => {
  act(() => reachability.set({ unreachable: false }));
  refetch.mockRestore();
  vi.useRealTimers();
});

describe('coming back after the network', () => {
  it("asks again on the browser's 'online' event", () => {
    renderHook(() => useRefetchOnReconnect());
    window.dispatchEvent(new Event('online'));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('while the backend is unreachable, asks again after 2 s, then twice as long each time up to 30 s, and stops once it answers', () => {
    renderHook(() => useRefetchOnReconnect());
    vi.advanceTimersByTime(10_000);
    expect(refetch).not.toHaveBeenCalled();

    act(() => reachability.set({ unreachable: true }));
    const at = (ms: number) => {
      vi.advanceTimersByTime(ms);
      return refetch.mock.calls.length;
    };
    expect(at(1_999)).toBe(0);
    expect(at(1)).toBe(1); // 2 s
    expect(at(4_000)).toBe(2); // + 4 s
    expect(at(8_000)).toBe(3); // + 8 s
    expect(at(16_000)).toBe(4); // + 16 s
    expect(at(29_999)).toBe(4);
    expect(at(1)).toBe(5); // + 30 s, the longest wait
    expect(at(30_000)).toBe(6);

    act(() => reachability.set({ unreachable: false }));
    expect(at(120_000)).toBe(6);
  });
});
