import type { CategoryNode, CreateCategoryBody, EditCategoryBody } from '@market/contracts';
import { and, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { conflict, notFound, validation } from '../../platform/errors.js';
import { slugify } from '../../platform/slug.js';
import { categories } from './catalog.schema.js';
import { type CategoriesContext, type Level, live, toNode } from './categories.tree.js';
import { productsUsingCategories, refreshCategoryText } from './products.repository.js';

// The admins' changes to the category tree (ADR 101): a category created (or a retired one brought back), renamed
// or moved in its order, retired with everything under it.

/** The category holding this slug among the parent's children, if any (retired ones included). */
async function findBySlug(tx: Db, level: Level, parentId: string | null, slug: string) {
  // Top-level slugs are checked here because the unique index treats NULL parents as distinct.
  const sameParent: SQL = parentId ? eq(categories.parentId, parentId) : isNull(categories.parentId);
  const [row] = await tx
    .select()
    .from(categories)
    .where(and(eq(categories.level, level), sameParent, eq(categories.slug, slug)))
    .limit(1);
  return row;
}

export async function create(ctx: CategoriesContext, body: CreateCategoryBody): Promise<CategoryNode> {
  return ctx.db.transaction(async (tx) => {
    let level: Level = 1;
    if (body.parentId) {
      const [parent] = await tx
        .select()
        .from(categories)
        .where(and(eq(categories.id, body.parentId), live))
        .limit(1);
      if (!parent) throw validation('parentId', 'The parent category does not exist');
      if (parent.level === 3) throw validation('parentId', 'Child categories cannot have children');
      level = (parent.level + 1) as Level;
    }
    const slug = slugify(body.name);
    const existing = await findBySlug(tx, level, body.parentId ?? null, slug);
    if (existing && existing.retiredAt === null) {
      throw conflict('A category with this name already exists here');
    }
    if (existing) {
      // Creating a retired category's name again brings it back (its slug is still taken by it).
      const [row] = await tx
        .update(categories)
        .set({
          name: body.name,
          retiredAt: null,
          position: body.position ?? existing.position,
          image: body.image ?? existing.image,
          updatedAt: ctx.deps.now(),
        })
        .where(eq(categories.id, existing.id))
        .returning();
      return toNode(row!);
    }
    try {
      const [row] = await tx
        .insert(categories)
        .values({
          name: body.name,
          slug,
          level,
          parentId: body.parentId ?? null,
          position: body.position ?? 0,
          image: body.image ?? null,
        })
        .returning();
      return toNode(row!);
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('A category with this name already exists here');
      throw error;
    }
  });
}

export async function edit(
  ctx: CategoriesContext,
  id: string,
  body: EditCategoryBody,
): Promise<CategoryNode> {
  return ctx.db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(categories)
      .where(and(eq(categories.id, id), live))
      .for('update');
    if (!current) throw notFound('Category not found');
    const changes: Partial<typeof categories.$inferInsert> = { updatedAt: ctx.deps.now() };
    if (body.name !== undefined && body.name !== current.name) {
      changes.name = body.name;
      changes.slug = slugify(body.name);
      const clash = await findBySlug(tx, current.level, current.parentId, changes.slug);
      if (clash && clash.id !== current.id) throw conflict('A category with this name already exists here');
    }
    if (body.position !== undefined) changes.position = body.position;
    if (body.image !== undefined) changes.image = body.image;
    const [row] = await tx.update(categories).set(changes).where(eq(categories.id, id)).returning();
    // Search covers category names, so products under a renamed category are re-indexed in the same step.
    if (changes.name) await refreshCategoryText(tx, id);
    return toNode(row!);
  });
}

/**
 * Retiring hides a category and everything under it from customers and from new products. It is refused
 * while any product (of any approval status) uses one of them: those products would lose their place.
 */
export async function retire(ctx: CategoriesContext, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [target] = await tx
      .select()
      .from(categories)
      .where(and(eq(categories.id, id), live))
      .for('update');
    if (!target) throw notFound('Category not found');
    const subtree = [target.id];
    let frontier = [target.id];
    while (frontier.length > 0) {
      const next = await tx
        .select({ id: categories.id })
        .from(categories)
        .where(and(inArray(categories.parentId, frontier), live));
      frontier = next.map((row) => row.id);
      subtree.push(...frontier);
    }
    const used = await productsUsingCategories(tx, subtree);
    if (used > 0) {
      throw conflict(
        `This category has ${used} product${used === 1 ? '' : 's'}. Move them to another category first.`,
      );
    }
    const at = ctx.deps.now();
    await tx.update(categories).set({ retiredAt: at, updatedAt: at }).where(inArray(categories.id, subtree));
  });
}
