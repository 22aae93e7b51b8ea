import type { AddToCartBody, CartState } from '@market/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import type { Deps } from '../../platform/deps.js';
import { conflict, notFound, validation } from '../../platform/errors.js';
import { findCustomerAddress } from '../addresses/index.js';
import { loadProductsForSale } from '../catalog/index.js';
import { toCartState } from './cart.present.js';
import { cartItems, carts } from './cart.schema.js';
import { type createCartPricing, ensureCart, priceLine } from './cart-pricing.js';

// What a customer does to the cart, and the cart each change answers (ADR 091, 105).

const MAX_LINES = 50;

/** What the cart service's functions work with. */
export interface CartContext {
  db: Db;
  deps: Deps;
  price: ReturnType<typeof createCartPricing>;
}

export async function state(
  ctx: CartContext,
  customerId: string,
  options: { addressId?: string } = {},
): Promise<CartState> {
  return toCartState(await ctx.price(ctx.db, customerId, options));
}

export async function add(
  ctx: CartContext,
  customerId: string,
  body: Required<Omit<AddToCartBody, 'variantId'>> & { variantId?: string | null },
) {
  const variantId = body.variantId ?? null;
  const [product] = await loadProductsForSale(ctx.db, [body.productId], ctx.deps.now());
  if (product?.approvalStatus !== 'approved' || !product.storeVisible) {
    throw conflict('This product is not available');
  }
  if (variantId && !product.variants.some((variant) => variant.id === variantId)) {
    throw validation('variantId', 'Choose one of the options of this product');
  }
  if (!variantId && product.variants.length > 0)
    throw validation('variantId', 'Choose an option for this product');
  await ctx.db.transaction(async (tx) => {
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
        .set({ quantity: next, updatedAt: ctx.deps.now() })
        .where(eq(cartItems.id, existing.id));
    } else {
      const [{ lines }] = (await tx
        .select({ lines: sql<number>`count(*)::int` })
        .from(cartItems)
        .where(eq(cartItems.customerId, customerId))) as [{ lines: number }];
      if (lines >= MAX_LINES) throw conflict(`A cart holds at most ${MAX_LINES} different items`);
      await tx.insert(cartItems).values({ customerId, productId: body.productId, variantId, quantity: next });
    }
  });
  return state(ctx, customerId);
}

export async function remove(
  ctx: CartContext,
  customerId: string,
  body: { cartItemId?: string; all?: boolean },
) {
  if (body.all) {
    await ctx.db.delete(cartItems).where(eq(cartItems.customerId, customerId));
  } else {
    const removed = await ctx.db
      .delete(cartItems)
      .where(and(eq(cartItems.customerId, customerId), eq(cartItems.id, body.cartItemId!)))
      .returning({ id: cartItems.id });
    if (removed.length === 0) throw notFound('This item is not in your cart');
  }
  return state(ctx, customerId);
}

export async function selectAddress(ctx: CartContext, customerId: string, addressId: string | null) {
  if (addressId && !(await findCustomerAddress(ctx.db, customerId, addressId)))
    throw notFound('Address not found');
  await ensureCart(ctx.db, customerId);
  await ctx.db
    .update(carts)
    .set({ selectedShippingAddressId: addressId, updatedAt: ctx.deps.now() })
    .where(eq(carts.customerId, customerId));
  return state(ctx, customerId);
}
