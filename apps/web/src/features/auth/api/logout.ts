import { type AccountKind, authEndpoints } from '@market/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { loginPath } from '../../../lib/account';
import { api } from '../../../lib/api-client';
import { getSession, useSessionStore } from '../../../lib/session';

/** Ends the session on the server (best effort), forgets it here and goes to the sign-in page. */
export function useSignOut(kind: AccountKind) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    const session = getSession(kind);
    if (session) {
      try {
        await api(authEndpoints[kind].logout, {
          kind,
          body: { refresh_token: session.refreshToken },
          timeoutMs: 5_000,
        });
      } catch {
        // the local session goes anyway; the server's expires on its own
      }
    }
    useSessionStore.getState().clearSession(kind);
    queryClient.removeQueries({ queryKey: ['session', kind] });
    navigate(loginPath(kind), { replace: true });
  }, [kind, navigate, queryClient]);
}
