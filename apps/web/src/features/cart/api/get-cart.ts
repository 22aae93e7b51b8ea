import { type CartState, cartEndpoints } from '@market/contracts';
import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../../lib/api-client';
import { ApiError } from '../../../lib/errors';
import { useSession } from '../../../lib/session';
import { CART_GC_TIME_MS, CART_MESSAGES, CART_STALE_TIME_MS, cartKeys, cartMutationKey } from './cart-keys';

export function getCart(signal?: AbortSignal) {
  return api(cartEndpoints.get, { kind: 'customer', signal });
}

/** One retry, never on 401 or 429 or another refusal (section 9). */
function retryCartOnce(failureCount: number, error: unknown): boolean {
  if (failureCount >= 1) return false;
  return !(error instanceof ApiError) || error.status >= 500;
}

export function cartQueryOptions(customerId: string) {
  return queryOptions({
    queryKey: cartKeys.cart(customerId),
    queryFn: async ({ signal }) => (await getCart(signal)).data,
    staleTime: CART_STALE_TIME_MS,
    gcTime: CART_GC_TIME_MS,
    retry: retryCartOnce,
    meta: { toast: { fallback: CART_MESSAGES.cart } },
  });
}

/** The signed-in customer's cart, priced by the server; never fetched for visitors (section 5). */
export function useCart() {
  const customerId = useSession('customer')?.user.id;
  return useQuery({ ...cartQueryOptions(customerId ?? ''), enabled: Boolean(customerId) });
}

/** Puts a cart state answered by the server in the cache, unless another cart change is still on its way. */
export function storeCartAnswer(queryClient: QueryClient, customerId: string, cart: CartState): void {
  if (queryClient.isMutating({ mutationKey: cartMutationKey }) <= 1) {
    queryClient.setQueryData(cartKeys.cart(customerId), cart);
  }
}

/** After the last of several quick changes, the server's cart is read again. */
export function refreshCartWhenIdle(queryClient: QueryClient, customerId: string): Promise<void> | undefined {
  if (queryClient.isMutating({ mutationKey: cartMutationKey }) > 1) return undefined;
  return queryClient.invalidateQueries({ queryKey: cartKeys.cart(customerId) });
}

/** For pages outside the cart feature (the payment return) that changed the cart on the server. */
export function useInvalidateCart() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: cartKeys.all }), [queryClient]);
}
