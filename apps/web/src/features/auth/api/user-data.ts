import { type AccountKind, authEndpoints } from '@market/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useSessionStore } from '../../../lib/session';

export function getUserData(kind: AccountKind) {
  return api(authEndpoints.userData, { kind });
}

export function userDataQueryOptions(kind: AccountKind) {
  return queryOptions({
    queryKey: ['session', kind, 'userdata'],
    queryFn: async () => {
      const answer = await getUserData(kind);
      // keep the saved user in step with the server (name, role, store)
      const current = useSessionStore.getState().sessions[kind];
      if (current) useSessionStore.getState().setSession(kind, { ...current, user: answer.data });
      return answer.data;
    },
    meta: { toast: { fallback: 'Could not get user data. Try again later.' } },
  });
}

export function useUserData(kind: AccountKind, enabled = true) {
  return useQuery({ ...userDataQueryOptions(kind), enabled });
}
