import {
  type PlatformTestimonialBody,
  platformTestimonialEndpoints,
  type TestimonialStatus,
} from '@market/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';

export const testimonialsKeys = {
  all: ['testimonials'] as const,
  approved: ['testimonials', 'approved'] as const,
  mine: ['testimonials', 'mine'] as const,
  admin: (status: TestimonialStatus, page: number) => ['testimonials', 'admin', status, page] as const,
};

export const TESTIMONIAL_MESSAGES = {
  list: 'Could not get testimonials. Try again later.',
} as const;

/** Approved platform testimonials for the home page (public). */
export function useApprovedTestimonials() {
  return useQuery({
    queryKey: testimonialsKeys.approved,
    queryFn: async ({ signal }) =>
      (await api(platformTestimonialEndpoints.approved, { kind: 'customer', signal })).data,
    staleTime: 5 * 60 * 1000,
  });
}

export function useMyTestimonials() {
  return useQuery({
    queryKey: testimonialsKeys.mine,
    queryFn: async ({ signal }) =>
      (await api(platformTestimonialEndpoints.mine, { kind: 'customer', signal })).data,
    meta: { toast: { fallback: TESTIMONIAL_MESSAGES.list } },
  });
}

export function useSendTestimonial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PlatformTestimonialBody) =>
      api(platformTestimonialEndpoints.send, { kind: 'customer', body }),
    onSuccess: async (answer) => {
      notifySuccess(answer.message);
      await queryClient.invalidateQueries({ queryKey: testimonialsKeys.mine });
    },
  });
}

export function useAdminTestimonials(status: TestimonialStatus, page: number) {
  return useQuery({
    queryKey: testimonialsKeys.admin(status, page),
    queryFn: async ({ signal }) =>
      (
        await api(platformTestimonialEndpoints.adminList, {
          kind: 'admin',
          query: { status, page, limit: 10 },
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
    meta: { toast: { fallback: TESTIMONIAL_MESSAGES.list } },
  });
}

export function useDecideTestimonial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: 'approve' | 'reject' }) =>
      api(platformTestimonialEndpoints[decision], { kind: 'admin', params: { id } }),
    onSuccess: async (answer) => {
      notifySuccess(answer.message);
      await queryClient.invalidateQueries({ queryKey: testimonialsKeys.all });
    },
  });
}
