import type { Deps } from '../../platform/deps.js';
import type { ServerModule } from '../../platform/http/module.js';
import { contactRoutes } from './contact.routes.js';
import { type ContactService, createContactService } from './contact.service.js';

export type { ContactService } from './contact.service.js';

/** The public contact form: stored for admins, mailed to CONTACT_EMAIL, rate limited (issue 9). */
export function createContactModule(deps: Deps): ServerModule<ContactService> {
  const service = createContactService(deps);
  return { service, routes: contactRoutes(service, deps.rateLimits) };
}
