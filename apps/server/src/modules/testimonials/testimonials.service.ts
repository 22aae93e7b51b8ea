import type { PlatformTestimonial, TestimonialStatus } from '@market/contracts';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import { bound } from '../../platform/bound.js';
import { pageInfo } from '../../platform/db/paging.js';
import type { Deps } from '../../platform/deps.js';
import { conflict, notFound } from '../../platform/errors.js';
import { findAccountById } from '../auth/index.js';
import { platformTestimonials, type TestimonialRow } from './testimonials.schema.js';

/** How many approved testimonials the home page shows. */
export const HOME_TESTIMONIALS = 12;
/** A customer may have this many waiting for a decision at once. */
const MAX_PENDING = 3;

function toTestimonial(row: TestimonialRow): PlatformTestimonial {
  return {
    id: row.id,
    text: row.text,
    rating: row.rating,
    authorName: row.authorName,
    createdAt: row.createdAt.toISOString(),
    status: row.status,
    decidedAt: row.decidedAt ? row.decidedAt.toISOString() : null,
  };
}

async function decide(ctx: Deps, adminId: string, id: string, status: TestimonialStatus) {
  const [row] = await ctx.db
    .update(platformTestimonials)
    .set({ status, decidedBy: adminId, decidedAt: ctx.now() })
    .where(eq(platformTestimonials.id, id))
    .returning();
  if (!row) throw notFound('PlatformTestimonial not found');
  return toTestimonial(row);
}

async function approved(ctx: Deps) {
  const rows = await ctx.db
    .select()
    .from(platformTestimonials)
    .where(eq(platformTestimonials.status, 'approved'))
    .orderBy(desc(platformTestimonials.decidedAt), desc(platformTestimonials.id))
    .limit(HOME_TESTIMONIALS);
  return rows.map((row) => {
    const { status: _status, decidedAt: _decidedAt, ...shown } = toTestimonial(row);
    return shown;
  });
}

async function send(
  ctx: Deps,
  customerId: string,
  body: { text: string; rating: number },
): Promise<PlatformTestimonial> {
  return ctx.db.transaction(async (tx) => {
    const author = await findAccountById(tx, customerId);
    if (!author) throw notFound('Account not found');
    const [pending] = await tx
      .select({ total: count() })
      .from(platformTestimonials)
      .where(
        and(eq(platformTestimonials.customerId, customerId), eq(platformTestimonials.status, 'pending')),
      );
    if ((pending?.total ?? 0) >= MAX_PENDING)
      throw conflict('You already have testimonials waiting for approval. Please wait for them first.');
    const initial = author.lastName.trim().charAt(0).toUpperCase();
    const [row] = await tx
      .insert(platformTestimonials)
      .values({
        customerId,
        authorName: initial ? `${author.firstName.trim()} ${initial}.` : author.firstName.trim(),
        text: body.text,
        rating: body.rating,
        createdAt: ctx.now(),
      })
      .returning();
    return toTestimonial(row!);
  });
}

async function mine(ctx: Deps, customerId: string) {
  const rows = await ctx.db
    .select()
    .from(platformTestimonials)
    .where(eq(platformTestimonials.customerId, customerId))
    .orderBy(desc(platformTestimonials.createdAt))
    .limit(50);
  return rows.map(toTestimonial);
}

async function adminList(ctx: Deps, query: { page: number; limit: number; status: TestimonialStatus }) {
  const where = eq(platformTestimonials.status, query.status);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(platformTestimonials)
      .where(where)
      .orderBy(
        query.status === 'pending'
          ? asc(platformTestimonials.createdAt)
          : desc(platformTestimonials.decidedAt),
        asc(platformTestimonials.id),
      )
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    ctx.db.select({ total: count() }).from(platformTestimonials).where(where),
  ]);
  return {
    testimonials: rows.map(toTestimonial),
    pagination: pageInfo(query.page, query.limit, total?.total ?? 0),
  };
}

/** Testimonials of the marketplace: named functions of the platform's `Deps` (ADR 091, 102), bound here. */
export function createTestimonialsService(deps: Deps) {
  return {
    approved: bound(deps, approved),
    send: bound(deps, send),
    mine: bound(deps, mine),
    adminList: bound(deps, adminList),
    approve: (adminId: string, id: string) => decide(deps, adminId, id, 'approved'),
    reject: (adminId: string, id: string) => decide(deps, adminId, id, 'rejected'),
  };
}

export type TestimonialsService = ReturnType<typeof createTestimonialsService>;
