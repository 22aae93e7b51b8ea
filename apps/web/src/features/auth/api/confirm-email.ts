import { authEndpoints } from '@market/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { SignupKind } from './signup';

export function confirmEmail(kind: SignupKind, token: string) {
  return api(authEndpoints[kind].confirm, { kind, params: { token } });
}

/** The link is single-use, so the answer is kept for the life of the page and never retried. */
export function confirmEmailQueryOptions(kind: SignupKind, token: string) {
  return queryOptions({
    queryKey: ['auth', 'confirm-email', kind, token],
    queryFn: () => confirmEmail(kind, token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    meta: { toast: false },
  });
}

export function useConfirmEmail(kind: SignupKind, token: string) {
  return useQuery(confirmEmailQueryOptions(kind, token));
}
