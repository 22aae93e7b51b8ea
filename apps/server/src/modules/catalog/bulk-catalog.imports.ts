import {
  BULK_IMPORTS_LISTED,
  type BulkImport,
  type BulkImportOutcome,
  type BulkImportSummary,
} from '@market/contracts';
import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import { CATALOG_CHANGED } from '../../platform/changes/index.js';
import type { Db } from '../../platform/db/client.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import type { Deps } from '../../platform/deps.js';
import { AppError, notFound } from '../../platform/errors.js';
import { type AuthContext, requireStoreId } from '../../platform/http/routes.js';
import { productApprovalDigest } from '../../platform/notify/events.js';
import { findStoreById, type StoreRow } from '../stores/index.js';
import type { Plan, PlannedProduct } from './bulk-catalog.choices.js';
import type { CatalogRead, CatalogRecord } from './bulk-catalog.rows.js';
import { catalogImports } from './catalog-imports.schema.js';
import { BACK_TO_REVIEW } from './products.columns.js';
import {
  insertProducts,
  type ProductInsert,
  refreshProductVisibility,
  updateProduct,
} from './products.repository.js';

// A checked catalogue file written in the background (ADR 094). The apply request stores the rows and answers 202;
// the job writes them by SKU, a batch of products per transaction that also moves the import's cursor, so a job
// taken up again after a crash starts at the first batch not written and a batch is never written twice. Each batch
// is planned again against the catalogue as it is then, so the same file twice finds everything unchanged.

/** Products written per transaction: small enough that a batch holds the store's catalogue lock briefly. */
export const IMPORT_BATCH_PRODUCTS = 100;
/** How long a claim lasts without a batch committing; past it the timed job takes the import up again. */
export const IMPORT_LEASE_SECONDS = 120;
/** Claims after which an import that keeps stopping is given up as failed. */
export const IMPORT_MAX_ATTEMPTS = 5;
const STOPPED_TRYING = `The import stopped ${IMPORT_MAX_ATTEMPTS} times; rows written before stay written. Apply the file again to finish it.`;
/** The planner's uploader when the account that applied the file is gone: owns no uploaded image. */
const NOBODY = '00000000-0000-0000-0000-000000000000';

/** What the job needs of the catalogue service: the dry run's plan and the plan's product limit. */
export interface ImportPlanner {
  plan(
    executor: Db,
    store: StoreRow,
    uploaderId: string,
    read: CatalogRead,
    storeImages: Set<string>,
  ): Promise<Plan>;
  checkProductLimit(tx: Db, storeId: string, creates: number): Promise<void>;
}

type ImportRow = typeof catalogImports.$inferSelect;

/** The file's rows by product: a product's row and its variants' rows, in the order of each product's first row. */
export function productGroups(records: CatalogRecord[]): CatalogRecord[][] {
  const groups = new Map<string, CatalogRecord[]>();
  for (const record of records) {
    const parent = record.cells.parent_sku ?? '';
    const key = (parent === '' ? (record.cells.sku ?? '') : parent).toLowerCase();
    const group = groups.get(key);
    if (group) group.push(record);
    else groups.set(key, [record]);
  }
  return [...groups.values()];
}

function readOf(records: CatalogRecord[]): CatalogRead {
  const columns = new Set(records.flatMap((record) => Object.keys(record.cells))) as Set<
    keyof CatalogRecord['cells']
  >;
  return { file: { columns, records: [...records].sort((a, b) => a.row - b.row) }, problems: [] };
}

/** Each product of the batch as created, updated, unchanged, or failed with the plan's first problem on its rows. */
function outcomesOf(groups: CatalogRecord[][], result: Plan): BulkImportOutcome[] {
  const plannedByRow = new Map<number, PlannedProduct>(result.planned.map((item) => [item.record.row, item]));
  return groups.map((group) => {
    const rows = new Set(group.map((record) => record.row));
    const planned = group.map((record) => plannedByRow.get(record.row)).find(Boolean);
    const first = group[0]!;
    const sku = planned?.sku ?? (first.cells.parent_sku || first.cells.sku || '');
    if (planned) {
      const outcome = !planned.existing ? 'created' : planned.changed ? 'updated' : 'unchanged';
      return { row: planned.record.row, sku, outcome, message: null };
    }
    const problem = result.problems.find((item) => rows.has(item.row));
    const message = problem
      ? `${problem.column ? `${problem.column}: ` : ''}${problem.message}`
      : 'This product was not written';
    return { row: first.row, sku, outcome: 'failed', message };
  });
}

export function importSummary(row: ImportRow): BulkImportSummary {
  return {
    id: row.id,
    status: row.status,
    rowsTotal: row.rowsTotal,
    rowsDone: row.rowsDone,
    products: row.productsTotal,
    created: row.created,
    updated: row.updated,
    unchanged: row.unchanged,
    failed: row.failed,
    toApproval: row.toApproval,
    error: row.error,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** Creates and updates of one planned batch, as the synchronous apply wrote them (ADR 077). */
async function writePlanned(tx: Db, store: StoreRow, planned: PlannedProduct[], at: Date): Promise<string[]> {
  const created = await insertProducts(
    tx,
    planned
      .filter((item) => !item.existing)
      .map((item) => ({
        ...(item.columns as ProductInsert),
        storeId: store.id,
        storeName: store.storeName,
        approvalStatus: 'pending' as const,
        isVisible: false,
        createdAt: at,
        updatedAt: at,
      })),
  );
  const touched = [...created];
  for (const item of planned) {
    if (!item.existing || !item.changed) continue;
    const changes: Partial<ProductInsert> = { ...item.columns, updatedAt: at };
    if (item.toApproval) {
      Object.assign(changes, BACK_TO_REVIEW);
    }
    await updateProduct(tx, item.existing.id, changes);
    touched.push(item.existing.id);
  }
  await refreshProductVisibility(tx, touched);
  return touched;
}

/** What the job's steps share: the platform's parts and the catalogue's plan. */
interface ImportJob {
  deps: Deps;
  planner: ImportPlanner;
  /** Set when the server stops: the batch in flight commits, and no other starts. */
  stopping: boolean;
}

const leaseEnd = (deps: Deps) => new Date(deps.now().getTime() + IMPORT_LEASE_SECONDS * 1000);

/** One claim of the oldest import due: queued, or running under a lease that has passed (its worker stopped). */
async function claim({ deps }: ImportJob): Promise<ImportRow | undefined> {
  const { db } = deps;
  const now = deps.now();
  const at = sql`${now.toISOString()}::timestamptz`;
  await db
    .update(catalogImports)
    .set({ status: 'failed', error: STOPPED_TRYING, finishedAt: now, records: null, leaseUntil: null })
    .where(
      sql`${catalogImports.status} = 'running' and ${catalogImports.leaseUntil} < ${at} and ${catalogImports.attempts} >= ${IMPORT_MAX_ATTEMPTS}`,
    );
  const [row] = await db
    .update(catalogImports)
    .set({
      status: 'running',
      attempts: sql`${catalogImports.attempts} + 1`,
      leaseUntil: leaseEnd(deps),
      startedAt: sql`coalesce(${catalogImports.startedAt}, ${at})`,
    })
    .where(
      eq(
        catalogImports.id,
        sql`(select id from catalog_imports where (status = 'queued' or (status = 'running' and lease_until < ${at}))
          and attempts < ${IMPORT_MAX_ATTEMPTS} order by created_at limit 1 for update skip locked)`,
      ),
    )
    .returning();
  return row;
}

/** The last batch's ending: done, or failed with `error`; the store's approvers hear of its products once. */
async function finish(
  deps: Deps,
  tx: Db,
  row: ImportRow,
  store: StoreRow | undefined,
  error?: string,
): Promise<void> {
  await tx
    .update(catalogImports)
    .set({
      status: error ? 'failed' : 'done',
      error: error ?? null,
      records: null,
      leaseUntil: null,
      finishedAt: deps.now(),
    })
    .where(eq(catalogImports.id, row.id));
  // One notice for the whole file, keyed by the import's time, so a retried ending tells nobody twice (issue 35).
  if (store?.approvalStatus === 'approved' && row.toApproval > 0)
    await deps.events.emit(tx, productApprovalDigest(store, row.createdAt));
}

/**
 * The next batch of products, in one transaction under the store's catalogue lock (the one product creates take)
 * that also moves the cursor. Answers false when the claim was taken over or the import has ended.
 */
async function writeBatch(
  { deps, planner }: ImportJob,
  id: string,
  token: number,
  groups: CatalogRecord[][],
): Promise<boolean> {
  const changed = await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(catalogImports).where(eq(catalogImports.id, id)).for('update');
    if (row?.status !== 'running' || row.attempts !== token) return undefined;
    const store = await findStoreById(tx, row.storeId);
    if (!store) {
      await finish(deps, tx, row, undefined, 'The store was not found');
      return undefined;
    }
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`catalog.products:${store.id}`}))`);
    const batch = groups.slice(row.productsDone, row.productsDone + IMPORT_BATCH_PRODUCTS);
    const result = await planner.plan(
      tx,
      store,
      row.createdBy ?? NOBODY,
      readOf(batch.flat()),
      new Set(row.storeImages),
    );
    await planner.checkProductLimit(tx, store.id, result.planned.filter((item) => !item.existing).length);
    const touched = await writePlanned(tx, store, result.planned, deps.now());
    const outcomes = outcomesOf(batch, result);
    const tally = (outcome: BulkImportOutcome['outcome']) =>
      outcomes.filter((item) => item.outcome === outcome).length;
    const [moved] = await tx
      .update(catalogImports)
      .set({
        productsDone: row.productsDone + batch.length,
        rowsDone: row.rowsDone + batch.reduce((rows, group) => rows + group.length, 0),
        created: row.created + tally('created'),
        updated: row.updated + tally('updated'),
        unchanged: row.unchanged + tally('unchanged'),
        failed: row.failed + tally('failed'),
        toApproval: row.toApproval + result.planned.filter((item) => item.toApproval).length,
        outcomes: sql`${catalogImports.outcomes} || ${JSON.stringify(outcomes)}::jsonb`,
        leaseUntil: leaseEnd(deps),
      })
      .where(eq(catalogImports.id, id))
      .returning();
    if (moved!.productsDone >= groups.length) await finish(deps, tx, moved!, store);
    return { touched: touched.length, more: moved!.productsDone < groups.length };
  });
  if (changed && changed.touched > 0) await deps.changes.publish(CATALOG_CHANGED);
  return changed?.more ?? false;
}

/** A claimed import, batch after batch, to its end; stops quietly when its claim was taken over. */
async function run(job: ImportJob, claimed: ImportRow): Promise<void> {
  const groups = productGroups(claimed.records ?? []);
  let uniqueRaces = 0;
  for (let more = true; more; ) {
    if (job.stopping) {
      // Handed back at once: the next process (or this one, started again) takes it up without waiting for the lease.
      await job.deps.db
        .update(catalogImports)
        .set({ leaseUntil: job.deps.now() })
        .where(and(eq(catalogImports.id, claimed.id), eq(catalogImports.attempts, claimed.attempts)));
      return;
    }
    try {
      more = await writeBatch(job, claimed.id, claimed.attempts, groups);
    } catch (error) {
      // A product created one by one with a SKU of the batch meanwhile: planned again, it is an update.
      if (isUniqueViolation(error) && uniqueRaces++ < 3) continue;
      if (!(error instanceof AppError)) throw error;
      // A rule of the catalogue refused the batch (the plan's product limit): the import ends there.
      await job.deps.db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(catalogImports)
          .where(eq(catalogImports.id, claimed.id))
          .for('update');
        if (row?.status === 'running' && row.attempts === claimed.attempts)
          await finish(job.deps, tx, row, await findStoreById(tx, row.storeId), error.message);
      });
      return;
    }
  }
}

/** Every import due, one after the other; answers how many were taken up. */
async function runDue(job: ImportJob): Promise<number> {
  let taken = 0;
  while (!job.stopping) {
    const claimed = await claim(job);
    if (!claimed) break;
    taken += 1;
    try {
      await run(job, claimed);
    } catch (error) {
      // Left running: its lease passes and the timed job takes it up again at its first unwritten batch.
      job.deps.logger.error({ err: error, importId: claimed.id }, 'catalogue import stopped');
    }
  }
  return taken;
}

export function createCatalogImports(deps: Deps, planner: ImportPlanner) {
  const { db } = deps;
  const job: ImportJob = { deps, planner, stopping: false };
  let running: Promise<unknown> | undefined;
  let runAgain = false;
  /** Starts the due imports in this process now (the timed job is the safety net); never two loops at once. */
  function runSoon(): void {
    if (running) {
      runAgain = true;
      return;
    }
    running = runDue(job)
      .catch((error: unknown) => deps.logger.error({ err: error }, 'catalogue imports failed'))
      .finally(() => {
        running = undefined;
        if (runAgain) {
          runAgain = false;
          runSoon();
        }
      });
  }

  return {
    /** Stores a checked file for the job and starts it; answers the queued import. */
    async queue(input: {
      storeId: string;
      createdBy: string;
      records: CatalogRecord[];
      storeImages: Set<string>;
      products: number;
    }): Promise<BulkImportSummary> {
      const [row] = await db
        .insert(catalogImports)
        .values({
          storeId: input.storeId,
          createdBy: input.createdBy,
          records: input.records,
          storeImages: [...input.storeImages],
          rowsTotal: input.records.length,
          productsTotal: input.products,
          createdAt: deps.now(),
        })
        .returning();
      runSoon();
      return importSummary(row!);
    },

    runDue: () => runDue(job),

    /** The server's stop: the batch in flight commits, the import is handed back, and no other batch starts. */
    async stop(): Promise<void> {
      job.stopping = true;
      runAgain = false;
      while (running) await running;
    },

    async get(auth: AuthContext, id: string): Promise<BulkImport> {
      const [row] = await db
        .select()
        .from(catalogImports)
        .where(and(eq(catalogImports.id, id), eq(catalogImports.storeId, requireStoreId(auth))));
      if (!row) throw notFound('No import with this id in your store');
      return { ...importSummary(row), outcomes: row.outcomes };
    },

    async list(auth: AuthContext): Promise<BulkImportSummary[]> {
      const { records: _records, outcomes: _outcomes, ...columns } = getTableColumns(catalogImports);
      const rows = await db
        .select(columns)
        .from(catalogImports)
        .where(eq(catalogImports.storeId, requireStoreId(auth)))
        .orderBy(desc(catalogImports.createdAt))
        .limit(BULK_IMPORTS_LISTED);
      return rows.map((row) => importSummary({ ...row, records: null, outcomes: [] }));
    },
  };
}

export type CatalogImports = ReturnType<typeof createCatalogImports>;
