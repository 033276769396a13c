import { queryOptions, useQuery } from '@tanstack/react-query';
import { client, unwrap } from '../../../api/client';

/** The brand's wallet mode (isSingle) and the vendor sub-wallets transfers may use. */
export const merchantWalletQuery = queryOptions({
  queryKey: ['wallet', 'merchant'],
  queryFn: ({ signal }) => unwrap(client.GET('/wps/wallet/merchant', { signal })),
  staleTime: 10 * 60_000,
});

export function useMerchantWallet() {
  return useQuery(merchantWalletQuery);
}
