import { createRateCardCache, createShippingModule } from '../../modules/shipping/index.js';
import { defineEntry, defineModule } from '../registry.js';

/** The rate card every checkout reads, kept in process and dropped by the shipping module's writes (ADR 031). */
export const rateCards = defineEntry('rate cards', ({ deps }) => createRateCardCache(deps.changes));

export const shipping = defineModule('shipping', ({ deps, use }) =>
  createShippingModule(deps, use(rateCards)),
);
