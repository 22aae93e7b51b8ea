import { checkoutEndpoints } from '@market/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { checkoutKeys } from './checkout-keys';

/** On return from the payment page: the server verifies the payment with the provider itself. */
export function recordTransaction(reference: string, signal?: AbortSignal) {
  return api(checkoutEndpoints.recordTransaction, { kind: 'customer', body: { reference }, signal });
}

export function recordTransactionQueryOptions(reference: string) {
  return queryOptions({
    queryKey: checkoutKeys.transaction(reference),
    queryFn: async ({ signal }) => (await recordTransaction(reference, signal)).data,
    staleTime: Number.POSITIVE_INFINITY,
    meta: { toast: false },
  });
}

/** Asked once per page visit; the query string's word about the payment is never trusted. */
export function useRecordTransaction(reference: string) {
  return useQuery({ ...recordTransactionQueryOptions(reference), enabled: reference.length >= 6 });
}
