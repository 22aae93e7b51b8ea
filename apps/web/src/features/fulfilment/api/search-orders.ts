import { type OrderSearchAnswer, orderSearchEndpoints } from '@market/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Admin search across stores; no call until the query is long enough to mean something. */
export function useOrderSearch(q: string) {
  const query = q.trim();
  return useQuery({
    queryKey: ['fulfilment', 'admin', 'search', query] as const,
    queryFn: async ({ signal }): Promise<OrderSearchAnswer> =>
      (await api(orderSearchEndpoints.search, { kind: 'admin', query: { q: query, limit: 20 }, signal }))
        .data,
    enabled: query.length >= 2,
    placeholderData: keepPreviousData,
    meta: { toast: false },
  });
}
