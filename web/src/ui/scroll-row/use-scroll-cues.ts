/**
 * Which ends of a sideways-scrolling row hide content, and a way to scroll towards them (ADR 020).
 * One hook for the header's category bar, the home page's game strips and the lobbies'
 * provider rows, so every row that overflows says so the same way.
 */
import { useCallback, useEffect, useState, type RefObject } from 'react';

export type ScrollSide = 'start' | 'end';

export interface ScrollCues {
  /** Content hides beyond the inline start (left in English, right in Urdu). */
  start: boolean;
  /** Content hides beyond the inline end. */
  end: boolean;
  /** The row lays out right to left. */
  rtl: boolean;
}

/** Sub-pixel layouts leave a fraction of a pixel at either end: not worth a cue. */
const SLACK = 1;
/** How much of the visible width one press of an arrow scrolls: some context stays in view. */
const PAGE = 0.8;

const NONE: ScrollCues = { start: false, end: false, rtl: false };

/** The cues of a scroller as it is laid out now. */
export function readScrollCues(el: HTMLElement): ScrollCues {
  const rtl = getComputedStyle(el).direction === 'rtl';
  const max = el.scrollWidth - el.clientWidth;
  // Browsers count scrollLeft from the start edge (CSSOM View): 0 there, growing towards the end in
  // a left-to-right row and going negative in a right-to-left one (Chromium since 85, Firefox,
  // Safari). Its size is the distance from the start either way.
  const fromStart = Math.abs(el.scrollLeft);
  return { start: fromStart > SLACK, end: max - fromStart > SLACK, rtl };
}

/** Scroll a row by most of its width towards one of its ends; at once for who prefers less motion. */
export function scrollTowards(el: HTMLElement, side: ScrollSide): void {
  const rtl = getComputedStyle(el).direction === 'rtl';
  // Towards the end is rightwards (positive) in English and leftwards (negative) in Urdu.
  const sign = (side === 'end' ? 1 : -1) * (rtl ? -1 : 1);
  const reduce =
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  el.scrollBy({
    left: sign * Math.max(el.clientWidth * PAGE, 40),
    behavior: reduce ? 'auto' : 'smooth',
  });
}

/**
 * Bring an item of the row fully into view, clear of the arrows (`margin` each side), without
 * moving the page: scrollIntoView would also scroll the window to a row below the fold.
 *
 * A row that snaps its items by their start only rests where an item's start meets its own start:
 * an item brought in just far enough at the end would be pulled back out by the snap, so such an
 * item is brought to the start instead.
 */
export function revealInRow(el: HTMLElement, item: Element, margin = 0): void {
  const row = el.getBoundingClientRect();
  const box = item.getBoundingClientRect();
  const style = getComputedStyle(el);
  const rtl = style.direction === 'rtl';
  const pastStart = rtl ? box.right > row.right - margin : box.left < row.left + margin;
  const pastEnd = rtl ? box.left < row.left + margin : box.right > row.right - margin;
  // Physical deltas that bring the item's start (or end) edge to the row's, clear of the arrow.
  const toLeftEdge = box.left - row.left - margin;
  const toRightEdge = box.right - row.right + margin;
  const [toStart, toEnd] = rtl ? [toRightEdge, toLeftEdge] : [toLeftEdge, toRightEdge];
  if (pastStart || (pastEnd && snapsAtStart(style, item))) el.scrollBy({ left: toStart });
  else if (pastEnd) el.scrollBy({ left: toEnd });
}

/** The row (its computed style) snaps, and the item's snap position is its start. */
function snapsAtStart(row: CSSStyleDeclaration, item: Element): boolean {
  const type = row.scrollSnapType;
  if (!type || type === 'none') return false;
  // scroll-snap-align: one value for both axes, or the block axis's then the inline axis's.
  return getComputedStyle(item).scrollSnapAlign.split(' ').pop() === 'start';
}

const same = (a: ScrollCues, b: ScrollCues) =>
  a.start === b.start && a.end === b.end && a.rtl === b.rtl;

/**
 * The scroll cues of the element `ref` points at, kept current as it scrolls, as it or its
 * content changes size (items arrive, the window or the language changes), and as children come and
 * go. The content is expected in the scroller's direct children (a list, a table).
 */
export function useScrollCues(
  ref: RefObject<HTMLElement | null>,
): ScrollCues & { scrollTowards: (side: ScrollSide) => void } {
  const [cues, setCues] = useState<ScrollCues>(NONE);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = () => {
      // A row the browser skips (content-visibility: auto, below the first screen) is not read:
      // reading its geometry would lay it out now. It is read once drawn (its size changes then).
      if (typeof el.checkVisibility === 'function' && !el.checkVisibility({ contentVisibilityAuto: true })) return;
      const next = readScrollCues(el);
      setCues((prev) => (same(prev, next) ? prev : next));
    };
    el.addEventListener('scroll', update, { passive: true });
    // The scroller's own size changes with the window; its content's with data and language.
    const resize = typeof ResizeObserver === 'function' ? new ResizeObserver(update) : null;
    // Every element a ResizeObserver starts observing is reported once laid out, so the first read
    // and the read after children come and go are left to it: it reads the geometry the browser has
    // just laid out, where a read at mount or in a mutation callback would force a layout of the
    // whole page while it is still being built (once per row on a page of rows).
    const observeAll = () => {
      resize?.disconnect();
      resize?.observe(el);
      for (const child of Array.from(el.children)) resize?.observe(child);
    };
    observeAll();
    if (!resize) update();
    const mutation =
      typeof MutationObserver === 'function'
        ? new MutationObserver(() => {
            observeAll();
            if (!resize) update();
          })
        : null;
    mutation?.observe(el, { childList: true });
    // The language switch flips the document's direction.
    const dir = typeof MutationObserver === 'function' ? new MutationObserver(update) : null;
    dir?.observe(document.documentElement, { attributes: true, attributeFilter: ['dir'] });
    return () => {
      el.removeEventListener('scroll', update);
      resize?.disconnect();
      mutation?.disconnect();
      dir?.disconnect();
    };
  }, [ref]);

  const towards = useCallback(
    (side: ScrollSide) => {
      if (ref.current) scrollTowards(ref.current, side);
    },
    [ref],
  );
  return { ...cues, scrollTowards: towards };
}
