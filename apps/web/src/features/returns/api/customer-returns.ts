import { type CreateReturnBody, customerReturnEndpoints } from '@market/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { ordersKeys } from '../../orders/api/orders-keys';
import { RETURN_MESSAGES, returnsKeys } from './returns-keys';

/** The customer's returns of one order (or all), newest first. */
export function useCustomerReturns(orderId?: string) {
  const customerId = useSession('customer')?.user.id ?? '';
  const query = { page: 1, limit: 20, ...(orderId ? { orderId } : {}) };
  return useQuery({
    queryKey: returnsKeys.customer(customerId, query),
    queryFn: async ({ signal }) =>
      (await api(customerReturnEndpoints.list, { kind: 'customer', query, signal })).data,
    enabled: Boolean(customerId),
    meta: { toast: false },
  });
}

/** Every refund of one of the customer's orders, in the customer's words. */
export function useOrderRefunds(orderId: string) {
  const customerId = useSession('customer')?.user.id ?? '';
  return useQuery({
    queryKey: returnsKeys.customer(customerId, { orderRefunds: orderId }),
    queryFn: async ({ signal }) =>
      (await api(customerReturnEndpoints.orderRefunds, { kind: 'customer', params: { orderId }, signal }))
        .data,
    enabled: Boolean(customerId && orderId),
    meta: { toast: false },
  });
}

function useRefreshAfter() {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: returnsKeys.all }),
      queryClient.invalidateQueries({ queryKey: ordersKeys.all }),
    ]);
  };
}

/** `POST /ordertracking/create-return`: "Order return was successful" / "Order replacement was successful". */
export function useCreateReturn() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (body: CreateReturnBody) => api(customerReturnEndpoints.create, { kind: 'customer', body }),
    onSuccess: async (answer) => {
      notifySuccess(answer.message);
      await refresh();
    },
    onError: (error) => notifyError(error, { fallback: RETURN_MESSAGES.failed }),
  });
}

export function useUploadReturnPhoto() {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('image', file);
      return api(customerReturnEndpoints.uploadPhoto, { kind: 'customer', form });
    },
    onError: (error) => notifyError(error, { fallback: RETURN_MESSAGES.failed }),
  });
}

export function useDisputeReturn(id: string) {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (reason: string) =>
      api(customerReturnEndpoints.dispute, { kind: 'customer', params: { id }, body: { reason } }),
    onSuccess: async (answer) => {
      notifySuccess(answer.message);
      await refresh();
    },
    onError: (error) => notifyError(error, { fallback: RETURN_MESSAGES.failed }),
  });
}
