import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Db } from '../db/client.js';
import { AppError } from '../errors.js';
import { sandboxTransfers } from './sandbox.schema.js';
import { signPaystackBody } from './signature.js';

/**
 * Money out to a merchant's bank account (payouts, ADR 027): Paystack Transfers in production, the sandbox
 * otherwise. Both answer through the provider's signed webhook (`transfer.success`, `transfer.failed`,
 * `transfer.reversed`) on the same route as payments. Amounts are integer kobo, currency NGN.
 */
export interface TransferRecipientRequest {
  accountName: string;
  accountNumber: string;
  bankCode: string;
}

export interface TransferRequest {
  /** Our payout reference (PAY-…); the provider refuses a second transfer under the same one. */
  reference: string;
  amountKobo: number;
  recipientCode: string;
  reason: string;
}

export interface TransferResult {
  /** `pending`: the webhook tells the end; `success`/`failed`: the provider already knows. */
  status: 'pending' | 'success' | 'failed';
  transferCode: string | null;
}

/** What a `transfer.*` webhook says of one transfer. */
export interface TransferEvent {
  status: 'success' | 'failed' | 'reversed';
  reference: string;
  transferCode: string | null;
  amountKobo: number | null;
  reason: string | null;
}

/** What the provider knows of a transfer now: asked when its webhook is late (ADR 038). */
export interface TransferCheck {
  /** `missing`: the provider has no transfer under this reference, so the request never reached it. */
  status: 'success' | 'failed' | 'reversed' | 'pending' | 'missing';
  transferCode: string | null;
  amountKobo: number | null;
}

export interface TransferProvider {
  readonly name: 'paystack' | 'sandbox';
  createRecipient(request: TransferRecipientRequest): Promise<{ recipientCode: string }>;
  transfer(request: TransferRequest): Promise<TransferResult>;
  /** Throws SERVICE_UNAVAILABLE when the provider does not answer. */
  verify(reference: string): Promise<TransferCheck>;
}

/** Paystack's transfer states (otp, queued, received, processing… are still on their way). */
const FINISHED: Record<string, TransferCheck['status']> = {
  success: 'success',
  failed: 'failed',
  abandoned: 'failed',
  blocked: 'failed',
  rejected: 'failed',
  reversed: 'reversed',
};

const transferWebhookBody = z.object({
  event: z.enum(['transfer.success', 'transfer.failed', 'transfer.reversed']),
  data: z.object({
    reference: z.string().min(1),
    transfer_code: z.string().nullish(),
    id: z.union([z.number(), z.string()]).nullish(),
    amount: z.union([z.number(), z.string()]).nullish(),
    reason: z.string().nullish(),
  }),
});

/** Reads Paystack's transfer.* delivery; undefined for any other event. */
export function parseTransferEvent(json: unknown): { event: TransferEvent; eventKey: string } | undefined {
  const parsed = transferWebhookBody.safeParse(json);
  if (!parsed.success) return undefined;
  const { event, data } = parsed.data;
  const amount = data.amount === null || data.amount === undefined ? null : Number(data.amount);
  return {
    event: {
      status: event.slice('transfer.'.length) as TransferEvent['status'],
      reference: data.reference,
      transferCode: data.transfer_code ?? null,
      amountKobo: amount !== null && Number.isSafeInteger(amount) ? amount : null,
      reason: data.reason ?? null,
    },
    eventKey: `${event}:${data.transfer_code ?? data.id ?? data.reference}`,
  };
}

const NOT_ANSWERING = 'The payment provider is not answering. Please try again.';

/** Paystack Transfers: https://paystack.com/docs/transfers/single-transfers */
export function createPaystackTransfers(options: {
  secretKey: string;
  baseUrl?: string;
  timeoutMs?: number;
  logger?: Pick<Logger, 'error'>;
}): TransferProvider {
  const baseUrl = (options.baseUrl ?? 'https://api.paystack.co').replace(/\/$/, '');
  async function send(method: 'GET' | 'POST', path: string, body?: unknown) {
    let response: Response;
    try {
      response = await fetch(`${baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${options.secretKey}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
      });
    } catch (error) {
      options.logger?.error({ path, err: String(error) }, 'paystack transfer request failed');
      throw new AppError('SERVICE_UNAVAILABLE', NOT_ANSWERING);
    }
    const json = (await response.json().catch(() => undefined)) as
      | { status?: boolean; message?: string; data?: unknown }
      | undefined;
    return { response, json };
  }
  async function call(path: string, body: unknown): Promise<unknown> {
    const { response, json } = await send('POST', path, body);
    if (response.ok && json?.status === true) return json.data;
    options.logger?.error({ path, status: response.status, message: json?.message }, 'paystack refused');
    if (response.status >= 500 || response.status === 401 || !json) {
      throw new AppError('SERVICE_UNAVAILABLE', NOT_ANSWERING);
    }
    throw new AppError(
      'BAD_REQUEST',
      `The payment provider refused the transfer: ${json.message ?? 'refused'}`,
    );
  }
  return {
    name: 'paystack',
    async createRecipient(request) {
      const data = z.object({ recipient_code: z.string() }).safeParse(
        await call('/transferrecipient', {
          type: 'nuban',
          name: request.accountName,
          account_number: request.accountNumber,
          bank_code: request.bankCode,
          currency: 'NGN',
        }),
      );
      if (!data.success) throw new AppError('SERVICE_UNAVAILABLE', NOT_ANSWERING);
      return { recipientCode: data.data.recipient_code };
    },
    async transfer(request) {
      const data = z.object({ status: z.string(), transfer_code: z.string().nullish() }).safeParse(
        await call('/transfer', {
          source: 'balance',
          amount: request.amountKobo,
          recipient: request.recipientCode,
          reference: request.reference,
          reason: request.reason,
          currency: 'NGN',
        }),
      );
      if (!data.success) throw new AppError('SERVICE_UNAVAILABLE', NOT_ANSWERING);
      const status =
        data.data.status === 'success' ? 'success' : data.data.status === 'failed' ? 'failed' : 'pending';
      return { status, transferCode: data.data.transfer_code ?? null };
    },
    async verify(reference) {
      const path = `/transfer/verify/${encodeURIComponent(reference)}`;
      const { response, json } = await send('GET', path);
      if (response.status === 404) return { status: 'missing', transferCode: null, amountKobo: null };
      const data = z
        .object({
          status: z.string(),
          transfer_code: z.string().nullish(),
          amount: z.union([z.number(), z.string()]).nullish(),
        })
        .safeParse(json?.status === true ? json.data : undefined);
      if (!response.ok || !data.success) {
        options.logger?.error({ path, status: response.status, message: json?.message }, 'paystack refused');
        throw new AppError('SERVICE_UNAVAILABLE', NOT_ANSWERING);
      }
      const amount =
        data.data.amount === null || data.data.amount === undefined ? null : Number(data.data.amount);
      return {
        status: FINISHED[data.data.status] ?? 'pending',
        transferCode: data.data.transfer_code ?? null,
        amountKobo: amount !== null && Number.isSafeInteger(amount) ? amount : null,
      };
    },
  };
}

/**
 * The sandbox's transfers: recipients are made from the saved (already resolved) account, and every transfer is
 * accepted, recorded (so `verify` answers what it did, as Paystack's does) and finished by a signed
 * `transfer.success` delivered to the same webhook handler Paystack's would reach (`deliver`, the payments
 * service's), so payouts take one path in both modes.
 */
export function createSandboxTransfers(options: {
  db: Db;
  secret: string;
  deliver: (rawBody: Buffer, signature: string) => Promise<unknown>;
}): TransferProvider {
  return {
    name: 'sandbox',
    async createRecipient(request) {
      return { recipientCode: `RCP_sandbox_${request.bankCode}_${request.accountNumber.slice(-4)}` };
    },
    async transfer(request) {
      // One transfer per reference, as Paystack keeps it: asked again, the sandbox answers the one it made.
      await options.db
        .insert(sandboxTransfers)
        .values({
          reference: request.reference,
          transferCode: `TRF_sandbox_${randomBytes(8).toString('hex')}`,
          amountKobo: request.amountKobo,
          recipientCode: request.recipientCode,
        })
        .onConflictDoNothing();
      const [made] = await options.db
        .select()
        .from(sandboxTransfers)
        .where(eq(sandboxTransfers.reference, request.reference));
      const transferCode = made!.transferCode;
      const body = Buffer.from(
        JSON.stringify({
          event: 'transfer.success',
          data: {
            reference: request.reference,
            transfer_code: transferCode,
            amount: made!.amountKobo,
            currency: 'NGN',
            status: 'success',
            reason: request.reason,
            recipient: { recipient_code: request.recipientCode },
          },
        }),
      );
      await options.deliver(body, signPaystackBody(options.secret, body));
      return { status: 'success', transferCode };
    },
    async verify(reference) {
      const [made] = await options.db
        .select()
        .from(sandboxTransfers)
        .where(eq(sandboxTransfers.reference, reference));
      if (!made) return { status: 'missing', transferCode: null, amountKobo: null };
      return { status: made.status, transferCode: made.transferCode, amountKobo: made.amountKobo };
    },
  };
}
