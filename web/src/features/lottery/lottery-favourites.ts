/**
 * The per-user lottery favourite list (kept in local storage under the username).
 * Stored as a JSON array of game codes at `lotteryFavourites:<username>`; every tab and component
 * sees changes at once (a same-tab event plus the cross-tab storage event).
 */
import { useCallback, useSyncExternalStore } from 'react';
import { LOTTERY_FAVOURITES_PREFIX as PREFIX } from './constants';

const CHANGED = 'lottery-favourites-changed';
const EMPTY: readonly string[] = [];

export function storageKey(username: string): string {
  return `${PREFIX}${username}`;
}

/** Parsed list; anything unreadable counts as empty. */
export function readFavourites(username: string): string[] {
  try {
    const raw = localStorage.getItem(storageKey(username));
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? parsed.filter((c): c is string => typeof c === 'string') : [];
  } catch {
    return [];
  }
}

/** Present codes are removed, absent codes added (the same toggle rule as game favourites). */
export function toggleFavourite(username: string, gameCode: string): string[] {
  const list = readFavourites(username);
  const next = list.includes(gameCode) ? list.filter((c) => c !== gameCode) : [...list, gameCode];
  try {
    localStorage.setItem(storageKey(username), JSON.stringify(next));
  } catch {
    // Storage full or blocked: the list stays as it was.
    return list;
  }
  window.dispatchEvent(new Event(CHANGED));
  return next;
}

// useSyncExternalStore needs a stable snapshot: cache the parsed list per raw string.
let cacheRaw: string | null = null;
let cacheList: readonly string[] = EMPTY;
function snapshot(username: string | undefined): readonly string[] {
  if (!username) return EMPTY;
  const raw = localStorage.getItem(storageKey(username));
  if (raw !== cacheRaw) {
    cacheRaw = raw;
    cacheList = readFavourites(username);
  }
  return cacheList;
}

function subscribe(listener: () => void): () => void {
  window.addEventListener(CHANGED, listener);
  window.addEventListener('storage', listener);
  return () => {
    window.removeEventListener(CHANGED, listener);
    window.removeEventListener('storage', listener);
  };
}

/** The logged-in player's favourite lotteries and a toggle; empty for visitors. */
export function useLotteryFavourites(username: string | undefined) {
  const list = useSyncExternalStore(subscribe, () => snapshot(username), () => EMPTY);
  const toggle = useCallback((gameCode: string) => (username ? toggleFavourite(username, gameCode) : []), [username]);
  return { list, toggle, has: (code: string) => list.includes(code) };
}
