import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/rows-of.js';
import { countMessage } from '../observability/metrics.js';
import type { SmsContext } from './sms.context.js';
import { SETTLING_KINDS, type SmsHeldReason, type SmsMessage, smsSegments } from './sms.js';
import { outboxSms } from './sms.schema.js';

type OutboxRow = typeof outboxSms.$inferInsert;

const isSettling = (message: SmsMessage) =>
  message.kind !== undefined && !!message.orderId && SETTLING_KINDS.has(message.kind);

/**
 * The budget's decisions for texts in order (issue 31): each number's texts are decided one at a time on any
 * process (advisory locks, taken in one statement in a fixed order so two batches never deadlock), the earlier
 * settling text of a kind about an order gives way to a newer one, and each text counts the ones before it, in the
 * outbox and in this batch. One statement for the locks, one for the superseded texts, one for the counts and one
 * insert, however many texts.
 */
export async function sendMany(ctx: SmsContext, executor: Db, messages: SmsMessage[]): Promise<void> {
  if (messages.length === 0) return;
  const at = ctx.now();
  const numbers = [...new Set(messages.map((message) => message.to))].sort();
  await executor.execute(sql`select count(pg_advisory_xact_lock(hashtext('sms:' || n)))
    from (select n from jsonb_array_elements_text(${JSON.stringify(numbers)}::jsonb) n order by n) locks`);
  await supersedeSettling(executor, messages, at);
  const counts = await countsBefore(executor, messages, numbers, at);
  const rows = decideRows(ctx, messages, counts, at);
  await executor.insert(outboxSms).values(rows);
  for (const row of rows) {
    countMessage('sms', row.heldReason ? 'capped' : 'queued');
    if (row.heldReason) ctx.logger.warn({ reason: row.heldReason, kind: row.kind }, 'sms held by the budget');
  }
}

/**
 * The earlier text of this kind about this order has not left yet: the newer one (a new token, a new carrier)
 * replaces it and waits in its turn.
 */
async function supersedeSettling(executor: Db, messages: SmsMessage[], at: Date): Promise<void> {
  const settling = messages.filter(isSettling).map((message) => ({
    to: message.to,
    order_id: message.orderId,
    kind: message.kind,
  }));
  if (settling.length === 0) return;
  await executor.execute(sql`
    update ${outboxSms} o set held_reason = 'superseded'
    from jsonb_to_recordset(${JSON.stringify(settling)}::jsonb) as s("to" text, order_id uuid, kind text)
    where o."to" = s."to" and o.order_id = s.order_id and o.kind = s.kind
      and o.sent_at is null and o.held_reason is null and o.not_before > ${at.toISOString()}::timestamptz`);
}

/** What the outbox already counts against each budget, keyed `to:<number>`, `order:<id>` and `day:`. */
async function countsBefore(
  executor: Db,
  messages: SmsMessage[],
  numbers: string[],
  at: Date,
): Promise<Map<string, number>> {
  const orderIds = [
    ...new Set(messages.map((message) => message.orderId).filter((id): id is string => !!id)),
  ];
  const counted = await executor.execute(sql`
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
      and created_at > ${new Date(at.getTime() - 24 * 3600_000).toISOString()}::timestamptz`);
  return new Map(
    rowsOf<{ scope: string; key: string; n: number }>(counted).map((row) => [
      `${row.scope}:${row.key}`,
      Number(row.n),
    ]),
  );
}

/** Each text's row, in order, held or queued by the counts before it (which it then adds to). */
function decideRows(
  ctx: SmsContext,
  messages: SmsMessage[],
  counts: Map<string, number>,
  at: Date,
): OutboxRow[] {
  const { budget } = ctx;
  const countOf = (key: string) => counts.get(key) ?? 0;
  const add = (message: SmsMessage, by: number) => {
    counts.set(`to:${message.to}`, countOf(`to:${message.to}`) + by);
    if (message.orderId) counts.set(`order:${message.orderId}`, countOf(`order:${message.orderId}`) + by);
    counts.set('day:', countOf('day:') + by);
  };
  /** This batch's settling texts still waiting, by number, order and kind: a later one replaces them. */
  const waiting = new Map<string, number>();
  const rows: OutboxRow[] = [];
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
    const templateId = message.whatsapp ? ctx.whatsappTemplateId(message.whatsapp.template) : undefined;
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
  return rows;
}

/** Texts kept unsent since `since`, by reason: what admins see of the budget at work. */
export async function heldSince(ctx: SmsContext, since: Date): Promise<Record<SmsHeldReason, number>> {
  const result = await ctx.db.execute(sql`
    select held_reason, count(*)::int as n from ${outboxSms}
    where held_reason is not null and created_at >= ${since.toISOString()}::timestamptz
    group by held_reason`);
  const rows = rowsOf<{ held_reason: SmsHeldReason; n: number }>(result);
  const held: Record<SmsHeldReason, number> = {
    'recipient-hour': 0,
    order: 0,
    'platform-day': 0,
    superseded: 0,
  };
  for (const row of rows) held[row.held_reason] = Number(row.n);
  return held;
}
