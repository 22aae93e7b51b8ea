import type { Category, CategoryNode, ChildCategory, SubCategory } from '@market/contracts';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import type { Deps } from '../../platform/deps.js';
import { notFound } from '../../platform/errors.js';
import { categories } from './catalog.schema.js';
import { visibleCountsByCategory } from './products.repository.js';
// The category tree as everyone reads it (ADR 101): the whole tree, the top categories, one node with what is under
// it; only live (not retired) categories.

/** What the categories service's functions work with (ADR 091). */
export interface CategoriesContext {
  deps: Deps;
  db: Db;
}

export type CategoryRow = typeof categories.$inferSelect;
export type Level = 1 | 2 | 3;

const levelNames: Record<Level, string> = { 1: 'Category', 2: 'Sub-category', 3: 'Child category' };
export const live = isNull(categories.retiredAt);
const treeOrder = [asc(categories.position), asc(categories.name)];

export function toNode(row: CategoryRow): CategoryNode {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    level: row.level,
    parentId: row.parentId,
    position: row.position,
    image: row.image,
    retired: row.retiredAt !== null,
  };
}

function toChild(row: CategoryRow, categoryId: string): ChildCategory {
  return {
    id: row.id,
    name: row.name,
    subCategoryId: row.parentId!,
    categoryId,
    position: row.position,
    image: row.image,
  };
}

/** Builds the customer tree from flat rows (already ordered by position, name). */
export function buildTree(rows: CategoryRow[]): Category[] {
  const childrenOf = new Map<string, CategoryRow[]>();
  for (const row of rows) {
    if (row.parentId) childrenOf.set(row.parentId, [...(childrenOf.get(row.parentId) ?? []), row]);
  }
  return rows
    .filter((row) => row.level === 1)
    .map((top) => ({
      id: top.id,
      name: top.name,
      position: top.position,
      image: top.image,
      subCategories: (childrenOf.get(top.id) ?? []).map(
        (sub): SubCategory => ({
          id: sub.id,
          name: sub.name,
          categoryId: top.id,
          position: sub.position,
          image: sub.image,
          childCategories: (childrenOf.get(sub.id) ?? []).map((child) => toChild(child, top.id)),
        }),
      ),
    }));
}

async function findLive(ctx: CategoriesContext, id: string, level: Level): Promise<CategoryRow> {
  const [row] = await ctx.db
    .select()
    .from(categories)
    .where(and(eq(categories.id, id), eq(categories.level, level), live))
    .limit(1);
  if (!row) throw notFound(`${levelNames[level]} not found`);
  return row;
}

async function liveChildren(ctx: CategoriesContext, parentIds: string[]): Promise<CategoryRow[]> {
  if (parentIds.length === 0) return [];
  return ctx.db
    .select()
    .from(categories)
    .where(and(inArray(categories.parentId, parentIds), live))
    .orderBy(...treeOrder);
}

export async function tree(ctx: CategoriesContext): Promise<Category[]> {
  const rows = await ctx.db
    .select()
    .from(categories)
    .where(live)
    .orderBy(asc(categories.level), ...treeOrder);
  return buildTree(rows);
}

/** Level-1 categories by how many products customers can see in them; ties by the admins' order. */
export async function top(ctx: CategoriesContext, limit: number) {
  const [rows, counts] = await Promise.all([
    ctx.db
      .select()
      .from(categories)
      .where(and(eq(categories.level, 1), live))
      .orderBy(...treeOrder),
    visibleCountsByCategory(ctx.db),
  ]);
  return rows
    .map((row) => ({
      id: row.id,
      name: row.name,
      image: row.image,
      productCount: counts.get(row.id) ?? 0,
    }))
    .sort((a, b) => b.productCount - a.productCount)
    .slice(0, limit);
}

export async function childrenOfSubCategory(ctx: CategoriesContext, id: string): Promise<ChildCategory[]> {
  const sub = await findLive(ctx, id, 2);
  return (await liveChildren(ctx, [sub.id])).map((child) => toChild(child, sub.parentId!));
}

export async function oneCategory(ctx: CategoriesContext, id: string): Promise<Category> {
  const top = await findLive(ctx, id, 1);
  const subs = await liveChildren(ctx, [top.id]);
  const children = await liveChildren(
    ctx,
    subs.map((sub) => sub.id),
  );
  return buildTree([top, ...subs, ...children])[0]!;
}

export async function oneSubCategory(ctx: CategoriesContext, id: string): Promise<SubCategory> {
  const sub = await findLive(ctx, id, 2);
  const children = await liveChildren(ctx, [sub.id]);
  return {
    id: sub.id,
    name: sub.name,
    categoryId: sub.parentId!,
    position: sub.position,
    image: sub.image,
    childCategories: children.map((child) => toChild(child, sub.parentId!)),
  };
}

export async function oneChildCategory(ctx: CategoriesContext, id: string): Promise<ChildCategory> {
  const child = await findLive(ctx, id, 3);
  const sub = await findLive(ctx, child.parentId!, 2).catch(() => {
    throw notFound('Child category not found');
  });
  return toChild(child, sub.parentId!);
}
