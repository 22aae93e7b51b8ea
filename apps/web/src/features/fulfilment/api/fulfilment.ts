import {
  type AssignOrderBody,
  adminOrderEndpoints,
  type DispatcherBody,
  fulfilmentEndpoints,
  merchantOrderEndpoints,
  partnerApprovalEndpoints,
  partnerOrderEndpoints,
  SHIPPING_EVIDENCE_FIELD,
  type UpdateOrderBody,
} from '@market/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useNotifiedMutation } from '../../../lib/notified-mutation';

/** Who looks at the chain: each account type has its own calls and its own cache. */
export type ChainViewer = 'merchant' | 'admin' | 'partner';

export const fulfilmentKeys = {
  all: ['fulfilment'] as const,
  list: (viewer: ChainViewer, query: object) => ['fulfilment', viewer, 'list', query] as const,
  queue: (query: object) => ['fulfilment', 'admin', 'queue', query] as const,
  one: (viewer: ChainViewer, id: string) => ['fulfilment', viewer, 'one', id] as const,
  carriers: ['fulfilment', 'admin', 'carriers'] as const,
};

export const FULFILMENT_MESSAGES = {
  orders: 'Could not get orders. Try again later.',
  order: 'Could not get this order. Try again later.',
  decline: 'Failed to decline order',
  assign: 'Check network connection',
} as const;

export interface StaffOrdersQuery {
  page: number;
  limit: number;
  status?: string;
  from?: string;
  to?: string;
  search?: string;
  mine?: 'true';
}

type StatusCode = UpdateOrderBody['status'];
const asStatus = (status?: string) => (status ? (status as StatusCode) : undefined);

/** The merchant's or the admin's order list, filtered and paged by the server. */
export function useStaffOrders(viewer: 'merchant' | 'admin', query: StaffOrdersQuery) {
  return useQuery({
    queryKey: fulfilmentKeys.list(viewer, query),
    queryFn: async ({ signal }) => {
      const filters = { ...query, status: asStatus(query.status) };
      return viewer === 'merchant'
        ? (await api(merchantOrderEndpoints.list, { kind: 'merchant', query: filters, signal })).data
        : (await api(adminOrderEndpoints.list, { kind: 'admin', query: filters, signal })).data;
    },
    placeholderData: keepPreviousData,
    meta: { toast: { fallback: FULFILMENT_MESSAGES.orders } },
  });
}

/** Orders waiting for a carrier. */
export function useAssignmentQueue(page: number) {
  return useQuery({
    queryKey: fulfilmentKeys.queue({ page }),
    queryFn: async ({ signal }) =>
      (await api(adminOrderEndpoints.queue, { kind: 'admin', query: { page, limit: 20 }, signal })).data,
    placeholderData: keepPreviousData,
    meta: { toast: { fallback: FULFILMENT_MESSAGES.orders } },
  });
}

export function useStaffOrder(viewer: 'merchant' | 'admin', id: string) {
  return useQuery({
    queryKey: fulfilmentKeys.one(viewer, id),
    queryFn: async ({ signal }) =>
      viewer === 'merchant'
        ? (await api(merchantOrderEndpoints.one, { kind: 'merchant', params: { id }, signal })).data
        : (await api(adminOrderEndpoints.one, { kind: 'admin', params: { id }, signal })).data,
    enabled: Boolean(id),
    meta: { toast: false },
  });
}

export function useCarriers(enabled = true) {
  return useQuery({
    queryKey: fulfilmentKeys.carriers,
    queryFn: async ({ signal }) => (await api(adminOrderEndpoints.carriers, { kind: 'admin', signal })).data,
    enabled,
  });
}

export function usePartnerOrders(page: number, status?: string) {
  return useQuery({
    queryKey: fulfilmentKeys.list('partner', { page, status }),
    queryFn: async ({ signal }) =>
      (
        await api(partnerOrderEndpoints.list, {
          kind: 'partner',
          query: { page, limit: 20, status: asStatus(status) },
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
    meta: { toast: { fallback: FULFILMENT_MESSAGES.orders } },
  });
}

export function usePartnerOrder(id: string) {
  return useQuery({
    queryKey: fulfilmentKeys.one('partner', id),
    queryFn: async ({ signal }) =>
      (await api(partnerOrderEndpoints.one, { kind: 'partner', params: { id }, signal })).data,
    enabled: Boolean(id),
    meta: { toast: false },
  });
}

function useChainMutation<T>(run: (input: T) => Promise<{ message: string }>, fallback?: string) {
  return useNotifiedMutation(run, { invalidate: fulfilmentKeys.all, fallback });
}

/** A move, with the photo the move asks for (shipping evidence), if any. */
export type OrderMoveInput = UpdateOrderBody & { photo?: File };

/**
 * One move along the status machine (`PATCH /ordertracking/update-order/{id}`): JSON, or multipart with the
 * move's fields and the photo in the `evidence` field when there is one.
 */
export function useUpdateOrder(viewer: ChainViewer, id: string) {
  return useChainMutation(({ photo, ...body }: OrderMoveInput) => {
    if (!photo) return api(fulfilmentEndpoints.updateOrder, { kind: viewer, params: { id }, body });
    const form = new FormData();
    for (const [name, value] of Object.entries(body)) {
      if (typeof value === 'string' && value !== '') form.append(name, value);
    }
    form.append(SHIPPING_EVIDENCE_FIELD, photo);
    return api(fulfilmentEndpoints.updateOrder, { kind: viewer, params: { id }, body, form });
  });
}

export function useIssueToken(id: string) {
  return useChainMutation(() => api(fulfilmentEndpoints.updateToken, { kind: 'admin', params: { id } }));
}

export function useAssignOrder(id: string) {
  return useChainMutation(
    (body: AssignOrderBody) => api(adminOrderEndpoints.assign, { kind: 'admin', params: { id }, body }),
    FULFILMENT_MESSAGES.assign,
  );
}

export function usePartnerAccept(id: string) {
  return useChainMutation(() => api(partnerOrderEndpoints.accept, { kind: 'partner', params: { id } }));
}

export function usePartnerDecline(id: string) {
  return useChainMutation(
    (reason: string) =>
      api(partnerOrderEndpoints.decline, { kind: 'partner', params: { id }, body: { reason } }),
    FULFILMENT_MESSAGES.decline,
  );
}

export function useSetDispatcher(id: string) {
  return useChainMutation((body: DispatcherBody) =>
    api(partnerOrderEndpoints.dispatcher, { kind: 'partner', params: { id }, body }),
  );
}

export function usePartnerApplications(status: 'pending' | 'approved') {
  return useQuery({
    queryKey: ['fulfilment', 'admin', 'partners', status] as const,
    queryFn: async ({ signal }) =>
      (await api(partnerApprovalEndpoints.list, { kind: 'admin', query: { status }, signal })).data,
    meta: { toast: { fallback: 'Could not get shipping partners. Try again later.' } },
  });
}

export function useApprovePartner() {
  return useChainMutation((id: string) =>
    api(partnerApprovalEndpoints.approve, { kind: 'admin', params: { id } }),
  );
}
