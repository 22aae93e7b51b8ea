import {
  COUPON_DEFAULTS,
  type Coupon,
  type CreateCouponBody,
  type createCouponBody,
} from '@market/contracts';
import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { todayUtc } from '../coupon-status';

/** Every field of the contract body, all filled: the inputs always hold a value. */
export type CouponFormValues = Required<CreateCouponBody>;
/** What the contract hands over once the values pass: the body that is sent. */
export type CouponFormOutput = z.output<typeof createCouponBody>;
/** The form as each section sees it. */
export type CouponFormApi = UseFormReturn<CouponFormValues, unknown, CouponFormOutput>;

/** Product names of the chosen ids, shared by the two product pickers (the coupon carries only ids). */
export interface ProductNames {
  names: Record<string, string>;
  setNames(names: Record<string, string>): void;
}

/** Sets a list of chosen ids, checking it again once the form was sent. */
export function setIds(
  form: CouponFormApi,
  name: 'spendAppliesToId' | 'rewardAppliesToId' | 'customerIds',
  ids: string[],
) {
  form.setValue(name, ids, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
}

/** What the inputs hold, as the contract body: no code on Automatic coupons, an empty end date is no end. */
export function toCouponBody(values: CouponFormValues): CouponFormValues {
  const code = typeof values.code === 'string' ? values.code.trim() : '';
  return {
    ...values,
    code: values.discountMode === 'Code' && code ? code : null,
    endDate: values.endDate ? values.endDate : null,
    minRequireType: values.discountType === 'BuyXGetY' ? 'Quantity' : values.minRequireType,
    minRequireValue:
      values.discountType !== 'BuyXGetY' && values.minRequireType === 'None' ? 0 : values.minRequireValue,
    spendAppliesToId: values.spendAppliesTo === 'AllProducts' ? [] : values.spendAppliesToId,
    customerIds: values.customerEligibility === 'SpecificCustomers' ? values.customerIds : [],
    isPublic: values.discountMode === 'Code' ? values.isPublic : false,
  };
}

/** The defaults of the specification (sections 3 and 9); a new coupon starts today (UTC). */
export function couponDefaults(coupon?: Coupon): CouponFormValues {
  if (!coupon) {
    return {
      discountMode: COUPON_DEFAULTS.discountMode,
      code: '',
      description: '',
      discountType: 'Percent',
      discountValue: Number.NaN,
      startDate: todayUtc(),
      endDate: '',
      spendAppliesTo: COUPON_DEFAULTS.spendAppliesTo,
      spendAppliesToId: [],
      minRequireType: COUPON_DEFAULTS.minRequireType,
      minRequireValue: COUPON_DEFAULTS.minRequireValue,
      usageLimit: COUPON_DEFAULTS.usageLimit,
      usageLimitPerUser: COUPON_DEFAULTS.usageLimitPerUser,
      customerEligibility: COUPON_DEFAULTS.customerEligibility,
      customerIds: [],
      customerReward: COUPON_DEFAULTS.customerReward,
      rewardAppliesTo: COUPON_DEFAULTS.rewardAppliesTo,
      rewardAppliesToId: [],
      rewardValue: COUPON_DEFAULTS.rewardValue,
      isPublic: false,
      isActive: true,
    };
  }
  return {
    discountMode: coupon.discountMode,
    code: coupon.code ?? '',
    description: coupon.description,
    discountType: coupon.discountType,
    discountValue: coupon.discountValue,
    startDate: coupon.startDate,
    endDate: coupon.endDate ?? '',
    spendAppliesTo: coupon.spendAppliesTo,
    spendAppliesToId: coupon.spendAppliesToId,
    minRequireType: coupon.minRequireType,
    minRequireValue: coupon.minRequireValue,
    usageLimit: coupon.usageLimit,
    usageLimitPerUser: coupon.usageLimitPerUser,
    customerEligibility: coupon.customerEligibility,
    customerIds: coupon.customerIds,
    customerReward: coupon.customerReward,
    rewardAppliesTo: coupon.rewardAppliesTo,
    rewardAppliesToId: coupon.rewardAppliesToId,
    rewardValue: coupon.rewardValue,
    isPublic: coupon.isPublic,
    isActive: coupon.isActive,
  };
}
