import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchNotingReachability, reachability } from './reachability';

afterEach(() => {
  vi.unstubAllGlobals();
  reachability.set({ unreachable: false });
});

describe('reachability of the backend', () => {
  it('a call that fails before any answer marks the backend unreachable; the next answer, of any status, clears it', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch')));
    await expect(fetchNotingReachability(new Request('http://x/wps/system/status'))).rejects.toThrow(TypeError);
    expect(reachability.get().unreachable).toBe(true);

    vi.stubGlobal('fetch', vi.fn().mockResolvedValueOnce(new Response('{}', { status: 503 })));
    const response = await fetchNotingReachability(new Request('http://x/wps/system/status'));
    expect(response.status).toBe(503);
    expect(reachability.get().unreachable).toBe(false);
  });

  it('a call the app cancelled says nothing about the backend', async () => {
    const controller = new AbortController();
    controller.abort();
    vi.stubGlobal('fetch', vi.fn().mockRejectedValueOnce(new DOMException('aborted', 'AbortError')));
    await expect(fetchNotingReachability(new Request('http://x/wps/member/info', { signal: controller.signal }))).rejects.toThrow();
    expect(reachability.get().unreachable).toBe(false);
  });

  it('tells listeners only when the answer changes', async () => {
    const listener = vi.fn();
    const stop = reachability.subscribe(listener);
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await fetchNotingReachability(new Request('http://x/a')).catch(() => {});
    await fetchNotingReachability(new Request('http://x/b')).catch(() => {});
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
  });
});
