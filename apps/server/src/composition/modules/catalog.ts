import { createCatalogModule } from '../../modules/catalog/index.js';
import { defineModule } from '../registry.js';
import { subscriptions } from './subscriptions.js';

// Product creates are checked against the store's plan (subscriptions) without the catalog importing it.
export const catalog = defineModule('catalog', ({ deps, use }) =>
  createCatalogModule(deps, { productLimit: use(subscriptions).service.productLimit }),
);
