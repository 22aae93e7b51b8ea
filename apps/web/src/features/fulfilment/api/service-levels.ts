import { type ServiceLevelsAnswer, serviceLevelEndpoints } from '@market/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Late orders: the store's own, or every store's for an admin who reads all orders. */
export function useServiceLevels(kind: 'merchant' | 'admin') {
  return useQuery({
    queryKey: ['fulfilment', kind, 'service-levels'] as const,
    queryFn: async ({ signal }): Promise<ServiceLevelsAnswer> =>
      (await api(serviceLevelEndpoints[kind], { kind, signal })).data,
    meta: { toast: false },
  });
}
