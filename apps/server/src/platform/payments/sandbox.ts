import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { bound } from '../bound.js';
import type { Db } from '../db/client.js';
import { AppError } from '../errors.js';
import { parsePaystackWebhook } from './paystack.js';
import type { PaymentProvider } from './provider.js';
import {
  chargeAuthorization,
  disputeWebhook,
  initialize,
  listRefunds,
  refund,
  type SandboxDispute,
  successWebhook,
  verify,
} from './sandbox.api.js';
import {
  type AttemptOutcome,
  attempt,
  type CardAttempt,
  payWithoutCard,
  type SANDBOX_NON_CARD_CHANNELS,
  submitOtp,
} from './sandbox.checkout.js';
import { charge, type SandboxCharge, type SandboxContext } from './sandbox.context.js';
import { verifyPaystackSignature } from './signature.js';

export type { SandboxDispute } from './sandbox.api.js';
export {
  type AttemptOutcome,
  type CardAttempt,
  SANDBOX_NON_CARD_CHANNELS,
} from './sandbox.checkout.js';
export {
  paystackFeeKobo,
  retryable,
  SANDBOX_BASE,
  SANDBOX_CARDS,
  SANDBOX_OTP,
  type SandboxCharge,
} from './sandbox.context.js';

export interface SandboxProvider extends PaymentProvider {
  readonly name: 'sandbox';
  charge(reference: string): Promise<SandboxCharge | undefined>;
  /** The payer submitted the card form; `current`: the charge the caller has just read, so it is not read again. */
  attempt(reference: string, card: CardAttempt, current?: SandboxCharge): Promise<AttemptOutcome>;
  /** The payer submitted the OTP form; a wrong OTP declines the charge, as a bank would after its last try. */
  submitOtp(reference: string, otp: string): Promise<SandboxCharge>;
  /**
   * The payer paid by bank transfer to the account the page showed, or by dialling the USSD code (Paystack's
   * `bank_transfer` and `ussd` channels, issue 36): the charge succeeds with that channel and no card.
   */
  payWithoutCard(
    reference: string,
    channel: (typeof SANDBOX_NON_CARD_CHANNELS)[number],
    ipAddress: string,
  ): Promise<SandboxCharge>;
  /** The signed charge.success delivery Paystack would POST to our webhook URL. */
  successWebhook(charge: SandboxCharge): { body: Buffer; signature: string };
  /**
   * A signed charge.dispute.* delivery about this charge, in Paystack's documented shape (the Dispute resource, the
   * payment in `transaction.reference`): the sandbox's way to rehearse a card-holder dispute (ADR 049).
   */
  disputeWebhook(charge: SandboxCharge, dispute: SandboxDispute): { body: Buffer; signature: string };
}

const SANDBOX_KEY_FILE = 'payments-sandbox.key';
const SANDBOX_KEY = /^sk_sandbox_[0-9a-f]{64}$/;
const sandboxKeys = new Map<string, string>();

/**
 * The key the sandbox signs and checks its webhooks with: random, made on the first start and kept in the data
 * directory (`payments-sandbox.key`, readable by the owner only). It was once derived from JWT_SECRET, whose
 * development default is public, so anyone could sign a `transfer.reversed` and be paid twice (issue 24).
 */
export function sandboxSecret(dataDir: string): string {
  const known = sandboxKeys.get(dataDir);
  if (known) return known;
  const file = path.join(dataDir, SANDBOX_KEY_FILE);
  const read = () => {
    try {
      return fs.readFileSync(file, 'utf8').trim();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  };
  let key = read();
  if (key === null || !SANDBOX_KEY.test(key)) {
    fs.mkdirSync(dataDir, { recursive: true });
    const fresh = `sk_sandbox_${randomBytes(32).toString('hex')}`;
    try {
      // `wx`: two processes starting at once on one data directory keep the first key written.
      fs.writeFileSync(file, `${fresh}\n`, { flag: key === null ? 'wx' : 'w', mode: 0o600 });
      key = fresh;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      key = read() ?? '';
    }
  }
  sandboxKeys.set(dataDir, key);
  return key;
}

/**
 * The built-in stand-in for Paystack, for a fresh clone and for tests: same initialise / verify / refund answers,
 * a checkout page served by the app, test cards, and the same signed webhook delivered in-process. Named functions
 * of a `SandboxContext` (ADR 091, 100): what they share (`sandbox.context.ts`), Paystack's API as the server calls it
 * (`sandbox.api.ts`), the checkout page as the payer meets it (`sandbox.checkout.ts`); bound here.
 */
export function createSandboxProvider(options: {
  db: Db;
  secret: string;
  publicUrl: string;
  now?: () => Date;
}): SandboxProvider {
  const ctx: SandboxContext = {
    db: options.db,
    secret: options.secret,
    publicUrl: options.publicUrl,
    now: options.now ?? (() => new Date()),
  };
  return {
    name: 'sandbox',
    initialize: bound(ctx, initialize),
    verify: bound(ctx, verify),
    refund: bound(ctx, refund),
    listRefunds: bound(ctx, listRefunds),
    chargeAuthorization: bound(ctx, chargeAuthorization),
    verifySignature: (rawBody, signature) => verifyPaystackSignature(ctx.secret, rawBody, signature),
    parseWebhook: parsePaystackWebhook,
    charge: bound(ctx, charge),
    attempt: bound(ctx, attempt),
    payWithoutCard: bound(ctx, payWithoutCard),
    submitOtp: bound(ctx, submitOtp),
    successWebhook: bound(ctx, successWebhook),
    disputeWebhook: bound(ctx, disputeWebhook),
  };
}

/**
 * Production without a Paystack key and without PAYMENTS_SANDBOX=true: the fake-card sandbox must never take
 * "payments" on a live site, so every payment is refused with a clear answer instead.
 */
export function createUnavailableProvider(): PaymentProvider {
  const unavailable = () => new AppError('SERVICE_UNAVAILABLE', 'Payments are not available at the moment.');
  return {
    name: 'paystack',
    initialize: async () => {
      throw unavailable();
    },
    verify: async () => {
      throw unavailable();
    },
    refund: async () => {
      throw unavailable();
    },
    listRefunds: async () => {
      throw unavailable();
    },
    chargeAuthorization: async () => {
      throw unavailable();
    },
    verifySignature: () => false,
    parseWebhook: parsePaystackWebhook,
  };
}
