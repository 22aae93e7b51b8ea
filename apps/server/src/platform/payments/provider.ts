import type { Db } from '../db/client.js';
import type { ReadPart } from '../db/prepared.js';
import type { SplitShare } from './subaccounts.js';
import type { TransferEvent } from './transfers.js';

/**
 * One interface for every payment provider: Paystack in production, the built-in sandbox otherwise.
 * Amounts are integer kobo; currency is NGN. References are generated and stored by us before any call.
 */
export interface InitializeRequest {
  reference: string;
  amountKobo: number;
  email: string;
  /** Absolute URL the payer returns to, with `?reference=` added by the provider. */
  callbackUrl: string;
  metadata?: Record<string, string | number | boolean>;
  /** A flat split of the charge between stores' subaccounts (settlement mode `subaccount`, ADR 051). */
  split?: SplitShare[];
  /**
   * The caller's transaction. A provider that keeps its state in our own database (the sandbox) writes through
   * it, so that a rolled-back checkout leaves nothing behind and, on PGlite's single connection, no second
   * connection waits on the open transaction. Remote providers ignore it.
   */
  executor?: Db;
}

export interface InitializeResult {
  authorizationUrl: string;
  accessCode?: string;
}

export type VerificationStatus = 'success' | 'failed' | 'abandoned' | 'pending';

export interface Verification {
  reference: string;
  status: VerificationStatus;
  amountKobo: number;
  /**
   * Paystack's `requested_amount`: what was asked for before Paystack added its fee for the customer to bear
   * ("pass charges to customers"); null when the provider does not say.
   */
  requestedAmountKobo: number | null;
  currency: string;
  paidAt: Date | null;
  channel: string | null;
  providerTransactionId: string | null;
  feesKobo: number | null;
  customerEmail: string | null;
  ipAddress: string | null;
  card: { type: string | null; last4: string | null; bank: string | null; countryCode: string | null } | null;
  gatewayResponse: string | null;
  /**
   * The card's authorization when the provider says it may be charged again (Paystack `authorization_code` with
   * `reusable: true`); null otherwise. A secret of the payer's card: store it, never answer or log it.
   */
  reusableAuthorization: string | null;
}

/** A charge of a saved card, with no payer present (Paystack `POST /transaction/charge_authorization`). */
export interface ChargeAuthorizationRequest {
  reference: string;
  amountKobo: number;
  email: string;
  authorizationCode: string;
  metadata?: Record<string, string | number | boolean>;
}

export interface WebhookEvent {
  /** e.g. charge.success, refund.processed */
  event: string;
  reference: string;
  /** Unique per delivery of the same fact (provider event id, or event + reference + transaction id). */
  eventKey: string;
  /** Present on refund.* events. */
  refund?: RefundEvent;
  /** Present on transfer.* events (payouts). */
  transfer?: TransferEvent;
  /** Present on charge.dispute.* events (a card-holder's chargeback at their bank). */
  dispute?: DisputeEvent;
}

/** What a charge.dispute.* webhook says of one dispute (Paystack's Dispute resource). */
export interface DisputeEvent {
  stage: 'create' | 'remind' | 'resolve';
  /** Paystack's dispute id. */
  disputeId: string;
  /** The disputed payment's reference (`data.transaction.reference`); null when Paystack did not name it. */
  transactionReference: string | null;
  refundAmountKobo: number | null;
  currency: string | null;
  /** e.g. awaiting-merchant-feedback, awaiting-bank-feedback, pending, resolved. */
  status: string | null;
  /** On resolve: merchant-accepted, declined, … (who won). */
  resolution: string | null;
  category: string | null;
  dueAt: Date | null;
  resolvedAt: Date | null;
}

export interface RefundResult {
  status: 'pending' | 'processed' | 'failed';
  amountKobo: number;
  /** The provider's id of this refund, when it gives one. */
  providerReference?: string | null;
}

/** One refund the provider holds against a payment, as its list of refunds answers it (ADR 061). */
export interface ProviderRefund {
  providerReference: string;
  amountKobo: number;
  status: 'pending' | 'processed' | 'failed';
}

/**
 * What a `refund.*` webhook says of one refund (Paystack: refund.pending, .processing, .processed, .failed,
 * .needs-attention: Paystack could not finish it and a person must act in its dashboard).
 */
export interface RefundEvent {
  status: 'pending' | 'processing' | 'processed' | 'failed' | 'needs-attention';
  /** The payment's reference the refund is against. */
  transactionReference: string;
  amountKobo: number | null;
  providerReference: string | null;
}

export interface PaymentProvider {
  readonly name: 'paystack' | 'sandbox';
  initialize(request: InitializeRequest): Promise<InitializeResult>;
  verify(reference: string): Promise<Verification>;
  /**
   * Throws OutcomeUnknownError (platform/payments/paystack-http.ts) when the request may have been acted on without
   * our hearing how; any other error means no refund was made.
   */
  refund(reference: string, amountKobo?: number): Promise<RefundResult>;
  /**
   * Every refund the provider holds against the payment `reference` (Paystack `GET /refund?transaction=…`): how an
   * unknown refund outcome is settled before anything is sent again (ADR 061).
   */
  listRefunds(reference: string): Promise<ProviderRefund[]>;
  /**
   * Charges a saved authorization and answers what the provider said (as verify would). The caller settles the
   * reference through the same path as any payment afterwards; a pending answer is settled by the webhook.
   */
  chargeAuthorization(request: ChargeAuthorizationRequest): Promise<Verification>;
  /** HMAC-SHA512 of the raw body with the secret key, compared in constant time. */
  verifySignature(rawBody: Buffer, signature: string | undefined): boolean;
  parseWebhook(rawBody: Buffer): WebhookEvent;
}

/** What a domain does when one of its payments is settled; registered under its reference prefix. */
export interface PaymentPurpose {
  /** Reference prefix, e.g. CHK (checkout) or GFT (gift card). */
  prefix: string;
  /**
   * Called once, inside a transaction, when the provider confirmed a successful payment whose amount and currency
   * match what the domain expects (`expectedAmountKobo`). Must be idempotent-safe: the payments service already
   * guarantees a single call per reference.
   */
  expectedAmountKobo(executor: Db, reference: string): Promise<number | undefined>;
  /**
   * The purpose's own rows to lock with the payment's row, in the statement that locks it and after it (issue 32,
   * item 6; ADR 087): parts of that read (`readTogether`; the placeholder `reference` is the payment's reference)
   * whose decoding keeps what they read for `expectedAmountKobo` and `onPaid` in the same transaction `executor`.
   */
  lockWithPayment?(executor: Db, reference: string): ReadPart<unknown>[];
  onPaid(executor: Db, reference: string, verification: Verification): Promise<void>;
  /** Called when the provider says the payment failed or was abandoned. */
  onFailed?(executor: Db, reference: string, verification: Verification): Promise<void>;
}
