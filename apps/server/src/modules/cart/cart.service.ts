import { type AddToCartBody, type CartLine, type CartState, koboToNaira } from '@market/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import type { Deps } from '../../platform/deps.js';
import { AppError, conflict, notFound, validation } from '../../platform/errors.js';
import { loadProductsForSale, type ProductForSale } from '../catalog/stock.js';
import type {
  AddressForCheckout,
  AppliedCoupon,
  CheckoutPorts,
  ShipmentItem,
} from '../checkout/checkout.ports.js';
import { cartItems, carts } from './cart.schema.js';

const MAX_LINES = 50;
const UNLIMITED = 9999;

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
  problems: string[];
}

function priceLine(
  product: ProductForSale,
  variantId: string | null,
  quantity: number,
  cartItemId: string,
): PricedLine {
  const variant = variantId
    ? (product.variants.find((candidate) => candidate.id === variantId) ?? null)
    : null;
  const unitPriceKobo = Math.max(0, product.sellingPriceKobo - (variant?.discountKobo ?? 0));
  const stock = variant ? variant.quantity : product.quantity;
  const availableQuantity = product.contSalesOutOfStock ? UNLIMITED : Math.max(0, stock);
  let problem: string | null = null;
  if (product.approvalStatus !== 'approved' || !product.storeVisible)
    problem = 'This product is no longer sold';
  else if (variantId && !variant) problem = 'This option is no longer sold';
  else if (!variantId && product.variants.length > 0) problem = 'Choose an option for this product';
  else if (availableQuantity === 0) problem = 'Sold out';
  else if (quantity > availableQuantity) problem = `Only ${availableQuantity} left`;
  return { cartItemId, product, variant, quantity, unitPriceKobo, availableQuantity, problem };
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

export function createCartService(deps: Deps, ports: CheckoutPorts) {
  const { db } = deps;

  async function ensureCart(executor: Db, customerId: string) {
    await executor.insert(carts).values({ customerId }).onConflictDoNothing();
    const [cart] = await executor.select().from(carts).where(eq(carts.customerId, customerId)).limit(1);
    return cart!;
  }

  /**
   * Prices the customer's cart exactly as checkout will charge it: one function for the cart page, simulate-order
   * and create-order, so the totals a customer sees match what they pay to the kobo.
   */
  async function price(
    executor: Db,
    customerId: string,
    options: { addressId?: string } = {},
  ): Promise<CheckoutPricing> {
    const cart = await ensureCart(executor, customerId);
    const items = await executor
      .select()
      .from(cartItems)
      .where(eq(cartItems.customerId, customerId))
      .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
    const productsById = new Map(
      (await loadProductsForSale(executor, [...new Set(items.map((item) => item.productId))])).map((row) => [
        row.id,
        row,
      ]),
    );
    const lines = items.flatMap((item) => {
      const product = productsById.get(item.productId);
      return product ? [priceLine(product, item.variantId, item.quantity, item.id)] : [];
    });

    const addressId = options.addressId ?? cart.selectedShippingAddressId ?? undefined;
    let address = addressId ? await ports.findAddress(executor, customerId, addressId) : undefined;
    if (options.addressId && !address) throw notFound('Address not found');
    address ??= await ports.defaultAddress(executor, customerId);

    const sellable = lines.filter((line) => !line.problem);
    const codes = await ports.appliedCouponCodes(executor, customerId);
    const evaluation = sellable.length
      ? await ports.evaluateCoupons(executor, {
          customerId,
          codes,
          now: deps.now(),
          lines: sellable.map((line) => ({
            productId: line.product.id,
            storeId: line.product.storeId,
            categoryIds: [
              line.product.categoryId,
              line.product.subCategoryId,
              line.product.childCategoryId,
            ].filter((id): id is string => Boolean(id)),
            unitPriceKobo: line.unitPriceKobo,
            quantity: line.quantity,
          })),
        })
      : { applied: [], rejected: [] };

    const stores: StorePricing[] = [];
    const shippingProblems: string[] = [];
    for (const line of sellable) {
      let store = stores.find((candidate) => candidate.storeId === line.product.storeId);
      if (!store) {
        store = {
          storeId: line.product.storeId,
          storeName: line.product.storeName,
          merchantId: line.product.merchantId,
          lines: [],
          subtotalKobo: 0,
          discountKobo: 0,
          coupon: null,
          shippingKobo: 0,
          quote: {
            chargeableWeightKg: 0,
            vehicle: null,
            withinLagos: false,
            lagosMerchant: false,
            lagosCustomer: false,
          },
        };
        stores.push(store);
      }
      store.lines.push(line);
      store.subtotalKobo += line.unitPriceKobo * line.quantity;
    }
    for (const store of stores) {
      const coupon = evaluation.applied.find((applied) => applied.storeId === store.storeId) ?? null;
      store.coupon = coupon;
      // A coupon of one store never discounts another store's items, nor more than its items cost.
      store.discountKobo = coupon ? Math.min(coupon.discountKobo, store.subtotalKobo) : 0;
      if (address) {
        const origin = await ports.storeOrigin(executor, store.storeId);
        if (origin) {
          // One store that cannot deliver to this address must not hide the rest of the cart: it blocks checkout.
          const quote = await ports
            .quoteShipment(executor, {
              origin,
              destination: { state: address.stateOrRegion, lga: address.lga },
              items: store.lines.map(shipmentItem),
            })
            .catch((error: unknown) => {
              const undeliverable =
                error instanceof AppError && (error.status === 422 || error.status === 503);
              if (!undeliverable) throw error;
              shippingProblems.push(
                `${store.storeName} cannot deliver to this address yet: ${error.message}`,
              );
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
      }
    }

    const itemsSubtotalKobo = stores.reduce((total, store) => total + store.subtotalKobo, 0);
    const discountKobo = stores.reduce((total, store) => total + store.discountKobo, 0);
    const shippingKobo = stores.reduce((total, store) => total + store.shippingKobo, 0);
    // Gift cards cover what is left after discounts, shipping fees included.
    let toCover = itemsSubtotalKobo - discountKobo + shippingKobo;
    const giftCards = (await ports.appliedGiftCards(executor, customerId)).map((card) => {
      const coversKobo = Math.max(0, Math.min(card.balanceKobo, toCover));
      toCover -= coversKobo;
      return { ...card, coversKobo };
    });
    const giftCardKobo = giftCards.reduce((total, card) => total + card.coversKobo, 0);

    const problems: string[] = [];
    if (lines.length === 0) problems.push('Your cart is empty');
    if (lines.some((line) => line.problem)) problems.push('Some items need your attention');
    if (!address) problems.push('Choose a delivery address');
    problems.push(...shippingProblems);
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
      rejectedCodes: evaluation.rejected,
      problems,
    };
  }

  function toCartLine(line: PricedLine): CartLine {
    return {
      id: line.cartItemId,
      productId: line.product.id,
      variantId: line.variant?.id ?? null,
      quantity: line.quantity,
      name: line.product.name,
      storeId: line.product.storeId,
      storeName: line.product.storeName,
      storeUrl: line.product.storeUrl,
      hostedImages: line.product.hostedImages,
      pricing: [
        {
          sellingPrice: koboToNaira(line.product.sellingPriceKobo),
          price: koboToNaira(line.product.priceKobo),
        },
      ],
      productVariant: line.variant
        ? { id: line.variant.id, sku: line.variant.sku, size: line.variant.size, color: line.variant.color }
        : null,
      unitPrice: koboToNaira(line.unitPriceKobo),
      lineTotal: koboToNaira(line.unitPriceKobo * line.quantity),
      availableQuantity: line.availableQuantity === UNLIMITED ? 999 : line.availableQuantity,
      problem: line.problem,
    };
  }

  function toCartState(pricing: CheckoutPricing): CartState {
    const totalKobo = pricing.lines.reduce((total, line) => total + line.unitPriceKobo * line.quantity, 0);
    return {
      cartItemsData: pricing.lines.map(toCartLine),
      itemCount: pricing.lines.reduce((total, line) => total + line.quantity, 0),
      total: koboToNaira(totalKobo),
      discount: koboToNaira(pricing.discountKobo),
      shippingFees: pricing.stores.map((store) => ({
        storeId: store.storeId,
        storeName: store.storeName,
        fee: koboToNaira(store.shippingKobo),
        weightKg: store.quote.chargeableWeightKg,
        withinLagos: store.quote.withinLagos,
        lagosMerchant: store.quote.lagosMerchant,
        lagosCustomer: store.quote.lagosCustomer,
        vehicle: store.quote.vehicle,
      })),
      shippingFeeTotal: koboToNaira(pricing.shippingKobo),
      weight: pricing.stores.reduce((total, store) => total + store.quote.chargeableWeightKg, 0),
      appliedDiscountCodes: pricing.stores.flatMap((store) =>
        store.coupon
          ? [
              {
                code: store.coupon.code,
                storeId: store.storeId,
                amount: koboToNaira(store.discountKobo),
                description: store.coupon.description ?? null,
              },
            ]
          : [],
      ),
      rejectedDiscountCodes: pricing.rejectedCodes,
      appliedGiftCards: pricing.giftCards.map((card) => ({
        id: card.id,
        last4: card.last4,
        balance: koboToNaira(card.balanceKobo),
        covers: koboToNaira(card.coversKobo),
      })),
      giftCardTotal: koboToNaira(pricing.giftCardKobo),
      amountDue: koboToNaira(pricing.amountDueKobo),
      selectedShippingAddress: pricing.address,
      merchantAddresses: pricing.stores.map((store) => ({
        storeId: store.storeId,
        storeName: store.storeName,
        state: store.lines[0]?.product.storeLocation?.state ?? null,
        city: store.lines[0]?.product.storeLocation?.city ?? null,
      })),
      canCheckout: pricing.problems.length === 0,
      checkoutProblems: pricing.problems,
    };
  }

  async function state(customerId: string, options: { addressId?: string } = {}): Promise<CartState> {
    return toCartState(await price(db, customerId, options));
  }

  return {
    price,
    toCartState,
    state,

    async add(
      customerId: string,
      body: Required<Omit<AddToCartBody, 'variantId'>> & { variantId?: string | null },
    ) {
      const variantId = body.variantId ?? null;
      const [product] = await loadProductsForSale(db, [body.productId]);
      if (product?.approvalStatus !== 'approved' || !product.storeVisible) {
        throw conflict('This product is not available');
      }
      if (variantId && !product.variants.some((variant) => variant.id === variantId)) {
        throw validation('variantId', 'Choose one of the options of this product');
      }
      if (!variantId && product.variants.length > 0)
        throw validation('variantId', 'Choose an option for this product');
      await db.transaction(async (tx) => {
        await ensureCart(tx, customerId);
        // Lock the customer's cart so two taps at once cannot both pass the stock check.
        await tx.select().from(carts).where(eq(carts.customerId, customerId)).for('update');
        const [existing] = await tx
          .select()
          .from(cartItems)
          .where(
            and(
              eq(cartItems.customerId, customerId),
              eq(cartItems.productId, body.productId),
              variantId ? eq(cartItems.variantId, variantId) : sql`${cartItems.variantId} is null`,
            ),
          )
          .limit(1);
        const current = existing?.quantity ?? 0;
        const next =
          body.action === 'set'
            ? body.quantity
            : body.action === 'decrease'
              ? current - body.quantity
              : current + body.quantity;
        if (next <= 0) {
          if (existing) await tx.delete(cartItems).where(eq(cartItems.id, existing.id));
          return;
        }
        const line = priceLine(product, variantId, next, existing?.id ?? '');
        if (line.availableQuantity === 0) throw conflict(`${product.name} is sold out`);
        if (next > line.availableQuantity) {
          throw conflict(`Only ${line.availableQuantity} of ${product.name} left in stock`);
        }
        if (existing) {
          await tx
            .update(cartItems)
            .set({ quantity: next, updatedAt: deps.now() })
            .where(eq(cartItems.id, existing.id));
        } else {
          const [{ lines }] = (await tx
            .select({ lines: sql<number>`count(*)::int` })
            .from(cartItems)
            .where(eq(cartItems.customerId, customerId))) as [{ lines: number }];
          if (lines >= MAX_LINES) throw conflict(`A cart holds at most ${MAX_LINES} different items`);
          await tx
            .insert(cartItems)
            .values({ customerId, productId: body.productId, variantId, quantity: next });
        }
      });
      return state(customerId);
    },

    async remove(customerId: string, body: { cartItemId?: string; all?: boolean }) {
      if (body.all) {
        await db.delete(cartItems).where(eq(cartItems.customerId, customerId));
      } else {
        const removed = await db
          .delete(cartItems)
          .where(and(eq(cartItems.customerId, customerId), eq(cartItems.id, body.cartItemId!)))
          .returning({ id: cartItems.id });
        if (removed.length === 0) throw notFound('This item is not in your cart');
      }
      return state(customerId);
    },

    async selectAddress(customerId: string, addressId: string | null) {
      if (addressId && !(await ports.findAddress(db, customerId, addressId)))
        throw notFound('Address not found');
      await ensureCart(db, customerId);
      await db
        .update(carts)
        .set({ selectedShippingAddressId: addressId, updatedAt: deps.now() })
        .where(eq(carts.customerId, customerId));
      return state(customerId);
    },

    /** After payment: the lines that were bought leave the cart. */
    async removeBought(
      executor: Db,
      customerId: string,
      bought: { productId: string; variantId: string | null }[],
    ) {
      for (const line of bought) {
        await executor
          .delete(cartItems)
          .where(
            and(
              eq(cartItems.customerId, customerId),
              eq(cartItems.productId, line.productId),
              line.variantId ? eq(cartItems.variantId, line.variantId) : sql`${cartItems.variantId} is null`,
            ),
          );
      }
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;
