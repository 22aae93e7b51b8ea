import { formatNaira, storesCannotBeSettled } from '@market/contracts';
import type { Db } from '../../platform/db/client.js';
import type { Deps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { storesWithoutSubaccount } from '../bank-accounts/index.js';
import type { ProductForSale } from '../catalog/index.js';
import { type AppliedCoupon, evaluateCoupons } from '../coupons/index.js';
import { quoteShipment, type RateCardCache, storeOrigins } from '../shipping/index.js';
import type { carts } from './cart.schema.js';
import { chooseAddress, ensureCart, type PricingRead, readAtOnce } from './cart-reads.js';

export { couponLinesOfCart, ensureCart, type PricingRead, priceLine, UNLIMITED } from './cart-reads.js';

// Prices a customer's cart exactly as checkout charges it: one function for the cart page, simulate-order and
// create-order, so the totals a customer sees match what they pay to the kobo. It runs in four named steps (items,
// coupons, shipping, gift cards); it reads the addresses, coupons, shipping, gift-card and bank-account modules through
// their index. Shipping quotes read the rate card this process caches (the composition's, dropped by the shipping
// module's writes), handed in as that cache.

export interface AddressForCheckout {
  id: string;
  fullName: string;
  phoneNumber: string;
  emailAddress: string | null;
  stateOrRegion: string;
  lga: string;
  address: string;
}

export interface ShipmentItem {
  weight: number | null;
  weightUnit: 'kg' | 'g';
  dimension: { length: number; width: number; height: number } | null;
  dimensionUnit: 'cm' | 'm' | 'in';
  quantity: number;
  isDigital: boolean;
}

export interface ShipmentQuote {
  feeKobo: number;
  chargeableWeightKg: number;
  vehicle: { id: string; name: string } | null;
  withinLagos: boolean;
  lagosMerchant: boolean;
  lagosCustomer: boolean;
}

// The coupon engine's own types: a cart prices its coupons in the engine's words, so the two cannot drift apart.
export type { AppliedCoupon, CouponLine } from '../coupons/index.js';

export interface CouponEvaluation {
  applied: AppliedCoupon[];
  rejected: { code: string; reason: string }[];
  /** Which discount applies in a store and why, where a code competed with another discount. */
  explanations?: { storeId: string; message: string }[];
}

export interface AppliedGiftCardBalance {
  id: string;
  last4: string;
  balanceKobo: number;
}

/** Where a store ships from and where its merchant picks up, as the stores module keeps them. */
export interface StorePlaces {
  shippingLocation: ProductForSale['storeLocation'];
  pickupLocation: ProductForSale['storePickupLocation'];
}

/** One priced line of the cart, in kobo: what checkout turns into order items. */
export interface PricedLine {
  cartItemId: string;
  product: ProductForSale;
  variant: ProductForSale['variants'][number] | null;
  quantity: number;
  unitPriceKobo: number;
  availableQuantity: number;
  problem: string | null;
}

export interface StorePricing {
  storeId: string;
  storeName: string;
  merchantId: string;
  lines: PricedLine[];
  subtotalKobo: number;
  discountKobo: number;
  coupon: AppliedCoupon | null;
  /** Why this discount applies rather than another one (a code against the automatic discount, say). */
  couponNote: string | null;
  shippingKobo: number;
  quote: {
    chargeableWeightKg: number;
    vehicle: string | null;
    withinLagos: boolean;
    lagosMerchant: boolean;
    lagosCustomer: boolean;
  };
}

export interface CheckoutPricing {
  lines: PricedLine[];
  stores: StorePricing[];
  address: AddressForCheckout | null;
  itemsSubtotalKobo: number;
  discountKobo: number;
  shippingKobo: number;
  giftCards: { id: string; last4: string; balanceKobo: number; coversKobo: number }[];
  giftCardKobo: number;
  amountDueKobo: number;
  rejectedCodes: { code: string; reason: string }[];
  /** Why this cart is more than one order may come to (ADR 063), as the customer reads it; null within the limit. */
  aboveOrderLimit: string | null;
  /** Everything that keeps the cart from checkout, `aboveOrderLimit` included. */
  problems: string[];
}

export type CartRow = typeof carts.$inferSelect;

export type PriceCart = (
  executor: Db,
  customerId: string,
  /** cart: the customer's cart row, when the caller has just written or locked it (checkout's lockCart). */
  options?: { addressId?: string; cart?: CartRow },
) => Promise<CheckoutPricing>;

function emptyStore(line: PricedLine): StorePricing {
  return {
    storeId: line.product.storeId,
    storeName: line.product.storeName,
    merchantId: line.product.merchantId,
    lines: [],
    subtotalKobo: 0,
    discountKobo: 0,
    coupon: null,
    couponNote: null,
    shippingKobo: 0,
    quote: {
      chargeableWeightKg: 0,
      vehicle: null,
      withinLagos: false,
      lagosMerchant: false,
      lagosCustomer: false,
    },
  };
}

/** One group per store, in the order the stores first appear in the cart. */
function groupByStore(sellable: PricedLine[]): StorePricing[] {
  const stores = new Map<string, StorePricing>();
  for (const line of sellable) {
    const store = stores.get(line.product.storeId) ?? emptyStore(line);
    stores.set(store.storeId, store);
    store.lines.push(line);
    store.subtotalKobo += line.unitPriceKobo * line.quantity;
  }
  return [...stores.values()];
}

/** Step 2, coupons: each store gets at most its own coupon, never more than its items cost. */
async function applyCoupons(
  executor: Db,
  customerId: string,
  sellable: PricedLine[],
  stores: StorePricing[],
  now: Date,
  read: PricingRead,
): Promise<CouponEvaluation['rejected']> {
  if (sellable.length === 0) return [];
  const evaluation = await evaluateCoupons(executor, {
    customerId,
    codes: read.codes,
    candidates: read.candidates,
    now,
    lines: sellable.map((line) => ({
      productId: line.product.id,
      storeId: line.product.storeId,
      categoryIds: [line.product.categoryId, line.product.subCategoryId, line.product.childCategoryId].filter(
        (id): id is string => Boolean(id),
      ),
      unitPriceKobo: line.unitPriceKobo,
      quantity: line.quantity,
    })),
  });
  for (const store of stores) {
    const coupon = evaluation.applied.find((applied) => applied.storeId === store.storeId) ?? null;
    store.coupon = coupon;
    store.couponNote =
      evaluation.explanations?.find((entry) => entry.storeId === store.storeId)?.message ?? null;
    store.discountKobo = coupon ? Math.min(coupon.discountKobo, store.subtotalKobo) : 0;
  }
  return evaluation.rejected;
}

function shipmentItem(line: PricedLine): ShipmentItem {
  return {
    weight: line.product.weight === null ? null : Number(line.product.weight),
    weightUnit: line.product.weightUnit,
    dimension: line.product.dimension ?? null,
    dimensionUnit: line.product.dimensionUnit,
    quantity: line.quantity,
    isDigital: line.product.isDigitalProduct,
  };
}

/**
 * Step 3, shipping: a quote per store to the address. One store that cannot deliver there must not hide the rest
 * of the cart: it blocks checkout with a problem that names it.
 */
async function priceShipping(
  executor: Db,
  rateCards: RateCardCache,
  stores: StorePricing[],
  address: AddressForCheckout | undefined,
): Promise<string[]> {
  const problems: string[] = [];
  if (!address || stores.length === 0) return problems;
  const known = new Map<string, StorePlaces>();
  for (const store of stores) {
    const product = store.lines[0]?.product;
    if (product)
      known.set(store.storeId, {
        shippingLocation: product.storeLocation,
        pickupLocation: product.storePickupLocation,
      });
  }
  const origins = await storeOrigins(
    executor,
    stores.map((store) => store.storeId),
    known,
  );
  for (const store of stores) {
    const origin = origins.get(store.storeId);
    if (!origin) continue;
    const quote = await quoteShipment(
      executor,
      {
        origin,
        destination: { state: address.stateOrRegion, lga: address.lga },
        items: store.lines.map(shipmentItem),
      },
      rateCards,
    ).catch((error: unknown) => {
      const undeliverable = error instanceof AppError && (error.status === 422 || error.status === 503);
      if (!undeliverable) throw error;
      problems.push(`${store.storeName} cannot deliver to this address yet: ${error.message}`);
      return undefined;
    });
    if (!quote) continue;
    store.shippingKobo = quote.feeKobo;
    store.quote = {
      chargeableWeightKg: quote.chargeableWeightKg,
      vehicle: quote.vehicle?.name ?? null,
      withinLagos: quote.withinLagos,
      lagosMerchant: quote.lagosMerchant,
      lagosCustomer: quote.lagosCustomer,
    };
  }
  return problems;
}

/** Step 4, gift cards: they cover what is left after discounts, shipping fees included, card by card. */
function coverWithGiftCards(toCoverKobo: number, read: PricingRead): CheckoutPricing['giftCards'] {
  let left = toCoverKobo;
  return read.giftCards.map((card) => {
    const coversKobo = Math.max(0, Math.min(card.balanceKobo, left));
    left -= coversKobo;
    return { ...card, coversKobo };
  });
}

const sum = <T>(rows: T[], of: (row: T) => number) => rows.reduce((total, row) => total + of(row), 0);

/**
 * The order limit (ORDER_LIMIT_NAIRA, ADR 063) as the customer reads it, when the checkout's total (goods after
 * discounts, plus delivery; gift cards are a way of paying it) passes it.
 */
export function orderLimitProblem(totalKobo: number, orderLimitKobo: number): string | null {
  if (totalKobo <= orderLimitKobo) return null;
  return `One order can come to at most ${formatNaira(orderLimitKobo)} and this cart comes to ${formatNaira(totalKobo)}. Remove some items, or buy them in more than one order.`;
}

/**
 * Of these stores, those Paystack cannot settle to yet (no subaccount, ADR 051), which cannot be bought from. In
 * transfer mode the platform pays every store itself: none.
 */
function storesWithoutSettlement(
  settlementMode: Deps['config']['settlementMode'],
  executor: Db,
  storeIds: string[],
): Promise<string[]> {
  return settlementMode === 'subaccount' ? storesWithoutSubaccount(executor, storeIds) : Promise.resolve([]);
}

/**
 * The cart pricing function checkout and the cart page call, with the process's cached rate card. The most one
 * checkout may total (ORDER_LIMIT_NAIRA) and the settlement mode are the configuration's.
 */
export function createCartPricing(deps: Pick<Deps, 'now' | 'config'>, rateCards: RateCardCache): PriceCart {
  const { orderLimitKobo, settlementMode } = deps.config;
  const now = () => deps.now();
  return async (executor, customerId, options = {}) => {
    const cart = options.cart ?? (await ensureCart(executor, customerId));
    const at = now();
    const addressId = options.addressId ?? cart.selectedShippingAddressId ?? null;
    const read = await readAtOnce(executor, customerId, addressId, at);
    const { lines } = read;
    const address = chooseAddress(read.address, options.addressId);
    const sellable = lines.filter((line) => !line.problem);
    const stores = groupByStore(sellable);
    const rejectedCodes = await applyCoupons(executor, customerId, sellable, stores, at, read);
    const shippingProblems = await priceShipping(executor, rateCards, stores, address);

    const itemsSubtotalKobo = sum(stores, (store) => store.subtotalKobo);
    const discountKobo = sum(stores, (store) => store.discountKobo);
    const shippingKobo = sum(stores, (store) => store.shippingKobo);
    const giftCards = coverWithGiftCards(itemsSubtotalKobo - discountKobo + shippingKobo, read);
    const giftCardKobo = sum(giftCards, (card) => card.coversKobo);

    const aboveOrderLimit = orderLimitProblem(
      itemsSubtotalKobo - discountKobo + shippingKobo,
      orderLimitKobo,
    );
    const problems: string[] = [];
    if (aboveOrderLimit) problems.push(aboveOrderLimit);
    if (lines.length === 0) problems.push('Your cart is empty');
    if (lines.some((line) => line.problem)) problems.push('Some items need your attention');
    if (!address) problems.push('Choose a delivery address');
    problems.push(...shippingProblems);
    if (stores.length > 0) {
      const unsettled = new Set(
        await storesWithoutSettlement(
          settlementMode,
          executor,
          stores.map((store) => store.storeId),
        ),
      );
      const names = stores.filter((store) => unsettled.has(store.storeId)).map((store) => store.storeName);
      if (names.length > 0) problems.push(storesCannotBeSettled(names));
    }
    return {
      lines,
      stores,
      address: address ?? null,
      itemsSubtotalKobo,
      discountKobo,
      shippingKobo,
      giftCards,
      giftCardKobo,
      amountDueKobo: itemsSubtotalKobo - discountKobo + shippingKobo - giftCardKobo,
      rejectedCodes,
      aboveOrderLimit,
      problems,
    };
  };
}
