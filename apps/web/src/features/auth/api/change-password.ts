import { type AccountKind, authEndpoints } from '@market/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function changePassword(kind: AccountKind, body: { oldPassword: string; newPassword: string }) {
  return api(authEndpoints.changePassword, { kind, body });
}

export function useChangePassword(kind: AccountKind) {
  return useMutation({
    mutationFn: (body: { oldPassword: string; newPassword: string }) => changePassword(kind, body),
    meta: { toast: { network: 'password', fallback: 'There was an error. Please try again' } },
  });
}
