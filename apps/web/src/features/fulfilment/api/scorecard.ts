import { type StoreScorecard, scorecardEndpoints } from '@market/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The store's own scorecard (merchant), or a store's (admin). */
export function useScorecard(kind: 'merchant' | 'admin', storeId?: string) {
  return useQuery({
    queryKey: ['fulfilment', kind, 'scorecard', storeId ?? 'mine'] as const,
    queryFn: async ({ signal }): Promise<StoreScorecard> =>
      kind === 'merchant'
        ? (await api(scorecardEndpoints.merchant, { kind, signal })).data
        : (await api(scorecardEndpoints.admin, { kind, params: { storeId: storeId ?? '' }, signal })).data,
    enabled: kind === 'merchant' || Boolean(storeId),
    meta: { toast: false },
  });
}
