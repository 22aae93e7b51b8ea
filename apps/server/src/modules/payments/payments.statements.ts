import { eq, sql } from 'drizzle-orm';
import { parsedJson, rowFromJson } from '../../platform/db/json-rows.js';
import { prepared, preparedSql, type ReadPart } from '../../platform/db/prepared.js';
import type { Verification } from '../../platform/payments/provider.js';
import { type PaymentStatus, paymentTransactions, webhookEvents } from './payments.schema.js';

// The payments' statements built once (ADR 033, 036, 037): the webhook and the payer's return both read the
// payment, settling locks and writes it, every checkout records its payment before asking the provider for the page.

export const paymentByReference = prepared('payment_by_reference', (db) =>
  db
    .select()
    .from(paymentTransactions)
    .where(eq(paymentTransactions.reference, sql.placeholder('reference')))
    .limit(1),
);
export const lockPaymentByReference = prepared('payment_lock_by_reference', (db) =>
  db
    .select()
    .from(paymentTransactions)
    .where(eq(paymentTransactions.reference, sql.placeholder('reference')))
    .for('update'),
);

/**
 * `lockPaymentByReference` as the first part of a read of several modules (`readTogether`, ADR 087): the payment's
 * row locked, then the purpose's rows by the parts after it (a statement's select list is evaluated in order).
 */
export function lockedPaymentPart(
  reference: string,
): ReadPart<typeof paymentTransactions.$inferSelect | undefined> {
  return {
    name: 'payment_lock_by_reference',
    sql: () => sql`select row_to_json(p) from (
        select * from ${paymentTransactions} where ${paymentTransactions.reference} = ${sql.placeholder('reference')}
        for update) p`,
    values: { reference },
    decode: (json) =>
      json === null
        ? undefined
        : rowFromJson<typeof paymentTransactions.$inferSelect>(paymentTransactions, parsedJson(json)),
  };
}

/**
 * A placeholder sent to the driver as it is: Drizzle's column encoders (a timestamp's toISOString) would throw on
 * null, so nullable values and times go through this, times as ISO strings.
 */
const raw = (name: string) => sql`${sql.placeholder(name)}`;

const ph = sql.placeholder;

/**
 * Built once (ADR 033). A webhook records its event and reads the payment it names in one statement (ADR 037): a
 * replayed delivery answers no event id; the payment is read whatever the event, used for charge.success. A delivery
 * recorded over a minute ago and never marked processed (the process died between recording and acting, ADR 061) is
 * taken again by Paystack's next retry (it retries after 3 minutes), so it is acted on once.
 */
export const recordWebhookEvent = preparedSql<{ eventId: string | null; payment: unknown }>(
  'payments_webhook_event',
  () => sql`with e as (
      insert into ${webhookEvents} (provider, event_key, reference, event)
      values (${ph('provider')}, ${ph('eventKey')}, ${ph('reference')}, ${ph('event')})
      on conflict (event_key) do update set received_at = now()
        where ${webhookEvents}.processed_at is null and ${webhookEvents}.received_at < now() - interval '1 minute'
      returning id)
    select (select id from e) as "eventId",
      (select row_to_json(p) from ${paymentTransactions} p where p.reference = ${ph('reference')}) as payment`,
);
export const webhookEventProcessed = prepared('payments_webhook_processed', (db) =>
  db
    .update(webhookEvents)
    .set({ processedAt: raw('at'), outcome: raw('outcome') })
    .where(eq(webhookEvents.id, sql.placeholder('id'))),
);
/**
 * What the provider said of a payment, and its status: every key of `transactionFields`, `updatedAt`, `status`. The
 * webhook event that brought it (`eventId`, null when none did) is marked processed in the same statement, inside the
 * settling transaction (ADR 037).
 */
export const settlePayment = preparedSql(
  'payments_settle',
  () => sql`with e as (
      update ${webhookEvents} set processed_at = ${ph('updatedAt')}::timestamptz, outcome = ${ph('outcome')}
      where id = ${ph('eventId')}::uuid)
    update ${paymentTransactions} set provider_transaction_id = ${ph('providerTransactionId')},
      fees_kobo = ${ph('feesKobo')}, card_type = ${ph('cardType')}, card_last4 = ${ph('cardLast4')},
      bank = ${ph('bank')}, country = ${ph('country')}, ip_address = ${ph('ipAddress')}, channel = ${ph('channel')},
      paid_at = ${ph('paidAt')}::timestamptz, gateway_response = ${ph('gatewayResponse')},
      updated_at = ${ph('updatedAt')}::timestamptz, status = ${ph('status')}
    where id = ${ph('id')}::uuid`,
);

/** Built once (ADR 036): every checkout records its payment before asking the provider for the page. */
export const insertPayment = prepared('payments_insert', (db) =>
  db.insert(paymentTransactions).values({
    reference: sql.placeholder('reference'),
    purpose: sql.placeholder('purpose'),
    provider: sql.placeholder('provider'),
    customerId: raw('customerId'),
    amountKobo: sql.placeholder('amountKobo'),
    currency: 'NGN',
    status: 'initialized',
    metadata: sql.placeholder('metadata'),
    customerEmail: sql.placeholder('customerEmail'),
  }),
);

/** settlePayment's values: times as ISO strings; the webhook event, if any, marked `settled:<status>`. */
export function settledValues(
  fields: ReturnType<typeof transactionFields> & { updatedAt: Date },
  status: PaymentStatus,
  id: string,
  eventId: string | null,
) {
  return {
    ...fields,
    paidAt: fields.paidAt?.toISOString() ?? null,
    updatedAt: fields.updatedAt.toISOString(),
    status,
    id,
    eventId,
    outcome: `settled:${status}`,
  };
}

/** The specification's Transaction fields, as the provider reported them (settlePayment lists the same keys). */
export function transactionFields(verification: Verification) {
  return {
    providerTransactionId: verification.providerTransactionId,
    feesKobo: verification.feesKobo,
    cardType: verification.card?.type ?? null,
    cardLast4: verification.card?.last4 ?? null,
    bank: verification.card?.bank ?? null,
    country: verification.card?.countryCode ?? null,
    ipAddress: verification.ipAddress,
    channel: verification.channel,
    paidAt: verification.paidAt,
    gatewayResponse: verification.gatewayResponse,
  };
}
