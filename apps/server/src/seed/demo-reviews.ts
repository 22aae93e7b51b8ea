// Demo reviews and testimonials (issue 9): four more demo customers, each with a completed order, review what they
// received, so product and store ratings are computed from real reviews rather than seeded numbers. The demo
// customer's own delivered order (NM-DEMO0006) is left unreviewed for them to try. Writes tables directly.
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { findUserByEmail } from '../modules/auth/auth.repository.js';
import { users } from '../modules/auth/auth.schema.js';
import { products } from '../modules/catalog/catalog.schema.js';
import { orderActivities, orderItems, orders, orderTrackers } from '../modules/orders/orders.schema.js';
import { reviews } from '../modules/reviews/reviews.schema.js';
import { stores } from '../modules/stores/stores.schema.js';
import { platformTestimonials } from '../modules/testimonials/testimonials.schema.js';
import { hashPassword } from '../platform/auth/passwords.js';
import type { Db } from '../platform/db/client.js';
import { paidDemoCheckout } from './demo-delivered-order.js';
import { DEMO_PASSWORD } from './demo-seed.js';

const reviewers = [
  { email: 'amaka@demo.ng', firstName: 'Amaka', lastName: 'Nwankwo', phoneNumber: '+2348030000011' },
  { email: 'bayo@demo.ng', firstName: 'Bayo', lastName: 'Ogunleye', phoneNumber: '+2348030000012' },
  { email: 'halima@demo.ng', firstName: 'Halima', lastName: 'Sule', phoneNumber: '+2348030000013' },
  { email: 'tobi@demo.ng', firstName: 'Tobi', lastName: 'Akande', phoneNumber: '+2348030000014' },
];

/** [rating, text] per reviewer and product: not all glowing, as real reviews are not. */
const productWords: [number, string][][] = [
  [
    [5, 'Exactly as described and it arrived well packed. Very happy with it.'],
    [4, 'Good quality for the price. Delivery took a day longer than I hoped.'],
    [5, 'Original product, works perfectly. I will buy from this store again.'],
  ],
  [
    [4, 'Does the job well. The box was a little dented but the item was fine.'],
    [3, 'It is okay. Not bad, not great; the colour is lighter than the photos.'],
    [5, 'Better than I expected. The seller answered my questions quickly.'],
  ],
  [
    [5, 'Bought it for my mum and she loves it. Thank you!'],
    [4, 'Solid product. Would be five stars with faster delivery to Abuja.'],
  ],
  [
    [2, 'It works but the finish is poor for this price.'],
    [5, 'Perfect. Came with a receipt and warranty card.'],
  ],
];
const storeWords: [number, string][] = [
  [5, 'Friendly store, quick replies and careful packing.'],
  [4, 'Reliable seller. Delivery was on time.'],
  [4, 'Good communication; one item was out of stock but they told me at once.'],
  [3, 'Fine overall, but it took two days before my order was accepted.'],
];
const testimonialWords: [string, number, 'approved' | 'pending'][] = [
  [
    'Paying in naira with my card was smooth and I could follow my order all the way to my door.',
    5,
    'approved',
  ],
  ['I found original gadgets from real stores and the delivery token made me feel safe.', 5, 'approved'],
  ['Good prices and stores that actually reply. Delivery to Kano could be faster.', 4, 'approved'],
  ['My first order came in two days. I will tell my friends about Naija Market.', 5, 'pending'],
];

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Product = typeof products.$inferSelect;
type Reviewer = (typeof reviewers)[number];
const day = 24 * 60 * 60 * 1000;

/** What every reviewer's step needs: the demo merchant's store, the products to review and the seed's clock. */
interface ReviewContext {
  merchantId: string;
  storeId: string;
  reviewable: Product[];
  passwordHash: string;
  now: Date;
}

/** Seeds the demo reviews once (after the demo orders); running it again changes nothing. */
export async function seedDemoReviews(db: Db, logger?: Logger, now = new Date()): Promise<number> {
  if (await findUserByEmail(db, 'customer', reviewers[0]!.email)) return 0;
  const merchant = await findUserByEmail(db, 'merchant', 'merchant@demo.ng');
  if (!merchant) return 0;
  const [store] = await db.select().from(stores).where(eq(stores.merchantId, merchant.id)).limit(1);
  if (!store) return 0;
  // The demo orders took the store's approved products by name; the sixth is the demo customer's delivered one.
  const stock = await db
    .select()
    .from(products)
    .where(and(eq(products.storeId, store.id), eq(products.approvalStatus, 'approved')))
    .orderBy(asc(products.name))
    .limit(6);
  const others = await db
    .select()
    .from(products)
    .where(and(ne(products.storeId, store.id), eq(products.isVisible, true)))
    .orderBy(asc(products.name))
    .limit(3);
  const reviewable = [...stock.slice(0, 5), ...others];
  if (reviewable.length === 0) return 0;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const context: ReviewContext = {
    merchantId: merchant.id,
    storeId: store.id,
    reviewable,
    passwordHash,
    now,
  };
  let written = 0;

  await db.transaction(async (tx) => {
    for (const [index, person] of reviewers.entries())
      written += await seedReviewer(tx, context, index, person);
    await refreshRatings(tx, reviewable, store.id);
  });
  logger?.info({ reviews: written }, 'demo reviews seeded');
  return written;
}

/** One reviewer: their account, a completed order per store they bought from, their reviews and testimonial. */
async function seedReviewer(
  tx: Tx,
  context: ReviewContext,
  index: number,
  person: Reviewer,
): Promise<number> {
  const { reviewable, passwordHash, now } = context;
  const [user] = await tx
    .insert(users)
    .values({ kind: 'customer', role: null, ...person, passwordHash, emailConfirmedAt: now })
    .returning();
  const authorName = `${person.firstName} ${person.lastName.charAt(0)}.`;
  const picked = reviewable
    .filter(
      (_, position) => position % reviewers.length === index || (position + 1) % reviewers.length === index,
    )
    .slice(0, productWords[index]!.length);
  const byStore = new Map<string, typeof picked>();
  for (const product of picked)
    byStore.set(product.storeId, [...(byStore.get(product.storeId) ?? []), product]);
  const placed = new Date(now.getTime() - (20 + index * 3) * day);
  const delivered = new Date(placed.getTime() + 2 * day);
  const buyer: Buyer = { userId: user!.id, index, person, authorName, placed, delivered };
  let written = 0;
  let orderNumber = 0;
  for (const [storeId, items] of byStore) {
    orderNumber += 1;
    written += await seedCompletedOrder(tx, context, buyer, orderNumber, storeId, items);
  }
  written += await seedProductReviews(tx, context, buyer, picked);
  const [words, stars, status] = testimonialWords[index]!;
  await tx.insert(platformTestimonials).values({
    customerId: user!.id,
    authorName,
    text: words,
    rating: stars,
    status,
    decidedAt: status === 'approved' ? now : null,
    createdAt: new Date(delivered.getTime() + 2 * day),
  });
  return written;
}

/** A reviewer as their orders and reviews name them, with when their orders were placed and delivered. */
interface Buyer {
  userId: string;
  index: number;
  person: Reviewer;
  authorName: string;
  placed: Date;
  delivered: Date;
}

/** A paid, delivered and completed order from one store; a review of the demo store when it is that store. */
async function seedCompletedOrder(
  tx: Tx,
  context: ReviewContext,
  buyer: Buyer,
  orderNumber: number,
  storeId: string,
  items: Product[],
): Promise<number> {
  const { userId, index, person, placed, delivered } = buyer;
  const address = addressOf(person, index);
  const [seller] = await tx.select().from(stores).where(eq(stores.id, storeId)).limit(1);
  const subtotal = items.reduce((sum, item) => sum + item.sellingPriceKobo, 0);
  const shipping = 250_000;
  const [tracker] = await tx
    .insert(orderTrackers)
    .values(
      paidDemoCheckout({
        reference: `CHK-DEMO-R${index + 1}-${orderNumber}`,
        customerId: userId,
        subtotal,
        shipping,
        address,
        placed,
        updatedAt: delivered,
      }),
    )
    .returning();
  const order = await insertCompletedOrder(tx, buyer, {
    trackerId: tracker!.id,
    orderNumber,
    seller: seller!,
    address,
    subtotal,
    shipping,
  });
  await tx.insert(orderItems).values(
    items.map((item) => ({
      orderId: order!.id,
      productId: item.id,
      productName: item.name,
      sku: item.sku,
      unitPriceKobo: item.sellingPriceKobo,
      quantity: 1,
      hostedImages: item.hostedImages.slice(0, 1),
    })),
  );
  await tx.insert(orderActivities).values([
    {
      orderId: order!.id,
      status: 'pending',
      activity: 'Payment received.',
      actorType: 'payment',
      createdAt: placed,
    },
    {
      orderId: order!.id,
      status: 'delivered',
      activity: 'Your order was delivered.',
      actorType: 'partner',
      createdAt: delivered,
    },
    {
      orderId: order!.id,
      status: 'completed',
      activity: 'The return window has closed.',
      actorType: 'system',
      createdAt: new Date(delivered.getTime() + 7 * day),
    },
  ]);
  if (storeId !== context.storeId) return 0;
  await reviewDemoStore(tx, buyer, seller!);
  return 1;
}

/** Where a reviewer's orders went: a street in Surulere of their own. */
function addressOf(person: Reviewer, index: number) {
  return {
    fullName: `${person.firstName} ${person.lastName}`,
    phoneNumber: person.phoneNumber,
    emailAddress: person.email,
    state: 'Lagos',
    lga: 'Surulere',
    address: `${10 + index} Bode Thomas Street, Surulere`,
  };
}

/** The reviewer's review of the demo store, a day after delivery. */
async function reviewDemoStore(tx: Tx, buyer: Buyer, seller: typeof stores.$inferSelect): Promise<void> {
  const { userId, index, authorName, delivered } = buyer;
  const storeId = seller.id;
  const [rating, text] = storeWords[index]!;
  await tx.insert(reviews).values({
    kind: 'merchant',
    storeId,
    storeName: seller.storeName,
    customerId: userId,
    authorName,
    rating,
    text,
    createdAt: new Date(delivered.getTime() + day),
    updatedAt: new Date(delivered.getTime() + day),
  });
}

/** The completed order itself, delivered by the partner two days after it was placed. */
async function insertCompletedOrder(
  tx: Tx,
  buyer: Buyer,
  made: {
    trackerId: string;
    orderNumber: number;
    seller: typeof stores.$inferSelect;
    address: typeof orders.$inferInsert.deliveryAddress;
    subtotal: number;
    shipping: number;
  },
) {
  const { userId, index, placed, delivered } = buyer;
  const { trackerId, orderNumber, seller, address, subtotal, shipping } = made;
  const storeId = seller.id;
  const [order] = await tx
    .insert(orders)
    .values({
      trackerId,
      orderName: `NM-DEMOR${index + 1}${orderNumber}`,
      customerId: userId,
      storeId,
      merchantId: seller.merchantId,
      storeName: seller.storeName,
      status: 'completed',
      subtotalKobo: subtotal,
      shippingFeeKobo: shipping,
      discountKobo: 0,
      totalKobo: subtotal + shipping,
      deliveryAddress: address,
      withinLagos: true,
      lagosMerchant: true,
      lagosCustomer: true,
      carrierKind: 'partner',
      carrierName: 'Swift Logistics Ltd',
      dispatcherName: 'Sani Abubakar',
      deliveredAt: delivered,
      createdAt: placed,
      updatedAt: delivered,
    })
    .returning();
  return order!;
}

/** The reviewer's product reviews, an hour apart; the demo store replies to the good ones. */
async function seedProductReviews(tx: Tx, context: ReviewContext, buyer: Buyer, picked: Product[]) {
  const { userId, index, person, authorName, delivered } = buyer;
  for (const [position, product] of picked.entries()) {
    const [rating, text] = productWords[index]![position]!;
    const at = new Date(delivered.getTime() + day + position * 60 * 60 * 1000);
    const reply =
      product.storeId === context.storeId && rating >= 4
        ? `Thank you ${person.firstName}! We are glad you like it.`
        : null;
    await tx.insert(reviews).values({
      kind: 'product',
      productId: product.id,
      productName: product.name,
      storeId: product.storeId,
      storeName: product.storeName,
      customerId: userId,
      authorName,
      rating,
      text,
      reply,
      repliedAt: reply ? new Date(at.getTime() + day) : null,
      repliedBy: reply ? context.merchantId : null,
      createdAt: at,
      updatedAt: at,
    });
  }
  return picked.length;
}

/** The ratings of what was reviewed, computed from the reviews as the reviews module does. */
async function refreshRatings(tx: Tx, reviewable: Product[], storeId: string) {
  const reviewedIds = reviewable.map((product) => product.id);
  await tx
    .update(products)
    .set({
      ratingAverage: sql`coalesce((select round(avg(r.rating), 2) from ${reviews} r where r.kind = 'product' and r.product_id = ${products.id} and r.hidden_at is null), 0)`,
      ratingCount: sql`(select count(*) from ${reviews} r where r.kind = 'product' and r.product_id = ${products.id} and r.hidden_at is null)::int`,
    })
    .where(inArray(products.id, reviewedIds));
  await tx
    .update(stores)
    .set({
      ratingAverage: sql`coalesce((select round(avg(r.rating), 2) from ${reviews} r where r.kind = 'merchant' and r.store_id = ${stores.id} and r.hidden_at is null), 0)`,
      ratingCount: sql`(select count(*) from ${reviews} r where r.kind = 'merchant' and r.store_id = ${stores.id} and r.hidden_at is null)::int`,
    })
    .where(eq(stores.id, storeId));
}
