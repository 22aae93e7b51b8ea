import type { Logger } from 'pino';
import { AppError } from '../errors.js';

/** What Paystack answers on every call: `{ status, message, data, meta? }` (only what we read). */
export interface PaystackBody {
  status?: boolean;
  message?: string;
  data?: unknown;
  meta?: unknown;
}

export interface PaystackHttpOptions {
  secretKey: string;
  baseUrl: string;
  timeoutMs?: number;
  logger?: Pick<Logger, 'error' | 'warn'>;
  /**
   * Attempts after a 429 before giving up (Paystack rate-limits per integration and says when to come back in
   * `Retry-After`). A request still limited after them is "not answering", never a refusal: a payout waits.
   */
  retries429?: number;
  /** Waits between attempts; tests hand in one that records the delays instead of sleeping. */
  sleep?: (ms: number) => Promise<void>;
}

const NOT_ANSWERING = 'The payment provider is not answering. Please try again.';
const BUSY = 'The payment provider is busy (rate limited). Please try again in a minute.';
/** A Retry-After longer than this is not waited for inside a request; the caller tries again later. */
const LONGEST_WAIT_MS = 30_000;

/**
 * The request may have reached the provider and been acted on, but we did not hear how (a timeout, a reset
 * connection, a 5xx, an answer we cannot read). Never a refusal: the caller records the outcome as unknown, keeps
 * whatever it reserved, and settles it only by asking the provider with one of its documented reads (ADR 061).
 * Any other error from the adapters means the provider did not act (it refused, or we never reached it).
 */
export class OutcomeUnknownError extends AppError {
  readonly outcome = 'unknown' as const;
  constructor(message = NOT_ANSWERING) {
    super('SERVICE_UNAVAILABLE', message);
  }
}

/** True when a provider call's outcome is unknown (see OutcomeUnknownError); false for a refusal or success. */
export function outcomeUnknown(error: unknown): error is OutcomeUnknownError {
  return error instanceof OutcomeUnknownError;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** `Retry-After` as seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/**
 * One request to Paystack's API, with the 429 behaviour its documentation asks for: wait what `Retry-After` says
 * (else back off exponentially from 500 ms), a bounded number of times. No answer throws OutcomeUnknownError (the
 * request may have been acted on); still limited throws SERVICE_UNAVAILABLE (a 429 is a refusal: nothing was done);
 * any other answer is returned to the caller, which decides what its status means.
 * Only the path, status and Paystack's message are logged, never headers (the key) or bodies.
 */
export async function paystackRequest(
  options: PaystackHttpOptions,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  body?: unknown,
): Promise<{ status: number; json: PaystackBody | undefined }> {
  const sleep = options.sleep ?? realSleep;
  const retries = options.retries429 ?? 3;
  for (let attempt = 0; ; attempt++) {
    let response: Response;
    try {
      response = await fetch(`${options.baseUrl}${path}`, {
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
      options.logger?.error(
        { path, err: error instanceof Error ? `${error.name}: ${error.message}` : String(error) },
        'paystack request failed',
      );
      // Sent and not answered (or cut off): Paystack may have done the work.
      throw new OutcomeUnknownError();
    }
    if (response.status === 429) {
      const wait = retryAfterMs(response.headers.get('retry-after')) ?? 500 * 2 ** attempt;
      await response.body?.cancel().catch(() => undefined);
      if (attempt >= retries || wait > LONGEST_WAIT_MS) {
        options.logger?.warn(
          { path, attempts: attempt + 1 },
          'paystack still rate limiting; giving up for now',
        );
        throw new AppError('SERVICE_UNAVAILABLE', BUSY);
      }
      options.logger?.warn({ path, waitMs: wait }, 'paystack rate limited the request; retrying');
      await sleep(wait);
      continue;
    }
    const json = (await response.json().catch(() => undefined)) as PaystackBody | undefined;
    return { status: response.status, json: json && typeof json === 'object' ? json : undefined };
  }
}
