/**
 * Page performance (ADR 019): `false` on a component's first render, then `true` in a background
 * re-render that React schedules once that render is on screen. What is below the first screen
 * (game strips, the side menu's vendor flyouts) is rendered then, in slices that yield to input,
 * so the first paint and the largest one (the banner) do not wait for it.
 *
 * React's own `useDeferredValue` with an initial value does exactly this.
 */
import { useDeferredValue } from 'react';

export function useAfterFirstPaint(): boolean {
  return useDeferredValue(true, false);
}
