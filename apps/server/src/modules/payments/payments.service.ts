import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../platform/db/client.js';
import { parsedJson, rowFromJson } from '../../platform/db/json-rows.js';
import { prepared, preparedSql, type ReadPart } from '../../platform/db/prepared.js';
import { AppError, conflict, notFound } from '../../platform/errors.js';
import { countMoneyOutcome } from '../../platform/observability/metrics.js';
import { outcomeUnknown } from '../../platform/payments/paystack-http.js';
import type {
  DisputeEvent,
  PaymentProvider,
  PaymentPurpose,
  ProviderRefund,
  RefundEvent,
  RefundResult,
  Verification,
} from '../../platform/payments/provider.js';
import type { TransferEvent } from '../../platform/payments/transfers.js';
import {
  type PaymentSplitLine,
  type PaymentStatus,
  paymentDisputes,
  paymentTransactions,
  webhookEvents,
} from './payments.schema.js';

export type PaymentTransaction = typeof paymentTransactions.$inferSelect;

export interface PaymentState {
  status: PaymentStatus;
  reference: string;
}

export interface StartPayment {
  /** From newReference(prefix) of a registered purpose. */
  reference: string;
  amountKobo: number;
  /** The payer's email; Paystack requires one and sends the receipt there. */
  email: string;
  /** Path of the web app the payer returns to, e.g. `/checkout/complete`; the provider adds `?reference=`. */
  callbackPath: string;
  metadata?: Record<string, string | number | boolean>;
  /** The signed-in account paying; only it may ask GET /api/payments/verify/:reference. */
  customerId?: string | null;
}

/** Works out the split of a payment about to start (subaccount settlement, ADR 051); undefined for none. */
export type PaymentSplitter = (
  executor: Db,
  payment: { reference: string; amountKobo: number },
) => Promise<PaymentSplitLine[] | undefined>;

/** What the chargeback flow hears of a dispute: the provider's event, the payment, and the admin's bearer decision. */
export type DisputeListenerEvent = DisputeEvent & {
  transactionReference: string;
  bearer: 'merchant' | 'platform' | null;
  /** Names the refunds a resolution books (their provider reference), so they are found again and booked once. */
  settlementKey: string;
};

export type PaymentDisputeRow = typeof paymentDisputes.$inferSelect;

export interface WebhookResult {
  /** duplicate, ignored, unknown-reference or settled:<status>. */
  outcome: string;
}

export interface PaymentsService {
  readonly providerName: PaymentProvider['name'];
  registerPurpose(purpose: PaymentPurpose): void;
  /** Who hears of the provider's refund.* webhooks (the orders module's refund history); answers the outcome. */
  onRefundEvent(listener: (event: RefundEvent) => Promise<string>): void;
  /** Who hears of the provider's transfer.* webhooks (the ledger's payouts); answers the outcome. */
  onTransferEvent(listener: (event: TransferEvent) => Promise<string>): void;
  /**
   * Who hears of a dispute of one of our payments (charge.dispute.*), after it is recorded, in the recording
   * transaction (the chargeback flow); answers the outcome.
   */
  onDisputeEvent(listener: (executor: Db, event: DisputeListenerEvent) => Promise<string>): void;
  /** Card-holder disputes of our payments, newest first (open ones first). */
  disputePage(query: { page: number; limit: number; open?: boolean }): Promise<{
    rows: PaymentDisputeRow[];
    total: number;
  }>;
  /**
   * An admin decides who bears a dispute's money (internal note), in the caller's transaction; answers the row and
   * the key of the refunds its resolution booked, if any.
   */
  setDisputeBearer(
    executor: Db,
    disputeId: string,
    decision: { bearer: 'merchant' | 'platform'; note: string; decidedBy: string },
  ): Promise<{ row: PaymentDisputeRow; settlementKey: string }>;
  /**
   * Payments of this purpose are split between subaccounts: `splitter` is asked before the provider is, and its
   * shares are kept on the payment and sent with it (ADR 051).
   */
  splitWith(prefix: string, splitter: PaymentSplitter): void;
  /**
   * Who hears that the provider took a split charge (status success or mismatch: the subaccounts got their shares
   * either way), in the settling transaction: the ledger's settlement.
   */
  onSplitSettled(
    listener: (executor: Db, reference: string, split: PaymentSplitLine[]) => Promise<void>,
  ): void;
  /** `${prefix}-` and 26 Crockford base32 characters: 48 bits of time (sortable) and 80 random bits. */
  newReference(prefix: string): string;
  /** Records the payment (status initialized), then asks the provider for the page the payer goes to. */
  start(executor: Db, input: StartPayment): Promise<{ authorizationUrl: string; reference: string }>;
  /**
   * `start` in two steps (ADR 055): `record` writes the payment in the caller's transaction (a checkout's, so that
   * its commit is the checkout's), `open` asks the provider for the page after that transaction committed, so no
   * lock is held while the provider answers.
   */
  record(executor: Db, input: StartPayment): Promise<void>;
  open(executor: Db, input: StartPayment): Promise<{ authorizationUrl: string; reference: string }>;
  /**
   * The one path that marks money as received, used by the webhook and by the payer's return alike: verifies with
   * the provider, then in one transaction settles the row and tells the purpose. Calling it again is a no-op.
   */
  settle(reference: string): Promise<PaymentState>;
  /** settle() for the account that started the payment; anyone else is told it does not exist. */
  settleFor(customerId: string, reference: string): Promise<PaymentState>;
  /**
   * settleFor() answering the payment's row as it is afterwards: a row that was already settled is read once
   * (the payer's return after the webhook, ADR 033).
   */
  settledRowFor(
    customerId: string,
    reference: string,
    /** The row as the caller read it just now (`paymentPart`; null: none): not read again then. */
    known?: PaymentTransaction | null,
  ): Promise<PaymentTransaction>;
  /** The payment of `reference`, if any, as a part of a read of several modules (`readTogether`, ADR 087). */
  paymentPart(reference: string): ReadPart<PaymentTransaction | null>;
  /** The channel the provider reported for a successful payment (card, bank_transfer, ussd…), or null. */
  paidChannelOf(reference: string): Promise<string | null>;
  /** A signed provider delivery: 401 when forged, a no-op when replayed, settles on charge.success. */
  handleWebhook(rawBody: Buffer, signature: string | undefined): Promise<WebhookResult>;
  /**
   * Charges a saved card authorization with no payer present: records the payment (status initialized, committed
   * first so that a crash leaves a row to settle), asks the provider to charge, then settles it through `settle`,
   * like any other payment. A provider refusal of the request itself settles as a failure. No answer (ADR 061, 071)
   * leaves it `initialized`: it is settled only by verifying the reference, never charged again before that.
   * `resend`: the charge of an `initialized` row whose verify said the provider never received it, sent again under
   * the same reference (Paystack refuses a second charge under one reference, so it is never charged twice).
   */
  chargeSaved(
    input: Omit<StartPayment, 'callbackPath'> & { authorizationCode: string; resend?: boolean },
  ): Promise<PaymentState>;
  /**
   * Sends money back (all of what is left when no amount is given): `reserveRefund`, then `sendRefund`; a refusal
   * releases the reservation, an unknown outcome keeps it (ADR 061) and throws OutcomeUnknownError.
   */
  refund(reference: string, amountKobo?: number): Promise<RefundResult>;
  /**
   * Reserves `amountKobo` of the payment for a refund, under its row lock, in the caller's transaction (the one that
   * records the intent to send it), so two refunds never send back more than was paid. `force` takes it whatever is
   * left: the provider already made that refund (its webhook said so after we had released it).
   */
  reserveRefund(executor: Db, reference: string, amountKobo: number, force?: boolean): Promise<void>;
  /**
   * Asks the provider to make a refund reserved by `reserveRefund`, after the intent committed. Throws
   * OutcomeUnknownError when it may have been made without our hearing; any other error: it was not made.
   */
  sendRefund(reference: string, amountKobo: number): Promise<RefundResult>;
  /** The refunds the provider holds against a payment (its documented list): how an unknown outcome is settled. */
  refundsAtProvider(reference: string): Promise<ProviderRefund[]>;
  /**
   * The provider reported a refund it had accepted as failed (refund.failed): the amount `refund` reserved on the
   * payment is free again, so the refund can be sent once more. In the caller's transaction.
   */
  releaseRefund(executor: Db, reference: string, amountKobo: number): Promise<void>;
  find(executor: Db, reference: string): Promise<PaymentTransaction | undefined>;
}

/** Statuses after which nothing the provider says changes the row: money was received, or refused as wrong. */
const FINAL: ReadonlySet<PaymentStatus> = new Set(['success', 'mismatch']);
const PREFIX = /^[A-Z]{2,8}$/;
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

export function generateReference(prefix: string, now = Date.now()): string {
  if (!PREFIX.test(prefix))
    throw new Error(`A payment reference prefix is 2 to 8 capital letters, not ${prefix}`);
  let time = '';
  let rest = now;
  for (let index = 0; index < 10; index++) {
    time = CROCKFORD[rest % 32] + time;
    rest = Math.floor(rest / 32);
  }
  // 80 random bits as 16 characters of 5 bits each; 256 is a multiple of 32, so `byte % 32` is unbiased.
  const random = Array.from(randomBytes(16), (byte) => CROCKFORD[byte % 32]).join('');
  return `${prefix}-${time}${random}`;
}

/**
 * The amount rule (ADR 044): exactly what the order costs, or, when the business passes Paystack's charges to its
 * customers, that plus exactly the fee Paystack reports for the charge (`fees`), with `requested_amount` (when given)
 * the order's amount. Anything else is a mismatch, never paid.
 */
export function paidAsExpected(
  verification: Pick<Verification, 'amountKobo' | 'feesKobo' | 'requestedAmountKobo'>,
  expectedKobo: number,
): boolean {
  if (verification.amountKobo === expectedKobo) return true;
  const fees = verification.feesKobo;
  return (
    fees !== null &&
    fees > 0 &&
    verification.amountKobo - fees === expectedKobo &&
    (verification.requestedAmountKobo === null || verification.requestedAmountKobo === expectedKobo)
  );
}

function prefixOf(reference: string): string {
  return reference.split('-', 1)[0] ?? '';
}

// Built once (ADR 033): the webhook and the payer's return both read the payment, and settling locks it.
const paymentByReference = prepared('payment_by_reference', (db) =>
  db
    .select()
    .from(paymentTransactions)
    .where(eq(paymentTransactions.reference, sql.placeholder('reference')))
    .limit(1),
);
const lockPaymentByReference = prepared('payment_lock_by_reference', (db) =>
  db
    .select()
    .from(paymentTransactions)
    .where(eq(paymentTransactions.reference, sql.placeholder('reference')))
    .for('update'),
);

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
const recordWebhookEvent = preparedSql<{ eventId: string | null; payment: unknown }>(
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
const webhookEventProcessed = prepared('payments_webhook_processed', (db) =>
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
const settlePayment = preparedSql(
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
const insertPayment = prepared('payments_insert', (db) =>
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
function settledValues(
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
function transactionFields(verification: Verification) {
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

export function createPaymentsService(options: {
  db: Db;
  provider: PaymentProvider;
  publicUrl: string;
  logger: Pick<Logger, 'error' | 'warn' | 'info'>;
  now?: () => Date;
}): PaymentsService {
  const { db, provider, logger } = options;
  const now = options.now ?? (() => new Date());
  const purposes = new Map<string, PaymentPurpose>();
  let refundListener: ((event: RefundEvent) => Promise<string>) | undefined;
  let transferListener: ((event: TransferEvent) => Promise<string>) | undefined;
  const splitters = new Map<string, PaymentSplitter>();
  let splitListener:
    | ((executor: Db, reference: string, split: PaymentSplitLine[]) => Promise<void>)
    | undefined;
  let disputeListener: ((executor: Db, event: DisputeListenerEvent) => Promise<string>) | undefined;

  /**
   * Records what the provider says of a dispute (its latest stage and state, one row per dispute) when it names one of
   * our payments, then tells the listener in the same transaction. A dispute of a payment that is not ours is
   * acknowledged and ignored, as an unknown charge.success is.
   */
  async function recordDispute(event: DisputeEvent, known: boolean): Promise<string> {
    const reference = event.transactionReference;
    if (!reference || !known) {
      logger.warn({ disputeId: event.disputeId }, 'dispute of a payment that is not ours');
      return 'dispute:unknown-reference';
    }
    return db.transaction(async (tx) => {
      const at = now();
      const values = {
        stage: event.stage,
        status: event.status,
        resolution: event.resolution,
        category: event.category,
        refundAmountKobo: event.refundAmountKobo,
        currency: event.currency,
        dueAt: event.dueAt,
        resolvedAt: event.resolvedAt,
        updatedAt: at,
      };
      await tx
        .insert(paymentDisputes)
        .values({
          provider: provider.name,
          providerDisputeId: event.disputeId,
          paymentReference: reference,
          ...values,
        })
        .onConflictDoUpdate({
          target: [paymentDisputes.provider, paymentDisputes.providerDisputeId],
          set: values,
        });
      logger.warn(
        { reference, disputeId: event.disputeId, stage: event.stage, dueAt: event.dueAt },
        'card-holder dispute of a payment',
      );
      const [row] = await tx
        .select()
        .from(paymentDisputes)
        .where(
          and(
            eq(paymentDisputes.provider, provider.name),
            eq(paymentDisputes.providerDisputeId, event.disputeId),
          ),
        )
        .for('update');
      const heard = disputeListener
        ? await disputeListener(tx, {
            ...event,
            transactionReference: reference,
            bearer: row?.bearer ?? null,
            settlementKey: `dispute:${provider.name}:${event.disputeId}`,
          })
        : undefined;
      // What the resolution did to the books (ADR 049), for the admins' list.
      const outcome = heard?.slice('dispute:'.length);
      if (row && (outcome === 'refund-booked' || outcome === 'nothing-moved' || outcome === 'needs-review')) {
        await tx.update(paymentDisputes).set({ outcome }).where(eq(paymentDisputes.id, row.id));
      }
      return heard ?? `dispute:${event.stage}`;
    });
  }

  function purposeOf(prefix: string): PaymentPurpose {
    const purpose = purposes.get(prefix);
    // A row whose domain is not registered is a deployment mistake; the caller (or the provider) retries later.
    if (!purpose) throw new Error(`No payment purpose is registered for the prefix ${prefix}`);
    return purpose;
  }

  async function find(executor: Db, reference: string) {
    const [row] = await paymentByReference(executor, { reference });
    return row;
  }

  /** `known`: the row the caller has just read, so that it is not read twice (ADR 033). */
  async function settle(reference: string, known?: PaymentTransaction): Promise<PaymentState> {
    return (await settleMarking(reference, known, null)).state;
  }

  /**
   * settle(), marking the webhook event `eventId` processed (outcome `settled:<status>`) in the settling
   * transaction when it writes the payment (ADR 037); `marked` says whether it did, so the caller marks it otherwise.
   */
  async function settleMarking(
    reference: string,
    known: PaymentTransaction | undefined,
    eventId: string | null,
  ): Promise<{ state: PaymentState; marked: boolean }> {
    const unmarked = (state: PaymentState) => ({ state, marked: false });
    const current = known ?? (await find(db, reference));
    if (!current) throw notFound('Payment not found');
    if (FINAL.has(current.status)) return unmarked({ status: current.status, reference });
    const purpose = purposeOf(current.purpose);

    // Asked outside the transaction: no row lock is held while waiting on the network.
    const verification = await provider.verify(reference);
    if (verification.status === 'pending') return unmarked({ status: current.status, reference });

    return db.transaction(async (tx) => {
      const marked = (state: PaymentState) => ({ state, marked: eventId !== null });
      const [row] = await lockPaymentByReference(tx, { reference });
      if (!row) throw notFound('Payment not found');
      // The webhook and the payer's return may race here; the second one to get the lock finds it settled.
      if (FINAL.has(row.status)) return unmarked({ status: row.status, reference });
      const fields = { ...transactionFields(verification), updatedAt: now() };

      if (verification.status === 'success') {
        const expected = await purpose.expectedAmountKobo(tx, reference);
        const problems = [
          ...(verification.reference === reference ? [] : ['reference']),
          ...(verification.currency === 'NGN' ? [] : ['currency']),
          ...(expected !== undefined && paidAsExpected(verification, expected) ? [] : ['amount']),
        ];
        const status: PaymentStatus = problems.length === 0 ? 'success' : 'mismatch';
        await settlePayment(tx, settledValues(fields, status, row.id, eventId));
        // The provider paid the subaccounts their flat shares whatever the amount check says.
        if (row.split && row.split.length > 0) await splitListener?.(tx, reference, row.split);
        countMoneyOutcome('payment', status);
        if (status === 'mismatch') {
          // Money arrived that is not what the order costs: never mark it paid; finance refunds or settles by hand.
          logger.error(
            {
              reference,
              problems,
              expectedKobo: expected ?? null,
              receivedKobo: verification.amountKobo,
              currency: verification.currency,
            },
            'payment does not match what was expected; not marked paid',
          );
          return marked({ status, reference });
        }
        await purpose.onPaid(tx, reference, verification);
        logger.info({ reference, amountKobo: verification.amountKobo }, 'payment settled');
        return marked({ status, reference });
      }

      // failed or abandoned. Not final: Paystack lets the payer try another card under the same reference, and
      // money that arrives later must still be honoured. The purpose hears of the first failure only.
      const failure: PaymentStatus = verification.status === 'abandoned' ? 'abandoned' : 'failed';
      if (row.status === failure) return unmarked({ status: row.status, reference });
      await settlePayment(tx, settledValues(fields, failure, row.id, eventId));
      countMoneyOutcome('payment', failure);
      if (row.status === 'initialized') await purpose.onFailed?.(tx, reference, verification);
      return marked({ status: failure, reference });
    });
  }

  /**
   * The split of payments recorded by this process and not yet opened (ADR 051, ADR 055): record works it out and
   * keeps it on the row, open sends it; open in another process reads it back from the row.
   */
  const recordedSplits = new Map<string, PaymentSplitLine[]>();

  async function record(executor: Db, input: StartPayment) {
    const prefix = prefixOf(input.reference);
    purposeOf(prefix);
    if (!Number.isSafeInteger(input.amountKobo) || input.amountKobo < 100) {
      // Paystack's smallest NGN charge is ₦1.00 (100 kobo).
      throw new AppError('BAD_REQUEST', 'The amount to pay must be at least ₦1.00');
    }
    if (!input.callbackPath.startsWith('/') || input.callbackPath.startsWith('//')) {
      throw new Error('callbackPath must be a path of this app, such as /checkout/complete');
    }
    // Worked out before anything is written: a split that cannot be made (a store lost its subaccount) leaves no
    // payment row behind to block the next try under the same reference.
    const splitter = splitters.get(prefix);
    const split = splitter
      ? await splitter(executor, { reference: input.reference, amountKobo: input.amountKobo })
      : undefined;
    await insertPayment(executor, {
      reference: input.reference,
      purpose: prefix,
      provider: provider.name,
      customerId: input.customerId ?? null,
      amountKobo: input.amountKobo,
      metadata: input.metadata ?? {},
      customerEmail: input.email,
    });
    if (split && split.length > 0) {
      await executor
        .update(paymentTransactions)
        .set({ split })
        .where(eq(paymentTransactions.reference, input.reference));
      recordedSplits.set(input.reference, split);
    }
  }

  async function open(executor: Db, input: StartPayment) {
    let split = recordedSplits.get(input.reference);
    recordedSplits.delete(input.reference);
    if (!split && splitters.has(prefixOf(input.reference))) {
      const [row] = await executor
        .select({ split: paymentTransactions.split })
        .from(paymentTransactions)
        .where(eq(paymentTransactions.reference, input.reference));
      split = row?.split ?? undefined;
    }
    const result = await provider.initialize({
      reference: input.reference,
      amountKobo: input.amountKobo,
      email: input.email,
      callbackUrl: `${options.publicUrl}${input.callbackPath}`,
      metadata: { ...input.metadata, purpose: prefixOf(input.reference) },
      ...(split && split.length > 0
        ? { split: split.map((line) => ({ subaccount: line.subaccount, shareKobo: line.shareKobo })) }
        : {}),
      executor,
    });
    return { authorizationUrl: result.authorizationUrl, reference: input.reference };
  }

  const service: PaymentsService = {
    providerName: provider.name,

    async disputePage(query) {
      const where = query.open ? sql`${paymentDisputes.stage} <> 'resolve'` : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(paymentDisputes)
          .where(where)
          .orderBy(
            sql`${paymentDisputes.stage} = 'resolve'`,
            desc(paymentDisputes.updatedAt),
            desc(paymentDisputes.id),
          )
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        db.select({ value: count() }).from(paymentDisputes).where(where),
      ]);
      return { rows, total: total?.value ?? 0 };
    },

    async setDisputeBearer(executor, disputeId, decision) {
      const [row] = await executor
        .update(paymentDisputes)
        .set({
          bearer: decision.bearer,
          bearerNote: decision.note,
          decidedBy: decision.decidedBy,
          decidedAt: now(),
        })
        .where(eq(paymentDisputes.id, disputeId))
        .returning();
      if (!row) throw notFound('Dispute not found');
      return { row, settlementKey: `dispute:${row.provider}:${row.providerDisputeId}` };
    },

    registerPurpose(purpose) {
      if (!PREFIX.test(purpose.prefix)) throw new Error(`Invalid payment purpose prefix ${purpose.prefix}`);
      const existing = purposes.get(purpose.prefix);
      if (existing && existing !== purpose)
        throw new Error(`Payment prefix ${purpose.prefix} is already taken`);
      purposes.set(purpose.prefix, purpose);
    },

    onRefundEvent(listener) {
      refundListener = listener;
    },

    onDisputeEvent(listener) {
      disputeListener = listener;
    },

    onTransferEvent(listener) {
      transferListener = listener;
    },

    splitWith(prefix, splitter) {
      splitters.set(prefix, splitter);
    },

    onSplitSettled(listener) {
      splitListener = listener;
    },

    newReference: (prefix) => generateReference(prefix),

    record,
    open,

    async start(executor, input) {
      await record(executor, input);
      return open(executor, input);
    },

    settle,

    async chargeSaved(input) {
      const prefix = prefixOf(input.reference);
      const purpose = purposeOf(prefix);
      if (!Number.isSafeInteger(input.amountKobo) || input.amountKobo < 100) {
        throw new AppError('BAD_REQUEST', 'The amount to pay must be at least ₦1.00');
      }
      if (input.resend) {
        const row = await find(db, input.reference);
        if (row?.status !== 'initialized')
          return { status: row?.status ?? 'failed', reference: input.reference };
      } else {
        await db.insert(paymentTransactions).values({
          reference: input.reference,
          purpose: prefix,
          provider: provider.name,
          customerId: input.customerId ?? null,
          amountKobo: input.amountKobo,
          currency: 'NGN',
          status: 'initialized',
          metadata: { ...input.metadata, recurring: true },
          customerEmail: input.email,
        });
      }
      try {
        await provider.chargeAuthorization({
          reference: input.reference,
          amountKobo: input.amountKobo,
          email: input.email,
          authorizationCode: input.authorizationCode,
          metadata: { ...input.metadata, purpose: prefix },
        });
      } catch (error) {
        if (outcomeUnknown(error)) {
          // The charge may have been made: it stays initialized until verify by reference says (ADR 071).
          logger.warn({ reference: input.reference }, 'saved card charge outcome unknown');
          countMoneyOutcome('payment', 'unknown');
          return { status: 'initialized', reference: input.reference };
        }
        if (input.resend && error instanceof AppError && /duplicate/i.test(error.message)) {
          // Paystack holds a charge under this reference after all: what it says of it settles the row.
          return settle(input.reference);
        }
        if (!(error instanceof AppError) || error.code !== 'BAD_REQUEST') throw error;
        // The provider refused to charge (an authorization no longer valid): the charge failed; no money moved.
        logger.warn({ reference: input.reference }, 'saved card charge refused by the provider');
        return db.transaction(async (tx) => {
          const [row] = await tx
            .update(paymentTransactions)
            .set({ status: 'failed', gatewayResponse: error.message, updatedAt: now() })
            .where(eq(paymentTransactions.reference, input.reference))
            .returning();
          await purpose.onFailed?.(tx, input.reference, {
            reference: input.reference,
            status: 'failed',
            amountKobo: input.amountKobo,
            requestedAmountKobo: null,
            currency: 'NGN',
            paidAt: null,
            channel: null,
            providerTransactionId: null,
            feesKobo: null,
            customerEmail: input.email,
            ipAddress: null,
            card: null,
            gatewayResponse: error.message,
            reusableAuthorization: null,
          });
          return { status: row!.status, reference: input.reference };
        });
      }
      return settle(input.reference);
    },

    async settleFor(customerId, reference) {
      const row = await find(db, reference);
      if (!row || row.customerId !== customerId) throw notFound('Payment not found');
      return settle(reference, row);
    },

    async paidChannelOf(reference) {
      const [row] = await db
        .select({ channel: paymentTransactions.channel, status: paymentTransactions.status })
        .from(paymentTransactions)
        .where(eq(paymentTransactions.reference, reference));
      return row?.status === 'success' ? row.channel : null;
    },

    async settledRowFor(customerId, reference, known) {
      const row = known === undefined ? await find(db, reference) : known;
      if (!row || row.customerId !== customerId) throw notFound('Payment not found');
      if (FINAL.has(row.status)) return row;
      await settle(reference, row);
      return (await find(db, reference)) ?? row;
    },

    paymentPart: (reference) => ({
      name: 'payment_by_reference',
      sql: () => sql`select row_to_json(p) from ${paymentTransactions} p
        where p.reference = ${sql.placeholder('reference')} limit 1`,
      values: { reference },
      decode: (json) =>
        json === null ? null : rowFromJson<PaymentTransaction>(paymentTransactions, parsedJson(json)),
    }),

    async handleWebhook(rawBody, signature) {
      if (!provider.verifySignature(rawBody, signature)) {
        logger.warn({ provider: provider.name }, 'webhook with a wrong signature refused');
        throw new AppError('UNAUTHORIZED', 'Invalid signature');
      }
      const event = provider.parseWebhook(rawBody);
      const [recorded] = await recordWebhookEvent(db, {
        provider: provider.name,
        eventKey: event.eventKey,
        reference: event.reference,
        event: event.event,
      });
      if (!recorded?.eventId) return { outcome: 'duplicate' };
      const inserted = { id: recorded.eventId };
      let marked = false;

      let outcome: string;
      try {
        if (event.refund) {
          outcome = refundListener ? await refundListener(event.refund) : 'ignored';
        } else if (event.transfer) {
          outcome = transferListener ? await transferListener(event.transfer) : 'ignored';
        } else if (event.dispute) {
          outcome = await recordDispute(event.dispute, recorded.payment !== null);
        } else if (event.event !== 'charge.success') {
          // Documented events no module acts on (subscription.*, invoice.*, paymentrequest.*, …): recorded in
          // webhook_events and acknowledged, so Paystack does not retry them for 72 hours.
          outcome = 'ignored';
        } else {
          const known = recorded.payment
            ? rowFromJson<PaymentTransaction>(paymentTransactions, parsedJson(recorded.payment))
            : undefined;
          if (!known) {
            // Another integration on the same Paystack account, or a reference we never issued.
            logger.warn({ reference: event.reference }, 'charge.success for an unknown reference');
            outcome = 'unknown-reference';
          } else {
            const settled = await settleMarking(event.reference, known, inserted.id);
            const { state } = settled;
            marked = settled.marked;
            if (state.status === 'initialized') {
              throw new AppError('SERVICE_UNAVAILABLE', 'The provider has not confirmed this payment yet');
            }
            outcome = `settled:${state.status}`;
          }
        }
      } catch (error) {
        // Forget the delivery so that the provider's retry (it retries on any non-200) is processed in full.
        await db.delete(webhookEvents).where(eq(webhookEvents.id, inserted.id));
        throw error;
      }
      // Marked already when settling wrote the payment (ADR 037): one statement less.
      if (!marked) await webhookEventProcessed(db, { id: inserted.id, at: now().toISOString(), outcome });
      return { outcome };
    },

    async refund(reference, amountKobo) {
      // Reserve the amount first, under the row lock, so two refunds can never send back more than was paid.
      const amount = await db.transaction(async (tx) => {
        const [row] = await lockPaymentByReference(tx, { reference });
        if (!row) throw notFound('Payment not found');
        const wanted = amountKobo ?? row.amountKobo - row.refundedKobo;
        await service.reserveRefund(tx, reference, wanted);
        return wanted;
      });
      let result: RefundResult;
      try {
        result = await service.sendRefund(reference, amount);
      } catch (error) {
        // Unknown: the provider may have made it; the reservation stays until someone asks it (ADR 061).
        const unknown = outcomeUnknown(error);
        countMoneyOutcome('refund', unknown ? 'unknown' : 'refused');
        if (!unknown) await service.releaseRefund(db, reference, amount);
        throw error;
      }
      countMoneyOutcome('refund', result.status);
      if (result.status === 'failed') await service.releaseRefund(db, reference, amount);
      return result;
    },

    async reserveRefund(executor, reference, amountKobo, force = false) {
      const [row] = await lockPaymentByReference(executor, { reference });
      if (!row) throw notFound('Payment not found');
      if (!force) {
        if (row.status !== 'success') throw conflict('Only a successful payment can be refunded');
        const left = row.amountKobo - row.refundedKobo;
        if (!Number.isSafeInteger(amountKobo) || amountKobo <= 0 || amountKobo > left) {
          throw conflict('The refund is more than what is left of the payment');
        }
      }
      await executor
        .update(paymentTransactions)
        .set({ refundedKobo: sql`${paymentTransactions.refundedKobo} + ${amountKobo}`, updatedAt: now() })
        .where(eq(paymentTransactions.id, row.id));
    },

    async sendRefund(reference, amountKobo) {
      const result = await provider.refund(reference, amountKobo);
      logger.info({ reference, amountKobo, status: result.status }, 'refund requested');
      return result;
    },

    refundsAtProvider: (reference) => provider.listRefunds(reference),

    async releaseRefund(executor, reference, amountKobo) {
      await executor
        .update(paymentTransactions)
        .set({
          refundedKobo: sql`greatest(0, ${paymentTransactions.refundedKobo} - ${amountKobo})`,
          updatedAt: now(),
        })
        .where(eq(paymentTransactions.reference, reference));
    },

    find,
  };
  return service;
}
