import type {
  Category,
  CategoryNode,
  ChildCategory,
  CreateCategoryBody,
  EditCategoryBody,
  SubCategory,
} from '@market/contracts';
import { and, asc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import type { Deps } from '../../platform/deps.js';
import { conflict, notFound, validation } from '../../platform/errors.js';
import { slugify } from '../stores/index.js';
import { categories } from './catalog.schema.js';
import {
  productsUsingCategories,
  refreshCategoryText,
  visibleCountsByCategory,
} from './products.repository.js';

type CategoryRow = typeof categories.$inferSelect;
type Level = 1 | 2 | 3;

const levelNames: Record<Level, string> = { 1: 'Category', 2: 'Sub-category', 3: 'Child category' };
const live = isNull(categories.retiredAt);
const treeOrder = [asc(categories.position), asc(categories.name)];

function toNode(row: CategoryRow): CategoryNode {
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

export interface CategoryChoice {
  categoryId: string;
  subCategoryId?: string | null;
  childCategoryId?: string | null;
}

/**
 * Checks that the three ids of a product form one live branch of the tree and returns the names that search
 * covers (`products.category_text`).
 */
export async function resolveCategoryChoice(db: Db, choice: CategoryChoice): Promise<string> {
  const ids = [choice.categoryId, choice.subCategoryId, choice.childCategoryId].filter(
    (id): id is string => typeof id === 'string',
  );
  const rows = await db
    .select()
    .from(categories)
    .where(and(inArray(categories.id, ids), live));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const top = byId.get(choice.categoryId);
  if (top?.level !== 1) throw validation('categoryId', 'Choose a category');
  const names = [top.name];
  if (choice.subCategoryId) {
    const sub = byId.get(choice.subCategoryId);
    if (sub?.level !== 2 || sub.parentId !== top.id) {
      throw validation('subCategoryId', 'Choose a sub-category of the chosen category');
    }
    names.push(sub.name);
  }
  if (choice.childCategoryId) {
    const child = byId.get(choice.childCategoryId);
    if (child?.level !== 3 || child.parentId !== choice.subCategoryId) {
      throw validation('childCategoryId', 'Choose a child category of the chosen sub-category');
    }
    names.push(child.name);
  }
  return names.join(' ');
}

export function createCategoriesService(deps: Deps) {
  const { db } = deps;

  async function findLive(id: string, level: Level): Promise<CategoryRow> {
    const [row] = await db
      .select()
      .from(categories)
      .where(and(eq(categories.id, id), eq(categories.level, level), live))
      .limit(1);
    if (!row) throw notFound(`${levelNames[level]} not found`);
    return row;
  }

  async function liveChildren(parentIds: string[]): Promise<CategoryRow[]> {
    if (parentIds.length === 0) return [];
    return db
      .select()
      .from(categories)
      .where(and(inArray(categories.parentId, parentIds), live))
      .orderBy(...treeOrder);
  }

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

  return {
    async tree(): Promise<Category[]> {
      const rows = await db
        .select()
        .from(categories)
        .where(live)
        .orderBy(asc(categories.level), ...treeOrder);
      return buildTree(rows);
    },

    /** Level-1 categories by how many products customers can see in them; ties by the admins' order. */
    async top(limit: number) {
      const [rows, counts] = await Promise.all([
        db
          .select()
          .from(categories)
          .where(and(eq(categories.level, 1), live))
          .orderBy(...treeOrder),
        visibleCountsByCategory(db),
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
    },

    async childrenOfSubCategory(id: string): Promise<ChildCategory[]> {
      const sub = await findLive(id, 2);
      return (await liveChildren([sub.id])).map((child) => toChild(child, sub.parentId!));
    },

    async oneCategory(id: string): Promise<Category> {
      const top = await findLive(id, 1);
      const subs = await liveChildren([top.id]);
      const children = await liveChildren(subs.map((sub) => sub.id));
      return buildTree([top, ...subs, ...children])[0]!;
    },

    async oneSubCategory(id: string): Promise<SubCategory> {
      const sub = await findLive(id, 2);
      const children = await liveChildren([sub.id]);
      return {
        id: sub.id,
        name: sub.name,
        categoryId: sub.parentId!,
        position: sub.position,
        image: sub.image,
        childCategories: children.map((child) => toChild(child, sub.parentId!)),
      };
    },

    async oneChildCategory(id: string): Promise<ChildCategory> {
      const child = await findLive(id, 3);
      const sub = await findLive(child.parentId!, 2).catch(() => {
        throw notFound('Child category not found');
      });
      return toChild(child, sub.parentId!);
    },

    async create(body: CreateCategoryBody): Promise<CategoryNode> {
      return db.transaction(async (tx) => {
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
              updatedAt: deps.now(),
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
    },

    async edit(id: string, body: EditCategoryBody): Promise<CategoryNode> {
      return db.transaction(async (tx) => {
        const [current] = await tx
          .select()
          .from(categories)
          .where(and(eq(categories.id, id), live))
          .for('update');
        if (!current) throw notFound('Category not found');
        const changes: Partial<typeof categories.$inferInsert> = { updatedAt: deps.now() };
        if (body.name !== undefined && body.name !== current.name) {
          changes.name = body.name;
          changes.slug = slugify(body.name);
          const clash = await findBySlug(tx, current.level, current.parentId, changes.slug);
          if (clash && clash.id !== current.id)
            throw conflict('A category with this name already exists here');
        }
        if (body.position !== undefined) changes.position = body.position;
        if (body.image !== undefined) changes.image = body.image;
        const [row] = await tx.update(categories).set(changes).where(eq(categories.id, id)).returning();
        // Search covers category names, so products under a renamed category are re-indexed in the same step.
        if (changes.name) await refreshCategoryText(tx, id);
        return toNode(row!);
      });
    },

    /**
     * Retiring hides a category and everything under it from customers and from new products. It is refused
     * while any product (of any approval status) uses one of them: those products would lose their place.
     */
    async retire(id: string): Promise<void> {
      await db.transaction(async (tx) => {
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
        const at = deps.now();
        await tx
          .update(categories)
          .set({ retiredAt: at, updatedAt: at })
          .where(inArray(categories.id, subtree));
      });
    },
  };
}

export type CategoriesService = ReturnType<typeof createCategoriesService>;
