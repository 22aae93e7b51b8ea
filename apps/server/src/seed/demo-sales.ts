// Two months of sales for Ankara Palace (ankara@demo.ng), so its sales report (/merchant/reports) and the admin's
// merchants, top merchants and merchant detail (/admin/merchants) have figures to show: completed orders by three
// shoppers across states and LGAs, some with a coupon, one cancelled after payment and one returned. The shoppers
// have no password (they cannot sign in), so no demo journey sees them. Like the rest of src/seed, tables directly.
import { and, asc, eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import { findUserByEmail } from '../modules/auth/auth.repository.js';
import { users } from '../modules/auth/auth.schema.js';
import { products } from '../modules/catalog/catalog.schema.js';
import { orderActivities, orderItems, orders, orderTrackers } from '../modules/orders/orders.schema.js';
import { stores } from '../modules/stores/stores.schema.js';
import type { Db } from '../platform/db/client.js';
import { paidDemoCheckout } from './demo-delivered-order.js';

const shoppers = [
  { firstName: 'Ngozi', lastName: 'Eze', email: 'ngozi.shopper@demo.ng', state: 'Lagos', lga: 'Surulere' },
  { firstName: 'Musa', lastName: 'Bello', email: 'musa.shopper@demo.ng', state: 'Kano', lga: 'Nassarawa' },
  {
    firstName: 'Tolu',
    lastName: 'Adeyemi',
    email: 'tolu.shopper@demo.ng',
    state: 'Oyo',
    lga: 'Ibadan North',
  },
];

const ORDERS = 36;
const DAY = 24 * 60 * 60 * 1000;

/** Seeds the sales history once (after the demo catalog); running it again changes nothing. */
export async function seedDemoSales(db: Db, logger?: Logger, now = new Date()): Promise<number> {
  const [existing] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.orderName, 'NM-SALES001'));
  if (existing) return 0;
  const merchant = await findUserByEmail(db, 'merchant', 'ankara@demo.ng');
  if (!merchant) return 0;
  const [store] = await db.select().from(stores).where(eq(stores.merchantId, merchant.id)).limit(1);
  if (!store) return 0;
  const stock = await db
    .select()
    .from(products)
    .where(and(eq(products.storeId, store.id), eq(products.approvalStatus, 'approved')))
    .orderBy(asc(products.name))
    .limit(6);
  if (stock.length === 0) return 0;

  await db.transaction(async (tx) => {
    const buyers = await tx
      .insert(users)
      .values(
        shoppers.map(({ firstName, lastName, email }) => ({
          kind: 'customer' as const,
          firstName,
          lastName,
          email,
          emailConfirmedAt: now,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: users.id, email: users.email });
    if (buyers.length !== shoppers.length) return;
    for (let index = 0; index < ORDERS; index++) {
      const sale = planSale(index, stock, now);
      const buyer = buyers.find((row) => row.email === sale.shopper.email)!;
      await insertSale(tx, { merchantId: merchant.id, store }, buyer.id, index, sale);
    }
  });
  logger?.info({ orders: ORDERS }, 'demo sales seeded');
  return ORDERS;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Product = typeof products.$inferSelect;
type Sale = ReturnType<typeof planSale>;

/** The figures of the index-th sale: who bought what, how many, at what discount, when, and how it ended. */
function planSale(index: number, stock: Product[], now: Date) {
  const shopper = shoppers[index % shoppers.length]!;
  const lines = [
    stock[index % stock.length]!,
    ...(index % 4 === 0 ? [stock[(index + 1) % stock.length]!] : []),
  ];
  const quantity = (index % 3) + 1;
  const subtotal = lines.reduce((sum, product) => sum + product.sellingPriceKobo * quantity, 0);
  const discount = index % 5 === 0 ? Math.round(subtotal / 10) : 0;
  const shipping = 250_000;
  const placed = new Date(now.getTime() - (index * 59 * DAY) / ORDERS - 2 * DAY);
  const status = index === 7 ? 'cancelled' : index === 12 ? 'returned' : 'completed';
  const address = {
    fullName: `${shopper.firstName} ${shopper.lastName}`,
    phoneNumber: '+2348030000010',
    emailAddress: shopper.email,
    state: shopper.state,
    lga: shopper.lga,
    address: `${index + 3} Market Street`,
  };
  return { shopper, lines, quantity, subtotal, discount, shipping, placed, status, address } as const;
}

/** The sale's paid checkout, its order, items and the one activity that closed it. */
async function insertSale(
  tx: Tx,
  seller: { merchantId: string; store: typeof stores.$inferSelect },
  buyerId: string,
  index: number,
  sale: Sale,
): Promise<void> {
  const { lines, quantity, subtotal, discount, shipping, placed, status, address } = sale;
  const [tracker] = await tx
    .insert(orderTrackers)
    .values(
      paidDemoCheckout({
        reference: `CHK-SALES-${index + 1}`,
        customerId: buyerId,
        subtotal,
        shipping,
        discount,
        address,
        placed,
        // A cancelled or returned order gave the customer everything back (the ledger books it at start).
        refund: {
          refundStatus: status === 'completed' ? 'none' : 'refunded',
          refundedKobo: status === 'completed' ? 0 : subtotal - discount + shipping,
        },
      }),
    )
    .returning();
  const [order] = await tx
    .insert(orders)
    .values({
      trackerId: tracker!.id,
      orderName: `NM-SALES${String(index + 1).padStart(3, '0')}`,
      customerId: buyerId,
      storeId: seller.store.id,
      merchantId: seller.merchantId,
      storeName: seller.store.storeName,
      status,
      subtotalKobo: subtotal,
      shippingFeeKobo: shipping,
      discountKobo: discount,
      totalKobo: subtotal - discount + shipping,
      deliveryAddress: address,
      deliveredAt: status === 'cancelled' ? null : new Date(placed.getTime() + 2 * DAY),
      createdAt: placed,
      updatedAt: placed,
    })
    .returning();
  await tx.insert(orderItems).values(
    lines.map((product) => ({
      orderId: order!.id,
      productId: product.id,
      productName: product.name,
      sku: product.sku,
      unitPriceKobo: product.sellingPriceKobo,
      quantity,
      hostedImages: product.hostedImages.slice(0, 1),
    })),
  );
  await tx.insert(orderActivities).values({
    orderId: order!.id,
    status,
    activity:
      status === 'cancelled'
        ? 'The order was cancelled and the payment refunded.'
        : status === 'returned'
          ? 'The order was returned to the store.'
          : 'The return window passed: the order is complete.',
    actorType: 'system',
    createdAt: new Date(placed.getTime() + 2 * DAY),
  });
}
