import { describe, expect, it } from 'vitest';
import { pageItems } from './pagination';

describe('pageItems (page range 3, margin pages 1)', () => {
  it('lists every page when they fit', () => {
    expect(pageItems(1, 5)).toEqual([1, 2, 3, 4, 5]);
  });
  it('keeps the first and last page with breaks around the window', () => {
    expect(pageItems(6, 12)).toEqual([1, 'break', 5, 6, 7, 'break', 12]);
  });
  it('pins the window at the edges', () => {
    expect(pageItems(1, 12)).toEqual([1, 2, 3, 'break', 12]);
    expect(pageItems(12, 12)).toEqual([1, 'break', 10, 11, 12]);
  });
  it('never shows a break next to a neighbouring page', () => {
    expect(pageItems(3, 12)).toEqual([1, 2, 3, 4, 'break', 12]);
  });
});
