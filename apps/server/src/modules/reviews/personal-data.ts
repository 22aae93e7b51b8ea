import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { reviews } from './reviews.schema.js';

/** The customer's reviews, for their data export (ADR 073). */
export async function reviewsForExport(db: Db, customerId: string) {
  const rows = await db.select().from(reviews).where(eq(reviews.customerId, customerId));
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    productName: row.productName,
    storeName: row.storeName,
    rating: row.rating,
    text: row.text,
    reply: row.reply,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** A closed account's reviews stay (a store's rating is not the person's) but no longer name them. */
export async function anonymiseReviews(tx: Db, customerId: string, name: string): Promise<void> {
  await tx.update(reviews).set({ authorName: name }).where(eq(reviews.customerId, customerId));
}
