import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import { z } from 'zod';
import { AppError } from '../errors.js';
import { OutcomeUnknownError, paystackRequest } from './paystack-http.js';
import type {
  DisputeEvent,
  InitializeRequest,
  InitializeResult,
  PaymentProvider,
  ProviderRefund,
  RefundResult,
  Verification,
  VerificationStatus,
  WebhookEvent,
} from './provider.js';
import { verifyPaystackSignature } from './signature.js';
import { paystackSplit } from './subaccounts.js';
import { parseTransferEvent } from './transfers.js';

export const PAYSTACK_BASE_URL = 'https://api.paystack.co';
const NOT_ANSWERING = 'The payment provider is not answering. Please try again.';

export interface PaystackOptions {
  secretKey: string;
  baseUrl?: string;
  /** Per request; Paystack usually answers in well under a second. */
  timeoutMs?: number;
  logger?: Pick<Logger, 'error' | 'warn'>;
  sleep?: (ms: number) => Promise<void>;
}

// Paystack answers every call with { status, message, data }; only the fields we use are checked.
const envelope = z.object({
  status: z.boolean(),
  message: z.string().optional(),
  data: z.unknown().optional(),
});

const initializeData = z.object({
  authorization_url: z.string(),
  access_code: z.string().optional(),
  reference: z.string().optional(),
});

const nullableString = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((value) => (value === null || value === undefined || value === '' ? null : String(value)));

const verifyData = z.object({
  id: z.union([z.number(), z.string()]).nullish(),
  status: z.string(),
  reference: z.string(),
  amount: z.number().int(),
  /** What the merchant asked for, when Paystack added its fee on top for the customer to bear. */
  requested_amount: z.number().int().nullish(),
  currency: z.string(),
  paid_at: z.string().nullish(),
  channel: nullableString,
  fees: z.number().nullish(),
  gateway_response: nullableString,
  ip_address: nullableString,
  customer: z.object({ email: nullableString }).partial().nullish(),
  authorization: z
    .object({
      card_type: nullableString,
      last4: nullableString,
      bank: nullableString,
      country_code: nullableString,
      authorization_code: nullableString,
      reusable: z.boolean().nullish(),
    })
    .partial()
    .nullish(),
});
export type PaystackVerifyData = z.input<typeof verifyData>;

const refundData = z.object({
  status: z.string(),
  amount: z.number().int(),
  id: z.union([z.number(), z.string()]).nullish(),
});

/** One entry of Paystack's `GET /refund` list (only what we read). */
const refundListEntry = z.object({
  id: z.union([z.number(), z.string()]),
  amount: z.coerce.number().int(),
  status: z.string(),
});

/** Paystack's refund states folded into ours: processed, failed, or still on its way. */
function providerRefundStatus(status: string): ProviderRefund['status'] {
  if (status === 'processed') return 'processed';
  if (status === 'failed') return 'failed';
  return 'pending';
}

/**
 * Every documented event is `{ event, data }`; `data` is the resource (an object, or for
 * subscription.expiring_cards a list). Only the fields used to name the delivery are read here.
 */
const webhookBody = z.object({ event: z.string().min(1), data: z.unknown() });
const namedData = z
  .object({
    id: z.union([z.number(), z.string()]).nullish(),
    reference: z.string().nullish(),
    subscription_code: z.string().nullish(),
    invoice_code: z.string().nullish(),
    request_code: z.string().nullish(),
    customer_code: z.string().nullish(),
    customer: z.object({ customer_code: z.string().nullish() }).partial().nullish(),
  })
  .partial();

/** Paystack's charge.dispute.* `data` (the Dispute resource): the payment is `transaction.reference`. */
const disputeWebhookBody = z.object({
  event: z.enum(['charge.dispute.create', 'charge.dispute.remind', 'charge.dispute.resolve']),
  data: z.object({
    id: z.union([z.number(), z.string()]),
    refund_amount: z.union([z.number(), z.string()]).nullish(),
    currency: z.string().nullish(),
    status: z.string().nullish(),
    resolution: z.string().nullish(),
    category: z.string().nullish(),
    dueAt: z.string().nullish(),
    resolvedAt: z.string().nullish(),
    transaction_reference: z.string().nullish(),
    transaction: z
      .object({ reference: z.string().min(1) })
      .partial()
      .nullish(),
  }),
});

/** Paystack's refund.* `data`: the payment is `transaction_reference`, the amount may come as a string. */
const refundWebhookBody = z.object({
  event: z.string().startsWith('refund.'),
  data: z.object({
    status: z.string().optional(),
    transaction_reference: z.string().min(1),
    refund_reference: nullableString,
    id: nullableString,
    amount: z.union([z.number(), z.string()]).nullish(),
  }),
});

function refundStatusOf(
  event: string,
  status: string | undefined,
): NonNullable<WebhookEvent['refund']>['status'] {
  const word = status ?? event.slice('refund.'.length);
  if (word === 'processed' || word === 'failed' || word === 'processing' || word === 'needs-attention')
    return word;
  return 'pending';
}

/** Paystack's transaction statuses folded into ours: still-open states are pending, a reversal is a failure. */
function statusOf(paystackStatus: string): VerificationStatus {
  switch (paystackStatus) {
    case 'success':
      return 'success';
    case 'failed':
    case 'reversed':
      return 'failed';
    case 'abandoned':
      return 'abandoned';
    default:
      // ongoing, pending, processing, queued: the payer is still on the checkout page or the bank is working.
      return 'pending';
  }
}

/** Maps Paystack's verify `data` to our Verification; the sandbox answers in the same shape and reuses it. */
export function verificationFromPaystack(data: unknown): Verification {
  const parsed = verifyData.parse(data);
  const card = parsed.authorization;
  return {
    reference: parsed.reference,
    status: statusOf(parsed.status),
    amountKobo: parsed.amount,
    requestedAmountKobo: parsed.requested_amount ?? null,
    currency: parsed.currency,
    paidAt: parsed.paid_at ? new Date(parsed.paid_at) : null,
    channel: parsed.channel,
    providerTransactionId: parsed.id === null || parsed.id === undefined ? null : String(parsed.id),
    feesKobo: parsed.fees ?? null,
    customerEmail: parsed.customer?.email ?? null,
    ipAddress: parsed.ip_address,
    card: card
      ? {
          type: card.card_type ?? null,
          last4: card.last4 ?? null,
          bank: card.bank ?? null,
          countryCode: card.country_code ?? null,
        }
      : null,
    gatewayResponse: parsed.gateway_response,
    reusableAuthorization: card?.reusable === true ? (card.authorization_code ?? null) : null,
  };
}

/** Reads {event, data:{reference, id}}; a delivery of the same fact carries the same key. */
export function parsePaystackWebhook(rawBody: Buffer): WebhookEvent {
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new AppError('BAD_REQUEST', 'The webhook body is not valid JSON');
  }
  const transfer = parseTransferEvent(json);
  if (transfer) {
    return {
      event: `transfer.${transfer.event.status}`,
      reference: transfer.event.reference,
      eventKey: transfer.eventKey,
      transfer: transfer.event,
    };
  }
  const refund = refundWebhookBody.safeParse(json);
  if (refund.success) {
    const { event, data } = refund.data;
    const amount = data.amount === null || data.amount === undefined ? null : Number(data.amount);
    const providerReference = data.refund_reference ?? data.id;
    return {
      event,
      reference: data.transaction_reference,
      eventKey: `${event}:${providerReference ?? `${data.transaction_reference}:${amount ?? ''}`}`,
      refund: {
        status: refundStatusOf(event, data.status),
        transactionReference: data.transaction_reference,
        amountKobo: amount !== null && Number.isSafeInteger(amount) ? amount : null,
        providerReference,
      },
    };
  }
  const dispute = disputeWebhookBody.safeParse(json);
  if (dispute.success) {
    const { event, data } = dispute.data;
    const reference = data.transaction?.reference ?? data.transaction_reference ?? null;
    const amount =
      data.refund_amount === null || data.refund_amount === undefined ? null : Number(data.refund_amount);
    return {
      event,
      reference: reference ?? `dispute:${data.id}`,
      // create, remind and resolve of one dispute are three facts; a reminder repeats, so its status is in the key.
      eventKey: `${event}:${data.id}:${data.status ?? ''}:${data.resolution ?? ''}:${event === 'charge.dispute.remind' ? bodyDigest(rawBody) : ''}`,
      dispute: {
        stage: event.slice('charge.dispute.'.length) as DisputeEvent['stage'],
        disputeId: String(data.id),
        transactionReference: reference,
        refundAmountKobo: amount !== null && Number.isSafeInteger(amount) ? amount : null,
        currency: data.currency ?? null,
        status: data.status ?? null,
        resolution: data.resolution ?? null,
        category: data.category ?? null,
        dueAt: data.dueAt ? new Date(data.dueAt) : null,
        resolvedAt: data.resolvedAt ? new Date(data.resolvedAt) : null,
      },
    };
  }
  const parsed = webhookBody.safeParse(json);
  if (!parsed.success) throw new AppError('BAD_REQUEST', 'The webhook body is not a Paystack event');
  const { event, data } = parsed.data;
  const named = namedData.safeParse(Array.isArray(data) ? {} : data);
  const fields = named.success ? named.data : {};
  const name =
    fields.reference ??
    fields.subscription_code ??
    fields.invoice_code ??
    fields.request_code ??
    fields.customer_code ??
    fields.customer?.customer_code ??
    null;
  const id = fields.id ?? name;
  return {
    event,
    reference: fields.reference ?? name ?? event,
    // A delivery naming nothing (subscription.expiring_cards) is keyed by its bytes: Paystack retries the same body.
    eventKey: `${event}:${id ?? bodyDigest(rawBody)}`,
  };
}

function bodyDigest(rawBody: Buffer): string {
  return createHash('sha256').update(rawBody).digest('hex').slice(0, 32);
}

/** The options with their defaults filled in: what `call` and `shaped` need (ADR 106). */
type PaystackContext = PaystackOptions & { baseUrl: string; timeoutMs: number };

async function callPaystack(
  ctx: PaystackContext,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<unknown> {
  const answer = await paystackRequest(ctx, method, path, body);
  const response = { status: answer.status, ok: answer.status >= 200 && answer.status < 300 };
  const json: unknown = answer.json;
  if (json === undefined) {
    ctx.logger?.error({ path, status: response.status }, 'paystack answered with a body that is not JSON');
    // A gateway's page (502 HTML) or a cut-off body: the request may have been acted on.
    throw new OutcomeUnknownError(NOT_ANSWERING);
  }
  const parsed = envelope.safeParse(json);
  const message = parsed.success ? parsed.data.message : undefined;
  if (response.ok && parsed.success && parsed.data.status) return parsed.data.data;

  ctx.logger?.error({ path, status: response.status, message }, 'paystack refused a request');
  // A 5xx comes after the request left: Paystack may have acted before failing to answer (ADR 061).
  if (response.status >= 500 || !parsed.success) throw new OutcomeUnknownError(NOT_ANSWERING);
  if (response.status === 401 || response.status === 403) {
    // A wrong key is our configuration, not the customer's doing: they only learn that payment is unavailable.
    throw new AppError('SERVICE_UNAVAILABLE', NOT_ANSWERING);
  }
  if (response.status === 404)
    throw new AppError('NOT_FOUND', 'The payment provider does not know this payment');
  throw new AppError(
    'BAD_REQUEST',
    message
      ? `The payment provider refused the request: ${message}`
      : 'The payment provider refused the request',
  );
}

/** An answer that does not have Paystack's documented shape is treated like no answer (and logged). */
function shapedAnswer<T>(ctx: PaystackContext, path: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    ctx.logger?.error({ path, err: String(error) }, 'paystack answered in an unexpected shape');
    // It answered success, so it may well have done the work; we cannot tell what it did.
    throw new OutcomeUnknownError(NOT_ANSWERING);
  }
}

/** Paystack: GET /refund?transaction=… lists the refunds of one transaction (newest first, paged). */
async function listRefunds(ctx: PaystackContext, reference: string): Promise<ProviderRefund[]> {
  const found: ProviderRefund[] = [];
  for (let page = 1; page <= 20; page++) {
    const path = `/refund?transaction=${encodeURIComponent(reference)}&perPage=100&page=${page}`;
    const answer = await callPaystack(ctx, 'GET', path);
    const rows = shapedAnswer(ctx, path, () => z.array(refundListEntry).parse(answer));
    for (const row of rows) {
      found.push({
        providerReference: String(row.id),
        amountKobo: row.amount,
        status: providerRefundStatus(row.status),
      });
    }
    if (rows.length < 100) break;
  }
  return found;
}

/** The Paystack API (https://paystack.com/docs/api/transaction) behind our PaymentProvider interface. */
export function createPaystackProvider(options: PaystackOptions): PaymentProvider {
  const ctx: PaystackContext = {
    ...options,
    baseUrl: (options.baseUrl ?? PAYSTACK_BASE_URL).replace(/\/$/, ''),
    timeoutMs: options.timeoutMs ?? 15_000,
  };
  const call = (method: 'GET' | 'POST', path: string, body?: unknown) =>
    callPaystack(ctx, method, path, body);
  const shaped = <T>(path: string, read: () => T): T => shapedAnswer(ctx, path, read);

  return {
    name: 'paystack',

    async initialize(request: InitializeRequest): Promise<InitializeResult> {
      const answer = await call('POST', '/transaction/initialize', {
        amount: request.amountKobo,
        email: request.email,
        reference: request.reference,
        callback_url: request.callbackUrl,
        currency: 'NGN',
        ...(request.metadata ? { metadata: request.metadata } : {}),
        ...(request.split && request.split.length > 0 ? { split: paystackSplit(request.split) } : {}),
      });
      const data = shaped('/transaction/initialize', () => initializeData.parse(answer));
      return { authorizationUrl: data.authorization_url, accessCode: data.access_code };
    },

    async verify(reference: string): Promise<Verification> {
      const path = `/transaction/verify/${encodeURIComponent(reference)}`;
      const answer = await call('GET', path);
      return shaped(path, () => verificationFromPaystack(answer));
    },

    async refund(reference: string, amountKobo?: number): Promise<RefundResult> {
      const answer = await call('POST', '/refund', {
        transaction: reference,
        ...(amountKobo === undefined ? {} : { amount: amountKobo }),
      });
      const data = shaped('/refund', () => refundData.parse(answer));
      const status =
        data.status === 'processed' ? 'processed' : data.status === 'failed' ? 'failed' : 'pending';
      return {
        status,
        amountKobo: data.amount,
        providerReference: data.id === null || data.id === undefined ? null : String(data.id),
      };
    },

    listRefunds: (reference: string) => listRefunds(ctx, reference),

    async chargeAuthorization(request): Promise<Verification> {
      const path = '/transaction/charge_authorization';
      const answer = await call('POST', path, {
        authorization_code: request.authorizationCode,
        email: request.email,
        amount: request.amountKobo,
        reference: request.reference,
        currency: 'NGN',
        ...(request.metadata ? { metadata: request.metadata } : {}),
      });
      return shaped(path, () => verificationFromPaystack(answer));
    },

    verifySignature(rawBody: Buffer, signature: string | undefined): boolean {
      return verifyPaystackSignature(options.secretKey, rawBody, signature);
    },

    parseWebhook: parsePaystackWebhook,
  };
}
