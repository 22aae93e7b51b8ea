import { createPaymentsModule } from '../../modules/payments/index.js';
import { defineModule } from '../registry.js';

export const payments = defineModule('payments', ({ deps, providers }) =>
  createPaymentsModule(deps, { provider: providers.paymentProvider }),
);
