import { TRACKING_LINK_EXPIRED, TRACKING_LINK_INVALID, trackingEndpoints } from '@market/contracts';
import type { Deps } from '../../platform/deps.js';
import { notFound } from '../../platform/errors.js';
import type { ServerModule } from '../../platform/http/module.js';
import { route } from '../../platform/http/routes.js';
import { createTrackingLinks } from '../../platform/security/tracking-links.js';
import type { OrdersService } from '../orders/index.js';

const DAY_MS = 86_400_000;

/**
 * The signed-out tracking page's read (issue 36): a link's signature and expiry are checked, then the order's own
 * rule: a link stops working when the order's return window has passed. A forged, altered or unknown link and an
 * expired one answer 404 alike in status, with words that tell the customer what to do.
 */
export function createTrackingModule(
  deps: Deps,
  orders: Pick<OrdersService, 'publicTracking'>,
): ServerModule<Record<string, never>> {
  const links = createTrackingLinks(deps.config.jwtSecret);
  return {
    service: {},
    routes: [
      route(trackingEndpoints.track, async ({ params, ip }) => {
        await deps.rateLimits.consume('tracking', { ip });
        const link = links.verify(params.token);
        if (!link) throw notFound(TRACKING_LINK_INVALID);
        const now = deps.now().getTime();
        const found = await orders.publicTracking(link.orderId);
        if (!found) throw notFound(TRACKING_LINK_INVALID);
        const windowEnds = found.deliveredAt
          ? found.deliveredAt.getTime() + deps.config.returnWindowDays * DAY_MS
          : Number.POSITIVE_INFINITY;
        if (link.expiresAt.getTime() <= now || windowEnds <= now) throw notFound(TRACKING_LINK_EXPIRED);
        return {
          message: 'Order tracking',
          data: { ...found.view, expiresAt: link.expiresAt.toISOString() },
        };
      }),
    ],
  };
}
