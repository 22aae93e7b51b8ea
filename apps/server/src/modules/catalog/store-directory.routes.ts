import { merchantDirectoryEndpoints } from '@market/contracts';
import { cached, type RouteDefinition, route } from '../../platform/http/routes.js';
import type { CatalogService } from './catalog.service.js';

/** The public store directory (store-directory.ts): cached until a write changes the catalog. */
export function storeDirectoryRoutes(catalog: CatalogService): RouteDefinition[] {
  return [
    cached(
      route(merchantDirectoryEndpoints.list, async ({ query }) => ({
        message: 'Merchants',
        data: await catalog.stores.directory(query.page, query.limit, query.search),
      })),
    ),
    cached(
      route(merchantDirectoryEndpoints.top, async ({ query }) => ({
        message: 'Top merchants',
        data: await catalog.stores.top(query.limit),
      })),
    ),
    cached(
      route(merchantDirectoryEndpoints.one, async ({ params }) => ({
        message: 'Merchant',
        data: await catalog.stores.publicStore(params.storeUrl),
      })),
    ),
  ];
}
