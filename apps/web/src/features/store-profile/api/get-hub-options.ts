import { hubEndpoints } from '@market/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The hubs the store may name in its profile: those its applications were approved for (one entry per hub). */
export function useStoreHubOptions() {
  return useQuery({
    // Shares the cache key of the hubs page, so an approval seen there shows here too.
    queryKey: ['hubs', 'merchant', 'mine'] as const,
    queryFn: async ({ signal }) => (await api(hubEndpoints.mine, { kind: 'merchant', signal })).data,
    select: (applications) => {
      const hubs = new Map<string, string>();
      for (const application of applications)
        if (application.status === 'approved') hubs.set(application.hub.id, application.hub.name);
      return [...hubs].map(([id, name]) => ({ id, name }));
    },
    meta: { toast: false },
  });
}
