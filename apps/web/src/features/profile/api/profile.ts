import {
  type ChangeEmailBody,
  type CustomerProfile,
  customerProfileEndpoints,
  type UpdateProfileBody,
} from '@market/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { getSession, useSessionStore } from '../../../lib/session';

export const profileKeys = { mine: ['profile', 'customer'] as const };
export const PROFILE_MESSAGES = { profile: 'Could not get your profile. Try again later.' } as const;

export function useProfile() {
  return useQuery({
    queryKey: profileKeys.mine,
    queryFn: async ({ signal }) =>
      (await api(customerProfileEndpoints.get, { kind: 'customer', signal })).data,
    meta: { toast: { fallback: PROFILE_MESSAGES.profile } },
  });
}

/** The header greets the customer by the stored session's name: keep it in step with the profile. */
function syncSession(profile: CustomerProfile) {
  const session = getSession('customer');
  if (!session || !('firstName' in session.user)) return;
  useSessionStore.getState().setSession('customer', {
    ...session,
    user: {
      ...session.user,
      firstName: profile.firstName,
      lastName: profile.lastName,
      phoneNumber: profile.phoneNumber,
      image: profile.image,
      email: profile.email,
    },
  });
}

function useProfileMutation<Input>(
  call: (input: Input) => Promise<{ message: string; data: CustomerProfile }>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (answer) => {
      notifySuccess(answer.message);
      queryClient.setQueryData(profileKeys.mine, answer.data);
      syncSession(answer.data);
    },
  });
}

export function useUpdateProfile() {
  return useProfileMutation((body: UpdateProfileBody) =>
    api(customerProfileEndpoints.update, { kind: 'customer', body }),
  );
}

export function useUploadPhoto() {
  return useProfileMutation((file: File) => {
    const form = new FormData();
    form.append('photo', file);
    return api(customerProfileEndpoints.photo, { kind: 'customer', form });
  });
}

export function useRemovePhoto() {
  return useProfileMutation((_: undefined) =>
    api(customerProfileEndpoints.removePhoto, { kind: 'customer' }),
  );
}

export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangeEmailBody) =>
      api(customerProfileEndpoints.changeEmail, { kind: 'customer', body }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: profileKeys.mine });
    },
  });
}

/** The mailed link is single-use: confirmed once for the life of the page, never retried. */
export function useConfirmEmailChange(token: string) {
  return useQuery({
    queryKey: ['profile', 'confirm-email-change', token],
    queryFn: () => api(customerProfileEndpoints.confirmEmailChange, { kind: 'customer', params: { token } }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    meta: { toast: false },
  });
}
