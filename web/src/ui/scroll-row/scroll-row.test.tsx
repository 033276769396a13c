// @vitest-environment happy-dom
/**
 * ScrollRow (ADR 020): a row that hides content shows a fade and an arrow at that end only,
 * the arrow scrolls towards it, and both mirror right to left. The layout is faked: happy-dom lays
 * nothing out, so each test says how wide the row and its content are and where it is scrolled.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setupDomTests } from '../../testing/setup';
import { ScrollRow } from './scroll-row';
import { readScrollCues, revealInRow } from './use-scroll-cues';

setupDomTests();

/** ResizeObserver callbacks, to play a change of size (happy-dom has no layout to observe). */
const observers: (() => void)[] = [];
class FakeResizeObserver {
  constructor(private readonly callback: () => void) {
    observers.push(() => this.callback());
  }
  observe() {}
  unobserve() {}
  disconnect() {}
}

let reduceMotion = false;
beforeEach(() => {
  observers.length = 0;
  reduceMotion = false;
  vi.stubGlobal('ResizeObserver', FakeResizeObserver);
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('reduce') && reduceMotion,
    media: query,
  }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.documentElement.dir = 'ltr';
});

interface Layout {
  client: number;
  scroll: number;
  left: number;
}

/** Give the scroller a size, a content width and a position, and a scrollBy that records its calls. */
function lay(viewport: HTMLElement, layout: Layout) {
  Object.defineProperty(viewport, 'clientWidth', { configurable: true, get: () => layout.client });
  Object.defineProperty(viewport, 'scrollWidth', { configurable: true, get: () => layout.scroll });
  Object.defineProperty(viewport, 'scrollLeft', {
    configurable: true,
    get: () => layout.left,
    set: (v: number) => (layout.left = v),
  });
  const scrollBy = vi.fn();
  Object.defineProperty(viewport, 'scrollBy', { configurable: true, value: scrollBy });
  return scrollBy;
}

function renderRow(layout: Layout, dir: 'ltr' | 'rtl' = 'ltr') {
  document.documentElement.dir = dir;
  const { container } = render(
    <div style={{ direction: dir }}>
      <ScrollRow viewportProps={{ 'aria-label': 'Row' }}>
        <ul>
          <li>One</li>
          <li>Two</li>
        </ul>
      </ScrollRow>
    </div>,
  );
  const row = container.querySelector<HTMLElement>('.scroll-row')!;
  const viewport = container.querySelector<HTMLElement>('.scroll-row__viewport')!;
  const scrollBy = lay(viewport, layout);
  // The layout changed: as a ResizeObserver would report it.
  act(() => observers.forEach((notify) => notify()));
  return { row, viewport, scrollBy };
}

const arrow = (name: 'Scroll left' | 'Scroll right') => screen.queryByRole('button', { name });
const scrollTo = (viewport: HTMLElement, layout: Layout, left: number) => {
  layout.left = left;
  fireEvent.scroll(viewport);
};

describe('ScrollRow', () => {
  it('shows no arrow and no fade when everything fits', () => {
    const { row } = renderRow({ client: 500, scroll: 500, left: 0 });
    expect(arrow('Scroll left')).toBeNull();
    expect(arrow('Scroll right')).toBeNull();
    expect(row.dataset.overflowStart).toBeUndefined();
    expect(row.dataset.overflowEnd).toBeUndefined();
  });

  it('offers the end that hides content, then both, then the start only', () => {
    const layout = { client: 500, scroll: 1200, left: 0 };
    const { row, viewport, scrollBy } = renderRow(layout);
    expect(arrow('Scroll left')).toBeNull();
    expect(arrow('Scroll right')).not.toBeNull();
    expect(row.dataset.overflowEnd).toBe('true');
    expect(row.dataset.overflowStart).toBeUndefined();

    fireEvent.click(arrow('Scroll right')!);
    expect(scrollBy).toHaveBeenCalledWith({ left: 400, behavior: 'smooth' });

    scrollTo(viewport, layout, 400);
    expect(arrow('Scroll left')).not.toBeNull();
    expect(arrow('Scroll right')).not.toBeNull();

    scrollTo(viewport, layout, 700);
    expect(arrow('Scroll left')).not.toBeNull();
    expect(arrow('Scroll right')).toBeNull();
    expect(row.dataset.overflowEnd).toBeUndefined();
    expect(row.dataset.overflowStart).toBe('true');

    fireEvent.click(arrow('Scroll left')!);
    expect(scrollBy).toHaveBeenLastCalledWith({ left: -400, behavior: 'smooth' });
  });

  it('mirrors right to left: scrollLeft goes negative and the next arrow is the left one', () => {
    const layout = { client: 500, scroll: 1200, left: 0 };
    const { viewport, scrollBy } = renderRow(layout, 'rtl');
    // At the start of an Urdu row the content that hides is on the left.
    expect(arrow('Scroll right')).toBeNull();
    fireEvent.click(arrow('Scroll left')!);
    expect(scrollBy).toHaveBeenCalledWith({ left: -400, behavior: 'smooth' });

    scrollTo(viewport, layout, -700);
    expect(arrow('Scroll left')).toBeNull();
    expect(arrow('Scroll right')).not.toBeNull();
    expect(readScrollCues(viewport)).toEqual({ start: true, end: false, rtl: true });
  });

  it('jumps instead of gliding for who prefers reduced motion', () => {
    reduceMotion = true;
    const { scrollBy } = renderRow({ client: 500, scroll: 1200, left: 0 });
    fireEvent.click(arrow('Scroll right')!);
    expect(scrollBy).toHaveBeenCalledWith({ left: 400, behavior: 'auto' });
  });

  it('follows the content growing: items that arrive later make the row overflow', () => {
    const layout = { client: 500, scroll: 500, left: 0 };
    renderRow(layout);
    expect(arrow('Scroll right')).toBeNull();
    layout.scroll = 900;
    act(() => observers.forEach((notify) => notify()));
    expect(arrow('Scroll right')).not.toBeNull();
  });

  it('reads nothing of a row the browser skips (below the first screen) until it is drawn', () => {
    // content-visibility: auto: reading a skipped row's geometry would make the browser lay it out now.
    let skipped = true;
    Object.defineProperty(HTMLElement.prototype, 'checkVisibility', {
      configurable: true,
      value: (options?: { contentVisibilityAuto?: boolean }) => !(skipped && options?.contentVisibilityAuto),
    });
    try {
      const layout = { client: 500, scroll: 1200, left: 0 };
      const { viewport } = renderRow(layout);
      const reads = vi.fn(() => layout.scroll);
      Object.defineProperty(viewport, 'scrollWidth', { configurable: true, get: reads });
      act(() => observers.forEach((notify) => notify()));
      fireEvent.scroll(viewport);
      expect(reads).not.toHaveBeenCalled();
      expect(arrow('Scroll right')).toBeNull();
      // Near the viewport the browser draws it: its size changes and the observer reports it.
      skipped = false;
      act(() => observers.forEach((notify) => notify()));
      expect(reads).toHaveBeenCalled();
      expect(arrow('Scroll right')).not.toBeNull();
    } finally {
      delete (HTMLElement.prototype as { checkVisibility?: unknown }).checkVisibility;
    }
  });

  it('reads no geometry while mounting or as items come and go: the ResizeObserver reports it once laid out', async () => {
    // A read in the middle of building a page makes the browser lay the whole page out there and
    // then, once per row on a page of rows.
    const reads = vi.fn(() => 1200);
    Object.defineProperty(HTMLElement.prototype, 'scrollWidth', { configurable: true, get: reads });
    try {
      const { container } = render(
        <ScrollRow viewportProps={{ 'aria-label': 'Row' }}>
          <ul>
            <li>One</li>
          </ul>
        </ScrollRow>,
      );
      const viewport = container.querySelector<HTMLElement>('.scroll-row__viewport')!;
      // A child comes: the mutation observer's callback runs in a microtask.
      act(() => viewport.append(document.createElement('ol')));
      await act(async () => {});
      expect(reads).not.toHaveBeenCalled();
      Object.defineProperty(viewport, 'clientWidth', { configurable: true, get: () => 500 });
      act(() => observers.forEach((notify) => notify()));
      expect(reads).toHaveBeenCalled();
      expect(arrow('Scroll right')).not.toBeNull();
    } finally {
      delete (HTMLElement.prototype as { scrollWidth?: unknown }).scrollWidth;
    }
  });

  it('keeps keyboard focus on an arrow when the one pressed reaches its end', () => {
    const layout = { client: 500, scroll: 1200, left: 0 };
    const { viewport } = renderRow(layout);
    const next = arrow('Scroll right')!;
    next.focus();
    expect(document.activeElement).toBe(next);
    scrollTo(viewport, layout, 700);
    expect(arrow('Scroll right')).toBeNull();
    expect(document.activeElement).toBe(arrow('Scroll left'));
  });

  it('names both arrows as buttons that control the row, in the tab order', () => {
    const layout = { client: 500, scroll: 1200, left: 300 };
    const { viewport } = renderRow(layout);
    fireEvent.scroll(viewport);
    for (const name of ['Scroll left', 'Scroll right'] as const) {
      const button = arrow(name)!;
      expect(button.tagName).toBe('BUTTON');
      expect(button.getAttribute('aria-controls')).toBe(viewport.id);
      expect(button.tabIndex).toBe(0);
    }
  });
});

describe('revealInRow', () => {
  /** A row 300 px wide at x 0 and an item at [left, right], each with a scrollBy that records its calls. */
  function row(item: { left: number; right: number }, styles: { dir?: 'ltr' | 'rtl'; snap?: string; align?: string } = {}) {
    const el = document.createElement('div');
    const child = document.createElement('span');
    el.append(child);
    document.body.append(el);
    el.style.direction = styles.dir ?? 'ltr';
    if (styles.snap) el.style.scrollSnapType = styles.snap;
    if (styles.align) child.style.scrollSnapAlign = styles.align;
    el.getBoundingClientRect = () => DOMRect.fromRect({ x: 0, y: 0, width: 300, height: 40 });
    child.getBoundingClientRect = () => DOMRect.fromRect({ x: item.left, y: 0, width: item.right - item.left, height: 40 });
    const scrollBy = vi.fn();
    el.scrollBy = scrollBy as typeof el.scrollBy;
    return { el, child, scrollBy };
  }
  afterEach(() => document.body.replaceChildren());

  it('brings an item past the end just into view, clear of the arrow', () => {
    const { el, child, scrollBy } = row({ left: 320, right: 400 });
    revealInRow(el, child, 40);
    expect(scrollBy).toHaveBeenCalledWith({ left: 140 });
  });

  it('brings an item past the end of a row that snaps items by their start to the start, where the snap lets it rest', () => {
    const { el, child, scrollBy } = row({ left: 320, right: 400 }, { snap: 'x proximity', align: 'start' });
    revealInRow(el, child, 40);
    expect(scrollBy).toHaveBeenCalledWith({ left: 280 });
  });

  it('mirrors right to left: the start is the right edge', () => {
    const past = row({ left: -100, right: -20 }, { dir: 'rtl' });
    revealInRow(past.el, past.child, 40);
    expect(past.scrollBy).toHaveBeenCalledWith({ left: -140 });
    const snapped = row({ left: -100, right: -20 }, { dir: 'rtl', snap: 'x proximity', align: 'start' });
    revealInRow(snapped.el, snapped.child, 40);
    expect(snapped.scrollBy).toHaveBeenCalledWith({ left: -280 });
  });

  it('leaves an item in view where it is', () => {
    const { el, child, scrollBy } = row({ left: 100, right: 200 }, { snap: 'x proximity', align: 'start' });
    revealInRow(el, child, 40);
    expect(scrollBy).not.toHaveBeenCalled();
  });
});
