import { createFinanceModule } from '../../modules/finance/index.js';
import { defineModule } from '../registry.js';
import { payOnDelivery } from './pay-on-delivery.js';

/** The finance report, with the carriers' cash of pay on delivery for its remittance fields (ADR 074). */
export const finance = defineModule('finance', ({ deps, use }) =>
  createFinanceModule(deps, () => use(payOnDelivery).service.remittanceFigures()),
);
