import type { Deps } from '../../platform/deps.js';
import type { ServerModule } from '../../platform/http/module.js';
import { addMetricSources } from '../../platform/observability/metrics.js';
import { bulkCatalogRoutes } from './bulk-catalog.routes.js';
import { type BulkCatalogService, createBulkCatalogService } from './bulk-catalog.service.js';
import { catalogRoutes } from './catalog.routes.js';
import { type CatalogService, createCatalogService } from './catalog.service.js';
import { storeDirectoryRoutes } from './store-directory.routes.js';

export { saleApplies } from './catalog.rules.js';
export { productStores } from './catalog.schema.js';
export type { CatalogService } from './catalog.service.js';
export { refreshStoreProductsVisibility, renameStoreInProducts } from './catalog.service.js';
export { adminProductList } from './products.lists.js';
export { setProductRating } from './products.repository.js';
export {
  findShippingFacts,
  productsRunningLow,
  storeHasProducts,
  storeProductFigures,
  storeProductNames,
} from './products-figures.repository.js';
export { applySaleDays, type SaleDayChanges } from './sale-days.js';
export {
  createSalesFolder,
  foldSales,
  loadProductsForSale,
  type ProductForSale,
  productsForSalePart,
  recordSales,
  reserveStock,
  returnStock,
  type SalesFolder,
  type StockLine,
  salesPart,
} from './stock.js';
export {
  countAllProducts,
  countPendingProducts,
  existingCategoryIds,
  storeCards,
} from './store-directory.js';

/**
 * Categories, products, promotions, collections and the storefront's reads; `imports` is the background job of
 * applied spreadsheets (ADR 094), which the timed work calls and the server's stop waits for.
 */
export function createCatalogModule(
  deps: Deps,
): ServerModule<CatalogService> & { imports: BulkCatalogService['jobs'] } {
  const service = createCatalogService(deps);
  const bulk = createBulkCatalogService(deps);
  return {
    service,
    routes: [...catalogRoutes(service), ...bulkCatalogRoutes(bulk), ...storeDirectoryRoutes(service)],
    imports: bulk.jobs,
    // An import being written finishes its batch before the database closes.
    http: async (scope) => {
      const removeSources = addMetricSources({ searchIndex: service.storefront.searchIndexState });
      scope.addHook('onListen', () => service.storefront.startSearchIndex());
      scope.addHook('onClose', () => {
        removeSources();
        service.storefront.stop();
        return bulk.jobs.stop();
      });
    },
  };
}
