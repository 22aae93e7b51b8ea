import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { getViewConfig, type PgView } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productStores } from '../../src/modules/catalog/index.js';
import {
  ledgerOrderFigures,
  ledgerOrderRefundedGoods,
  ledgerStoreDayRows,
} from '../../src/modules/ledger/index.js';
import { DAY_FIGURES } from '../../src/modules/ledger/ledger.rollups.js';
import {
  type LedgerAccount,
  type LedgerKind,
  ledgerEntries,
  ledgerRollupDeltas,
  ledgerStoreDays,
} from '../../src/modules/ledger/ledger.schema.js';
import { checkoutCustomers } from '../../src/modules/orders/index.js';
import { storeCommissionRates } from '../../src/modules/stores/index.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

// Issue 30 (ADR 081 amended): the read models modules publish to one another are views made by a migration
// (0053_read_model_views); their logic is that migration's SQL. These checks fail when the views and the code that
// states the same facts drift apart: the columns each view has against its pgView declaration and DAY_FIGURES, and
// the figures each gives against the ledger's own reads.

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
}, 240_000);
afterAll(() => test.close());

const rowsOf = <T>(result: unknown): T[] =>
  Array.isArray(result) ? (result as T[]) : (result as { rows: T[] }).rows;

async function columnsOf(view: string): Promise<string[]> {
  const result = await test.deps.db.execute(sql`select column_name from information_schema.columns
    where table_schema = current_schema() and table_name = ${view} order by ordinal_position`);
  return rowsOf<{ column_name: string }>(result).map((row) => row.column_name);
}

const declared = (view: PgView) => {
  const config = getViewConfig(view);
  return {
    name: config.name,
    columns: Object.values(config.selectedFields).map((column) => (column as { name: string }).name),
  };
};

describe('read models published as views', () => {
  it('have the columns their pgView declarations name, in order', async () => {
    for (const view of [
      storeCommissionRates,
      productStores,
      checkoutCustomers,
      ledgerStoreDayRows,
      ledgerOrderRefundedGoods,
    ] as PgView[]) {
      const { name, columns } = declared(view);
      expect(await columnsOf(name), name).toEqual(columns);
    }
  });

  it('ledger_store_day_rows has the roll-ups’ day figures (DAY_FIGURES) and the standing orders’ columns', async () => {
    expect(await columnsOf('ledger_store_day_rows')).toEqual([
      'store_id',
      'day',
      ...DAY_FIGURES,
      'standing_orders_count',
      'net_sales_kobo',
    ]);
    // The tables it unites hold the same figures.
    expect((await columnsOf('ledger_store_days')).slice(2)).toEqual([...DAY_FIGURES]);
  });

  it('ledger_store_day_rows gives the folded rows and the deltas of a day, each figure as the tables hold it', async () => {
    const { db } = test.deps;
    const storeId = randomUUID();
    // Each figure a distinct value, so a column read from the wrong place shows.
    const figures = (base: number) =>
      Object.fromEntries(DAY_FIGURES.map((name, index) => [name, base + index]));
    const folded = figures(1000);
    const delta = figures(5000);
    const camel = (name: string) => name.replace(/_(\w)/g, (_, letter: string) => letter.toUpperCase());
    const values = (row: Record<string, number>) =>
      Object.fromEntries(Object.entries(row).map(([name, value]) => [camel(name), value]));
    await db.insert(ledgerStoreDays).values({ storeId, day: '2026-01-05', ...values(folded) });
    await db.insert(ledgerRollupDeltas).values({ storeId, day: '2026-01-05', ...values(delta) });
    // A delta of no day (a payout's) moves balances only and is no day row.
    await db.insert(ledgerRollupDeltas).values({ storeId, day: null, ...values(figures(9000)) });

    const rows = rowsOf<Record<string, unknown>>(
      await db.execute(
        sql`select * from ${ledgerStoreDayRows} where store_id = ${storeId} order by orders_count`,
      ),
    ).map((row) =>
      Object.fromEntries(
        Object.entries(row).map(([name, value]) => [
          name,
          name === 'store_id' || name === 'day' ? String(value) : Number(value),
        ]),
      ),
    );
    const expected = (row: Record<string, number>) => ({
      store_id: storeId,
      day: '2026-01-05',
      ...row,
      standing_orders_count: row.orders_count! - row.undone_count!,
      net_sales_kobo: row.goods_kept_kobo! - row.undone_goods_kept_kobo!,
    });
    expect(rows).toEqual([expected(folded), expected(delta)]);
  });

  it('ledger_order_refunded_goods is what the ledger’s own figures call the refunded goods', async () => {
    const { db } = test.deps;
    const orderId = randomUUID();
    const line = (kind: LedgerKind, account: LedgerAccount, amountKobo: number) => ({
      movementId: randomUUID(),
      kind,
      account,
      orderId,
      amountKobo,
      memo: 'read model check',
    });
    await db
      .insert(ledgerEntries)
      .values([
        line('payment', 'payments_clearing', 20_000),
        line('refund', 'payments_clearing', -7_000),
        line('refund', 'shipping_fees', 1_500),
        line('refund_reversal', 'payments_clearing', 2_000),
        line('refund', 'pod_refunds_owed', -500),
        line('refund', 'merchant_escrow', 4_000),
      ]);
    const [row] = await db
      .select({ kobo: ledgerOrderRefundedGoods.refundedGoodsKobo })
      .from(ledgerOrderRefundedGoods)
      .where(sql`${ledgerOrderRefundedGoods.orderId} = ${orderId}`);
    // 7,000 + 500 refunded, 2,000 of it reversed, the 1,500 delivery fee given back taken off.
    expect(Number(row?.kobo)).toBe(4_000);
    expect(Number(row?.kobo)).toBe((await ledgerOrderFigures(db, orderId)).refundedGoods);
  });
});
