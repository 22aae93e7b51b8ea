import { bound } from '../../platform/bound.js';
import type { Deps } from '../../platform/deps.js';
import { approvers, removeApprover, saveApprover } from './store-approval.approvers.js';
import { details, type StoreApprovalContext } from './store-approval.context.js';
import { approve, reject, setPaymentCategory } from './store-approval.decisions.js';
import { document, list } from './store-approval.lists.js';
import type { StoresService } from './stores.service.js';

/**
 * Store approval as the admins do it. Named functions of a `StoreApprovalContext` (ADR 091, 102) in files by
 * concern: a store as the admins see it (`store-approval.context.ts`), the list and documents
 * (`store-approval.lists.ts`), approving, rejecting and the payment category (`store-approval.decisions.ts`), the
 * approvers (`store-approval.approvers.ts`); bound here. Approving, rejecting and a store's details are steps of
 * flows/store-approval.ts, which owns their transaction and adds the catalog's part.
 */
export type StoreApprovalService = ReturnType<typeof createStoreApprovalService>;

export function createStoreApprovalService(deps: Deps, storesService: StoresService) {
  const ctx: StoreApprovalContext = { deps, db: deps.db, storesService };
  return {
    details,
    list: bound(ctx, list),
    approve: bound(ctx, approve),
    reject: bound(ctx, reject),
    setPaymentCategory: bound(ctx, setPaymentCategory),
    document: bound(ctx, document),
    approvers: bound(ctx, approvers),
    saveApprover: bound(ctx, saveApprover),
    removeApprover: bound(ctx, removeApprover),
  };
}
