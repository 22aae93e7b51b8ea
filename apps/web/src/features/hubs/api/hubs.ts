import {
  type HubApplicationBody,
  type HubApplicationStatus,
  type HubBody,
  hubAdminEndpoints,
  hubEndpoints,
} from '@market/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useNotifiedMutation } from '../../../lib/notified-mutation';

/** Who applies for a hub: a store's member or a shipping partner (each with its own session). */
export type HubApplicant = 'merchant' | 'partner';

export const hubKeys = {
  all: ['hubs'] as const,
  adminList: ['hubs', 'admin', 'list'] as const,
  applications: (status: HubApplicationStatus) => ['hubs', 'admin', 'applications', status] as const,
  open: (kind: HubApplicant) => ['hubs', kind, 'open'] as const,
  mine: (kind: HubApplicant) => ['hubs', kind, 'mine'] as const,
};

export const HUB_MESSAGES = {
  hubs: 'Could not get hubs. Try again later.',
  applications: 'Could not get hub applications. Try again later.',
} as const;

export function useAdminHubs() {
  return useQuery({
    queryKey: hubKeys.adminList,
    queryFn: async ({ signal }) => (await api(hubAdminEndpoints.list, { kind: 'admin', signal })).data,
    meta: { toast: false },
  });
}

export function useHubApplications(status: HubApplicationStatus) {
  return useQuery({
    queryKey: hubKeys.applications(status),
    queryFn: async ({ signal }) =>
      (await api(hubAdminEndpoints.applications, { kind: 'admin', query: { status }, signal })).data,
    meta: { toast: false },
  });
}

export function useOpenHubs(kind: HubApplicant) {
  return useQuery({
    queryKey: hubKeys.open(kind),
    queryFn: async ({ signal }) => (await api(hubEndpoints.approved, { kind, signal })).data,
    meta: { toast: false },
  });
}

export function useMyHubApplications(kind: HubApplicant) {
  return useQuery({
    queryKey: hubKeys.mine(kind),
    queryFn: async ({ signal }) => (await api(hubEndpoints.mine, { kind, signal })).data,
    meta: { toast: false },
  });
}

/** A hub write; forms show field errors themselves, so only the success is toasted here. */
function useHubMutation<T>(run: (input: T) => Promise<{ message: string }>, toastErrors = true) {
  return useNotifiedMutation(run, { invalidate: hubKeys.all, toastErrors });
}

export function useSaveHub() {
  return useHubMutation(
    ({ id, body }: { id?: string; body: HubBody }) =>
      id
        ? api(hubAdminEndpoints.update, { kind: 'admin', params: { id }, body })
        : api(hubAdminEndpoints.create, { kind: 'admin', body }),
    false,
  );
}

export function useApproveHubApplication() {
  return useHubMutation((id: string) => api(hubAdminEndpoints.approve, { kind: 'admin', params: { id } }));
}

export function useRejectHubApplication() {
  return useHubMutation(({ id, reason }: { id: string; reason: string }) =>
    api(hubAdminEndpoints.reject, { kind: 'admin', params: { id }, body: { reason } }),
  );
}

export function useApplyForHub(kind: HubApplicant) {
  return useHubMutation((body: HubApplicationBody) => api(hubEndpoints.apply, { kind, body }), false);
}
