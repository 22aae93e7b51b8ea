import { type AccountKind, authEndpoints, type LoginBody } from '@market/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { toStoredSession, useSessionStore } from '../../../lib/session';

export function login(kind: AccountKind, body: LoginBody) {
  return api(authEndpoints[kind].login, { kind, body });
}

/**
 * Signs in; on success the tokens and user are saved for this account type. A failure is shown once, in the
 * form (role="alert"), so no toast repeats it.
 */
export function useLogin(kind: AccountKind) {
  const setSession = useSessionStore((state) => state.setSession);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginBody) => login(kind, body),
    meta: { toast: false },
    onSuccess: (answer) => {
      // Whatever a previous account of this kind cached (its user data, its permissions) is not this one's.
      queryClient.removeQueries({ queryKey: ['session', kind] });
      setSession(kind, toStoredSession(answer.data));
    },
  });
}
