import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { type AssignPickupBody, type CarrierPickup, pickupStatusNames } from '@market/contracts';
import type { Db } from '../../platform/db/client.js';
import { AppError, conflict, notFound, validation } from '../../platform/errors.js';
import { listCarrierAccounts } from '../auth/index.js';
import { MAX_WRONG_TOKENS } from '../orders/index.js';
import {
  carrierView,
  carries,
  type EvidenceUpload,
  type PickupCaller,
  type PickupsContext,
  pickupEvidencePurpose,
} from './pickups.views.js';
import type { ReturnRow } from './returns.repository.js';
import * as repository from './returns.repository.js';

// A pickup's steps (issue 23, ADR 060): opened with the store's approval, given to a carrier with a new token,
// collected with the customer's token and a photo, dropped off at the store with a photo, ended by the store's
// "item received".

const tokenHash = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');
const newPickupToken = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

function tokenMatches(expectedHex: string, token: string): boolean {
  const expected = Buffer.from(expectedHex, 'hex');
  const given = Buffer.from(tokenHash(token), 'hex');
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The pickup locked, after checking the caller carries it; anything else is a 404. */
export async function lockedCarried(ctx: PickupsContext, tx: Db, pickupId: string, caller: PickupCaller) {
  const seen = await repository.findPickup(tx, pickupId);
  if (!seen || !carries(seen, caller)) throw notFound('Pickup not found');
  // The order first, then the return, then the pickup: the order of locks every return write keeps.
  const order = await ctx.orders.lockOrder(tx, seen.orderId);
  await repository.lockReturn(tx, seen.returnId);
  const row = await repository.lockPickup(tx, pickupId);
  if (!order || !row || !carries(row, caller)) throw notFound('Pickup not found');
  return { row, order };
}

export async function savePhoto(
  ctx: PickupsContext,
  pickupId: string,
  caller: PickupCaller,
  step: 'collected' | 'delivered_to_store',
  upload?: EvidenceUpload,
) {
  if (!upload) throw validation('evidence', 'Take a photo of the goods and send it in the "evidence" field');
  if (upload.bytes.length === 0) throw validation('evidence', 'The photo is empty. Take or choose another.');
  const saved = await ctx.deps.media
    .saveImage(ctx.db, caller.userId, upload.bytes, pickupEvidencePurpose(pickupId, step), {
      visibility: 'private',
    })
    .catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'VALIDATION_ERROR')
        throw validation('evidence', error.message);
      throw error;
    });
  return saved.url;
}

/**
 * The store approved a return: its goods are to come back, so a pickup waits for a carrier. Called in the
 * approval's transaction; a second call for the same return makes nothing new.
 */
export async function open(ctx: PickupsContext, tx: Db, ret: ReturnRow) {
  const at = ctx.deps.now();
  const row = await repository.insertPickup(tx, {
    returnId: ret.id,
    orderId: ret.orderId,
    storeId: ret.storeId,
    customerId: ret.customerId,
    createdAt: at,
    updatedAt: at,
  });
  return row;
}

/**
 * The store confirmed receipt on the return. Goods a carrier still holds are not at the store yet: refused. A
 * pickup no carrier has collected ends (the customer brought the goods in), so no carrier calls for nothing.
 */
export async function onReceived(ctx: PickupsContext, tx: Db, returnId: string) {
  const row = await repository.pickupOfReturn(tx, returnId);
  if (!row) return;
  const locked = (await repository.lockPickup(tx, row.id))!;
  if (locked.status === 'collected') {
    throw conflict(
      'The carrier has the goods and has not delivered them yet; confirm receipt once they reach the store',
    );
  }
  if (locked.status === 'requested' || locked.status === 'assigned') {
    await repository.updatePickup(tx, locked.id, { status: 'cancelled', updatedAt: ctx.deps.now() });
  }
}

/**
 * An admin gives the pickup to a carrier, or to another one before collection. Each assignment issues a new
 * pickup token (the old one stops working) and lifts a lock of wrong tokens.
 */
export async function assign(
  ctx: PickupsContext,
  pickupId: string,
  caller: PickupCaller,
  body: AssignPickupBody,
): Promise<CarrierPickup> {
  // Shipping partners and platform dispatchers (confirmed, active accounts), as orders are assigned to (auth).
  const carriers = await listCarrierAccounts(ctx.db);
  const carrierId = body.carrier === 'partner' ? body.partnerId : body.dispatcherId;
  const chosen = carriers.find((carrier) => carrier.kind === body.carrier && carrier.id === carrierId);
  if (!chosen) {
    throw validation(
      body.carrier === 'partner' ? 'partnerId' : 'dispatcherId',
      body.carrier === 'partner' ? 'No approved shipping partner with this id' : 'No such dispatcher',
    );
  }
  return ctx.db.transaction(async (tx) => {
    const seen = await repository.findPickup(tx, pickupId);
    if (!seen) throw notFound('Pickup not found');
    const order = await ctx.orders.lockOrder(tx, seen.orderId);
    const ret = await repository.lockReturn(tx, seen.returnId);
    const row = await repository.lockPickup(tx, pickupId);
    if (!order || !ret || !row) throw notFound('Pickup not found');
    if (row.status !== 'requested' && row.status !== 'assigned') {
      throw conflict(`Pickup is ${pickupStatusNames[row.status]}; it can no longer be assigned`);
    }
    const at = ctx.deps.now();
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
    await ctx.orders.note(
      tx,
      order,
      { role: 'admin', id: caller.userId },
      `${chosen.name} will collect your returned items. Give them your pickup token when they do.`,
    );
    const about = { orderId: order.id, orderNumber: order.orderName, storeName: order.storeName };
    if (before && before !== carrierId) {
      await ctx.deps.events.emit(tx, {
        kind: 'assignment.removed',
        key: `pickup.removed:${row.id}:${at.getTime()}`,
        audience: [{ user: before }],
        params: about,
      });
    }
    await ctx.deps.events.emit(tx, {
      kind: 'pickup.assigned',
      key: `pickup.assigned:${row.id}:${at.getTime()}`,
      audience: [{ user: carrierId }],
      params: { ...about, state: order.deliveryAddress.state, lga: order.deliveryAddress.lga },
    });
    await ctx.deps.events.emit(tx, {
      kind: 'pickup.scheduled',
      key: `pickup.scheduled:${row.id}:${at.getTime()}`,
      audience: [{ user: ret.customerId }],
      params: { ...about, carrierName: chosen.name, token },
    });
    return carrierView(ctx, tx, updated, caller);
  });
}

/**
 * The carrier collects the goods: the customer's pickup token, checked in constant time, and a photo. A wrong
 * token counts even though the step fails; the fifth locks collection until an admin assigns the pickup again.
 */
export async function collect(
  ctx: PickupsContext,
  pickupId: string,
  caller: PickupCaller,
  pickupToken: string,
  upload?: EvidenceUpload,
) {
  // Checked before the photo is stored, so a refused step stores nothing.
  const seen = await repository.findPickup(ctx.db, pickupId);
  if (!seen || !carries(seen, caller)) throw notFound('Pickup not found');
  if (seen.status !== 'assigned') {
    throw conflict(`Pickup is ${pickupStatusNames[seen.status]}; only an assigned pickup is collected`);
  }
  if (!upload) throw validation('evidence', 'Take a photo of the goods and send it in the "evidence" field');
  const outcome = await ctx.db.transaction(async (tx) => {
    const { row, order } = await lockedCarried(ctx, tx, pickupId, caller);
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
        updatedAt: ctx.deps.now(),
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
  const photo = await savePhoto(ctx, pickupId, caller, 'collected', upload);
  return ctx.db.transaction(async (tx) => {
    const { row, order } = await lockedCarried(ctx, tx, pickupId, caller);
    // A concurrent call may have collected it meanwhile, or an admin reassigned it (a new token).
    if (row.status !== 'assigned' || row.tokenHash !== outcome.row.tokenHash) {
      throw conflict(`Pickup is ${pickupStatusNames[row.status]}; only an assigned pickup is collected`);
    }
    const at = ctx.deps.now();
    const updated = await repository.updatePickup(tx, row.id, {
      status: 'collected',
      collectEvidence: photo,
      collectedAt: at,
      pickupToken: null,
      updatedAt: at,
    });
    await ctx.orders.note(
      tx,
      order,
      { role: caller.kind === 'partner' ? 'partner' : 'dispatcher', id: caller.userId },
      `${row.carrierName ?? 'The carrier'} collected your returned items and is taking them to the store.`,
    );
    await ctx.deps.events.emit(tx, {
      kind: 'pickup.collected',
      key: `pickup.collected:${row.id}`,
      audience: [{ user: row.customerId }],
      params: { orderId: order.id, orderNumber: order.orderName, storeName: order.storeName },
    });
    return carrierView(ctx, tx, updated, caller);
  });
}

/** The carrier leaves the goods at the store, with a photo; the store then confirms receipt on the return. */
export async function dropOff(
  ctx: PickupsContext,
  pickupId: string,
  caller: PickupCaller,
  upload?: EvidenceUpload,
) {
  const seen = await repository.findPickup(ctx.db, pickupId);
  if (!seen || !carries(seen, caller)) throw notFound('Pickup not found');
  if (seen.status !== 'collected') {
    throw conflict(`Pickup is ${pickupStatusNames[seen.status]}; goods are dropped off once collected`);
  }
  const photo = await savePhoto(ctx, pickupId, caller, 'delivered_to_store', upload);
  return ctx.db.transaction(async (tx) => {
    const { row, order } = await lockedCarried(ctx, tx, pickupId, caller);
    if (row.status !== 'collected') {
      throw conflict(`Pickup is ${pickupStatusNames[row.status]}; goods are dropped off once collected`);
    }
    const at = ctx.deps.now();
    const updated = await repository.updatePickup(tx, row.id, {
      status: 'delivered_to_store',
      dropOffEvidence: photo,
      deliveredAt: at,
      updatedAt: at,
    });
    await ctx.orders.note(
      tx,
      order,
      { role: caller.kind === 'partner' ? 'partner' : 'dispatcher', id: caller.userId },
      'Your returned items reached the store. The store will confirm it received them.',
    );
    await ctx.deps.events.emit(tx, {
      kind: 'pickup.delivered',
      key: `pickup.delivered:${row.id}`,
      audience: [{ store: row.storeId, permission: 'returns:write' }],
      params: { orderId: order.id, orderNumber: order.orderName, returnId: row.returnId },
    });
    return carrierView(ctx, tx, updated, caller);
  });
}
