import { z } from 'zod';
import { access } from './access.js';
import { email, isoDateTime, personName, tokenParam, uuid } from './common.js';
import { defineEndpoint } from './endpoint.js';
import { envelope, messageOnly, pageQuery, pagination } from './envelope.js';

// The contact form (specification section 7: POST /contact-us/contact-us): stored for admins and mailed to the
// platform's address. Rate limited per address and per email.

export const CONTACT_SENT = 'Thank you for reaching out. We will get back to you by email.';

export const contactBody = z.object({
  name: personName('Name'),
  email,
  subject: z
    .string({ error: 'Subject is required' })
    .trim()
    .min(3, 'Subject must be at least 3 characters')
    .max(150, 'Subject must be at most 150 characters'),
  message: z
    .string({ error: 'Message is required' })
    .trim()
    .min(10, 'Message must be at least 10 characters')
    .max(5000, 'Message must be at most 5000 characters'),
});
export type ContactBody = z.input<typeof contactBody>;

/** Where a message stands: `new` until someone replies (`answered`) or closes it without a reply (`closed`). */
export const contactStatuses = ['new', 'answered', 'closed'] as const;
export type ContactStatus = (typeof contactStatuses)[number];
export const contactStatusLabels: Record<ContactStatus, string> = {
  new: 'New',
  answered: 'Answered',
  closed: 'Closed',
};

export const contactMessage = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  status: z.enum(contactStatuses),
  reply: z.string().nullable(),
  repliedAt: isoDateTime.nullable(),
  /** Whether the sender confirmed the address from the first mail's link; only then does a reply quote them. */
  emailConfirmed: z.boolean(),
  createdAt: isoDateTime,
});

export const contactStatusBody = z.object({
  status: z.enum(contactStatuses, { error: 'Choose new, answered or closed' }),
});
export const contactReplyBody = z.object({
  reply: z
    .string({ error: 'Reply is required' })
    .trim()
    .min(2, 'Reply must be at least 2 characters')
    .max(5000, 'Reply must be at most 5000 characters'),
});
export type ContactMessage = z.infer<typeof contactMessage>;

export const contactEndpoints = {
  send: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/contact-us/contact-us',
    summary: 'Send a message to the Naija Market team',
    tags: ['Contact'],
    access: access.public,
    errors: [429],
    body: contactBody,
    response: envelope(z.object({ id: z.string() })),
    status: 201,
  }),
  adminList: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/contact-us/admin',
    summary: 'Messages sent through the contact form, newest first',
    tags: ['Contact'],
    access: access.admin('contact:read'),
    query: pageQuery,
    response: envelope(z.object({ messages: z.array(contactMessage), pagination })),
  }),
  setStatus: defineEndpoint({
    surface: 'api',
    method: 'PATCH',
    path: '/contact-us/admin/:id',
    summary: 'Mark a contact message new, answered or closed',
    tags: ['Contact'],
    access: access.admin('contact:read'),
    params: z.object({ id: uuid }),
    body: contactStatusBody,
    response: envelope(contactMessage),
  }),
  reply: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/contact-us/admin/:id/reply',
    summary:
      'Reply to a contact message by email, once; the message becomes answered (409 if it was already answered)',
    tags: ['Contact'],
    access: access.admin('contact:read'),
    params: z.object({ id: uuid }),
    errors: [409],
    body: contactReplyBody,
    response: envelope(contactMessage),
  }),
  confirm: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/contact-us/confirm/:token',
    summary: "Confirm a contact message's address with the link of the first mail",
    tags: ['Contact'],
    access: access.public,
    params: tokenParam,
    response: messageOnly,
  }),
};
