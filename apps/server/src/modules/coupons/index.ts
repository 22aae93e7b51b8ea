import type { Deps } from '../../platform/deps.js';
import type { ServerModule } from '../../platform/http/module.js';
import { couponsRoutes } from './coupons.routes.js';
import { type CouponsService, createCouponsService } from './coupons.service.js';

export { evaluateCoupons } from './coupons.redemptions.js';
export { appliedCodesPart, type CouponRow, candidateCouponsPart } from './coupons.repository.js';
export type {
  AppliedCoupon,
  CouponEvaluation,
  CouponLine,
  CouponsService,
  EvaluateCouponsInput,
  RecordRedemptionsInput,
  RedemptionOutcome,
} from './coupons.service.js';

/**
 * Merchant and platform coupons, their rules and redemptions. Applying a code reads the cart's lines: that route is
 * the apply-coupon flow's (flows/apply-coupon.ts), since the cart reads coupons.
 */
export function createCouponsModule(deps: Deps): ServerModule<CouponsService> {
  const service = createCouponsService(deps);
  return { service, routes: couponsRoutes(service, deps.rateLimits) };
}
