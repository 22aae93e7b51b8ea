import { platformTestimonialEndpoints as endpoints, TESTIMONIAL_SENT } from '@market/contracts';
import { cached, type RouteDefinition, route } from '../../platform/http/routes.js';
import type { RateLimits } from '../../platform/security/rate-limits.js';
import type { TestimonialsService } from './testimonials.service.js';

export function testimonialsRoutes(
  testimonials: TestimonialsService,
  rateLimits: RateLimits,
): RouteDefinition[] {
  return [
    cached(
      route(endpoints.approved, async () => ({
        message: 'Testimonials',
        data: await testimonials.approved(),
      })),
    ),
    route(endpoints.send, async ({ auth, body, ip }) => {
      await rateLimits.consume('review', { ip, account: auth.userId });
      return { message: TESTIMONIAL_SENT, data: await testimonials.send(auth.userId, body) };
    }),
    route(endpoints.mine, async ({ auth }) => ({
      message: 'Your testimonials',
      data: await testimonials.mine(auth.userId),
    })),
    route(endpoints.adminList, async ({ query }) => ({
      message: 'Testimonials',
      data: await testimonials.adminList(query),
    })),
    route(endpoints.approve, async ({ auth, params }) => ({
      message: 'Testimonial approved',
      data: await testimonials.approve(auth.userId, params.id),
    })),
    route(endpoints.reject, async ({ auth, params }) => ({
      message: 'Testimonial rejected',
      data: await testimonials.reject(auth.userId, params.id),
    })),
  ];
}
