import type { ReviewKind } from '@market/contracts';
import { and, count, desc, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { type ReviewRow, reviews } from './reviews.schema.js';

export type NewReview = typeof reviews.$inferInsert;

/** What a rating is about: a product, or a store's merchant reviews. */
export type RatingSubject = { kind: 'product'; id: string } | { kind: 'merchant'; id: string };

export function subjectOf(row: Pick<ReviewRow, 'kind' | 'productId' | 'storeId'>): RatingSubject {
  return row.kind === 'product'
    ? { kind: 'product', id: row.productId! }
    : { kind: 'merchant', id: row.storeId };
}

function subjectWhere(subject: RatingSubject): SQL {
  return subject.kind === 'product'
    ? and(eq(reviews.kind, 'product'), eq(reviews.productId, subject.id))!
    : and(eq(reviews.kind, 'merchant'), eq(reviews.storeId, subject.id))!;
}

/**
 * Serialises every write that changes one subject's rating until the transaction ends. A transaction that waited
 * here reads the reviews with a fresh snapshot (READ COMMITTED takes one per statement), so it counts the review
 * the other one committed: the aggregate never misses a concurrent review.
 */
export async function lockSubject(executor: Db, subject: RatingSubject): Promise<void> {
  await executor.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`review:${subject.kind}:${subject.id}`}, 0))`,
  );
}

/** Count, average and star breakdown of a subject's visible reviews. */
export async function ratingOf(executor: Db, subject: RatingSubject) {
  const rows = await executor
    .select({ rating: reviews.rating, count: count() })
    .from(reviews)
    .where(and(subjectWhere(subject), isNull(reviews.hiddenAt)))
    .groupBy(reviews.rating);
  const breakdown = [0, 0, 0, 0, 0];
  let total = 0;
  let sum = 0;
  for (const row of rows) {
    breakdown[row.rating - 1] = row.count;
    total += row.count;
    sum += row.rating * row.count;
  }
  return { average: total === 0 ? 0 : Math.round((sum / total) * 100) / 100, count: total, breakdown };
}

export async function findOwnReview(executor: Db, customerId: string, subject: RatingSubject) {
  const [row] = await executor
    .select({ id: reviews.id })
    .from(reviews)
    .where(and(eq(reviews.customerId, customerId), subjectWhere(subject)))
    .limit(1);
  return row;
}

export async function insertReview(executor: Db, values: NewReview): Promise<ReviewRow> {
  const [row] = await executor.insert(reviews).values(values).returning();
  return row!;
}

export async function findReview(executor: Db, id: string): Promise<ReviewRow | undefined> {
  const [row] = await executor.select().from(reviews).where(eq(reviews.id, id)).limit(1);
  return row;
}

export async function updateReview(
  executor: Db,
  id: string,
  values: Partial<NewReview>,
): Promise<ReviewRow | undefined> {
  const [row] = await executor.update(reviews).set(values).where(eq(reviews.id, id)).returning();
  return row;
}

export interface ReviewFilters {
  subject?: RatingSubject;
  storeId?: string;
  customerId?: string;
  kind?: ReviewKind;
  hidden?: boolean;
  unanswered?: boolean;
}

function filtersWhere(filters: ReviewFilters): SQL | undefined {
  return and(
    filters.subject ? subjectWhere(filters.subject) : undefined,
    filters.storeId ? eq(reviews.storeId, filters.storeId) : undefined,
    filters.customerId ? eq(reviews.customerId, filters.customerId) : undefined,
    filters.kind ? eq(reviews.kind, filters.kind) : undefined,
    filters.hidden === undefined
      ? undefined
      : filters.hidden
        ? isNotNull(reviews.hiddenAt)
        : isNull(reviews.hiddenAt),
    filters.unanswered ? isNull(reviews.reply) : undefined,
  );
}

export async function reviewPage(
  executor: Db,
  filters: ReviewFilters,
  page: { page: number; limit: number },
): Promise<{ rows: ReviewRow[]; total: number }> {
  const where = filtersWhere(filters);
  const [rows, [total]] = await Promise.all([
    executor
      .select()
      .from(reviews)
      .where(where)
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    executor.select({ total: count() }).from(reviews).where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
}
