import { reconciliationEndpoints } from '@market/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';

export type DifferenceFilter = 'open' | 'explained' | 'all';

export const reconciliationKeys = {
  all: ['reconciliation'] as const,
  view: (show: DifferenceFilter) => ['reconciliation', 'view', show] as const,
};

export const RECONCILIATION_MESSAGES = {
  view: 'Could not load the reconciliation',
  run: 'Could not reconcile with Paystack',
  explain: 'Could not mark the difference explained',
};

/** The newest run and its differences (open ones unless asked otherwise). */
export function useReconciliation(show: DifferenceFilter) {
  return useQuery({
    queryKey: reconciliationKeys.view(show),
    queryFn: async ({ signal }) =>
      (await api(reconciliationEndpoints.view, { kind: 'admin', query: { show }, signal })).data,
  });
}

/** Runs a comparison now; it only reads, so a repeat is harmless. A refused window stays with the form (422). */
export function useRunReconciliation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (window: { from: string; to: string }) =>
      api(reconciliationEndpoints.run, { kind: 'admin', body: window }),
    meta: { toast: false },
    onSuccess: async (answer) => {
      notifySuccess(answer.message);
      await queryClient.invalidateQueries({ queryKey: reconciliationKeys.all });
    },
  });
}

export function useExplainDifference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ differenceId, note }: { differenceId: string; note: string }) =>
      api(reconciliationEndpoints.explain, { kind: 'admin', params: { differenceId }, body: { note } }),
    meta: { toast: false },
    onSuccess: async (answer) => {
      notifySuccess(answer.message);
      await queryClient.invalidateQueries({ queryKey: reconciliationKeys.all });
    },
    onError: (error) => notifyError(error, { fallback: RECONCILIATION_MESSAGES.explain }),
  });
}
