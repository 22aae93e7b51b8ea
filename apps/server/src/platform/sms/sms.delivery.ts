import { sql } from 'drizzle-orm';
import { rowsOf } from '../db/rows-of.js';
import { countMessage } from '../observability/metrics.js';
import type { SmsContext } from './sms.context.js';
import { outboxSms } from './sms.schema.js';
import { sendWhatsappTemplate, type WhatsappConfig } from './whatsapp.js';

export const MAX_ATTEMPTS = 5;
export const CLAIM_TIMEOUT_SECONDS = 120;
export const RETRY_BASE_SECONDS = 30;

export interface ClaimedRow {
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

export async function sendOne(ctx: SmsContext, row: { id: string; to: string; text: string }): Promise<void> {
  const { termii } = ctx;
  if (!termii) return;
  const response = await ctx.doFetch(`${termii.baseUrl}/api/sms/send`, {
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
  await ctx.db.execute(
    sql`update ${outboxSms} set sent_at = now(), claimed_at = null, last_error = null,
          provider_message_id = ${String(messageId)}
        where id = ${row.id}`,
  );
}

/** The row's WhatsApp send, and what its outcome leaves on the row (see `WhatsappOutcome`). */
export async function sendOnWhatsapp(
  ctx: SmsContext,
  config: WhatsappConfig,
  row: ClaimedRow,
): Promise<void> {
  const result = await sendWhatsappTemplate(
    config,
    { to: row.to, templateId: row.template_id!, data: row.template_data ?? {} },
    { fetch: ctx.doFetch },
  );
  countMessage('whatsapp', result.outcome === 'done' ? 'sent' : 'failed');
  if (result.outcome === 'done') {
    await ctx.db.execute(
      sql`update ${outboxSms} set sent_at = now(), claimed_at = null, last_error = null,
            provider_message_id = ${result.messageId}
          where id = ${row.id}`,
    );
    return;
  }
  ctx.logger.error(
    { smsId: row.id, outcome: result.outcome, err: result.reason.slice(0, 300) },
    'whatsapp delivery failed',
  );
  const reason = `whatsapp ${result.outcome}: ${result.reason}`.slice(0, 300);
  if (result.outcome === 'unknown') {
    // It may have reached the phone: a person decides, nothing re-sends it.
    await ctx.db.execute(
      sql`update ${outboxSms} set outcome = 'unknown', claimed_at = null, last_error = ${reason}
          where id = ${row.id}`,
    );
  } else if (!result.retry) {
    // Refused for good (no WhatsApp on the number, a template not approved): the same row goes as its SMS, next.
    await ctx.db.execute(
      sql`update ${outboxSms} set channel = 'sms', claimed_at = null, last_error = ${reason}
          where id = ${row.id}`,
    );
  } else {
    await backOff(ctx, row.id, reason);
  }
}

/** The row waits its back-off (doubling with each attempt) before it is claimed again. */
export async function backOff(ctx: SmsContext, id: string, reason: string): Promise<void> {
  await ctx.db.execute(
    sql`update ${outboxSms}
        set claimed_at = now() - make_interval(secs => ${CLAIM_TIMEOUT_SECONDS})
          + make_interval(secs => ${RETRY_BASE_SECONDS} * power(2, attempts - 1)),
          last_error = ${reason}
        where id = ${id}`,
  );
}

export async function deliverBatch(ctx: SmsContext): Promise<number> {
  if (!ctx.termii) return 0;
  const claimed = await ctx.db.execute(sql`
    update ${outboxSms} set claimed_at = now(), attempts = attempts + 1
    where id in (
      select id from ${outboxSms}
      where sent_at is null and attempts < ${MAX_ATTEMPTS} and held_reason is null
        and (not_before is null or not_before <= now())
        and outcome is null
        and (claimed_at is null or claimed_at < now() - make_interval(secs => ${CLAIM_TIMEOUT_SECONDS}))
      order by created_at limit 20 for update skip locked
    )
    returning id, "to", text, channel, template_id, template_data`);
  const rows = rowsOf<ClaimedRow>(claimed);
  for (const row of rows) {
    if (row.channel === 'whatsapp' && ctx.whatsapp && row.template_id) {
      await sendOnWhatsapp(ctx, ctx.whatsapp, row);
      continue;
    }
    try {
      await sendOne(ctx, row);
      countMessage('sms', 'sent');
    } catch (error) {
      countMessage('sms', 'failed');
      // The number is personal data and the key is a secret: the log names the row and the reason only.
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, 300);
      ctx.logger.error({ smsId: row.id, err: reason }, 'sms delivery failed');
      await backOff(ctx, row.id, reason);
    }
  }
  return rows.length;
}
