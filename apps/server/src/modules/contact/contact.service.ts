import type { ContactMessage } from '@market/contracts';
import { count, desc } from 'drizzle-orm';
import { pageInfo } from '../../platform/db/paging.js';
import type { Deps } from '../../platform/deps.js';
import { contactMessages } from './contact.schema.js';

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
      const messages: ContactMessage[] = rows.map((row) => ({
        id: row.id,
        name: row.name,
        email: row.email,
        subject: row.subject,
        message: row.message,
        createdAt: row.createdAt.toISOString(),
      }));
      return { messages, pagination: pageInfo(query.page, query.limit, total?.total ?? 0) };
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
