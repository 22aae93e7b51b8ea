import {
  type AssignOrderBody,
  type BatchMoveBody,
  type BatchOrderAnswer,
  orderBatchEndpoints,
} from '@market/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify';
import { fulfilmentKeys } from './fulfilment';

/** The store accepts or marks ready many orders; each order answers its own result. */
export function useMoveOrders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: BatchMoveBody): Promise<BatchOrderAnswer> =>
      (await api(orderBatchEndpoints.merchantMove, { kind: 'merchant', body })).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: fulfilmentKeys.all }),
    onError: (error) => notifyError(error),
  });
}

/** An admin assigns many orders to one carrier. */
export function useAssignOrders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: {
      orderIds: string[];
      assignment: AssignOrderBody;
    }): Promise<BatchOrderAnswer> =>
      (await api(orderBatchEndpoints.adminAssign, { kind: 'admin', body })).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: fulfilmentKeys.all }),
    onError: (error) => notifyError(error),
  });
}
