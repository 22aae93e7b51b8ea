import { shippingAddressEndpoints } from '@market/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { ADDRESS_MESSAGES, addressesKeys } from './addresses-keys';

export function listAddresses(signal?: AbortSignal) {
  return api(shippingAddressEndpoints.list, { kind: 'customer', signal });
}

export function addressesQueryOptions(customerId: string) {
  return queryOptions({
    queryKey: addressesKeys.list(customerId),
    queryFn: async ({ signal }) => (await listAddresses(signal)).data,
    meta: { toast: { fallback: ADDRESS_MESSAGES.list } },
  });
}

/** The signed-in customer's addresses, the default first. */
export function useAddresses() {
  const customerId = useSession('customer')?.user.id;
  return useQuery({ ...addressesQueryOptions(customerId ?? ''), enabled: Boolean(customerId) });
}
