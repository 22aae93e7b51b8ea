import { createCarrierDayModule } from '../../modules/carrier-day/index.js';
import { defineModule } from '../registry.js';

export const carrierDay = defineModule('carrier day', ({ deps }) => createCarrierDayModule(deps));
