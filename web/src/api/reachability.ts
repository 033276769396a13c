/**
 * Whether the backend answered the API client's last call. `navigator.onLine` only says that the
 * device has a network link: it stays true behind a captive portal, on a link that carries nothing,
 * and in pages a browser restores while offline. A call that fails before any response arrives marks
 * the backend unreachable; the next response of any status marks it reachable again. A call the app
 * itself cancelled (a refetch replacing it, a page left) says nothing either way.
 */
import { createStore, useStore } from '../lib/store';

export const reachability = createStore({ unreachable: false });

function mark(unreachable: boolean): void {
  if (reachability.get().unreachable !== unreachable) reachability.set({ unreachable });
}

/** `fetch` that records whether the backend answered. */
export async function fetchNotingReachability(request: Request): Promise<Response> {
  try {
    const response = await fetch(request);
    mark(false);
    return response;
  } catch (err) {
    const cancelled = request.signal.aborted || (err instanceof DOMException && err.name === 'AbortError');
    if (!cancelled) mark(true);
    throw err;
  }
}

export function useBackendUnreachable(): boolean {
  return useStore(reachability, (s) => s.unreachable);
}
