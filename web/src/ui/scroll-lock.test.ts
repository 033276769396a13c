// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { lockScroll } from './scroll-lock';

/**
 * A window of 1,350 px with a 15 px scrollbar on the left (`clientLeft` 15: the root's client area
 * starts after it) or the right (0), as long as the root's overflow is not hidden: then it is gone.
 */
function scrollbar(clientLeft: number): void {
  const root = document.documentElement;
  const shown = () => root.style.overflow !== 'hidden';
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1350 });
  Object.defineProperty(root, 'clientWidth', { configurable: true, get: () => (shown() ? 1335 : 1350) });
  Object.defineProperty(root, 'clientLeft', { configurable: true, get: () => (shown() ? clientLeft : 0) });
}

describe('lockScroll: the scrollbar it takes away is made up on the side it was drawn', () => {
  afterEach(() => {
    const root = document.documentElement;
    for (const key of ['clientWidth', 'clientLeft'] as const) delete (root as unknown as Record<string, unknown>)[key];
  });

  it('on the right (every engine by default, whatever the page direction): padding and the gap on the right', () => {
    document.documentElement.dir = 'rtl';
    scrollbar(0);
    const release = lockScroll();
    expect(document.body.style.paddingRight).toBe('15px');
    expect(document.body.style.paddingLeft).toBe('');
    expect(document.documentElement.style.getPropertyValue('--scrollbar-gap-right')).toBe('15px');
    expect(document.documentElement.style.getPropertyValue('--scrollbar-gap-left')).toBe('');
    expect(document.documentElement.style.overflow).toBe('hidden');
    release();
    expect(document.body.style.paddingRight).toBe('');
    expect(document.documentElement.style.getPropertyValue('--scrollbar-gap-right')).toBe('');
    expect(document.documentElement.style.overflow).toBe('');
  });

  it('on the left (the root client area starts after it): padding and the gap on the left', () => {
    document.documentElement.dir = 'ltr';
    scrollbar(15);
    const release = lockScroll();
    expect(document.body.style.paddingLeft).toBe('15px');
    expect(document.body.style.paddingRight).toBe('');
    expect(document.documentElement.style.getPropertyValue('--scrollbar-gap-left')).toBe('15px');
    release();
    expect(document.body.style.paddingLeft).toBe('');
    expect(document.documentElement.style.getPropertyValue('--scrollbar-gap-left')).toBe('');
  });

  it('nested locks give the page back only when the last is released; none where scrollbars take no room', () => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1350 });
    Object.defineProperty(document.documentElement, 'clientWidth', { configurable: true, value: 1350 });
    const outer = lockScroll();
    const inner = lockScroll();
    expect(document.body.style.paddingRight).toBe('');
    expect(document.body.dataset.scrollLocked).toBe('true');
    inner();
    inner();
    expect(document.body.dataset.scrollLocked).toBe('true');
    outer();
    expect(document.body.dataset.scrollLocked).toBeUndefined();
    expect(document.body.style.overflow).toBe('');
  });
});
