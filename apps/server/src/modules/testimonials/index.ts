import type { Deps } from '../../platform/deps.js';
import type { ServerModule } from '../../platform/http/module.js';
import { testimonialsRoutes } from './testimonials.routes.js';
import { createTestimonialsService, type TestimonialsService } from './testimonials.service.js';

export type { TestimonialsService } from './testimonials.service.js';

/** Platform testimonials: customers send them, admins approve them for the home page (issue 9). */
export function createTestimonialsModule(deps: Deps): ServerModule<TestimonialsService> {
  const service = createTestimonialsService(deps);
  return { service, routes: testimonialsRoutes(service, deps.rateLimits) };
}
