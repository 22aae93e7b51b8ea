import { createReportsModule } from '../../modules/reports/index.js';
import { merchantOnboarding } from '../../modules/stores/index.js';
import { defineModule } from '../registry.js';
import { catalog } from './catalog.js';

export const reports = defineModule('reports', ({ deps, use }) =>
  createReportsModule(deps, {
    merchantOnboarding,
    searchProducts: (query) => use(catalog).service.products.adminList(query),
  }),
);
