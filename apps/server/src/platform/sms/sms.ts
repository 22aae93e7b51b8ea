import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../db/client.js';
import { countMessage } from '../observability/metrics.js';
import { outboxSms } from './sms.schema.js';

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
}

export interface SmsSender {
  /** Writes the SMS to the outbox inside the caller's transaction; delivery happens after it commits. */
  send(executor: Db, message: SmsMessage): Promise<void>;
  /** Sends what waits in the outbox through Termii (no-op without a Termii key); answers how many were tried. */
  flush(): Promise<number>;
  readonly provider: 'termii' | 'outbox';
}

const MAX_ATTEMPTS = 5;
const CLAIM_TIMEOUT_SECONDS = 120;
const RETRY_BASE_SECONDS = 30;

/** Termii's answer to POST /api/sms/send (developers.termii.com, Messaging API). */
interface TermiiSendAnswer {
  code?: string;
  message_id?: string;
  message_id_str?: string;
  message?: string;
  balance?: number;
  user?: string;
}

/**
 * SMS through Termii (a Nigerian gateway with a transactional "dnd" route that reaches numbers on Do-Not-Disturb,
 * ADR 057's choice), with the same outbox as mail: a row first, in the transaction that decided to send it, then a
 * job sends it, retried with back-off, claimed with `skip locked` so two processes never send one row twice.
 */
export function createSmsSender(options: {
  db: Db;
  termii?: { apiKey: string; baseUrl: string; senderId: string };
  logger: Logger;
  fetch?: typeof fetch;
}): SmsSender {
  const { termii } = options;
  const doFetch = options.fetch ?? fetch;
  let running: Promise<number> | undefined;

  async function sendOne(row: { id: string; to: string; text: string }): Promise<void> {
    if (!termii) return;
    const response = await doFetch(`${termii.baseUrl}/api/sms/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        api_key: termii.apiKey,
        to: row.to.replace(/^\+/, ''),
        from: termii.senderId,
        sms: row.text,
        type: 'plain',
        // Transactional messages go on the DND route: the generic route does not reach numbers on DND, and MTN
        // holds generic messages between 8 p.m. and 8 a.m.
        channel: 'dnd',
      }),
      signal: AbortSignal.timeout(15_000),
    });
    const answer = (await response.json().catch(() => ({}))) as TermiiSendAnswer;
    const messageId = answer.message_id_str ?? answer.message_id;
    if (!response.ok || !messageId) {
      throw new Error(`Termii answered ${response.status}: ${String(answer.message ?? 'no message id')}`);
    }
    await options.db.execute(
      sql`update ${outboxSms} set sent_at = now(), claimed_at = null, last_error = null,
            provider_message_id = ${String(messageId)}
          where id = ${row.id}`,
    );
  }

  async function deliverBatch(): Promise<number> {
    if (!termii) return 0;
    const claimed = (await options.db.execute(sql`
      update ${outboxSms} set claimed_at = now(), attempts = attempts + 1
      where id in (
        select id from ${outboxSms}
        where sent_at is null and attempts < ${MAX_ATTEMPTS}
          and (claimed_at is null or claimed_at < now() - make_interval(secs => ${CLAIM_TIMEOUT_SECONDS}))
        order by created_at limit 20 for update skip locked
      )
      returning id, "to", text`)) as unknown as { rows: { id: string; to: string; text: string }[] };
    for (const row of claimed.rows) {
      try {
        await sendOne(row);
        countMessage('sms', 'sent');
      } catch (error) {
        countMessage('sms', 'failed');
        // The number is personal data and the key is a secret: the log names the row and the reason only.
        const reason = (error instanceof Error ? error.message : String(error)).slice(0, 300);
        options.logger.error({ smsId: row.id, err: reason }, 'sms delivery failed');
        await options.db.execute(
          sql`update ${outboxSms}
              set claimed_at = now() - make_interval(secs => ${CLAIM_TIMEOUT_SECONDS})
                + make_interval(secs => ${RETRY_BASE_SECONDS} * power(2, attempts - 1)),
                last_error = ${reason}
              where id = ${row.id}`,
        );
      }
    }
    return claimed.rows.length;
  }

  return {
    provider: termii ? 'termii' : 'outbox',
    async send(executor, message) {
      await executor.insert(outboxSms).values({
        to: message.to,
        text: message.text,
        segments: smsSegments(message.text).segments,
      });
      countMessage('sms', 'queued');
    },
    flush() {
      running ??= deliverBatch().finally(() => {
        running = undefined;
      });
      return running;
    },
  };
}
