import { sql } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { Db } from '../db/client.js';
import { insertFromJson, jsonRows } from '../db/json-rows.js';
import { prepared, preparedSql, type StatementPart } from '../db/prepared.js';
import { countMessage } from '../observability/metrics.js';
import { outboxMails } from './mail.schema.js';

// Built once (ADR 036): every paid checkout writes one mail to the outbox in its payment's transaction.
const insertOutboxMail = prepared('mail_outbox_insert', (db) =>
  db.insert(outboxMails).values({
    to: sql.placeholder('to'),
    subject: sql.placeholder('subject'),
    text: sql.placeholder('text'),
    html: sql.placeholder('html'),
    links: sql.placeholder('links'),
  }),
);

const outboxKeys = ['to', 'subject', 'text', 'html', 'links'] as const;
const outboxJson = jsonRows(outboxMails, outboxKeys);
/** Many mails in one insert, its text the same however many (one prepared statement). */
const insertOutboxMails = preparedSql('mail_outbox_insert_many', () =>
  insertFromJson(outboxMails, outboxKeys, 'mails'),
);

export interface MailMessage {
  to: string;
  subject: string;
  paragraphs: string[];
  /** The one thing the mail asks the reader to do; its URL is kept in `links` for the dev outbox and tests. */
  action?: { label: string; url: string };
}

export interface Mailer {
  /** Writes the mail to the outbox inside the caller's transaction; delivery happens after it commits. */
  send(executor: Db, message: MailMessage): Promise<void>;
  /** `send` for many mails in one insert (the notifications' fan-out, ADR 082). */
  sendMany(executor: Db, messages: MailMessage[]): Promise<void>;
  /** `send` as one part of a statement of several writes (ADR 055), run by the caller in its transaction. */
  outboxPart(message: MailMessage): StatementPart;
  /** Delivers what is waiting in the outbox (no-op without SMTP). */
  flush(): Promise<number>;
  stop(): Promise<void>;
}

const MAX_ATTEMPTS = 5;
const CLAIM_TIMEOUT_SECONDS = 120;
/** A failed mail waits 30 s, then 1, 2 and 4 minutes before it is tried again. */
const RETRY_BASE_SECONDS = 30;

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export function renderMail(message: MailMessage) {
  const text = [
    ...message.paragraphs,
    ...(message.action ? [`${message.action.label}: ${message.action.url}`] : []),
  ].join('\n\n');
  const button = message.action
    ? `<p><a href="${escapeHtml(message.action.url)}" style="background:#0b6e4f;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(message.action.label)}</a></p><p style="font-size:12px;color:#555">Or open this link: ${escapeHtml(message.action.url)}</p>`
    : '';
  const body = message.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1a1a1a;max-width:560px">${body}${button}</body></html>`;
  return { text, html, links: message.action ? [message.action.url] : [] };
}

/** What one delivery round needs (ADR 106); `transport` is loaded with the first one and kept. */
interface MailDelivery {
  db: Db;
  smtpUrl: string | undefined;
  from: string;
  logger: Logger;
  transport: Transporter | undefined;
}

/** Claims up to 20 unsent mails and sends them; a failure waits its back-off. */
async function deliverBatch(ctx: MailDelivery): Promise<number> {
  if (!ctx.smtpUrl) return 0;
  ctx.transport ??= (await import('nodemailer')).default.createTransport(ctx.smtpUrl);
  const { transport } = ctx;
  const claimed = (await ctx.db.execute(sql`
    update ${outboxMails} set claimed_at = now(), attempts = attempts + 1
    where id in (
      select id from ${outboxMails}
      where sent_at is null and attempts < ${MAX_ATTEMPTS}
        and (claimed_at is null or claimed_at < now() - make_interval(secs => ${CLAIM_TIMEOUT_SECONDS}))
      order by created_at limit 20 for update skip locked
    )
    returning id, "to", subject, text, html`)) as unknown as {
    // Both drivers (PGlite and node-postgres) answer raw queries with `rows`.
    rows: { id: string; to: string; subject: string; text: string; html: string }[];
  };
  for (const mail of claimed.rows) {
    try {
      await transport.sendMail({
        from: ctx.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
      await ctx.db.execute(
        sql`update ${outboxMails} set sent_at = now(), claimed_at = null, last_error = null where id = ${mail.id}`,
      );
      countMessage('mail', 'sent');
    } catch (error) {
      countMessage('mail', 'failed');
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      ctx.logger.error({ mailId: mail.id, err: reason }, 'mail delivery failed');
      // Back-off: the row looks claimed until its retry is due (claims older than the timeout are free again).
      await ctx.db.execute(
        sql`update ${outboxMails}
            set claimed_at = now() - make_interval(secs => ${CLAIM_TIMEOUT_SECONDS})
              + make_interval(secs => ${RETRY_BASE_SECONDS} * power(2, attempts - 1)),
              last_error = ${reason}
            where id = ${mail.id}`,
      );
    }
  }
  return claimed.rows.length;
}

/** A message as its outbox row: addressed, rendered to text and HTML. */
const renderedRow = (message: MailMessage) => ({
  to: message.to,
  subject: message.subject,
  ...renderMail(message),
});

/**
 * The transactional outbox: mails are rows first. With an SMTP URL a poller claims unsent rows
 * (`for update skip locked`, so several server processes share the work) and delivers them with nodemailer.
 */
export function createMailer(options: {
  db: Db;
  smtpUrl?: string;
  from: string;
  logger: Logger;
  pollMs?: number;
  /** false: no poller of its own; a job calls `flush()` (see timed-work.ts). Mail is still sent after `send`. */
  poll?: boolean;
}): Mailer {
  const { smtpUrl } = options;
  // nodemailer is loaded with the first delivery: without SMTP (the embedded default) it is never needed, and
  // loading it costs about 5 MB of resident memory (ADR 035).
  const delivery: MailDelivery = {
    db: options.db,
    smtpUrl,
    from: options.from,
    logger: options.logger,
    transport: undefined,
  };
  let running: Promise<number> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const polling = options.poll ?? true;

  function flush(): Promise<number> {
    running ??= deliverBatch(delivery).finally(() => {
      running = undefined;
    });
    return running;
  }

  function schedule(delay: number) {
    if (!smtpUrl || stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      flush()
        .catch((error: unknown) => options.logger.error({ err: error }, 'mail outbox poll failed'))
        .finally(() => {
          if (polling) schedule(options.pollMs ?? 5000);
        });
    }, delay);
    timer.unref();
  }
  if (polling) schedule(options.pollMs ?? 5000);

  return {
    async send(executor, message) {
      const { text, html, links } = renderMail(message);
      await insertOutboxMail(executor, { to: message.to, subject: message.subject, text, html, links });
      countMessage('mail', 'queued');
      schedule(50);
    },
    async sendMany(executor, messages) {
      if (messages.length === 0) return;
      const rows = messages.map(renderedRow);
      await insertOutboxMails(executor, { mails: outboxJson(rows) });
      for (const _ of rows) countMessage('mail', 'queued');
      schedule(50);
    },
    outboxPart(message) {
      return {
        name: 'mail_outbox',
        sql: () => insertFromJson(outboxMails, outboxKeys, 'mail'),
        values: { mail: outboxJson([renderedRow(message)]) },
        after: () => {
          countMessage('mail', 'queued');
          schedule(50);
        },
      };
    },
    flush,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      delivery.transport?.close();
    },
  };
}
