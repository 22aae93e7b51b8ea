import { createTrackingModule } from '../../modules/tracking/index.js';
import { defineModule } from '../registry.js';
import { orders } from './orders.js';

/** An order followed from the link in a text message, signed out (ADR 075). */
export const tracking = defineModule('tracking', ({ deps, use }) =>
  createTrackingModule(deps, use(orders).service),
);
