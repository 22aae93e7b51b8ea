import { type AddToCartBody, type CartLine, type CartState, koboToNaira } from '@market/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { prepared, preparedSql, type StatementPart } from '../../platform/db/prepared.js';
import type { Deps } from '../../platform/deps.js';
import { conflict, notFound, validation } from '../../platform/errors.js';
import { loadProductsForSale } from '../catalog/index.js';
import { cartItems, carts } from './cart.schema.js';
import {
  type CartRow,
  type CheckoutPricing,
  createCartPricing,
  ensureCart,
  type PricedLine,
  type PricingNeeds,
  priceLine,
  UNLIMITED,
} from './cart-pricing.js';

const MAX_LINES = 50;

// Built once (ADR 037): every checkout locks its cart and, once paid, takes the lines bought out of it.
const lockCartRow = prepared('cart_lock', (db) =>
  db
    .insert(carts)
    .values({ customerId: sql.placeholder('customerId') })
    .onConflictDoUpdate({ target: carts.customerId, set: { customerId: sql`excluded.customer_id` } })
    .returning(),
);
const removeLinesSql = (customerId: string, lines: string) => sql`delete from ${cartItems} c
    using jsonb_to_recordset(${sql.placeholder(lines)}::jsonb) as bought("productId" uuid, "variantId" text)
    where c.customer_id = ${sql.placeholder(customerId)}::uuid and c.product_id = bought."productId"
      and c.variant_id is not distinct from bought."variantId"`;
const removeLines = preparedSql('cart_remove_lines', () => removeLinesSql('customerId', 'lines'));

const boughtJson = (bought: { productId: string; variantId: string | null }[]) =>
  JSON.stringify(bought.map((line) => ({ productId: line.productId, variantId: line.variantId })));

export function createCartService(deps: Deps, needs: PricingNeeds) {
  const { db } = deps;
  const price = createCartPricing(needs, deps.now, deps.config.orderLimitKobo);

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
      discountNotes: pricing.stores.flatMap((store) =>
        store.couponNote
          ? [{ storeId: store.storeId, storeName: store.storeName, message: store.couponNote }]
          : [],
      ),
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
      aboveOrderLimit: pricing.aboveOrderLimit,
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
      const [product] = await loadProductsForSale(db, [body.productId], deps.now());
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
      if (addressId && !(await needs.findAddress(db, customerId, addressId)))
        throw notFound('Address not found');
      await ensureCart(db, customerId);
      await db
        .update(carts)
        .set({ selectedShippingAddressId: addressId, updatedAt: deps.now() })
        .where(eq(carts.customerId, customerId));
      return state(customerId);
    },

    /**
     * Locks the customer's cart row for the caller's transaction: checkout serialises one customer's checkouts
     * on it (at most one open checkout each), as add-to-cart serialises taps.
     */
    async lockCart(executor: Db, customerId: string): Promise<CartRow> {
      // One statement creates the row if needed and locks it either way (an upsert locks the row it meets); it
      // answers the row, so pricing in the same transaction does not read it again (ADR 033).
      const [row] = await lockCartRow(executor, { customerId });
      return row!;
    },

    /** After payment: the lines that were bought leave the cart. */
    async removeBought(
      executor: Db,
      customerId: string,
      bought: { productId: string; variantId: string | null }[],
    ) {
      if (bought.length === 0) return;
      // One statement for every line, its text the same for any number of them (ADR 037).
      await removeLines(executor, { customerId, lines: boughtJson(bought) });
    },

    /** `removeBought` as one part of a payment's statement of several writes (ADR 055). */
    boughtPart(customerId: string, bought: { productId: string; variantId: string | null }[]): StatementPart {
      return {
        name: 'cart_bought',
        sql: () => removeLinesSql('boughtCustomerId', 'boughtLines'),
        values: { boughtCustomerId: customerId, boughtLines: boughtJson(bought) },
      };
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;
