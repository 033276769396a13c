import { useEffect, useRef } from 'react';
import { INFINITE_SCROLL_THROTTLE_MS } from '../../config/games';

/** How close (in viewport heights) the end of the list must come before the next page is asked. */
const LOAD_AHEAD = 0.5;

/**
 * Infinite scroll (throttle 200 ms). Scroll events of the window or of any
 * scrolling container (the layout may scroll an inner pane) are caught in the capture phase and
 * checked at most once per 200 ms, with a trailing check so the last scroll is never missed.
 * Returns the ref of a sentinel placed after the list.
 */
export function useInfiniteScroll<E extends HTMLElement = HTMLDivElement>(
  onLoadMore: () => void,
  { enabled, deps = [] }: { enabled: boolean; deps?: readonly unknown[] },
) {
  const sentinel = useRef<E>(null);
  const latest = useRef(onLoadMore);
  latest.current = onLoadMore;

  useEffect(() => {
    if (!enabled) return;
    let last = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      last = Date.now();
      timer = undefined;
      const el = sentinel.current;
      if (!el) return;
      const top = el.getBoundingClientRect().top;
      if (top < window.innerHeight * (1 + LOAD_AHEAD)) latest.current();
    };
    const throttled = () => {
      const wait = INFINITE_SCROLL_THROTTLE_MS - (Date.now() - last);
      if (wait <= 0) check();
      else timer ??= setTimeout(check, wait);
    };
    document.addEventListener('scroll', throttled, { capture: true, passive: true });
    window.addEventListener('resize', throttled, { passive: true });
    // A page that does not fill the screen never scrolls: check once now.
    throttled();
    return () => {
      document.removeEventListener('scroll', throttled, { capture: true });
      window.removeEventListener('resize', throttled);
      if (timer) clearTimeout(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- deps re-arm the check after each page
  }, [enabled, ...deps]);

  return sentinel;
}
