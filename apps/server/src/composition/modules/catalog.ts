import { createCatalogModule } from '../../modules/catalog/index.js';
import { defineModule } from '../registry.js';

// Product creates are checked against the store's plan through the subscriptions module's public read.
export const catalog = defineModule('catalog', ({ deps }) => createCatalogModule(deps));
