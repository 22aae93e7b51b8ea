import { findStoreById } from '../../modules/stores/index.js';
import { createThemesModule } from '../../modules/themes/index.js';
import { defineModule } from '../registry.js';
import { stores } from './stores.js';

export const themes = defineModule('themes', ({ deps, use }) =>
  createThemesModule(deps, {
    async findStore(storeId) {
      const store = await findStoreById(deps.db, storeId);
      return store
        ? {
            id: store.id,
            storeName: store.storeName,
            storeUrl: store.storeUrl,
            logo: store.logo,
            socials: { ...store.socials },
          }
        : undefined;
    },
    async findPublicStore(storeUrl) {
      const store = await use(stores).service.publicStore(storeUrl);
      return {
        id: store.id,
        storeName: store.storeName,
        storeUrl: store.storeUrl,
        logo: store.logo,
        socials: store.socials,
      };
    },
  }),
);
