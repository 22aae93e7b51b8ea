import { storeCatalogPort } from '../../modules/catalog/index.js';
import { storeApprovedForHub } from '../../modules/hubs/index.js';
import { createStoresModule } from '../../modules/stores/index.js';
import { defineModule } from '../registry.js';

export const stores = defineModule('stores', ({ deps }) =>
  createStoresModule(deps, { catalog: storeCatalogPort, hubUsable: storeApprovedForHub }),
);
