import type { Db } from '../../platform/db/client.js';
import { AppError, validation } from '../../platform/errors.js';
import type { SignedInAccount } from '../../platform/http/routes.js';
import { type CartRow, type CheckoutPricing, lockCart, UNLIMITED } from '../cart/index.js';
import type { OrderActor, TrackerRow } from '../orders/index.js';
import {
  CHECKOUT_PREFIX,
  type CheckoutContext,
  type OpenedCheckout,
  PAYMENT_WINDOW_MINUTES,
} from './checkout.context.js';
import { paymentOf } from './checkout.payment.js';
import type { StockLine } from './checkout.ports.js';
import {
  EXPIRED_CHECKOUTS_BEFORE_PAUSE,
  HOLD_PAUSE_HOURS,
  heldShare,
  lagosTime,
  lineName,
  overHoldLimit,
} from './checkout.rules.js';

// Opening a checkout (ADR 091: named functions of the checkout's context, bound by `createCheckoutService`). These
// are the checkout's own steps; the checkout-and-pay flow calls them in order in its transaction, with the other
// modules' holds between them (stock, gift-card money, coupon uses, pay on delivery), and closes a checkout unpaid.

/** The customer's cart row, locked, and the open checkouts a new one replaces (locked), with when its hold ends. */
export interface CheckoutBegun {
  cart: CartRow;
  /** Closed unpaid by the flow before the cart is priced again: their stock and money go back first. */
  replaced: TrackerRow[];
  expiresAt: Date;
}

/**
 * Step "begin" of opening a checkout: one open checkout per customer. Their checkouts queue on the cart row; a new
 * one replaces the open ones (locked here), unless too many of their checkouts expired unpaid lately. A replacement
 * keeps the hold's end of the one it replaces.
 */
export async function begin(ctx: CheckoutContext, tx: Db, customerId: string): Promise<CheckoutBegun> {
  const { deps, orders } = ctx;
  const cart = await lockCart(tx, customerId);
  const at = deps.now();
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
  }
  return { cart, replaced: openCheckouts, expiresAt };
}

/** Step "price": the cart as the cart module priced it for the address, refused when it cannot be bought as it is. */
export function acceptPricing(pricing: CheckoutPricing): CheckoutPricing {
  // Above the business's limit per order (ADR 063): the cart itself must change, whatever else it needs.
  if (pricing.aboveOrderLimit) throw validation('cart', pricing.aboveOrderLimit);
  if (pricing.problems.length > 0) {
    throw new AppError('CONFLICT', `Failed to create order: ${pricing.problems.join('; ')}`);
  }
  const overLimit = overHoldLimit(pricing);
  if (overLimit) throw new AppError('CONFLICT', `Failed to create order: ${overLimit}`);
  return pricing;
}

/** What the pay-on-delivery module checks of the stores the customer chose to pay at the door (ADR 074). */
export function payOnDeliveryChoice(customerId: string, pricing: CheckoutPricing, chosen: string[]) {
  return {
    customerId,
    state: pricing.address!.stateOrRegion,
    stores: pricing.stores.map((store) => ({
      storeId: store.storeId,
      storeName: store.storeName,
      totalKobo: store.subtotalKobo - store.discountKobo + store.shippingKobo,
    })),
    chosen,
  };
}

/** A checkout's rows just written, the stock its lines take, and whether its payment was written with them. */
export interface CheckoutWritten {
  tracker: TrackerRow;
  written: NonNullable<OpenedCheckout['written']>;
  reservations: StockLine[];
  paymentRecorded: boolean;
}

/**
 * Step "write": the orders module writes the tracker and one order per store (`podFees`: the stores paid at the
 * door). The payment is recorded with the checkout, in the statement that writes it, when no gift card lowers the
 * amount after it (ADR 055, 087).
 */
export async function write(
  ctx: CheckoutContext,
  tx: Db,
  input: {
    customerId: string;
    orderNote?: string;
    // The customer as the request's session check read them (ADR 037).
    customer: SignedInAccount;
    pricing: CheckoutPricing;
    podFees: Map<string, number>;
    expiresAt: Date;
  },
): Promise<CheckoutWritten> {
  const { deps, orders } = ctx;
  const { customerId, customer, pricing, podFees, expiresAt } = input;
  const address = pricing.address!;
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
    orderNote: input.orderNote ?? null,
    reservations,
    stores: ordersOf(pricing, podFees),
    writeWith: (tracker) => {
      if (pricing.giftCards.length > 0 || tracker.amountDueKobo === 0) return [];
      const part = deps.payments.recordPart(paymentOf(tracker, customer.email));
      paymentRecorded = part !== undefined;
      return part ? [part] : [];
    },
  });
  return {
    tracker: created.tracker,
    written: { orders: created.orders, items: created.items, activities: created.activities },
    reservations,
    paymentRecorded,
  };
}

/**
 * Step "record payment": a checkout whose payment was not written with it (gift cards held, or a split worked out
 * from the rows just written) has it recorded now. The provider is asked for its page after the commit.
 */
export async function recordPayment(
  ctx: CheckoutContext,
  tx: Db,
  tracker: TrackerRow,
  customer: SignedInAccount,
): Promise<void> {
  await ctx.deps.payments.record(tx, paymentOf(tracker, customer.email));
}

/** A checkout refused because a coupon use could not be held (or confirmed): every refused code and why. */
export function couponUsesRefused(refused: { code: string | null; reason: string }[]): AppError {
  return new AppError(
    'CONFLICT',
    `Failed to create order: ${refused.map((entry) => `${entry.code ?? 'Discount'}: ${entry.reason}`).join('; ')}`,
  );
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
  const { orders } = ctx;
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

/**
 * Closes an unpaid checkout's orders (cancelled, with the reason) and answers the stock they held: the
 * checkout-and-pay flow gives it back with the checkout's gift-card money and coupon uses.
 */
export async function closeUnpaid(
  ctx: CheckoutContext,
  executor: Db,
  tracker: TrackerRow,
  status: 'failed' | 'expired' | 'replaced',
  reason: string,
  actor: OrderActor,
): Promise<StockLine[]> {
  return ctx.orders.closeUnpaid(executor, tracker, status, reason, actor);
}

/** The coupon uses of a checkout's orders, one per discounted store order. */
export async function couponUses(
  ctx: CheckoutContext,
  executor: Db,
  tracker: TrackerRow,
  known?: { discountKobo: number; couponId: string | null; couponCode: string | null; storeId: string }[],
) {
  const { orders } = ctx;
  return (known ?? (await orders.ordersOf(executor, tracker.id)))
    .filter((order) => order.discountKobo > 0 && order.couponId)
    .map((order) => ({
      couponId: order.couponId!,
      code: order.couponCode,
      storeId: order.storeId,
      discountKobo: order.discountKobo,
    }));
}
