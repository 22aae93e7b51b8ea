import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { Db } from '../../platform/db/client.js';
import type {
  DisputeEvent,
  PaymentProvider,
  PaymentPurpose,
  RefundEvent,
} from '../../platform/payments/provider.js';
import type { TransferEvent } from '../../platform/payments/transfers.js';
import type {
  PaymentSplitLine,
  PaymentStatus,
  paymentDisputes,
  paymentTransactions,
} from './payments.schema.js';
import { paymentByReference } from './payments.statements.js';

// What the payments service's functions share (ADR 091): the database, the provider, the purposes registered by
// other modules and who listens to the provider's webhooks, and the types the service's callers read.

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

/**
 * The flows that hear what the provider says, each set once by the composition (`composition/flows.ts`) and read at
 * each call through `listenerOf`. Absent only until the flows are joined: an event that arrives for a listener no
 * flow set is an error, never a silent 'ignored'.
 */
export interface PaymentListeners {
  refund?: (event: RefundEvent) => Promise<string>;
  transfer?: (event: TransferEvent) => Promise<string>;
  dispute?: (executor: Db, event: DisputeListenerEvent) => Promise<string>;
  split?: (executor: Db, reference: string, split: PaymentSplitLine[]) => Promise<void>;
}

/**
 * The flow that listens for the provider's `kind` of event. None wired is a fault of the composition, not an event
 * to acknowledge: the webhook answers 500, its delivery is forgotten, and the provider's retry finds the flow once
 * it is wired (a refund, a transfer or a dispute answered 'ignored' would leave the money unbooked for good).
 */
export function listenerOf<Kind extends keyof PaymentListeners>(
  listeners: PaymentListeners,
  kind: Kind,
): NonNullable<PaymentListeners[Kind]> {
  const listener = listeners[kind];
  if (!listener)
    throw new Error(
      `No flow listens for the payment provider's ${kind} events: join one in composition/flows.ts`,
    );
  return listener;
}

/** What the payments service's functions work with. */
export interface PaymentsContext {
  db: Db;
  provider: PaymentProvider;
  /** The web app's address, before a payment's callback path. */
  publicUrl: string;
  logger: Pick<Logger, 'error' | 'warn' | 'info'>;
  now(): Date;
  /** The domains that take payments, by their reference prefix. */
  purposes: Map<string, PaymentPurpose>;
  /** The purposes whose payments are split between subaccounts (ADR 051), by prefix. */
  splitters: Map<string, PaymentSplitter>;
  /**
   * The split of payments recorded by this process and not yet opened (ADR 051, ADR 055): record works it out and
   * keeps it on the row, open sends it; open in another process reads it back from the row.
   */
  recordedSplits: Map<string, PaymentSplitLine[]>;
  listeners: PaymentListeners;
}

/** Statuses after which nothing the provider says changes the row: money was received, or refused as wrong. */
export const FINAL: ReadonlySet<PaymentStatus> = new Set(['success', 'mismatch']);
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

export function prefixOf(reference: string): string {
  return reference.split('-', 1)[0] ?? '';
}

export function registerPurpose(ctx: PaymentsContext, purpose: PaymentPurpose) {
  if (!PREFIX.test(purpose.prefix)) throw new Error(`Invalid payment purpose prefix ${purpose.prefix}`);
  const existing = ctx.purposes.get(purpose.prefix);
  if (existing && existing !== purpose) throw new Error(`Payment prefix ${purpose.prefix} is already taken`);
  ctx.purposes.set(purpose.prefix, purpose);
}

export function purposeOf(ctx: PaymentsContext, prefix: string): PaymentPurpose {
  const purpose = ctx.purposes.get(prefix);
  // A row whose domain is not registered is a deployment mistake; the caller (or the provider) retries later.
  if (!purpose) throw new Error(`No payment purpose is registered for the prefix ${prefix}`);
  return purpose;
}

export async function find(executor: Db, reference: string): Promise<PaymentTransaction | undefined> {
  const [row] = await paymentByReference(executor, { reference });
  return row;
}
