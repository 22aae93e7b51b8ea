import { productAdminEndpoints, storeAdminEndpoints } from '@market/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useNotifiedMutation } from '../../../lib/notified-mutation';

const outletsKey = ['official-outlets'] as const;

export function listOutlets(signal?: AbortSignal) {
  return api(productAdminEndpoints.officialOutlets, { kind: 'admin', signal });
}

export function outletsQueryOptions() {
  return queryOptions({
    queryKey: outletsKey,
    queryFn: async ({ signal }) => (await listOutlets(signal)).data,
  });
}

export function useOutlets() {
  return useQuery(outletsQueryOptions());
}

function useOutletMutation<T>(run: (input: T) => Promise<{ message: string }>) {
  return useNotifiedMutation(run, { invalidate: outletsKey });
}

export function useAddOutlet() {
  return useOutletMutation((storeId: string) =>
    api(productAdminEndpoints.addOfficialOutlet, { kind: 'admin', body: { storeId } }),
  );
}

export function useRemoveOutlet() {
  return useOutletMutation((id: string) =>
    api(productAdminEndpoints.deleteOfficialOutlet, { kind: 'admin', params: { id } }),
  );
}

/** Approved stores matching a search, to feature as official outlets. */
export function useStoreSearch(search: string) {
  return useQuery({
    queryKey: ['admin-stores', 'search', search] as const,
    queryFn: async ({ signal }) =>
      (
        await api(storeAdminEndpoints.list, {
          kind: 'admin',
          query: { page: 1, limit: 10, search, approvalStatus: 'approved' },
          signal,
        })
      ).data.stores,
    enabled: search.length > 0,
  });
}
