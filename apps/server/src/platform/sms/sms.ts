import type { Logger } from 'pino';
import { bound } from '../bound.js';
import type { Db } from '../db/client.js';
import { heldSince, sendMany } from './sms.budget.js';
import type { SmsContext } from './sms.context.js';
import { deliverBatch } from './sms.delivery.js';
import type { WhatsappConfig, WhatsappTemplateName } from './whatsapp.js';

/** GSM 03.38's basic set: a text made only of these travels as 7-bit, 160 characters a segment. */
const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** The extension set: each costs two septets (an escape and the character). */
const GSM_EXTENDED = '^{}\\[~]|€\f';

/**
 * How many segments a text takes: 160 GSM characters in one, 153 each when split; otherwise (₦, emoji, most
 * accents) UCS-2, 70 in one and 67 each when split. Networks bill per segment, and a long text may arrive in pieces.
 */
export function smsSegments(text: string): { encoding: 'gsm7' | 'ucs2'; units: number; segments: number } {
  let septets = 0;
  let gsm = true;
  for (const char of text) {
    if (GSM_BASIC.includes(char)) septets += 1;
    else if (GSM_EXTENDED.includes(char)) septets += 2;
    else {
      gsm = false;
      break;
    }
  }
  if (gsm)
    return { encoding: 'gsm7', units: septets, segments: septets <= 160 ? 1 : Math.ceil(septets / 153) };
  const units = text.length; // UTF-16 code units, as UCS-2 counts them
  return { encoding: 'ucs2', units, segments: units <= 70 ? 1 : Math.ceil(units / 67) };
}

export interface SmsMessage {
  /** +234… as stored on accounts. */
  to: string;
  text: string;
  /** The order it is about: counted against the per-order budget. */
  orderId?: string | null;
  /** The notification kind: an assignment's text waits to settle, and a newer one of its kind replaces it. */
  kind?: string;
  /**
   * Send it on WhatsApp with this approved template (issue 36); `text` is the SMS it becomes when WhatsApp is not
   * configured (no device or no such template) or Termii refuses it. Either way one message, counted once.
   */
  whatsapp?: { template: WhatsappTemplateName; data: Record<string, string> };
}

/** The SMS budget (issue 31, ADR 066); every count reads the outbox, so every process shares it. */
export interface SmsBudget {
  perRecipientHour: number;
  perOrder: number;
  perDay: number;
  settleSeconds: number;
}

export const defaultSmsBudget: SmsBudget = {
  perRecipientHour: 6,
  perOrder: 12,
  perDay: 5000,
  settleSeconds: 120,
};

/**
 * Kinds whose text a reassignment repeats: each waits `settleSeconds`, and a newer one to the same person about
 * the same order replaces it, so twenty reassignments text the customer (and each carrier) once.
 */
export const SETTLING_KINDS: ReadonlySet<string> = new Set([
  'pickup.scheduled',
  'pickup.assigned',
  'assignment.new',
  'assignment.removed',
]);

export type SmsHeldReason = 'recipient-hour' | 'order' | 'platform-day' | 'superseded';

export interface SmsSender {
  /** Writes the SMS to the outbox inside the caller's transaction; delivery happens after it commits. */
  send(executor: Db, message: SmsMessage): Promise<void>;
  /**
   * `send` for many texts at once (the notifications' fan-out, ADR 082), decided in their order exactly as that many
   * `send`s would be, in a fixed number of statements however many there are.
   */
  sendMany(executor: Db, messages: SmsMessage[]): Promise<void>;
  /** Sends what waits in the outbox through Termii (no-op without a Termii key); answers how many were tried. */
  flush(): Promise<number>;
  /** Texts kept unsent since `since`, by reason: what admins see of the budget at work. */
  heldSince(since: Date): Promise<Record<SmsHeldReason, number>>;
  readonly provider: 'termii' | 'outbox';
  /** Whether a message asking for this WhatsApp template goes on WhatsApp (else it goes as its SMS). */
  whatsappSends(template: WhatsappTemplateName): boolean;
}

/**
 * SMS through Termii (a Nigerian gateway with a transactional "dnd" route that reaches numbers on Do-Not-Disturb,
 * ADR 057's choice), with the same outbox as mail: a row first, in the transaction that decided to send it, then a
 * job sends it, retried with back-off, claimed with `skip locked` so two processes never send one row twice.
 * Its steps are `sms.delivery.ts` (the outbox's sending) and `sms.budget.ts` (what the budget lets in), ADR 106.
 */
export function createSmsSender(options: {
  db: Db;
  termii?: { apiKey: string; baseUrl: string; senderId: string };
  /** Termii's WhatsApp channel (ADR 090); without it, messages meant for WhatsApp are sent as SMS. */
  whatsapp?: WhatsappConfig;
  logger: Logger;
  fetch?: typeof fetch;
  budget?: SmsBudget;
  now?: () => Date;
}): SmsSender {
  const { termii, whatsapp } = options;
  const ctx: SmsContext = {
    db: options.db,
    termii,
    whatsapp,
    logger: options.logger,
    doFetch: options.fetch ?? fetch,
    budget: options.budget ?? defaultSmsBudget,
    now: options.now ?? (() => new Date()),
    whatsappTemplateId: (template) => (termii && whatsapp ? whatsapp.templates[template] : undefined),
  };
  const sendManyOf = bound(ctx, sendMany);
  let running: Promise<number> | undefined;
  return {
    provider: termii ? 'termii' : 'outbox',
    whatsappSends: (template) => ctx.whatsappTemplateId(template) !== undefined,
    send(executor, message) {
      return sendManyOf(executor, [message]);
    },
    sendMany: sendManyOf,
    heldSince: bound(ctx, heldSince),
    flush() {
      running ??= deliverBatch(ctx).finally(() => {
        running = undefined;
      });
      return running;
    },
  };
}
