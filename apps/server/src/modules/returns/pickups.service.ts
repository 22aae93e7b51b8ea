import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import {
  type AssignPickupBody,
  type CarrierOption,
  type CarrierPickup,
  type CustomerReturnPickup,
  type PickupStatus,
  pickupStatusNames,
  type ReturnPickup,
} from '@market/contracts';
import type { Db } from '../../platform/db/client.js';
import { pageInfo } from '../../platform/db/paging.js';
import type { Deps } from '../../platform/deps.js';
import { AppError, conflict, notFound, validation } from '../../platform/errors.js';
import { MAX_WRONG_TOKENS, type OrdersService } from '../orders/index.js';
import type { PickupRow, ReturnRow } from './returns.repository.js';
import * as repository from './returns.repository.js';

// Returned goods come back (issue 23, ADR 060): an approved return's pickup goes customer → carrier → store, with
// the same carriers as deliveries, a token the customer gives at the handover and a photo at each end. The store's
// "item received" on the return (a move of the return-and-refund flow) stays the step that releases a refund or
// replacement.

export interface PickupNeeds {
  /** Shipping partners and platform dispatchers (confirmed, active accounts), as orders are assigned to. */
  carriers(executor: Db): Promise<CarrierOption[]>;
  /** Where the store takes parcels in: the carrier's drop-off. */
  storePickup(executor: Db, storeId: string): Promise<{ address: string; phoneNumber: string | null }>;
}

export interface PickupCaller {
  kind: 'customer' | 'merchant' | 'admin' | 'partner';
  userId: string;
  permissions: readonly string[];
}

export interface EvidenceUpload {
  bytes: Buffer;
}

const tokenHash = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');
const newPickupToken = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

function tokenMatches(expectedHex: string, token: string): boolean {
  const expected = Buffer.from(expectedHex, 'hex');
  const given = Buffer.from(tokenHash(token), 'hex');
  return expected.length === given.length && timingSafeEqual(expected, given);
}

const statusOf = (status: PickupStatus) => ({ code_name: status, known_name: pickupStatusNames[status] });

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

export function createPickupsService(deps: Deps, orders: OrdersService, needs: PickupNeeds) {
  const { db } = deps;

  const carries = (row: PickupRow, caller: PickupCaller) =>
    (caller.kind === 'partner' && row.partnerId === caller.userId) ||
    (caller.kind === 'admin' &&
      row.dispatcherId === caller.userId &&
      caller.permissions.includes('orders:carry'));

  async function carrierView(executor: Db, row: PickupRow, caller: PickupCaller): Promise<CarrierPickup> {
    const [order, ret, dropOff] = await Promise.all([
      orders.findOrder(executor, row.orderId),
      repository.findReturn(executor, row.returnId),
      needs.storePickup(executor, row.storeId),
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
    caller: PickupCaller,
    filter: { status?: PickupStatus; carrierId?: string },
    query: { page: number; limit: number },
  ) {
    const { rows, total } = await repository.pickupPage(db, filter, query);
    return {
      pickups: await Promise.all(rows.map((row) => carrierView(db, row, caller))),
      pagination: pageInfo(query.page, query.limit, total),
    };
  }

  /** The pickup locked, after checking the caller carries it; anything else is a 404. */
  async function lockedCarried(tx: Db, pickupId: string, caller: PickupCaller) {
    const seen = await repository.findPickup(tx, pickupId);
    if (!seen || !carries(seen, caller)) throw notFound('Pickup not found');
    // The order first, then the return, then the pickup: the order of locks every return write keeps.
    const order = await orders.lockOrder(tx, seen.orderId);
    await repository.lockReturn(tx, seen.returnId);
    const row = await repository.lockPickup(tx, pickupId);
    if (!order || !row || !carries(row, caller)) throw notFound('Pickup not found');
    return { row, order };
  }

  async function savePhoto(
    pickupId: string,
    caller: PickupCaller,
    step: 'collected' | 'delivered_to_store',
    upload?: EvidenceUpload,
  ) {
    if (!upload)
      throw validation('evidence', 'Take a photo of the goods and send it in the "evidence" field');
    if (upload.bytes.length === 0)
      throw validation('evidence', 'The photo is empty. Take or choose another.');
    const saved = await deps.media
      .saveImage(db, caller.userId, upload.bytes, pickupEvidencePurpose(pickupId, step), {
        visibility: 'private',
      })
      .catch((error: unknown) => {
        if (error instanceof AppError && error.code === 'VALIDATION_ERROR')
          throw validation('evidence', error.message);
        throw error;
      });
    return saved.url;
  }

  return {
    /**
     * The store approved a return: its goods are to come back, so a pickup waits for a carrier. Called in the
     * approval's transaction; a second call for the same return makes nothing new.
     */
    async open(tx: Db, ret: ReturnRow) {
      const at = deps.now();
      const row = await repository.insertPickup(tx, {
        returnId: ret.id,
        orderId: ret.orderId,
        storeId: ret.storeId,
        customerId: ret.customerId,
        createdAt: at,
        updatedAt: at,
      });
      return row;
    },

    /**
     * The store confirmed receipt on the return. Goods a carrier still holds are not at the store yet: refused. A
     * pickup no carrier has collected ends (the customer brought the goods in), so no carrier calls for nothing.
     */
    async onReceived(tx: Db, returnId: string) {
      const row = await repository.pickupOfReturn(tx, returnId);
      if (!row) return;
      const locked = (await repository.lockPickup(tx, row.id))!;
      if (locked.status === 'collected') {
        throw conflict(
          'The carrier has the goods and has not delivered them yet; confirm receipt once they reach the store',
        );
      }
      if (locked.status === 'requested' || locked.status === 'assigned') {
        await repository.updatePickup(tx, locked.id, { status: 'cancelled', updatedAt: deps.now() });
      }
    },

    views: (executor: Db, returnIds: string[]) => repository.pickupsOfReturns(executor, returnIds),

    /** Whether the caller may see a pickup photo: its carrier, or whoever may see its return (the caller's check). */
    async pickupsWithPhoto(fileId: string) {
      return repository.pickupsWithEvidence(db, fileId);
    },
    carries,

    adminList: (caller: PickupCaller, query: { page: number; limit: number; status?: PickupStatus }) =>
      page(caller, { status: query.status }, query),

    carrierList: (caller: PickupCaller, query: { page: number; limit: number; status?: PickupStatus }) =>
      page(caller, { status: query.status, carrierId: caller.userId }, query),

    /**
     * An admin gives the pickup to a carrier, or to another one before collection. Each assignment issues a new
     * pickup token (the old one stops working) and lifts a lock of wrong tokens.
     */
    async assign(pickupId: string, caller: PickupCaller, body: AssignPickupBody): Promise<CarrierPickup> {
      const carriers = await needs.carriers(db);
      const carrierId = body.carrier === 'partner' ? body.partnerId : body.dispatcherId;
      const chosen = carriers.find((carrier) => carrier.kind === body.carrier && carrier.id === carrierId);
      if (!chosen) {
        throw validation(
          body.carrier === 'partner' ? 'partnerId' : 'dispatcherId',
          body.carrier === 'partner' ? 'No approved shipping partner with this id' : 'No such dispatcher',
        );
      }
      return db.transaction(async (tx) => {
        const seen = await repository.findPickup(tx, pickupId);
        if (!seen) throw notFound('Pickup not found');
        const order = await orders.lockOrder(tx, seen.orderId);
        const ret = await repository.lockReturn(tx, seen.returnId);
        const row = await repository.lockPickup(tx, pickupId);
        if (!order || !ret || !row) throw notFound('Pickup not found');
        if (row.status !== 'requested' && row.status !== 'assigned') {
          throw conflict(`Pickup is ${pickupStatusNames[row.status]}; it can no longer be assigned`);
        }
        const at = deps.now();
        const token = newPickupToken();
        const before = row.partnerId ?? row.dispatcherId;
        const updated = await repository.updatePickup(tx, row.id, {
          status: 'assigned',
          carrierKind: body.carrier,
          partnerId: body.carrier === 'partner' ? carrierId : null,
          dispatcherId: body.carrier === 'dispatcher' ? carrierId : null,
          carrierName: chosen.name,
          assignedBy: caller.userId,
          assignedAt: at,
          pickupToken: token,
          tokenHash: tokenHash(token),
          wrongAttempts: 0,
          locked: false,
          updatedAt: at,
        });
        await orders.note(
          tx,
          order,
          { role: 'admin', id: caller.userId },
          `${chosen.name} will collect your returned items. Give them your pickup token when they do.`,
        );
        const about = { orderId: order.id, orderNumber: order.orderName, storeName: order.storeName };
        if (before && before !== carrierId) {
          await deps.events.emit(tx, {
            kind: 'assignment.removed',
            key: `pickup.removed:${row.id}:${at.getTime()}`,
            audience: [{ user: before }],
            params: about,
          });
        }
        await deps.events.emit(tx, {
          kind: 'pickup.assigned',
          key: `pickup.assigned:${row.id}:${at.getTime()}`,
          audience: [{ user: carrierId }],
          params: { ...about, state: order.deliveryAddress.state, lga: order.deliveryAddress.lga },
        });
        await deps.events.emit(tx, {
          kind: 'pickup.scheduled',
          key: `pickup.scheduled:${row.id}:${at.getTime()}`,
          audience: [{ user: ret.customerId }],
          params: { ...about, carrierName: chosen.name, token },
        });
        return carrierView(tx, updated, caller);
      });
    },

    /**
     * The carrier collects the goods: the customer's pickup token, checked in constant time, and a photo. A wrong
     * token counts even though the step fails; the fifth locks collection until an admin assigns the pickup again.
     */
    async collect(pickupId: string, caller: PickupCaller, pickupToken: string, upload?: EvidenceUpload) {
      // Checked before the photo is stored, so a refused step stores nothing.
      const seen = await repository.findPickup(db, pickupId);
      if (!seen || !carries(seen, caller)) throw notFound('Pickup not found');
      if (seen.status !== 'assigned') {
        throw conflict(`Pickup is ${pickupStatusNames[seen.status]}; only an assigned pickup is collected`);
      }
      if (!upload)
        throw validation('evidence', 'Take a photo of the goods and send it in the "evidence" field');
      const outcome = await db.transaction(async (tx) => {
        const { row, order } = await lockedCarried(tx, pickupId, caller);
        if (row.status !== 'assigned') {
          throw conflict(`Pickup is ${pickupStatusNames[row.status]}; only an assigned pickup is collected`);
        }
        if (row.locked || !row.tokenHash) {
          throw conflict(
            'Collection is locked after five wrong pickup tokens. An admin must assign the pickup again.',
          );
        }
        if (!tokenMatches(row.tokenHash, pickupToken)) {
          const attempts = row.wrongAttempts + 1;
          const locked = attempts >= MAX_WRONG_TOKENS;
          await repository.updatePickup(tx, row.id, {
            wrongAttempts: attempts,
            locked,
            updatedAt: deps.now(),
          });
          return { kind: 'wrong-token', left: MAX_WRONG_TOKENS - attempts, locked } as const;
        }
        return { kind: 'ok', row, order } as const;
      });
      if (outcome.kind === 'wrong-token') {
        if (outcome.locked) {
          throw conflict(
            'That pickup token is not right. Collection is now locked; an admin must assign the pickup again.',
          );
        }
        throw validation(
          'pickupToken',
          `That pickup token is not right. ${outcome.left} ${outcome.left === 1 ? 'try' : 'tries'} left.`,
        );
      }
      const photo = await savePhoto(pickupId, caller, 'collected', upload);
      return db.transaction(async (tx) => {
        const { row, order } = await lockedCarried(tx, pickupId, caller);
        // A concurrent call may have collected it meanwhile, or an admin reassigned it (a new token).
        if (row.status !== 'assigned' || row.tokenHash !== outcome.row.tokenHash) {
          throw conflict(`Pickup is ${pickupStatusNames[row.status]}; only an assigned pickup is collected`);
        }
        const at = deps.now();
        const updated = await repository.updatePickup(tx, row.id, {
          status: 'collected',
          collectEvidence: photo,
          collectedAt: at,
          pickupToken: null,
          updatedAt: at,
        });
        await orders.note(
          tx,
          order,
          { role: caller.kind === 'partner' ? 'partner' : 'dispatcher', id: caller.userId },
          `${row.carrierName ?? 'The carrier'} collected your returned items and is taking them to the store.`,
        );
        await deps.events.emit(tx, {
          kind: 'pickup.collected',
          key: `pickup.collected:${row.id}`,
          audience: [{ user: row.customerId }],
          params: { orderId: order.id, orderNumber: order.orderName, storeName: order.storeName },
        });
        return carrierView(tx, updated, caller);
      });
    },

    /** The carrier leaves the goods at the store, with a photo; the store then confirms receipt on the return. */
    async dropOff(pickupId: string, caller: PickupCaller, upload?: EvidenceUpload) {
      const seen = await repository.findPickup(db, pickupId);
      if (!seen || !carries(seen, caller)) throw notFound('Pickup not found');
      if (seen.status !== 'collected') {
        throw conflict(`Pickup is ${pickupStatusNames[seen.status]}; goods are dropped off once collected`);
      }
      const photo = await savePhoto(pickupId, caller, 'delivered_to_store', upload);
      return db.transaction(async (tx) => {
        const { row, order } = await lockedCarried(tx, pickupId, caller);
        if (row.status !== 'collected') {
          throw conflict(`Pickup is ${pickupStatusNames[row.status]}; goods are dropped off once collected`);
        }
        const at = deps.now();
        const updated = await repository.updatePickup(tx, row.id, {
          status: 'delivered_to_store',
          dropOffEvidence: photo,
          deliveredAt: at,
          updatedAt: at,
        });
        await orders.note(
          tx,
          order,
          { role: caller.kind === 'partner' ? 'partner' : 'dispatcher', id: caller.userId },
          'Your returned items reached the store. The store will confirm it received them.',
        );
        await deps.events.emit(tx, {
          kind: 'pickup.delivered',
          key: `pickup.delivered:${row.id}`,
          audience: [{ store: row.storeId, permission: 'returns:write' }],
          params: { orderId: order.id, orderNumber: order.orderName, returnId: row.returnId },
        });
        return carrierView(tx, updated, caller);
      });
    },
  };
}

export type PickupsService = ReturnType<typeof createPickupsService>;
