import type { Deps } from '../../platform/deps.js';
import type { ServerModule } from '../../platform/http/module.js';
import { wishlistRoutes } from './wishlist.routes.js';
import { createWishlistService, type WishlistService } from './wishlist.service.js';

export type { WishedProduct, WishlistService } from './wishlist.service.js';

/** Customers' saved products, and the notices of their price drops and returns to stock (issue 36). */
export function createWishlistModule(deps: Deps): ServerModule<WishlistService> {
  const service = createWishlistService(deps);
  return { service, routes: wishlistRoutes(service) };
}
