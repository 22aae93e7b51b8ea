import type { Deps } from '../../platform/deps.js';
import type { ServerModule } from '../../platform/http/module.js';
import { couponsRoutes } from './coupons.routes.js';
import { type CouponsPorts, type CouponsService, createCouponsService } from './coupons.service.js';

export { evaluateCoupons } from './coupons.redemptions.js';
export { appliedCodesPart, type CouponRow, candidateCouponsPart } from './coupons.repository.js';
export type {
  AppliedCoupon,
  CouponEvaluation,
  CouponLine,
  CouponsPorts,
  CouponsService,
  EvaluateCouponsInput,
  RecordRedemptionsInput,
  RedemptionOutcome,
} from './coupons.service.js';

/** Merchant and platform coupons, their rules and redemptions. `needs`: the cart's lines (the cart reads coupons). */
export function createCouponsModule(deps: Deps, needs: CouponsPorts): ServerModule<CouponsService> {
  const service = createCouponsService(deps, needs);
  return { service, routes: couponsRoutes(service, deps.rateLimits) };
}
