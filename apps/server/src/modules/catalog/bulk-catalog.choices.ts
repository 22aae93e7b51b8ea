import {
  BULK_CATALOG_MAX_REPORTED_ERRORS,
  type BulkCatalogProblem,
  type BulkCatalogSummary,
} from '@market/contracts';
import { asc, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import type { CatalogRecord } from './bulk-catalog.rows.js';
import { categoryKey, categoryPath } from './bulk-catalog.rows.js';
import { categories } from './catalog.schema.js';
import type { ProductInsert, ProductRecord } from './products.repository.js';

// What a catalogue file may choose (ADR 077), and what a plan comes to: the live category paths, and the summary
// a dry run or an apply answers.

export interface CategoryChoice {
  categoryId: string;
  subCategoryId: string | null;
  childCategoryId: string | null;
  /** Names joined by spaces, as products store it for search. */
  text: string;
  /** Names joined by ` > `, as the file writes it. */
  path: string;
}

export interface PlannedProduct {
  sku: string;
  record: CatalogRecord;
  existing?: ProductRecord;
  columns: Partial<ProductInsert>;
  changed: boolean;
  toApproval: boolean;
}

export interface Plan {
  rows: number;
  planned: PlannedProduct[];
  problems: BulkCatalogProblem[];
}

/** Every live category path (retired ones and those under a retired parent left out), by its lookup key. */
export async function categoryChoices(executor: Db): Promise<Map<string, CategoryChoice>> {
  const rows = await executor
    .select()
    .from(categories)
    .where(isNull(categories.retiredAt))
    .orderBy(asc(categories.level), asc(categories.position), asc(categories.name));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const choices = new Map<string, CategoryChoice>();
  for (const row of rows) {
    const parent = row.parentId ? byId.get(row.parentId) : undefined;
    const top = parent?.parentId ? byId.get(parent.parentId) : parent;
    const chain = row.level === 1 ? [row] : row.level === 2 ? [parent, row] : [top, parent, row];
    if (chain.some((level) => !level)) continue; // under a retired parent
    const names = chain.map((level) => level!.name);
    choices.set(categoryKey(categoryPath(names)), {
      categoryId: chain[0]!.id,
      subCategoryId: chain[1]?.id ?? null,
      childCategoryId: chain[2]?.id ?? null,
      text: names.join(' '),
      path: categoryPath(names),
    });
  }
  return choices;
}

export function summary(result: Plan, applied: boolean): BulkCatalogSummary {
  const creates = result.planned.filter((item) => !item.existing);
  const updates = result.planned.filter((item) => item.existing && item.changed);
  return {
    rows: result.rows,
    products: result.planned.length,
    create: creates.length,
    update: updates.length,
    unchanged: result.planned.length - creates.length - updates.length,
    toApproval: result.planned.filter((item) => item.toApproval).length,
    problems: result.problems.slice(0, BULK_CATALOG_MAX_REPORTED_ERRORS),
    problemCount: result.problems.length,
    applied,
  };
}
