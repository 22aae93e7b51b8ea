import { checkoutEndpoints, type Tracker } from '@market/contracts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { checkoutKeys, TRACKER_POLL_DELAYS_MS } from './checkout-keys';

export function getTracker(reference: string, signal?: AbortSignal) {
  return api(checkoutEndpoints.tracker, { kind: 'customer', params: { reference }, signal });
}

export function trackerQueryOptions(reference: string) {
  return queryOptions({
    queryKey: checkoutKeys.tracker(reference),
    queryFn: async ({ signal }) => (await getTracker(reference, signal)).data,
    meta: { toast: false },
  });
}

/** The delay before the next check, or false once the checkout is settled or the checks are used up. */
export function nextTrackerPoll(tracker: Tracker | undefined, checksDone: number): number | false {
  if (tracker && tracker.status !== 'awaiting_payment') return false;
  return TRACKER_POLL_DELAYS_MS[checksDone] ?? false;
}

/** While a payment waits for the provider's word (the webhook), the checkout is checked again with backoff. */
export function useTrackerPolling(reference: string, enabled: boolean) {
  const queryClient = useQueryClient();
  const query = useQuery({
    ...trackerQueryOptions(reference),
    enabled,
    refetchInterval: (current) => nextTrackerPoll(current.state.data, current.state.dataUpdateCount),
  });
  const checks = queryClient.getQueryState(checkoutKeys.tracker(reference))?.dataUpdateCount ?? 0;
  return { query, checks, gaveUp: !query.isFetching && nextTrackerPoll(query.data, checks) === false };
}
