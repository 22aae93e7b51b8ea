import type { Db } from '../../platform/db/client.js';
import { AppError, validation } from '../../platform/errors.js';
import type { SignedInAccount } from '../../platform/http/routes.js';
import { type CheckoutPricing, UNLIMITED } from '../cart/index.js';
import type { OrderActor, OrderRow, TrackerRow } from '../orders/index.js';
import {
  CHECKOUT_PREFIX,
  type CheckoutContext,
  type OpenedCheckout,
  PAYMENT_WINDOW_MINUTES,
} from './checkout.context.js';
import { paymentOf } from './checkout.payment.js';
import {
  EXPIRED_CHECKOUTS_BEFORE_PAUSE,
  HOLD_PAUSE_HOURS,
  heldShare,
  lagosTime,
  lineName,
  overHoldLimit,
} from './checkout.rules.js';

// Opening a checkout (ADR 091: named functions of the checkout's context, bound by `createCheckoutService`): the
// cart priced, open checkouts replaced, the rows written, stock, gift-card money and coupon uses held; and closing
// one that was not paid.

/**
 * Step "open" of the checkout-and-pay flow, in the flow's transaction: price the cart, take the stock, hold
 * gift-card money and coupon uses, and have the orders module write the tracker and one order per store. A
 * checkout with an amount due has its payment recorded with it (ADR 055); one gift cards cover is paid by the
 * flow in the same transaction.
 */
export async function open(
  ctx: CheckoutContext,
  tx: Db,
  customerId: string,
  body: { addressId?: string; orderNote?: string; payOnDeliveryStoreIds?: string[] },
  // The customer as the request's session check read them (ADR 037).
  customer: SignedInAccount,
): Promise<OpenedCheckout> {
  const { deps, ports } = ctx;
  const { cart, orders } = ports;
  // One open checkout per customer: their checkouts queue on the cart row, and a new one replaces the open
  // one (its stock, gift-card money and coupon uses go back before the cart is priced again).
  const cartRow = await cart.lockCart(tx, customerId);
  const at = deps.now();
  const expiresAt = await replaceOpenCheckouts(ctx, tx, customerId, at);
  const pricing = await cart.price(tx, customerId, { addressId: body.addressId, cart: cartRow });
  // Above the business's limit per order (ADR 063): the cart itself must change, whatever else it needs.
  if (pricing.aboveOrderLimit) throw validation('cart', pricing.aboveOrderLimit);
  if (pricing.problems.length > 0) {
    throw new AppError('CONFLICT', `Failed to create order: ${pricing.problems.join('; ')}`);
  }
  const overLimit = overHoldLimit(pricing);
  if (overLimit) throw new AppError('CONFLICT', `Failed to create order: ${overLimit}`);
  const address = pricing.address!;
  const podFees = await payOnDeliveryFees(ctx, tx, customerId, body.payOnDeliveryStoreIds ?? [], pricing);
  let paymentRecorded = false;
  const reservations = pricing.stores.flatMap((store) =>
    store.lines.map((line) => ({
      productId: line.product.id,
      variantId: line.variant?.id ?? null,
      quantity: line.quantity,
    })),
  );
  const created = await orders.createFromCheckout(tx, {
    reference: deps.payments.newReference(CHECKOUT_PREFIX),
    customerId,
    itemsSubtotalKobo: pricing.itemsSubtotalKobo,
    shippingTotalKobo: pricing.shippingKobo,
    discountTotalKobo: pricing.discountKobo,
    deliveryAddress: {
      fullName: address.fullName,
      phoneNumber: address.phoneNumber,
      emailAddress: address.emailAddress,
      state: address.stateOrRegion,
      lga: address.lga,
      address: address.address,
    },
    appliedCouponCodes: pricing.stores.flatMap((store) => (store.coupon?.code ? [store.coupon.code] : [])),
    expiresAt,
    orderNote: body.orderNote ?? null,
    reservations,
    stores: ordersOf(pricing, podFees),
    // The payment is recorded with the checkout, in its transaction: one commit instead of two (ADR 055); and in
    // the statement that writes the checkout when no gift card lowers the amount after it (ADR 087).
    writeWith: (tracker) => {
      if (pricing.giftCards.length > 0 || tracker.amountDueKobo === 0) return [];
      const part = deps.payments.recordPart(paymentOf(tracker, customer.email));
      paymentRecorded = part !== undefined;
      return part ? [part] : [];
    },
  });
  const written = { orders: created.orders, items: created.items, activities: created.activities };
  // The stock is taken after the checkout's own rows are written (ADR 031): the product rows every buyer of
  // a product shares are locked for as short a time as possible, from here to the commit.
  const left = await ports.reserveStock(tx, reservations);
  await ensureWithinHeldShare(ctx, tx, pricing, left);
  const trackerRow = await holdMoney(ctx, tx, customerId, pricing, created);
  // Otherwise (gift cards held, or a split worked out from the rows just written) it is recorded now. The
  // provider is asked for its page after the commit.
  if (trackerRow.amountDueKobo > 0 && !paymentRecorded)
    await deps.payments.record(tx, paymentOf(trackerRow, customer.email));
  return { tracker: trackerRow, written };
}

/**
 * One open checkout per customer: the customer's open checkouts (locked) are closed and their stock, gift-card money
 * and coupon uses go back, unless too many of their checkouts expired unpaid lately. Answers when the new checkout's
 * hold ends: a replacement keeps the end of the one it replaces.
 */
async function replaceOpenCheckouts(ctx: CheckoutContext, tx: Db, customerId: string, at: Date) {
  const { orders } = ctx.ports;
  // The open checkouts locked and the expired ones counted in one read.
  const { open: openCheckouts, expired } = await orders.lockOpenTrackersAndExpired(
    tx,
    customerId,
    new Date(at.getTime() - HOLD_PAUSE_HOURS * 3600_000),
  );
  const pausedBy = expired[EXPIRED_CHECKOUTS_BEFORE_PAUSE - 1];
  if (pausedBy) {
    const until = new Date(pausedBy.getTime() + HOLD_PAUSE_HOURS * 3600_000);
    throw new AppError(
      'CONFLICT',
      `Failed to create order: ${EXPIRED_CHECKOUTS_BEFORE_PAUSE} of your checkouts expired unpaid, so you cannot hold items for payment until ${lagosTime.format(until)}`,
    );
  }
  // A replacement keeps the hold's end: re-creating a checkout must not keep stock from others for ever.
  let expiresAt = new Date(at.getTime() + PAYMENT_WINDOW_MINUTES * 60_000);
  for (const open of openCheckouts) {
    if (open.expiresAt > at && open.expiresAt < expiresAt) expiresAt = open.expiresAt;
    await closeUnpaid(ctx, tx, open, 'replaced', 'Replaced by a newer checkout.', {
      role: 'customer',
      id: customerId,
    });
  }
  return expiresAt;
}

/** Pay on delivery (ADR 074): the stores the customer chose to pay at the door, each checked and priced. */
async function payOnDeliveryFees(
  ctx: CheckoutContext,
  tx: Db,
  customerId: string,
  chosen: string[],
  pricing: CheckoutPricing,
): Promise<Map<string, number>> {
  const { ports } = ctx;
  const address = pricing.address!;
  if (chosen.length > 0 && !ports.payOnDelivery)
    throw validation('payOnDeliveryStoreIds', 'Pay on delivery is not available');
  return chosen.length > 0
    ? await ports.payOnDelivery!.choose(tx, {
        customerId,
        state: address.stateOrRegion,
        stores: pricing.stores.map((store) => ({
          storeId: store.storeId,
          storeName: store.storeName,
          totalKobo: store.subtotalKobo - store.discountKobo + store.shippingKobo,
        })),
        chosen,
      })
    : new Map<string, number>();
}

/**
 * The checkout's gift-card money and coupon uses held, after its stock: answers the tracker as it is then (what is
 * due after the cards).
 */
async function holdMoney(
  ctx: CheckoutContext,
  tx: Db,
  customerId: string,
  pricing: CheckoutPricing,
  created: { tracker: TrackerRow; orders: OrderRow[] },
): Promise<TrackerRow> {
  const { ports } = ctx;
  const { orders } = ports;
  let trackerRow = created.tracker;
  if (pricing.giftCards.length > 0 && trackerRow.amountDueKobo > 0) {
    // Holding is atomic per card: two checkouts spending one card at once never take more than its balance.
    const { heldKobo } = await ports.holdGiftCards(tx, {
      trackerId: trackerRow.id,
      customerId,
      cardIds: pricing.giftCards.map((card) => card.id),
      amountKobo: trackerRow.amountDueKobo,
    });
    trackerRow = await orders.applyGiftCards(tx, trackerRow.id, heldKobo);
  }
  const applied = await couponUses(ctx, tx, trackerRow, created.orders);
  if (applied.length > 0) {
    // One use of each coupon is held now, counted with the paid ones under the coupon's row lock.
    const { refused } = await ports.holdRedemptions(tx, {
      trackerId: trackerRow.id,
      customerId,
      applied,
    });
    if (refused.length > 0)
      throw new AppError(
        'CONFLICT',
        `Failed to create order: ${refused.map((entry) => `${entry.code ?? 'Discount'}: ${entry.reason}`).join('; ')}`,
      );
  }
  return trackerRow;
}

/**
 * While other unpaid checkouts hold `heldShare` of a product's stock or more, this checkout may hold one unit of
 * it. Called with the products' rows locked by the reservation just taken, so concurrent checkouts
 * of one product, on any process, are counted one after another.
 */
export async function ensureWithinHeldShare(
  ctx: CheckoutContext,
  tx: Db,
  pricing: CheckoutPricing,
  left: Map<string, number>,
) {
  const { ports } = ctx;
  const { orders } = ports;
  const wanted = new Map<string, { units: number; name: string }>();
  for (const line of pricing.stores.flatMap((store) => store.lines)) {
    // Sold on when out of stock: holding it keeps nobody else from buying.
    if (line.availableQuantity >= UNLIMITED) continue;
    const entry = wanted.get(line.product.id) ?? { units: 0, name: lineName(line) };
    entry.units += line.quantity;
    wanted.set(line.product.id, entry);
  }
  const several = [...wanted].filter(([, entry]) => entry.units > 1);
  if (several.length === 0) return;
  const held = await orders.heldUnits(
    tx,
    several.map(([productId]) => productId),
  );
  for (const [productId, entry] of several) {
    const units = held.get(productId) ?? 0;
    const heldByOthers = units - entry.units;
    if (heldByOthers >= heldShare((left.get(productId) ?? 0) + units))
      throw new AppError(
        'CONFLICT',
        `Failed to create order: Many of ${entry.name} are waiting for other shoppers' payment, so one checkout may hold only 1 of it now; buy 1, or try again in a few minutes`,
      );
  }
}

/** The checkout's orders, one per store, in the orders module's words; `podFees`: paid at the door (ADR 074). */
export function ordersOf(pricing: CheckoutPricing, podFees: Map<string, number>) {
  return pricing.stores.map((store) => ({
    ...(podFees.has(store.storeId) ? { payOnDelivery: { feeKobo: podFees.get(store.storeId)! } } : {}),
    storeId: store.storeId,
    storeName: store.storeName,
    merchantId: store.merchantId,
    subtotalKobo: store.subtotalKobo,
    shippingKobo: store.shippingKobo,
    discountKobo: store.discountKobo,
    withinLagos: store.quote.withinLagos,
    lagosMerchant: store.quote.lagosMerchant,
    lagosCustomer: store.quote.lagosCustomer,
    weightGrams: Math.round(store.quote.chargeableWeightKg * 1000),
    coupon: store.coupon,
    items: store.lines.map((line) => ({
      productId: line.product.id,
      variantId: line.variant?.id ?? null,
      productName: line.product.name,
      sku: line.variant?.sku ?? line.product.sku,
      unitPriceKobo: line.unitPriceKobo,
      quantity: line.quantity,
      hostedImages: line.product.hostedImages.slice(0, 1),
      productVariant: line.variant ? { size: line.variant.size, color: line.variant.color } : null,
    })),
  }));
}

/** Closes an unpaid checkout: stock and gift-card money go back, its orders are cancelled. */
export async function closeUnpaid(
  ctx: CheckoutContext,
  executor: Db,
  tracker: TrackerRow,
  status: 'failed' | 'expired' | 'replaced',
  reason: string,
  actor: OrderActor,
) {
  const { ports } = ctx;
  const { orders } = ports;
  const released = await orders.closeUnpaid(executor, tracker, status, reason, actor);
  await ports.returnStock(executor, released);
  await ports.releaseGiftCards(executor, tracker.id);
  await ports.releaseRedemptions(executor, tracker.id);
}

/** The coupon uses of a checkout's orders, one per discounted store order. */
export async function couponUses(
  ctx: CheckoutContext,
  executor: Db,
  tracker: TrackerRow,
  known?: { discountKobo: number; couponId: string | null; couponCode: string | null; storeId: string }[],
) {
  const { ports } = ctx;
  const { orders } = ports;
  return (known ?? (await orders.ordersOf(executor, tracker.id)))
    .filter((order) => order.discountKobo > 0 && order.couponId)
    .map((order) => ({
      couponId: order.couponId!,
      code: order.couponCode,
      storeId: order.storeId,
      discountKobo: order.discountKobo,
    }));
}
