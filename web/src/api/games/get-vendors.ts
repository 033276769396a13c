import { useQuery } from '@tanstack/react-query';
import { vendorsQuery } from '../queries/games';

/**
 * Vendor lanes per category, read at value.data.lanes (merchantCode, platform
 * html5-desktop). The shell's side menu asks the same call: one options object, one cache entry.
 */
export const vendorsOptions = () => vendorsQuery;

export function useVendors() {
  return useQuery(vendorsOptions());
}
