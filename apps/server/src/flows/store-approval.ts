import { type AdminStoreDetails, storeAdminEndpoints } from '@market/contracts';
import {
  countAllProducts,
  countPendingProducts,
  refreshStoreProductsVisibility,
} from '../modules/catalog/index.js';
import type { StoreApprovalService } from '../modules/stores/index.js';
import type { Db } from '../platform/db/client.js';
import type { Deps } from '../platform/deps.js';
import { type RouteDefinition, route } from '../platform/http/routes.js';
import { productApprovalDigest } from '../platform/notify/events.js';

// Flow: the admins' approval of a store (ADR 115, amended by h-storesneeds). The catalog reads stores, so the stores
// module cannot reach the products; this flow sets the two side by side, in one transaction it owns:
//
// Approving (POST /stores/admin/stores/:id/approve):
//   1. approve   approval.approve: the first approval, or the second by another approver (the store shown if its
//                onboarding is complete, its owner told, store.approved emitted); locked so two cannot race.
//   2. products  catalog's refreshStoreProductsVisibility: after a second approval, the store's products follow it.
//   3. digest    catalog's countPendingProducts: the products it prepared while it waited are submitted, as one
//                digest to the product approvers (issue 31).
// Rejecting (POST …/reject): approval.reject (the reason, the owner told), then the products follow (step 2).
// Each answers the store's details: approval.details and the catalog's countAllProducts.

type Approval = Pick<StoreApprovalService, 'approve' | 'reject' | 'setPaymentCategory' | 'details'>;

/** Step 2: the store's products appear or disappear with it. */
async function productsFollow(tx: Db, storeId: string, visible: boolean | undefined): Promise<void> {
  if (visible !== undefined) await refreshStoreProductsVisibility(tx, storeId, visible);
}

/** A store as the admins see it, with every product it has. */
export async function storeDetails(approval: Approval, db: Db, storeId: string): Promise<AdminStoreDetails> {
  const details = await approval.details(db, storeId);
  return { ...details, productsCount: await countAllProducts(db, storeId) };
}

/** Steps 1–3 of one approval; answers the store's details. */
export async function approveStore(
  deps: Pick<Deps, 'db' | 'events'>,
  approval: Approval,
  adminId: string,
  storeId: string,
): Promise<AdminStoreDetails> {
  await deps.db.transaction(async (tx) => {
    const second = await approval.approve(tx, adminId, storeId);
    if (!second) return;
    await productsFollow(tx, storeId, second.visible);
    if ((await countPendingProducts(tx, storeId)) > 0)
      await deps.events.emit(tx, productApprovalDigest(second.store, second.at));
  });
  return storeDetails(approval, deps.db, storeId);
}

/** A rejection, then the products follow the store out of sight; answers the store's details. */
export async function rejectStore(
  deps: Pick<Deps, 'db'>,
  approval: Approval,
  adminId: string,
  storeId: string,
  reason: string,
): Promise<AdminStoreDetails> {
  await deps.db.transaction(async (tx) => {
    await productsFollow(tx, storeId, await approval.reject(tx, adminId, storeId, reason));
  });
  return storeDetails(approval, deps.db, storeId);
}

/** Wires the flow: the admins' routes that answer a store's details. */
export function createStoreApproval(deps: Pick<Deps, 'db' | 'events'>, approval: Approval) {
  const routes: RouteDefinition[] = [
    route(storeAdminEndpoints.details, async ({ params }) => ({
      message: 'Store details',
      data: await storeDetails(approval, deps.db, params.id),
    })),
    route(storeAdminEndpoints.approve, async ({ auth, params }) => ({
      message: 'Store approval recorded',
      data: await approveStore(deps, approval, auth.userId, params.id),
    })),
    route(storeAdminEndpoints.reject, async ({ auth, params, body }) => ({
      message: 'Store rejected; the merchant has been told why',
      data: await rejectStore(deps, approval, auth.userId, params.id, body.reason),
    })),
    route(storeAdminEndpoints.paymentCategory, async ({ params, body }) => {
      await approval.setPaymentCategory(params.id, body.paymentCategory);
      return { message: 'Payment category updated', data: await storeDetails(approval, deps.db, params.id) };
    }),
  ];
  return {
    service: {
      approve: (adminId: string, storeId: string) => approveStore(deps, approval, adminId, storeId),
      reject: (adminId: string, storeId: string, reason: string) =>
        rejectStore(deps, approval, adminId, storeId, reason),
    },
    routes,
  };
}
