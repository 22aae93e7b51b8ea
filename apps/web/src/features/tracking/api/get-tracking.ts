import { trackingEndpoints } from '@market/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** An order's status from the signed link in its messages; no session is needed or sent. */
export function useTracking(token: string) {
  return useQuery({
    queryKey: ['tracking', token],
    queryFn: async ({ signal }) =>
      (await api(trackingEndpoints.track, { kind: 'customer', params: { token }, signal })).data,
    // A refused link (404) stays refused: asking again would only spend the rate limit.
    retry: false,
    meta: { toast: false },
  });
}
