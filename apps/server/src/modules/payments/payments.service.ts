import { bound } from '../../platform/bound.js';
import type { Db } from '../../platform/db/client.js';
import type { ReadPart, StatementPart } from '../../platform/db/prepared.js';
import type {
  PaymentProvider,
  PaymentPurpose,
  ProviderRefund,
  RefundEvent,
  RefundResult,
} from '../../platform/payments/provider.js';
import type { TransferEvent } from '../../platform/payments/transfers.js';
import {
  type DisputeListenerEvent,
  find,
  generateReference,
  type PaymentDisputeRow,
  type PaymentSplitter,
  type PaymentState,
  type PaymentsContext,
  type PaymentTransaction,
  registerPurpose,
  type StartPayment,
  type WebhookResult,
} from './payments.context.js';
import { disputePage, setDisputeBearer } from './payments.disputes.js';
import { refund, releaseRefund, reserveRefund, sendRefund } from './payments.refunds.js';
import type { PaymentSplitLine } from './payments.schema.js';
import { paidChannelOf, paymentPart, settle, settledRowFor, settleFor } from './payments.settle.js';
import { chargeSaved, open, record, recordPart, start } from './payments.start.js';
import { handleWebhook } from './payments.webhooks.js';

export type {
  DisputeListenerEvent,
  PaymentDisputeRow,
  PaymentSplitter,
  PaymentState,
  PaymentTransaction,
  StartPayment,
  WebhookResult,
} from './payments.context.js';
export { generateReference } from './payments.context.js';
export { paidAsExpected } from './payments.settle.js';

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
  /**
   * `record` as a part of the caller's statement of writes (ADR 087), or undefined when the purpose splits its
   * payments (they are recorded by `record` after the caller's rows, which the split is worked out from).
   */
  recordPart(input: StartPayment): StatementPart | undefined;
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

/**
 * The payments ledger's service. Named functions of a `PaymentsContext` (ADR 091, 100) in files by concern: the
 * context, purposes and listeners (`payments.context.ts`), the statements built once (`payments.statements.ts`),
 * starting a payment and charging a saved card (`payments.start.ts`), settling (`payments.settle.ts`), the
 * provider's webhooks (`payments.webhooks.ts`), disputes (`payments.disputes.ts`), refunds (`payments.refunds.ts`);
 * bound here.
 */
export function createPaymentsService(options: {
  db: Db;
  provider: PaymentProvider;
  publicUrl: string;
  logger: PaymentsContext['logger'];
  now?: () => Date;
}): PaymentsService {
  const ctx: PaymentsContext = {
    db: options.db,
    provider: options.provider,
    publicUrl: options.publicUrl,
    logger: options.logger,
    now: options.now ?? (() => new Date()),
    purposes: new Map(),
    splitters: new Map(),
    recordedSplits: new Map(),
    listeners: {},
  };
  const { listeners } = ctx;
  return {
    providerName: ctx.provider.name,
    disputePage: bound(ctx, disputePage),
    setDisputeBearer: bound(ctx, setDisputeBearer),
    registerPurpose: bound(ctx, registerPurpose),
    onRefundEvent: (listener) => {
      listeners.refund = listener;
    },
    onDisputeEvent: (listener) => {
      listeners.dispute = listener;
    },
    onTransferEvent: (listener) => {
      listeners.transfer = listener;
    },
    splitWith: (prefix, splitter) => {
      ctx.splitters.set(prefix, splitter);
    },
    onSplitSettled: (listener) => {
      listeners.split = listener;
    },
    newReference: (prefix) => generateReference(prefix),
    record: bound(ctx, record),
    recordPart: bound(ctx, recordPart),
    open: bound(ctx, open),
    start: bound(ctx, start),
    settle: bound(ctx, settle),
    chargeSaved: bound(ctx, chargeSaved),
    settleFor: bound(ctx, settleFor),
    paidChannelOf: bound(ctx, paidChannelOf),
    settledRowFor: bound(ctx, settledRowFor),
    paymentPart,
    handleWebhook: bound(ctx, handleWebhook),
    refund: bound(ctx, refund),
    reserveRefund: bound(ctx, reserveRefund),
    sendRefund: bound(ctx, sendRefund),
    refundsAtProvider: (reference) => ctx.provider.listRefunds(reference),
    releaseRefund: bound(ctx, releaseRefund),
    find,
  };
}
