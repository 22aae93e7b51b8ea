import { bound } from '../../platform/bound.js';
import type { Db } from '../../platform/db/client.js';
import type { Deps } from '../../platform/deps.js';
import type { OrdersService } from '../orders/index.js';
import { assign, collect, dropOff, onReceived, open } from './pickups.moves.js';
import { adminList, carrierList, carries, type PickupsContext, pickupsWithPhoto } from './pickups.views.js';
import * as repository from './returns.repository.js';

// Returned goods come back (issue 23, ADR 060): an approved return's pickup goes customer → carrier → store, with
// the same carriers as deliveries, a token the customer gives at the handover and a photo at each end. The store's
// "item received" on the return (a move of the return-and-refund flow) stays the step that releases a refund or
// replacement.

export {
  customerPickupView,
  type EvidenceUpload,
  type PickupCaller,
  type PickupsContext,
  pickupEvidencePurpose,
  pickupView,
} from './pickups.views.js';

/**
 * A return's pickup. Named functions of a `PickupsContext` (ADR 091): how each party reads it
 * (`pickups.views.ts`), its steps (`pickups.moves.ts`); bound here.
 */
export function createPickupsService(deps: Deps, orders: OrdersService) {
  const ctx: PickupsContext = { deps, db: deps.db, orders };
  return {
    /**
     * The store approved a return: its goods are to come back, so a pickup waits for a carrier. Called in the
     * approval's transaction; a second call for the same return makes nothing new.
     */
    open: bound(ctx, open),
    /**
     * The store confirmed receipt on the return. Goods a carrier still holds are not at the store yet: refused. A
     * pickup no carrier has collected ends (the customer brought the goods in), so no carrier calls for nothing.
     */
    onReceived: bound(ctx, onReceived),
    views: (executor: Db, returnIds: string[]) => repository.pickupsOfReturns(executor, returnIds),
    /** Whether the caller may see a pickup photo: its carrier, or whoever may see its return (the caller's check). */
    pickupsWithPhoto: bound(ctx, pickupsWithPhoto),
    carries,
    adminList: bound(ctx, adminList),
    carrierList: bound(ctx, carrierList),
    /**
     * An admin gives the pickup to a carrier, or to another one before collection. Each assignment issues a new
     * pickup token (the old one stops working) and lifts a lock of wrong tokens.
     */
    assign: bound(ctx, assign),
    /**
     * The carrier collects the goods: the customer's pickup token, checked in constant time, and a photo. A wrong
     * token counts even though the step fails; the fifth locks collection until an admin assigns the pickup again.
     */
    collect: bound(ctx, collect),
    /** The carrier leaves the goods at the store, with a photo; the store then confirms receipt on the return. */
    dropOff: bound(ctx, dropOff),
  };
}

export type PickupsService = ReturnType<typeof createPickupsService>;
