import { staffEndpoints } from '@market/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const staffKeys = {
  all: ['staff'] as const,
  list: ['staff', 'list'] as const,
  roles: ['staff', 'roles'] as const,
};

export function staffListQueryOptions() {
  return queryOptions({
    queryKey: staffKeys.list,
    queryFn: async ({ signal }) => (await api(staffEndpoints.list, { kind: 'merchant', signal })).data.staff,
  });
}

export function useStaffList() {
  return useQuery(staffListQueryOptions());
}
