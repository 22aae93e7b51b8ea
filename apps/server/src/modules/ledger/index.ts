import type { Deps } from '../../platform/deps.js';
import type { ServerModule } from '../../platform/http/module.js';
import { ledgerRoutes } from './ledger.routes.js';
import { createLedgerService, type LedgerNeeds, type LedgerService } from './ledger.service.js';

/** Carriers' cash and pay-on-delivery fees as the books hold them: plain reads, for pay on delivery's figures. */
export { carrierCash, podFeesKobo } from './ledger.bookings.js';
export {
  type LedgerOrderFigures,
  ledgerChargedRates,
  ledgerOrderFigures,
  storeHasBookedSale,
} from './ledger.figures.js';
export {
  BOOKS_CAUGHT_UP,
  clearMark,
  foldRollups,
  hasMark,
  ROLLUPS_BUILT,
  rebuildRollups,
  rollupDifferences,
  rollupStoreSales,
  setMark,
  storeBalances,
} from './ledger.rollups.js';
export { ledgerOrderRefundedGoods, ledgerStoreDayRows } from './ledger.schema.js';
export type { CashAtTheDoor, LedgerNeeds, LedgerService, OrderFacts, RefundFacts } from './ledger.service.js';
export { commissionOf, mulDivHalfUp } from './ledger.service.js';

/**
 * The books (double-entry ledger of payments, commission, shipping fees, refunds, chargebacks and payouts), escrow
 * and payouts to merchants' bank accounts, and the payment categories' commission (ADR 027). It hears of orders'
 * money through the orders module's listener and of transfers through the payments module's webhook.
 */
export function createLedgerModule(deps: Deps, needs: LedgerNeeds): ServerModule<LedgerService> {
  const service = createLedgerService(deps, needs);
  return { service, routes: ledgerRoutes(service) };
}
