import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../db/client.js';
import { countMessage } from '../observability/metrics.js';
import { outboxSms } from './sms.schema.js';
import { sendWhatsappTemplate, type WhatsappConfig, type WhatsappTemplateName } from './whatsapp.js';

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

const MAX_ATTEMPTS = 5;
const CLAIM_TIMEOUT_SECONDS = 120;
const RETRY_BASE_SECONDS = 30;

interface ClaimedRow {
  id: string;
  to: string;
  text: string;
  channel: 'sms' | 'whatsapp';
  template_id: string | null;
  template_data: Record<string, string> | null;
}

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
  /** Termii's WhatsApp channel (ADR 090); without it, messages meant for WhatsApp are sent as SMS. */
  whatsapp?: WhatsappConfig;
  logger: Logger;
  fetch?: typeof fetch;
  budget?: SmsBudget;
  now?: () => Date;
}): SmsSender {
  const { termii, whatsapp } = options;
  const whatsappTemplateId = (template: WhatsappTemplateName) =>
    termii && whatsapp ? whatsapp.templates[template] : undefined;
  const budget = options.budget ?? defaultSmsBudget;
  const now = options.now ?? (() => new Date());
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

  /** The row's WhatsApp send, and what its outcome leaves on the row (see `WhatsappOutcome`). */
  async function sendOnWhatsapp(config: WhatsappConfig, row: ClaimedRow): Promise<void> {
    const result = await sendWhatsappTemplate(
      config,
      { to: row.to, templateId: row.template_id!, data: row.template_data ?? {} },
      { fetch: doFetch },
    );
    countMessage('whatsapp', result.outcome === 'done' ? 'sent' : 'failed');
    if (result.outcome === 'done') {
      await options.db.execute(
        sql`update ${outboxSms} set sent_at = now(), claimed_at = null, last_error = null,
              provider_message_id = ${result.messageId}
            where id = ${row.id}`,
      );
      return;
    }
    options.logger.error(
      { smsId: row.id, outcome: result.outcome, err: result.reason.slice(0, 300) },
      'whatsapp delivery failed',
    );
    const reason = `whatsapp ${result.outcome}: ${result.reason}`.slice(0, 300);
    if (result.outcome === 'unknown') {
      // It may have reached the phone: a person decides, nothing re-sends it.
      await options.db.execute(
        sql`update ${outboxSms} set outcome = 'unknown', claimed_at = null, last_error = ${reason}
            where id = ${row.id}`,
      );
    } else if (!result.retry) {
      // Refused for good (no WhatsApp on the number, a template not approved): the same row goes as its SMS, next.
      await options.db.execute(
        sql`update ${outboxSms} set channel = 'sms', claimed_at = null, last_error = ${reason}
            where id = ${row.id}`,
      );
    } else {
      await backOff(row.id, reason);
    }
  }

  /** The row waits its back-off (doubling with each attempt) before it is claimed again. */
  async function backOff(id: string, reason: string): Promise<void> {
    await options.db.execute(
      sql`update ${outboxSms}
          set claimed_at = now() - make_interval(secs => ${CLAIM_TIMEOUT_SECONDS})
            + make_interval(secs => ${RETRY_BASE_SECONDS} * power(2, attempts - 1)),
            last_error = ${reason}
          where id = ${id}`,
    );
  }

  async function deliverBatch(): Promise<number> {
    if (!termii) return 0;
    const claimed = (await options.db.execute(sql`
      update ${outboxSms} set claimed_at = now(), attempts = attempts + 1
      where id in (
        select id from ${outboxSms}
        where sent_at is null and attempts < ${MAX_ATTEMPTS} and held_reason is null
          and (not_before is null or not_before <= now())
          and outcome is null
          and (claimed_at is null or claimed_at < now() - make_interval(secs => ${CLAIM_TIMEOUT_SECONDS}))
        order by created_at limit 20 for update skip locked
      )
      returning id, "to", text, channel, template_id, template_data`)) as unknown as { rows: ClaimedRow[] };
    for (const row of claimed.rows) {
      if (row.channel === 'whatsapp' && whatsapp && row.template_id) {
        await sendOnWhatsapp(whatsapp, row);
        continue;
      }
      try {
        await sendOne(row);
        countMessage('sms', 'sent');
      } catch (error) {
        countMessage('sms', 'failed');
        // The number is personal data and the key is a secret: the log names the row and the reason only.
        const reason = (error instanceof Error ? error.message : String(error)).slice(0, 300);
        options.logger.error({ smsId: row.id, err: reason }, 'sms delivery failed');
        await backOff(row.id, reason);
      }
    }
    return claimed.rows.length;
  }

  /**
   * The budget's decisions for texts in order (issue 31): each number's texts are decided one at a time on any
   * process (advisory locks, taken in one statement in a fixed order so two batches never deadlock), the earlier
   * settling text of a kind about an order gives way to a newer one, and each text counts the ones before it, in the
   * outbox and in this batch. One statement for the locks, one for the superseded texts, one for the counts and one
   * insert, however many texts.
   */
  async function sendMany(executor: Db, messages: SmsMessage[]): Promise<void> {
    if (messages.length === 0) return;
    const at = now();
    const numbers = [...new Set(messages.map((message) => message.to))].sort();
    await executor.execute(sql`select count(pg_advisory_xact_lock(hashtext('sms:' || n)))
      from (select n from jsonb_array_elements_text(${JSON.stringify(numbers)}::jsonb) n order by n) locks`);
    const isSettling = (message: SmsMessage) =>
      message.kind !== undefined && !!message.orderId && SETTLING_KINDS.has(message.kind);
    const settling = messages.filter(isSettling).map((message) => ({
      to: message.to,
      order_id: message.orderId,
      kind: message.kind,
    }));
    if (settling.length > 0) {
      // The earlier text of this kind about this order has not left yet: the newer one (a new token, a new
      // carrier) replaces it and waits in its turn.
      await executor.execute(sql`
        update ${outboxSms} o set held_reason = 'superseded'
        from jsonb_to_recordset(${JSON.stringify(settling)}::jsonb) as s("to" text, order_id uuid, kind text)
        where o."to" = s."to" and o.order_id = s.order_id and o.kind = s.kind
          and o.sent_at is null and o.held_reason is null and o.not_before > ${at.toISOString()}::timestamptz`);
    }
    const orderIds = [
      ...new Set(messages.map((message) => message.orderId).filter((id): id is string => !!id)),
    ];
    const counted = (await executor.execute(sql`
      select 'to' as scope, "to" as key, count(*)::int as n from ${outboxSms}
        where "to" in (select jsonb_array_elements_text(${JSON.stringify(numbers)}::jsonb)) and held_reason is null
          and created_at > ${new Date(at.getTime() - 3600_000).toISOString()}::timestamptz
        group by "to"
      union all
      select 'order', order_id::text, count(*)::int from ${outboxSms}
        where order_id in (select jsonb_array_elements_text(${JSON.stringify(orderIds)}::jsonb)::uuid)
          and held_reason is null
        group by order_id
      union all
      select 'day', '', count(*)::int from ${outboxSms} where held_reason is null
        and created_at > ${new Date(at.getTime() - 24 * 3600_000).toISOString()}::timestamptz`)) as unknown as {
      rows: { scope: string; key: string; n: number }[];
    };
    const counts = new Map(counted.rows.map((row) => [`${row.scope}:${row.key}`, Number(row.n)]));
    const countOf = (key: string) => counts.get(key) ?? 0;
    const add = (message: SmsMessage, by: number) => {
      counts.set(`to:${message.to}`, countOf(`to:${message.to}`) + by);
      if (message.orderId) counts.set(`order:${message.orderId}`, countOf(`order:${message.orderId}`) + by);
      counts.set('day:', countOf('day:') + by);
    };
    /** This batch's settling texts still waiting, by number, order and kind: a later one replaces them. */
    const waiting = new Map<string, number>();
    const rows: (typeof outboxSms.$inferInsert)[] = [];
    messages.forEach((message, index) => {
      const orderId = message.orderId ?? null;
      const settles = isSettling(message);
      const settleKey = `${message.to}|${orderId}|${message.kind}`;
      const earlier = settles ? waiting.get(settleKey) : undefined;
      if (earlier !== undefined) {
        rows[earlier]!.heldReason = 'superseded';
        add(messages[earlier]!, -1);
      }
      const heldReason: SmsHeldReason | null =
        countOf(`to:${message.to}`) >= budget.perRecipientHour
          ? 'recipient-hour'
          : orderId && countOf(`order:${orderId}`) >= budget.perOrder
            ? 'order'
            : countOf('day:') >= budget.perDay
              ? 'platform-day'
              : null;
      // A text kept unsent does not count; one queued counts for the texts after it.
      if (!heldReason) {
        add(message, 1);
        if (settles) waiting.set(settleKey, index);
      }
      const templateId = message.whatsapp ? whatsappTemplateId(message.whatsapp.template) : undefined;
      rows.push({
        ...(templateId
          ? { channel: 'whatsapp' as const, templateId, templateData: message.whatsapp!.data }
          : {}),
        to: message.to,
        text: message.text,
        segments: smsSegments(message.text).segments,
        orderId,
        kind: message.kind ?? null,
        notBefore: settles ? new Date(at.getTime() + budget.settleSeconds * 1000) : null,
        heldReason,
        createdAt: at,
      });
    });
    await executor.insert(outboxSms).values(rows);
    for (const row of rows) {
      countMessage('sms', row.heldReason ? 'capped' : 'queued');
      if (row.heldReason)
        options.logger.warn({ reason: row.heldReason, kind: row.kind }, 'sms held by the budget');
    }
  }

  return {
    provider: termii ? 'termii' : 'outbox',
    whatsappSends: (template) => whatsappTemplateId(template) !== undefined,
    send(executor, message) {
      return sendMany(executor, [message]);
    },
    sendMany,
    async heldSince(since) {
      const rows = (await options.db.execute(sql`
        select held_reason, count(*)::int as n from ${outboxSms}
        where held_reason is not null and created_at >= ${since.toISOString()}::timestamptz
        group by held_reason`)) as unknown as { rows: { held_reason: SmsHeldReason; n: number }[] };
      const held: Record<SmsHeldReason, number> = {
        'recipient-hour': 0,
        order: 0,
        'platform-day': 0,
        superseded: 0,
      };
      for (const row of rows.rows) held[row.held_reason] = Number(row.n);
      return held;
    },
    flush() {
      running ??= deliverBatch().finally(() => {
        running = undefined;
      });
      return running;
    },
  };
}
