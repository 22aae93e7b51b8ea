import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { financeReportSql } from '../../src/modules/finance/finance.repository.js';
import type { Database } from '../../src/platform/db/client.js';
import { openTestDatabase } from '../support/test-app.js';

interface PlanNode {
  'Node Type': string;
  'CTE Name'?: string;
  Plans?: PlanNode[];
}

/** Every node of a plan, the node itself first. */
function nodesOf(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(nodesOf)];
}

// The finance report's cost is the roll-up day rows it adds up: a store's row per Lagos day (at 100 stores over a
// year, up to 36,600 rows), whatever the number of orders. Measured at 1M orders (ADR 111), adding them up a third
// time for the totals was about a third of the statement's PostgreSQL CPU; the totals now add up each store's sums.
describe('finance report statement (ADR 111)', () => {
  let database: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
  });
  afterAll(() => drop?.());

  it('reads the day rows twice, once per store (totals and merchants) and once per day (series), not three times', async () => {
    const result = (await database.db.execute(
      sql`explain (format json) ${financeReportSql({ from: '2025-11-30', to: '2026-11-30' })}`,
    )) as unknown as { rows: { 'QUERY PLAN': [{ Plan: PlanNode }] | string }[] };
    const cell = result.rows[0]!['QUERY PLAN'];
    const [{ Plan: plan }] = typeof cell === 'string' ? JSON.parse(cell) : cell;
    const dayRowScans = nodesOf(plan).filter(
      (node) => node['Node Type'] === 'CTE Scan' && node['CTE Name'] === 'figures',
    );
    expect(dayRowScans).toHaveLength(2);
  });
});
