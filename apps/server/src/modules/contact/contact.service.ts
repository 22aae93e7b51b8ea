import type { ContactMessage, ContactStatus } from '@market/contracts';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { hashToken, randomToken } from '../../platform/auth/tokens.js';
import { bound } from '../../platform/bound.js';
import { pageInfo } from '../../platform/db/paging.js';
import type { Deps } from '../../platform/deps.js';
import { conflict, notFound } from '../../platform/errors.js';
import { contactMessages } from './contact.schema.js';

type ContactRow = typeof contactMessages.$inferSelect;

export const CONTACT_MESSAGE_NOT_FOUND = 'Contact message not found';
export const CONTACT_ALREADY_ANSWERED = 'This message was already answered: one reply per message';
export const CONTACT_LINK_INVALID = 'This link is not valid or was already used';

function toContactMessage(row: ContactRow): ContactMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    status: row.status,
    reply: row.reply,
    repliedAt: row.repliedAt?.toISOString() ?? null,
    emailConfirmed: row.emailConfirmedAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Stores the message and mails it to the platform in one transaction: neither happens without the other. */
async function send(
  ctx: Deps,
  body: { name: string; email: string; subject: string; message: string },
  ip: string,
): Promise<{ id: string }> {
  const token = randomToken();
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({ ...body, ipAddress: ip, createdAt: ctx.now(), confirmTokenHash: hashToken(token) })
      .returning({ id: contactMessages.id });
    // The first mail to the sender quotes nothing they wrote (issue 31): whoever typed someone else's address
    // makes the platform say only that a message arrived, and offers the address's owner a link to confirm it.
    await ctx.mailer.send(tx, {
      to: body.email,
      subject: 'We received your message',
      paragraphs: [
        `Hello ${body.name},`,
        'Someone using this email address wrote to Naija Market through our contact form. We will answer by email.',
        'If it was you and you want our answer to include your message, confirm this address. If it was not you, ignore this mail.',
      ],
      action: {
        label: 'Confirm my address',
        url: `${ctx.config.publicUrl}/contact-us/confirm/${token}`,
      },
    });
    await ctx.mailer.send(tx, {
      to: ctx.config.contactEmail,
      subject: `Contact form: ${body.subject}`,
      paragraphs: [
        `From: ${body.name} <${body.email}>`,
        ...body.message
          .split(/\n{2,}/)
          .map((part) => part.trim())
          .filter(Boolean),
        `Reply to ${body.email}. Message ${row!.id}.`,
      ],
    });
    await ctx.events.emit(tx, {
      kind: 'contact.message',
      key: `contact.message:${row!.id}`,
      audience: [{ admins: 'contact:read' }],
      params: { name: body.name, subject: body.subject },
    });
    return { id: row!.id };
  });
}

async function list(ctx: Deps, query: { page: number; limit: number }) {
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(contactMessages)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    ctx.db.select({ total: count() }).from(contactMessages),
  ]);
  const messages: ContactMessage[] = rows.map(toContactMessage);
  return { messages, pagination: pageInfo(query.page, query.limit, total?.total ?? 0) };
}

async function setStatus(ctx: Deps, id: string, status: ContactStatus): Promise<ContactMessage> {
  const [row] = await ctx.db
    .update(contactMessages)
    .set({ status })
    .where(eq(contactMessages.id, id))
    .returning();
  if (!row) throw notFound(CONTACT_MESSAGE_NOT_FOUND);
  return toContactMessage(row);
}

/** The sender confirms the address from the first mail's link: a reply may then quote their message. */
async function confirm(ctx: Deps, token: string): Promise<void> {
  const [row] = await ctx.db
    .update(contactMessages)
    .set({ emailConfirmedAt: ctx.now(), confirmTokenHash: null })
    .where(eq(contactMessages.confirmTokenHash, hashToken(token)))
    .returning({ id: contactMessages.id });
  if (!row) throw notFound(CONTACT_LINK_INVALID);
}

/**
 * Mails the one reply to the sender through the outbox and marks the message answered, in one transaction
 * (issue 31): a second reply answers 409, so the form cannot become a thread the platform keeps mailing. The
 * reply names the address it answers, and quotes the visitor's text only when that address was confirmed.
 */
async function reply(ctx: Deps, adminId: string, id: string, reply: string): Promise<ContactMessage> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(contactMessages)
      .set({ status: 'answered', reply, repliedBy: adminId, repliedAt: ctx.now() })
      .where(and(eq(contactMessages.id, id), isNull(contactMessages.repliedAt)))
      .returning();
    if (!row) {
      const [existing] = await tx
        .select({ id: contactMessages.id })
        .from(contactMessages)
        .where(eq(contactMessages.id, id));
      throw existing ? conflict(CONTACT_ALREADY_ANSWERED) : notFound(CONTACT_MESSAGE_NOT_FOUND);
    }
    // A date as the visitor reads it ("29 November 2026"), in Lagos, not an ISO stamp (issue 34 item 21).
    const sent = row.createdAt.toLocaleDateString('en-NG', {
      dateStyle: 'long',
      timeZone: 'Africa/Lagos',
    });
    const parts = reply
      .split(/\n{2,}/)
      .map((part) => part.trim())
      .filter(Boolean);
    // An admin who greets the visitor in their reply is not greeted over by the template.
    const greets = /^(hello|hi|dear|good (morning|afternoon|evening))\b/i.test(parts[0] ?? '');
    await ctx.mailer.send(tx, {
      to: row.email,
      subject: 'Your message to Naija Market',
      paragraphs: [
        ...(greets ? [] : [`Hello ${row.name},`]),
        ...parts,
        `This answers the message sent from ${row.email} through our contact form on ${sent}.`,
        ...(row.emailConfirmedAt ? [`You wrote: "${row.message.slice(0, 300)}"`] : []),
      ],
    });
    return toContactMessage(row);
  });
}

/** The contact form and its replies: named functions of the platform's `Deps` (ADR 091, 102), bound here. */
export function createContactService(deps: Deps) {
  return {
    send: bound(deps, send),
    list: bound(deps, list),
    setStatus: bound(deps, setStatus),
    confirm: bound(deps, confirm),
    reply: bound(deps, reply),
  };
}

export type ContactService = ReturnType<typeof createContactService>;
