import type { Coupon, CouponStatus } from '@market/contracts';

/** Today's date in UTC as YYYY-MM-DD: coupon dates are whole UTC days (specification, section 9). */
export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/**
 * The coupon's state on a UTC day, in the server's order: switched off; scheduled before its start date; expired
 * after its end date (both ends included); used up at its usage limit; otherwise active.
 */
export function couponStatusOn(
  coupon: Pick<Coupon, 'startDate' | 'endDate' | 'isActive' | 'usageLimit' | 'usedCount'>,
  today: string = todayUtc(),
): CouponStatus {
  if (!coupon.isActive) return 'inactive';
  if (today < coupon.startDate) return 'scheduled';
  if (coupon.endDate !== null && today > coupon.endDate) return 'expired';
  if (coupon.usageLimit > 0 && coupon.usedCount >= coupon.usageLimit) return 'exhausted';
  return 'active';
}

export const statusLabels: Record<CouponStatus, string> = {
  active: 'Active',
  scheduled: 'Scheduled',
  expired: 'Expired',
  inactive: 'Switched off',
  exhausted: 'Used up',
};

export const statusTones: Record<CouponStatus, 'green' | 'amber' | 'slate' | 'red'> = {
  active: 'green',
  scheduled: 'amber',
  expired: 'slate',
  inactive: 'slate',
  exhausted: 'red',
};
