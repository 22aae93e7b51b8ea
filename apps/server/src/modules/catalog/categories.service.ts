import { and, inArray } from 'drizzle-orm';
import { bound } from '../../platform/bound.js';
import type { Db } from '../../platform/db/client.js';
import type { Deps } from '../../platform/deps.js';
import { validation } from '../../platform/errors.js';
import { categories } from './catalog.schema.js';
import { create, edit, retire } from './categories.changes.js';
import {
  type CategoriesContext,
  childrenOfSubCategory,
  live,
  oneCategory,
  oneChildCategory,
  oneSubCategory,
  top,
  tree,
} from './categories.tree.js';

export { buildTree } from './categories.tree.js';

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

/**
 * The category tree. Named functions of a `CategoriesContext` (ADR 091, 101): how everyone reads the tree
 * (`categories.tree.ts`), the admins' changes (`categories.changes.ts`); bound here.
 */
export function createCategoriesService(deps: Deps) {
  const ctx: CategoriesContext = { deps, db: deps.db };
  return {
    tree: bound(ctx, tree),
    top: bound(ctx, top),
    childrenOfSubCategory: bound(ctx, childrenOfSubCategory),
    oneCategory: bound(ctx, oneCategory),
    oneSubCategory: bound(ctx, oneSubCategory),
    oneChildCategory: bound(ctx, oneChildCategory),
    create: bound(ctx, create),
    edit: bound(ctx, edit),
    retire: bound(ctx, retire),
  };
}

export type CategoriesService = ReturnType<typeof createCategoriesService>;
