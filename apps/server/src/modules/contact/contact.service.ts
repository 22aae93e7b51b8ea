import type { ContactMessage, ContactStatus } from '@market/contracts';
import { count, desc, eq } from 'drizzle-orm';
import { pageInfo } from '../../platform/db/paging.js';
import type { Deps } from '../../platform/deps.js';
import { notFound } from '../../platform/errors.js';
import { contactMessages } from './contact.schema.js';

type ContactRow = typeof contactMessages.$inferSelect;

export const CONTACT_MESSAGE_NOT_FOUND = 'Contact message not found';

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
    createdAt: row.createdAt.toISOString(),
  };
}

export function createContactService(deps: Deps) {
  const { db, mailer } = deps;
  return {
    /** Stores the message and mails it to the platform in one transaction: neither happens without the other. */
    async send(
      body: { name: string; email: string; subject: string; message: string },
      ip: string,
    ): Promise<{ id: string }> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(contactMessages)
          .values({ ...body, ipAddress: ip, createdAt: deps.now() })
          .returning({ id: contactMessages.id });
        await mailer.send(tx, {
          to: deps.config.contactEmail,
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
        await deps.events.emit(tx, {
          kind: 'contact.message',
          key: `contact.message:${row!.id}`,
          audience: [{ admins: 'contact:read' }],
          params: { name: body.name, subject: body.subject },
        });
        return { id: row!.id };
      });
    },

    async list(query: { page: number; limit: number }) {
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(contactMessages)
          .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        db.select({ total: count() }).from(contactMessages),
      ]);
      const messages: ContactMessage[] = rows.map(toContactMessage);
      return { messages, pagination: pageInfo(query.page, query.limit, total?.total ?? 0) };
    },

    async setStatus(id: string, status: ContactStatus): Promise<ContactMessage> {
      const [row] = await db
        .update(contactMessages)
        .set({ status })
        .where(eq(contactMessages.id, id))
        .returning();
      if (!row) throw notFound(CONTACT_MESSAGE_NOT_FOUND);
      return toContactMessage(row);
    },

    /** Mails the reply to the sender through the outbox and marks the message answered, in one transaction. */
    async reply(adminId: string, id: string, reply: string): Promise<ContactMessage> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(contactMessages)
          .set({ status: 'answered', reply, repliedBy: adminId, repliedAt: deps.now() })
          .where(eq(contactMessages.id, id))
          .returning();
        if (!row) throw notFound(CONTACT_MESSAGE_NOT_FOUND);
        await mailer.send(tx, {
          to: row.email,
          subject: `Re: ${row.subject}`,
          paragraphs: [
            `Hello ${row.name},`,
            ...reply
              .split(/\n{2,}/)
              .map((part) => part.trim())
              .filter(Boolean),
            `You wrote to Naija Market on ${row.createdAt.toISOString().slice(0, 10)}: "${row.message.slice(0, 300)}"`,
          ],
        });
        return toContactMessage(row);
      });
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
