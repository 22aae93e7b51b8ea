import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Db } from '../db/client.js';
import { AppError } from '../errors.js';
import { OutcomeUnknownError, paystackRequest } from './paystack-http.js';
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

/**
 * Paystack's transfer reference alphabet: "a unique identifier (in lowercase) … Only -, _ and alphanumeric
 * characters allowed" (https://paystack.com/docs/api/transfer/#initiate).
 */
export const TRANSFER_REFERENCE = /^[a-z0-9_-]{1,100}$/;

export interface TransferRequest {
  /** Our payout reference (pay_…); the provider refuses a second transfer under the same one. */
  reference: string;
  amountKobo: number;
  recipientCode: string;
  reason: string;
}

export interface TransferResult {
  /**
   * `pending`: the webhook tells the end; `success`/`failed`: the provider already knows; `otp`: the business must
   * confirm it with the OTP Paystack sent to its phone (`finalize`) before anything moves.
   */
  status: 'pending' | 'success' | 'failed' | 'otp';
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
  /**
   * `missing`: the provider has no transfer under this reference, so the request never reached it; `otp`: it waits
   * for the business's OTP (a finalise never reached it).
   */
  status: 'success' | 'failed' | 'reversed' | 'pending' | 'otp' | 'missing';
  transferCode: string | null;
  amountKobo: number | null;
}

export interface TransferProvider {
  readonly name: 'paystack' | 'sandbox';
  createRecipient(request: TransferRecipientRequest): Promise<{ recipientCode: string }>;
  transfer(request: TransferRequest): Promise<TransferResult>;
  /** Throws SERVICE_UNAVAILABLE when the provider does not answer. */
  verify(reference: string): Promise<TransferCheck>;
  /** Confirms a transfer waiting in `otp` (Paystack `POST /transfer/finalize_transfer`); a wrong OTP is BAD_REQUEST. */
  finalize(transferCode: string, otp: string): Promise<TransferResult>;
  /** Sends the OTP of a transfer waiting in `otp` again (Paystack `POST /transfer/resend_otp`). */
  resendOtp(transferCode: string): Promise<void>;
  /** What can be sent now, in NGN kobo (Paystack `GET /balance`). */
  balance(): Promise<number>;
}

function resultStatus(status: string): TransferResult['status'] {
  if (status === 'success' || status === 'failed' || status === 'otp') return status;
  return 'pending';
}

/** Paystack's transfer states (otp, queued, received, processing… are still on their way). */
const FINISHED: Record<string, TransferCheck['status']> = {
  success: 'success',
  failed: 'failed',
  abandoned: 'failed',
  blocked: 'failed',
  rejected: 'failed',
  reversed: 'reversed',
  otp: 'otp',
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

type PaystackSend = (
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
) => ReturnType<typeof paystackRequest>;

/** A transfer's state as Paystack tells it; one it never heard of is `missing`. */
async function verifyPaystackTransfer(
  send: PaystackSend,
  logger: Pick<Logger, 'error' | 'warn'> | undefined,
  reference: string,
): Promise<Awaited<ReturnType<TransferProvider['verify']>>> {
  const path = `/transfer/verify/${encodeURIComponent(reference)}`;
  const { status, json } = await send('GET', path);
  if (status === 404) return { status: 'missing', transferCode: null, amountKobo: null };
  const data = z
    .object({
      status: z.string(),
      transfer_code: z.string().nullish(),
      amount: z.union([z.number(), z.string()]).nullish(),
    })
    .safeParse(json?.status === true ? json.data : undefined);
  if (status < 200 || status >= 300 || !data.success) {
    logger?.error({ path, status, message: json?.message }, 'paystack refused');
    throw new AppError('SERVICE_UNAVAILABLE', NOT_ANSWERING);
  }
  const amount =
    data.data.amount === null || data.data.amount === undefined ? null : Number(data.data.amount);
  return {
    status: FINISHED[data.data.status] ?? 'pending',
    transferCode: data.data.transfer_code ?? null,
    amountKobo: amount !== null && Number.isSafeInteger(amount) ? amount : null,
  };
}

/** Paystack Transfers: https://paystack.com/docs/transfers/single-transfers */
export function createPaystackTransfers(options: {
  secretKey: string;
  baseUrl?: string;
  timeoutMs?: number;
  logger?: Pick<Logger, 'error' | 'warn'>;
  sleep?: (ms: number) => Promise<void>;
}): TransferProvider {
  const http = { ...options, baseUrl: (options.baseUrl ?? 'https://api.paystack.co').replace(/\/$/, '') };
  const send: PaystackSend = (method, path, body) => paystackRequest(http, method, path, body);
  async function call(path: string, body?: unknown): Promise<unknown> {
    const { status, json } = await send(body === undefined ? 'GET' : 'POST', path, body);
    if (status >= 200 && status < 300 && json?.status === true) return json.data;
    options.logger?.error({ path, status, message: json?.message }, 'paystack refused');
    // A 5xx or an unreadable answer came after the request left: Paystack may have acted (ADR 061).
    if (status >= 500 || !json) throw new OutcomeUnknownError(NOT_ANSWERING);
    if (status === 401) throw new AppError('SERVICE_UNAVAILABLE', NOT_ANSWERING);
    throw new AppError(
      'BAD_REQUEST',
      `The payment provider refused the transfer: ${json.message ?? 'refused'}`,
    );
  }
  const transferData = z.object({ status: z.string(), transfer_code: z.string().nullish() });
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
      if (!TRANSFER_REFERENCE.test(request.reference)) {
        throw new Error(`Transfer reference ${request.reference} is outside Paystack's alphabet`);
      }
      const data = transferData.safeParse(
        await call('/transfer', {
          source: 'balance',
          amount: request.amountKobo,
          recipient: request.recipientCode,
          reference: request.reference,
          reason: request.reason,
          currency: 'NGN',
        }),
      );
      if (!data.success) throw new OutcomeUnknownError(NOT_ANSWERING);
      return { status: resultStatus(data.data.status), transferCode: data.data.transfer_code ?? null };
    },
    verify: (reference) => verifyPaystackTransfer(send, options.logger, reference),
    async finalize(transferCode, otp) {
      const data = transferData.safeParse(
        await call('/transfer/finalize_transfer', { transfer_code: transferCode, otp }),
      );
      if (!data.success) throw new OutcomeUnknownError(NOT_ANSWERING);
      return {
        status: resultStatus(data.data.status),
        transferCode: data.data.transfer_code ?? transferCode,
      };
    },
    async resendOtp(transferCode) {
      // `reason` is what the OTP is for: "transfer" (this one), or "disable_otp" when turning OTPs off.
      await call('/transfer/resend_otp', { transfer_code: transferCode, reason: 'transfer' });
    },
    async balance() {
      const data = z
        .array(z.object({ currency: z.string(), balance: z.number() }))
        .safeParse(await call('/balance'));
      if (!data.success) throw new AppError('SERVICE_UNAVAILABLE', NOT_ANSWERING);
      return data.data.find((row) => row.currency === 'NGN')?.balance ?? 0;
    },
  };
}

/** The OTP the sandbox accepts for a transfer waiting in `otp` (the same as its card OTP). */
export const SANDBOX_TRANSFER_OTP = '123456';
/** What the sandbox's Paystack balance holds unless told otherwise: ₦100,000,000. */
export const SANDBOX_BALANCE_KOBO = 10_000_000_000;

type SandboxTransfersOptions = {
  db: Db;
  secret: string;
  deliver: (rawBody: Buffer, signature: string) => Promise<unknown>;
  requireOtp?: boolean;
  balanceKobo?: () => number;
};

const findSandboxTransfer = async (db: Db, where: ReturnType<typeof eq>) =>
  (await db.select().from(sandboxTransfers).where(where))[0];

/** The transfer's `transfer.success`, signed and delivered as Paystack's would be. */
async function succeedInSandbox(
  options: SandboxTransfersOptions,
  made: typeof sandboxTransfers.$inferSelect,
  reason: string,
) {
  const body = Buffer.from(
    JSON.stringify({
      event: 'transfer.success',
      data: {
        reference: made.reference,
        transfer_code: made.transferCode,
        amount: made.amountKobo,
        currency: 'NGN',
        status: 'success',
        reason,
        recipient: { recipient_code: made.recipientCode },
      },
    }),
  );
  await options.deliver(body, signPaystackBody(options.secret, body));
  return { status: 'success' as const, transferCode: made.transferCode };
}

/** A transfer waiting in `otp` finished with SANDBOX_TRANSFER_OTP, once. */
async function finalizeInSandbox(
  options: SandboxTransfersOptions,
  transferCode: string,
  otp: string,
): Promise<{ status: 'success'; transferCode: string }> {
  const { db } = options;
  const made = await findSandboxTransfer(db, eq(sandboxTransfers.transferCode, transferCode));
  if (!made)
    throw new AppError('BAD_REQUEST', 'The payment provider refused the transfer: Transfer not found');
  if (made.status !== 'otp') {
    throw new AppError(
      'BAD_REQUEST',
      'The payment provider refused the transfer: Transfer is not currently awaiting OTP',
    );
  }
  if (otp !== SANDBOX_TRANSFER_OTP) {
    throw new AppError('BAD_REQUEST', 'The payment provider refused the transfer: Invalid OTP');
  }
  // Only the request that moves it out of `otp` sends the money, as Paystack finalises a transfer once.
  const [moved] = await db
    .update(sandboxTransfers)
    .set({ status: 'success' })
    .where(and(eq(sandboxTransfers.transferCode, transferCode), eq(sandboxTransfers.status, 'otp')))
    .returning();
  if (!moved) {
    throw new AppError(
      'BAD_REQUEST',
      'The payment provider refused the transfer: Transfer is not currently awaiting OTP',
    );
  }
  return succeedInSandbox(options, moved, `Naija Market payout ${moved.reference}`);
}

/**
 * The sandbox's transfers: recipients are made from the saved (already resolved) account, and every transfer is
 * accepted, recorded (so `verify` answers what it did, as Paystack's does) and finished by a signed
 * `transfer.success` delivered to the same webhook handler Paystack's would reach (`deliver`, the payments
 * service's), so payouts take one path in both modes. With `requireOtp` (SANDBOX_TRANSFER_OTP=true) it behaves as
 * a Paystack account with transfer OTPs on, Paystack's default: each transfer waits in `otp` until finalised with
 * SANDBOX_TRANSFER_OTP. References outside Paystack's alphabet are refused as Paystack refuses them.
 */
export function createSandboxTransfers(options: SandboxTransfersOptions): TransferProvider {
  const { db } = options;
  return {
    name: 'sandbox',
    async createRecipient(request) {
      return { recipientCode: `RCP_sandbox_${request.bankCode}_${request.accountNumber.slice(-4)}` };
    },
    async transfer(request) {
      if (!TRANSFER_REFERENCE.test(request.reference)) {
        throw new AppError(
          'BAD_REQUEST',
          'The payment provider refused the transfer: Invalid reference: only lowercase letters, digits, - and _',
        );
      }
      // One transfer per reference, as Paystack keeps it: asked again, the sandbox answers the one it made.
      await db
        .insert(sandboxTransfers)
        .values({
          reference: request.reference,
          transferCode: `TRF_sandbox_${randomBytes(8).toString('hex')}`,
          amountKobo: request.amountKobo,
          recipientCode: request.recipientCode,
          status: options.requireOtp ? 'otp' : 'success',
        })
        .onConflictDoNothing();
      const made = (await findSandboxTransfer(db, eq(sandboxTransfers.reference, request.reference)))!;
      if (made.status === 'otp') return { status: 'otp', transferCode: made.transferCode };
      return succeedInSandbox(options, made, request.reason);
    },
    async verify(reference) {
      const made = await findSandboxTransfer(db, eq(sandboxTransfers.reference, reference));
      if (!made) return { status: 'missing', transferCode: null, amountKobo: null };
      return {
        status: made.status,
        transferCode: made.transferCode,
        amountKobo: made.amountKobo,
      };
    },
    finalize: (transferCode, otp) => finalizeInSandbox(options, transferCode, otp),
    async resendOtp(transferCode) {
      const made = await findSandboxTransfer(db, eq(sandboxTransfers.transferCode, transferCode));
      if (made?.status !== 'otp') {
        throw new AppError(
          'BAD_REQUEST',
          'The payment provider refused the transfer: Transfer is not currently awaiting OTP',
        );
      }
    },
    async balance() {
      return options.balanceKobo?.() ?? SANDBOX_BALANCE_KOBO;
    },
  };
}
