// The provider's record of every paid demo checkout (payment_transactions), so the admin's transactions list and
// detail (/admin/finance/transactions) have payments to show: card or bank transfer, Paystack's fee (1.5 % + ₦100,
// at most ₦2,000, in integer kobo), a test card's last four digits. Like the rest of src/seed, tables directly;
// one statement, and a reference already recorded is left alone, so running it again changes nothing.
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { users } from '../modules/auth/auth.schema.js';
import { orderTrackers } from '../modules/orders/orders.schema.js';
import { paymentTransactions } from '../modules/payments/payments.schema.js';
import type { Db } from '../platform/db/client.js';

export async function seedDemoPayments(db: Db, logger?: Logger): Promise<number> {
  const result = await db.execute(sql`
    insert into ${paymentTransactions} (reference, purpose, provider, customer_id, amount_kobo, status,
      provider_transaction_id, fees_kobo, customer_email, card_type, card_last4, bank, country, ip_address, channel,
      paid_at, gateway_response, created_at, updated_at)
    select t.reference, 'CHK', 'sandbox', t.customer_id, t.amount_due_kobo, 'success',
      (4099000000 + row_number() over (order by t.created_at))::text,
      least(200000, (t.amount_due_kobo::bigint * 15 + 500) / 1000 + 10000), u.email,
      case when row_number() over (order by t.created_at) % 3 = 0 then null else 'visa' end,
      case when row_number() over (order by t.created_at) % 3 = 0 then null else '4081' end,
      case when row_number() over (order by t.created_at) % 3 = 0 then 'Wema Bank' else 'TEST BANK' end,
      'NG', '102.89.34.' || (row_number() over (order by t.created_at) % 250 + 1)::text,
      case when row_number() over (order by t.created_at) % 3 = 0 then 'bank_transfer' else 'card' end,
      t.paid_at, 'Approved', t.created_at, t.paid_at
    from ${orderTrackers} t join ${users} u on u.id = t.customer_id
    where t.paid_at is not null and t.reference like 'CHK-%'
    on conflict (reference) do nothing
  `);
  const count = (result as { rowCount?: number | null; affectedRows?: number }).rowCount ?? 0;
  if (count > 0) logger?.info({ payments: count }, 'demo payments seeded');
  return count;
}
