import { z } from 'zod';
import { access } from './access.js';
import { orderStatus } from './checkout.js';
import { isoDateTime, tokenParam } from './common.js';
import { defineEndpoint } from './endpoint.js';
import { envelope } from './envelope.js';

// Tracking from a message (issue 36): the link in an order's SMS or mail opens its status and timeline without
// signing in. It shows the recipient's first name and LGA and nothing else of them: no address, phone or e-mail.

export const publicTracking = z.object({
  orderName: z.string(),
  storeName: z.string(),
  orderStatus,
  firstName: z.string(),
  lga: z.string(),
  /** The delivery token, as the out-for-delivery SMS carries it; null once the order is delivered or closed. */
  deliveryToken: z.string().nullable(),
  timeline: z.array(z.object({ activity: z.string(), status: z.string(), createdAt: isoDateTime })),
  expiresAt: isoDateTime,
});
export type PublicTracking = z.infer<typeof publicTracking>;

export const TRACKING_LINK_INVALID = 'This tracking link is not valid';
export const TRACKING_LINK_EXPIRED = 'This tracking link has expired. Sign in to see your order.';

export const trackingEndpoints = {
  track: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/track/:token',
    summary:
      'An order’s status and timeline from the signed link in its messages, without signing in (rate limited)',
    tags: ['Orders'],
    access: access.public,
    params: tokenParam,
    errors: [404, 429],
    response: envelope(publicTracking),
  }),
};
