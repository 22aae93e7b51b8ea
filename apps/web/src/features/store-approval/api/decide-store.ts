import { type paymentCategories, storeAdminEndpoints } from '@market/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { adminStoresKeys } from './list-stores';

export type PaymentCategory = (typeof paymentCategories)[number];

export function approveStore(id: string) {
  return api(storeAdminEndpoints.approve, { kind: 'admin', params: { id } });
}

export function rejectStore(id: string, reason: string) {
  return api(storeAdminEndpoints.reject, { kind: 'admin', params: { id }, body: { reason } });
}

export function setPaymentCategory(id: string, paymentCategory: PaymentCategory) {
  return api(storeAdminEndpoints.paymentCategory, {
    kind: 'admin',
    params: { id },
    body: { paymentCategory },
  });
}

function useStoreDecision<T>(
  id: string,
  run: (input: T) => ReturnType<typeof approveStore>,
  fallback?: string,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async (answer) => {
      notifySuccess(answer.message);
      queryClient.setQueryData(adminStoresKeys.one(id), answer.data);
      await queryClient.invalidateQueries({ queryKey: adminStoresKeys.all });
    },
    onError: (error) => notifyError(error, fallback ? { fallback } : undefined),
  });
}

/** Gives the first or the second approval (the server takes care that two different approvers give them). */
export function useApproveStore(id: string) {
  return useStoreDecision<void>(id, () => approveStore(id));
}

/** Rejects a store; the reason is mailed to the merchant. */
export function useRejectStore(id: string) {
  return useStoreDecision<string>(id, (reason) => rejectStore(id, reason));
}

export function useSetPaymentCategory(id: string) {
  return useStoreDecision<PaymentCategory>(
    id,
    (category) => setPaymentCategory(id, category),
    'Could not update payment category. Try again later.',
  );
}
