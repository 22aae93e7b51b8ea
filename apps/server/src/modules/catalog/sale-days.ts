import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { rowsOf } from '../../platform/db/rows-of.js';
import { lagosDay } from './catalog.rules.js';
import { bumpProductWriteGeneration } from './products.repository.js';

// A sale's start and end days move `products.price_now_kobo` (ADR 095). Writes set it through the trigger
// `products_price_now`; after that only time changes it, at the Lagos days recorded in `price_changes_on`. This
// moves the products whose day has come, and only them: a range of the partial index on price_changes_on, never a
// scan of the catalogue.

export interface SaleDayChanges {
  /** Products whose price went down today: a sale started (what the wishlist tells). */
  started: string[];
  /** Products whose price went up today: a sale ended. */
  ended: string[];
}

/**
 * Every product whose price-change day is `now`'s Lagos day or earlier gets today's price and its next change
 * day, in one statement (the rows are locked as they are updated, so two runs at once change each row once: the
 * second finds it no longer due). Answers which products started or ended a sale.
 */
export async function applySaleDays(db: Db, now: Date): Promise<SaleDayChanges> {
  const today = lagosDay(now);
  const rows = rowsOf<{ id: string; was: string; is: string }>(
    await db.execute(sql`
    with due as (
      select id, price_now_kobo as was from products
      where price_changes_on is not null and price_changes_on <= ${today}::date
      order by id
      for update
    )
    update products set
      price_now_kobo = lagos_price_now(selling_price_kobo, price_kobo, sale_start_date, sale_end_date, ${today}::date),
      price_changes_on = lagos_price_changes_on(sale_start_date, sale_end_date, ${today}::date)
    from due
    where products.id = due.id
    returning products.id, due.was::text as was, products.price_now_kobo::text as is`),
  );
  const changes: SaleDayChanges = { started: [], ended: [] };
  for (const row of rows) {
    if (BigInt(row.is) < BigInt(row.was)) changes.started.push(row.id);
    else if (BigInt(row.is) > BigInt(row.was)) changes.ended.push(row.id);
  }
  if (rows.length > 0) bumpProductWriteGeneration();
  return changes;
}
