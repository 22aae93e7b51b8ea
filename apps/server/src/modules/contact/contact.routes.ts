import { CONTACT_SENT, contactEndpoints } from '@market/contracts';
import { type RouteDefinition, route } from '../../platform/http/routes.js';
import type { RateLimits } from '../../platform/security/rate-limits.js';
import type { ContactService } from './contact.service.js';

export function contactRoutes(contact: ContactService, rateLimits: RateLimits): RouteDefinition[] {
  return [
    route(contactEndpoints.send, async ({ body, ip }) => {
      await rateLimits.consume('contact', { ip, email: body.email });
      return { message: CONTACT_SENT, data: await contact.send(body, ip) };
    }),
    route(contactEndpoints.adminList, async ({ query }) => ({
      message: 'Contact messages',
      data: await contact.list(query),
    })),
    route(contactEndpoints.setStatus, async ({ params, body }) => ({
      message: 'Status saved',
      data: await contact.setStatus(params.id, body.status),
    })),
    route(contactEndpoints.reply, async ({ auth, params, body }) => ({
      message: 'Reply sent by email',
      data: await contact.reply(auth.userId, params.id, body.reply),
    })),
    route(contactEndpoints.confirm, async ({ params }) => {
      await contact.confirm(params.token);
      return { message: 'Thank you: your address is confirmed. Our answer will include your message.' };
    }),
  ];
}
