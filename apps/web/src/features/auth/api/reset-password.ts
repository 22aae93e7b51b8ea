import { type AccountKind, authEndpoints } from '@market/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function resetPassword(kind: AccountKind, token: string, password: string) {
  return api(authEndpoints[kind].resetPassword, { kind, params: { token }, body: { password } });
}

export function useResetPassword(kind: AccountKind, token: string) {
  return useMutation({
    mutationFn: (password: string) => resetPassword(kind, token, password),
    // The form shows the failure once (role="alert"); no toast repeats it.
    meta: { toast: false },
  });
}
