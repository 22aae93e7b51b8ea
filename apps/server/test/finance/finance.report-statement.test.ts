import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { financeReportSql } from '../../src/modules/finance/finance.repository.js';
import type { Database } from '../../src/platform/db/client.js';
import { openTestDatabase } from '../support/test-app.js';

interface PlanNode {
  'Node Type': string;
  'CTE Name'?: string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

/** Every node of a plan, the node itself first. */
function nodesOf(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(nodesOf)];
}

// The finance report's cost is the roll-up day rows it adds up: a store's row per Lagos day (at 100 stores over a
// year, up to 36,600 rows), whatever the number of orders. Measured at 1M orders (ADR 111), adding them up three
// times (totals, stores, days) was most of the statement's PostgreSQL CPU; they are now read and added up once,
// per store and per day together (grouping sets), and the totals add up the stores' sums.
describe('finance report statement (ADR 111)', () => {
  let database: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
  });
  afterAll(() => drop?.());

  it('reads the day rows once, adding them up per store and per day in one pass', async () => {
    const result = (await database.db.execute(
      sql`explain (format json) ${financeReportSql({ from: '2025-11-30', to: '2026-11-30' })}`,
    )) as unknown as { rows: { 'QUERY PLAN': [{ Plan: PlanNode }] | string }[] };
    const cell = result.rows[0]!['QUERY PLAN'];
    const [{ Plan: plan }] = typeof cell === 'string' ? JSON.parse(cell) : cell;
    const nodes = nodesOf(plan);
    const dayRowScans = nodes.filter(
      (node) => node['Node Type'] === 'CTE Scan' && node['CTE Name'] === 'figures',
    );
    const dayRowReads = nodes.filter(
      (node) => 'Relation Name' in node && node['Relation Name'] === 'ledger_store_days',
    );
    expect(dayRowScans.length + dayRowReads.length).toBe(1);
  });
});
