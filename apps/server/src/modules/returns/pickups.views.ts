import type { CarrierPickup, CustomerReturnPickup, PickupStatus, ReturnPickup } from '@market/contracts';
import { pickupStatusNames } from '@market/contracts';
import type { Db } from '../../platform/db/client.js';
import { pageInfo } from '../../platform/db/paging.js';
import type { Deps } from '../../platform/deps.js';
import type { OrdersService } from '../orders/index.js';
import { storePickupPlace } from '../stores/index.js';
import type { PickupRow } from './returns.repository.js';
import * as repository from './returns.repository.js';
// A return's pickup as each party reads it (issue 23, ADR 060), who carries it, and the context the pickup
// service's functions share (ADR 091).

export interface PickupCaller {
  kind: 'customer' | 'merchant' | 'admin' | 'partner';
  userId: string;
  permissions: readonly string[];
}

export interface EvidenceUpload {
  bytes: Buffer;
}

/** What the pickup service's functions work with: the platform's deps and the orders module. */
export interface PickupsContext {
  deps: Deps;
  db: Db;
  orders: OrdersService;
}

export const statusOf = (status: PickupStatus) => ({
  code_name: status,
  known_name: pickupStatusNames[status],
});

/** The stored file's purpose of a pickup photo: the pickup and the step it is evidence of. */
export const pickupEvidencePurpose = (pickupId: string, step: 'collected' | 'delivered_to_store') =>
  `pickup-evidence:${pickupId}:${step}`;

export function pickupView(row: PickupRow): ReturnPickup {
  return {
    id: row.id,
    status: statusOf(row.status),
    carrierKind: row.carrierKind,
    carrierName: row.carrierName,
    collectionLocked: row.locked,
    collectEvidence: row.collectEvidence,
    dropOffEvidence: row.dropOffEvidence,
    assignedAt: row.assignedAt?.toISOString() ?? null,
    collectedAt: row.collectedAt?.toISOString() ?? null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
  };
}

/** The customer's own pickup: the token shows while the carrier is still to collect. */
export function customerPickupView(row: PickupRow): CustomerReturnPickup {
  return { ...pickupView(row), pickupToken: row.status === 'assigned' ? row.pickupToken : null };
}

/** Whether the caller carries this pickup: its partner, or its dispatcher allowed to carry orders. */
export const carries = (row: PickupRow, caller: PickupCaller) =>
  (caller.kind === 'partner' && row.partnerId === caller.userId) ||
  (caller.kind === 'admin' &&
    row.dispatcherId === caller.userId &&
    caller.permissions.includes('orders:carry'));

export async function carrierView(
  ctx: PickupsContext,
  executor: Db,
  row: PickupRow,
  caller: PickupCaller,
): Promise<CarrierPickup> {
  const [order, ret, dropOff] = await Promise.all([
    ctx.orders.findOrder(executor, row.orderId),
    repository.findReturn(executor, row.returnId),
    // Where the store takes parcels in: the carrier's drop-off (the stores module's read).
    storePickupPlace(executor, row.storeId),
  ]);
  const address = order!.deliveryAddress;
  // The door is for the carrier who collects it; an assigner learns the state and LGA (as with orders).
  const door = carries(row, caller) && row.status === 'assigned';
  return {
    id: row.id,
    returnId: row.returnId,
    orderId: row.orderId,
    orderName: order!.orderName,
    storeName: order!.storeName,
    status: statusOf(row.status),
    carrierKind: row.carrierKind,
    carrierName: row.carrierName,
    collectionLocked: row.locked,
    collectFrom: {
      fullName: address.fullName,
      phoneNumber: door ? address.phoneNumber : '',
      state: address.state,
      lga: address.lga,
      address: door ? address.address : '',
    },
    dropOff,
    products: (ret?.lines ?? []).map((line) => ({
      productName: line.productName,
      quantity: line.quantity,
    })),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function page(
  ctx: PickupsContext,
  caller: PickupCaller,
  filter: { status?: PickupStatus; carrierId?: string },
  query: { page: number; limit: number },
) {
  const { rows, total } = await repository.pickupPage(ctx.db, filter, query);
  return {
    pickups: await Promise.all(rows.map((row) => carrierView(ctx, ctx.db, row, caller))),
    pagination: pageInfo(query.page, query.limit, total),
  };
}

/** Whether the caller may see a pickup photo: its carrier, or whoever may see its return (the caller's check). */
export async function pickupsWithPhoto(ctx: PickupsContext, fileId: string) {
  return repository.pickupsWithEvidence(ctx.db, fileId);
}

export const adminList = (
  ctx: PickupsContext,
  caller: PickupCaller,
  query: { page: number; limit: number; status?: PickupStatus },
) => page(ctx, caller, { status: query.status }, query);

export const carrierList = (
  ctx: PickupsContext,
  caller: PickupCaller,
  query: { page: number; limit: number; status?: PickupStatus },
) => page(ctx, caller, { status: query.status, carrierId: caller.userId }, query);
