import { authEndpoints } from '@market/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { SignupKind } from './signup';

export function resendConfirmation(kind: SignupKind, email: string) {
  return api(authEndpoints[kind].resendConfirmation, { kind, body: { email } });
}

export function useResendConfirmation(kind: SignupKind) {
  return useMutation({
    mutationFn: (email: string) => resendConfirmation(kind, email),
    meta: { toast: { network: 'default' } },
  });
}
