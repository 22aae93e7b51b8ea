import { wishlistEndpoints } from '@market/contracts';
import { type RouteDefinition, requireStoreId, route } from '../../platform/http/routes.js';
import type { WishlistService } from './wishlist.service.js';

export function wishlistRoutes(wishlist: WishlistService): RouteDefinition[] {
  return [
    route(wishlistEndpoints.list, async ({ auth }) => ({
      message: 'Your wishlist',
      data: await wishlist.list(auth.userId),
    })),
    route(wishlistEndpoints.save, async ({ auth, body }) => ({
      message: 'Saved to your wishlist',
      data: await wishlist.save(auth.userId, body),
    })),
    route(wishlistEndpoints.remove, async ({ auth, params }) => {
      await wishlist.remove(auth.userId, params.id);
      return { message: 'Removed from your wishlist' };
    }),
    route(wishlistEndpoints.savedCounts, async ({ auth }) => ({
      message: 'Saved by shoppers',
      data: await wishlist.savedCounts(requireStoreId(auth)),
    })),
  ];
}
