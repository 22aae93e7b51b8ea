import { type AccountKind, authEndpoints } from '@market/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function resetPassword(kind: AccountKind, token: string, password: string) {
  return api(authEndpoints[kind].resetPassword, { kind, params: { token }, body: { password } });
}

export function useResetPassword(kind: AccountKind, token: string) {
  return useMutation({
    mutationFn: (password: string) => resetPassword(kind, token, password),
    meta: { toast: { network: 'password' } },
  });
}
