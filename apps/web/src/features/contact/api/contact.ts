import { type ContactBody, type ContactStatus, contactEndpoints } from '@market/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';

export function useSendContact() {
  return useMutation({
    mutationFn: (body: ContactBody) => api(contactEndpoints.send, { kind: 'customer', body }),
  });
}

/** Messages sent through the contact form, newest first (admins). */
export function useContactMessages(page: number) {
  return useQuery({
    queryKey: ['contact', 'admin', page],
    queryFn: async ({ signal }) =>
      (await api(contactEndpoints.adminList, { kind: 'admin', query: { page, limit: 10 }, signal })).data,
    placeholderData: keepPreviousData,
    meta: { toast: { fallback: 'Could not get messages. Try again later.' } },
  });
}

/** Marks a message new, answered or closed (admins). */
export function useSetContactStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: ContactStatus }) =>
      api(contactEndpoints.setStatus, { kind: 'admin', params: { id }, body: { status } }),
    onSuccess: async (answer) => {
      notifySuccess(answer.message);
      await queryClient.invalidateQueries({ queryKey: ['contact', 'admin'] });
    },
  });
}

/** Mails a reply to the sender; the message becomes answered (admins). */
export function useReplyToContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reply }: { id: string; reply: string }) =>
      api(contactEndpoints.reply, { kind: 'admin', params: { id }, body: { reply } }),
    onSuccess: async (answer) => {
      notifySuccess(answer.message);
      await queryClient.invalidateQueries({ queryKey: ['contact', 'admin'] });
    },
  });
}

/** The first mail's link: confirms the sender's address once for the life of the page, never retried. */
export function useConfirmContactAddress(token: string) {
  return useQuery({
    queryKey: ['contact', 'confirm', token],
    queryFn: () => api(contactEndpoints.confirm, { kind: 'customer', params: { token } }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    meta: { toast: false },
  });
}
