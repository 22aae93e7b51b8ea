import { sql } from 'drizzle-orm';
import { bound } from '../../platform/bound.js';
import type { Db } from '../../platform/db/client.js';
import { prepared, preparedSql, type StatementPart } from '../../platform/db/prepared.js';
import type { Deps } from '../../platform/deps.js';
import type { RateCardCache } from '../shipping/index.js';
import { add, type CartContext, remove, selectAddress, state } from './cart.edits.js';
import { toCartState } from './cart.present.js';
import { cartItems, carts } from './cart.schema.js';
import { type CartRow, createCartPricing } from './cart-pricing.js';

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

/**
 * Locks the customer's cart row for the caller's transaction: checkout serialises one customer's checkouts on it
 * (at most one open checkout each), as add-to-cart serialises taps.
 */
export async function lockCart(executor: Db, customerId: string): Promise<CartRow> {
  // One statement creates the row if needed and locks it either way (an upsert locks the row it meets); it answers
  // the row, so pricing in the same transaction does not read it again (ADR 033).
  const [row] = await lockCartRow(executor, { customerId });
  return row!;
}

/**
 * The customer's cart. Named functions of a `CartContext` (ADR 091, 105) in files by concern: the cart as the
 * contract shows it (`cart.present.ts`), the customer's changes (`cart.edits.ts`), pricing (`cart-pricing.ts`);
 * bound here, with the statements checkout runs on the cart in its transaction.
 */
export function createCartService(deps: Deps, rateCards: RateCardCache) {
  const price = createCartPricing(deps, rateCards);
  const ctx: CartContext = { db: deps.db, deps, price };

  return {
    price,
    /** The cart priced for an address exactly as checkout would charge it, without opening a checkout. */
    async simulate(customerId: string, addressId?: string) {
      return toCartState(await price(deps.db, customerId, { addressId }));
    },
    state: bound(ctx, state),
    add: bound(ctx, add),
    remove: bound(ctx, remove),
    selectAddress: bound(ctx, selectAddress),

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
