import { bound } from '../../platform/bound.js';
import type { Deps } from '../../platform/deps.js';
import type { PodContext } from './pay-on-delivery.context.js';
import { carrierRefusal, cashRemitted, collect, refused } from './pay-on-delivery.door.js';
import { overview, remittanceFigures } from './pay-on-delivery.figures.js';
import { carrierCash, confirm, reject, remit, remittances } from './pay-on-delivery.remittances.js';
import {
  choose,
  options,
  saveSettings,
  saveStoreSetting,
  settings,
  storeSetting,
  terms,
} from './pay-on-delivery.terms.js';

// Pay on delivery (ADR 074): who may use it, the cash a carrier takes at the door and its remittance to the
// platform. Every figure of money is the ledger's (read through its index; booked by the pay-on-delivery flow); these
// tables say which collection a remittance pays for.

export {
  POD_DEFAULTS,
  type PodCarrier,
  type PodOrder,
  type PricedCart,
} from './pay-on-delivery.context.js';

/**
 * Pay on delivery's service. Named functions of a `PodContext` (ADR 091, 100) in files by concern: the context, the
 * rules as read and the rows' views (`pay-on-delivery.context.ts`), who may pay at the door
 * (`pay-on-delivery.terms.ts`), what happens at the door (`pay-on-delivery.door.ts`), a carrier's cash and its
 * remittances (`pay-on-delivery.remittances.ts`), the figures (`pay-on-delivery.figures.ts`); bound here.
 */
export function createPayOnDeliveryService(deps: Deps) {
  const ctx: PodContext = { deps, db: deps.db };
  return {
    settings: bound(ctx, settings),
    saveSettings: bound(ctx, saveSettings),
    storeSetting: bound(ctx, storeSetting),
    saveStoreSetting: bound(ctx, saveStoreSetting),
    options: bound(ctx, options),
    terms: bound(ctx, terms),
    choose: bound(ctx, choose),
    collect: bound(ctx, collect),
    refused: bound(ctx, refused),
    carrierRefusal,
    cashRemitted,
    carrierCash: bound(ctx, carrierCash),
    remit: bound(ctx, remit),
    remittances: bound(ctx, remittances),
    confirm: bound(ctx, confirm),
    reject: bound(ctx, reject),
    remittanceFigures: bound(ctx, remittanceFigures),
    overview: bound(ctx, overview),
  };
}

export type PayOnDeliveryService = ReturnType<typeof createPayOnDeliveryService>;
