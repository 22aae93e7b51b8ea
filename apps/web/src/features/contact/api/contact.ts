import { type ContactBody, contactEndpoints } from '@market/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

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
