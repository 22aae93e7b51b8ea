import {
  type AssignPickupBody,
  adminOrderEndpoints,
  type PickupStatus,
  returnPickupEndpoints,
} from '@market/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useNotifiedMutation } from '../../../lib/notified-mutation';
import { returnsKeys } from './returns-keys';

// Return pickups (ADR 060): admins assign a carrier; the carrier collects (token + photo) and drops off (photo).

export const PICKUP_MESSAGES = {
  pickups: 'Could not get return pickups. Try again later.',
  failed: 'Something went wrong. Try again.',
} as const;

const pickupKeys = {
  admin: (query: object) => [...returnsKeys.all, 'pickups', 'admin', query] as const,
  carrier: (viewer: 'admin' | 'partner', query: object) =>
    [...returnsKeys.all, 'pickups', 'carrier', viewer, query] as const,
};

export function useAdminPickups(page: number, status?: PickupStatus) {
  const query = { page, limit: 20, ...(status ? { status } : {}) };
  return useQuery({
    queryKey: pickupKeys.admin(query),
    queryFn: async ({ signal }) =>
      (await api(returnPickupEndpoints.adminList, { kind: 'admin', query, signal })).data,
    placeholderData: keepPreviousData,
    meta: { toast: { fallback: PICKUP_MESSAGES.pickups } },
  });
}

export function useCarrierPickups(viewer: 'admin' | 'partner', page: number) {
  const query = { page, limit: 20 };
  return useQuery({
    queryKey: pickupKeys.carrier(viewer, query),
    queryFn: async ({ signal }) =>
      (await api(returnPickupEndpoints.carrierList, { kind: viewer, query, signal })).data,
    placeholderData: keepPreviousData,
    meta: { toast: { fallback: PICKUP_MESSAGES.pickups } },
  });
}

function usePickupMutation<T>(run: (input: T) => Promise<{ message: string }>) {
  return useNotifiedMutation(run, { invalidate: returnsKeys.all, fallback: PICKUP_MESSAGES.failed });
}

export function useAssignPickup(id: string) {
  return usePickupMutation((body: AssignPickupBody) =>
    api(returnPickupEndpoints.assign, { kind: 'admin', params: { id }, body }),
  );
}

/** Collects with the customer's token and a photo (multipart, photo in `evidence`). */
export function useCollectPickup(viewer: 'admin' | 'partner', id: string) {
  return usePickupMutation(({ pickupToken, photo }: { pickupToken: string; photo: File }) => {
    const form = new FormData();
    form.append('pickupToken', pickupToken);
    form.append('evidence', photo);
    return api(returnPickupEndpoints.collect, { kind: viewer, params: { id }, body: { pickupToken }, form });
  });
}

export function useDropOffPickup(viewer: 'admin' | 'partner', id: string) {
  return usePickupMutation(({ photo }: { photo: File }) => {
    const form = new FormData();
    form.append('evidence', photo);
    return api(returnPickupEndpoints.dropOff, { kind: viewer, params: { id }, body: {}, form });
  });
}

/** The carriers an admin may give a pickup to: the same list as for orders (partners and dispatchers). */
export function usePickupCarriers() {
  return useQuery({
    queryKey: ['returns', 'pickups', 'carriers'] as const,
    queryFn: async ({ signal }) => (await api(adminOrderEndpoints.carriers, { kind: 'admin', signal })).data,
  });
}
