/**
 * Where the sandbox bar sits: one of the four corners, and collapsed to a dot or
 * not, so it never has to cover a page control; remembered per browser in localStorage.
 */
import { useCallback, useState } from 'react';

export const CORNERS = ['bottom-end', 'bottom-start', 'top-start', 'top-end'] as const;
export type Corner = (typeof CORNERS)[number];

export interface Placement {
  corner: Corner;
  collapsed: boolean;
}

const KEY = 'sandbox.placement';
const DEFAULT: Placement = { corner: 'bottom-end', collapsed: false };

export function readPlacement(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): Placement {
  try {
    const raw = JSON.parse(storage?.getItem(KEY) ?? 'null') as Partial<Placement> | null;
    return {
      corner: CORNERS.includes(raw?.corner as Corner) ? (raw!.corner as Corner) : DEFAULT.corner,
      collapsed: raw?.collapsed === true,
    };
  } catch {
    return DEFAULT;
  }
}

/** The corner after this one, clockwise from bottom-end. */
export function nextCorner(corner: Corner): Corner {
  return CORNERS[(CORNERS.indexOf(corner) + 1) % CORNERS.length] ?? DEFAULT.corner;
}

export function usePlacement(): [Placement, (next: Partial<Placement>) => void] {
  const [placement, setPlacement] = useState(readPlacement);
  const update = useCallback((next: Partial<Placement>) => {
    setPlacement((current) => {
      const merged = { ...current, ...next };
      try {
        localStorage.setItem(KEY, JSON.stringify(merged));
      } catch {
        // Private mode or a full storage: the bar still moves, it just forgets on reload.
      }
      return merged;
    });
  }, []);
  return [placement, update];
}
