import { createReconciliationModule } from '../../modules/reconciliation/index.js';
import { selectProviderStatements } from '../../platform/payments/index.js';
import { defineModule } from '../registry.js';

export const reconciliation = defineModule('reconciliation', ({ deps, providers }) =>
  createReconciliationModule(deps, {
    statements: selectProviderStatements({ ...deps, statements: providers.providerStatements }),
  }),
);
