import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { hubApplications, hubs } from './hubs.schema.js';

// Only this file knows the hubs' tables; the service works with the rows it answers.

export type HubRow = typeof hubs.$inferSelect;
export type NewHub = typeof hubs.$inferInsert;
export type HubApplicationRow = typeof hubApplications.$inferSelect;
export type NewHubApplication = typeof hubApplications.$inferInsert;
export type Applicant = { kind: 'store' | 'partner'; id: string };

export async function listHubs(executor: Db, onlyActive: boolean): Promise<HubRow[]> {
  return executor
    .select()
    .from(hubs)
    .where(onlyActive ? eq(hubs.isActive, true) : undefined)
    .orderBy(asc(hubs.state), asc(hubs.name), asc(hubs.id));
}

export async function findHub(executor: Db, id: string): Promise<HubRow | undefined> {
  const [row] = await executor.select().from(hubs).where(eq(hubs.id, id)).limit(1);
  return row;
}

export async function insertHub(executor: Db, values: NewHub): Promise<HubRow> {
  const [row] = await executor.insert(hubs).values(values).returning();
  return row!;
}

export async function updateHub(
  executor: Db,
  id: string,
  values: Partial<NewHub>,
): Promise<HubRow | undefined> {
  const [row] = await executor.update(hubs).set(values).where(eq(hubs.id, id)).returning();
  return row;
}

export async function insertApplication(executor: Db, values: NewHubApplication): Promise<HubApplicationRow> {
  const [row] = await executor.insert(hubApplications).values(values).returning();
  return row!;
}

export async function findApplication(executor: Db, id: string): Promise<HubApplicationRow | undefined> {
  const [row] = await executor.select().from(hubApplications).where(eq(hubApplications.id, id)).limit(1);
  return row;
}

/** An applicant's application for a hub in one of these states (the newest). */
export async function findOpenApplication(
  executor: Db,
  hubId: string,
  applicant: Applicant,
  statuses: HubApplicationRow['status'][],
): Promise<HubApplicationRow | undefined> {
  const [row] = await executor
    .select()
    .from(hubApplications)
    .where(
      and(
        eq(hubApplications.hubId, hubId),
        eq(hubApplications.applicantKind, applicant.kind),
        eq(hubApplications.applicantId, applicant.id),
        inArray(hubApplications.status, statuses),
      ),
    )
    .orderBy(desc(hubApplications.createdAt))
    .limit(1);
  return row;
}

export async function applicationsByStatus(
  executor: Db,
  status: HubApplicationRow['status'],
): Promise<HubApplicationRow[]> {
  return (
    executor
      .select()
      .from(hubApplications)
      .where(eq(hubApplications.status, status))
      // The pending queue is first in, first out; decided ones newest first.
      .orderBy(
        status === 'pending' ? asc(hubApplications.createdAt) : desc(hubApplications.decidedAt),
        asc(hubApplications.id),
      )
      .limit(500)
  );
}

export async function applicationsOf(executor: Db, applicant: Applicant): Promise<HubApplicationRow[]> {
  return executor
    .select()
    .from(hubApplications)
    .where(
      and(eq(hubApplications.applicantKind, applicant.kind), eq(hubApplications.applicantId, applicant.id)),
    )
    .orderBy(desc(hubApplications.createdAt), asc(hubApplications.id))
    .limit(200);
}

/**
 * Decides a pending application: only a row still pending changes, so of two admins deciding at once one wins and
 * the other gets nothing back.
 */
export async function decidePending(
  executor: Db,
  id: string,
  decision: Pick<HubApplicationRow, 'status' | 'rejectionReason' | 'decidedBy' | 'decidedAt'>,
): Promise<HubApplicationRow | undefined> {
  const [row] = await executor
    .update(hubApplications)
    .set(decision)
    .where(and(eq(hubApplications.id, id), eq(hubApplications.status, 'pending')))
    .returning();
  return row;
}

export async function hubsByIds(executor: Db, ids: string[]): Promise<Map<string, HubRow>> {
  if (ids.length === 0) return new Map();
  const rows = await executor.select().from(hubs).where(inArray(hubs.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

/** Whether a store has an approved application (to run or use) for an active hub. */
export async function storeApprovedForHub(executor: Db, storeId: string, hubId: string): Promise<boolean> {
  const [row] = await executor
    .select({ id: hubApplications.id })
    .from(hubApplications)
    .innerJoin(hubs, eq(hubs.id, hubApplications.hubId))
    .where(
      and(
        eq(hubApplications.hubId, hubId),
        eq(hubApplications.applicantKind, 'store'),
        eq(hubApplications.applicantId, storeId),
        eq(hubApplications.status, 'approved'),
        eq(hubs.isActive, true),
      ),
    )
    .limit(1);
  return Boolean(row);
}
