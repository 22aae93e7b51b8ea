import { type AccountKind, authEndpoints } from '@market/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function forgotPassword(kind: AccountKind, email: string) {
  return api(authEndpoints[kind].forgotPassword, { kind, body: { email } });
}

export function useForgotPassword(kind: AccountKind) {
  return useMutation({
    mutationFn: (email: string) => forgotPassword(kind, email),
    // The form shows the failure once (role="alert"); no toast repeats it.
    meta: { toast: false },
  });
}
