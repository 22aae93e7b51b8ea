import type { Deps } from '../../platform/deps.js';
import { createCategoriesService } from './categories.service.js';
import { createCollectionsService } from './collections.service.js';
import { createProductsService } from './products.service.js';
import { createPromotionsService } from './promotions.service.js';
import { publicStore, storeDirectory, topStores } from './store-directory.js';
import { createStorefrontService } from './storefront.service.js';

export {
  refreshProductVisibility,
  refreshStoreProductsVisibility,
  renameStoreInProducts,
} from './products.service.js';

/** The catalog module's services, built once in buildApp. */
export function createCatalogService(deps: Deps) {
  return {
    categories: createCategoriesService(deps),
    products: createProductsService(deps),
    promotions: createPromotionsService(deps),
    storefront: createStorefrontService(deps),
    collections: createCollectionsService(deps),
    /** The public store directory: stores with something to buy, and one store's public page. */
    stores: {
      directory: (page: number, limit: number, search?: string) =>
        storeDirectory(deps.db, page, limit, search),
      top: (limit: number) => topStores(deps.db, limit),
      publicStore: (storeUrl: string) => publicStore(deps.db, storeUrl),
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
