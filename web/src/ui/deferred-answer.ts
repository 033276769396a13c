/**
 * A query's answer rendered in slices. TanStack Query hands an answer to its components through
 * `useSyncExternalStore`, whose updates React renders at once, in one task, so a list of cards
 * arriving blocks input for as long as it takes to render. The answer returned here follows the
 * query's in a background render that yields to input, and `loading` stays true until it has (the
 * placeholders stay meanwhile). Later answers replace earlier ones the same way.
 */
import { useDeferredValue } from 'react';

export function useDeferredAnswer<T>(query: { data: T | undefined; isLoading: boolean }): { data: T | undefined; loading: boolean } {
  const data = useDeferredValue(query.data);
  return { data, loading: query.isLoading || (query.data !== undefined && data === undefined) };
}
