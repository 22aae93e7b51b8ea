import { z } from 'zod';
import { access } from './access.js';
import { isoDateTime, uuid } from './common.js';
import { defineEndpoint } from './endpoint.js';
import { envelope, messageOnly } from './envelope.js';
import { nairaAmount } from './money.js';
import { atLeastOneField, publishRules } from './published-rules.js';

// ---------- fields and defaults (specification sections 3 and 9) ----------

export const discountModes = ['Automatic', 'Code'] as const;
export const discountTypes = ['Percent', 'Fixed', 'BuyXGetY'] as const;
export const spendAppliesToValues = ['AllProducts', 'SpecificProducts', 'SpecificCategories'] as const;
export const minRequireTypes = ['Amount', 'Quantity', 'None'] as const;
export const customerEligibilities = ['Everyone', 'FirstTimeCustomers', 'SpecificCustomers'] as const;
/** Product: the reward items are the listed products (or the spend items when none are listed); Category: any product of the listed categories. */
export const rewardAppliesToValues = ['Product', 'Category'] as const;
export const couponStatuses = ['active', 'scheduled', 'expired', 'inactive', 'exhausted'] as const;

export type DiscountMode = (typeof discountModes)[number];
export type DiscountType = (typeof discountTypes)[number];
export type SpendAppliesTo = (typeof spendAppliesToValues)[number];
export type MinRequireType = (typeof minRequireTypes)[number];
export type CustomerEligibility = (typeof customerEligibilities)[number];
export type RewardAppliesTo = (typeof rewardAppliesToValues)[number];
export type CouponStatus = (typeof couponStatuses)[number];

export const COUPON_DEFAULTS = {
  discountMode: 'Automatic',
  minRequireType: 'Amount',
  minRequireValue: 0,
  usageLimit: 0,
  usageLimitPerUser: 0,
  customerEligibility: 'Everyone',
  customerReward: 2000,
  rewardAppliesTo: 'Product',
  rewardValue: 20,
  spendAppliesTo: 'AllProducts',
} as const;

export const COUPON_APPLIED_MESSAGE = 'Coupon applied successfully!';

/** Codes are compared case-insensitively: they are kept upper-case. */
export const couponCode = z
  .string({ error: 'Enter a coupon code' })
  .trim()
  .min(3, 'A coupon code has at least 3 characters')
  .max(30, 'A coupon code has at most 30 characters')
  .regex(/^[A-Za-z0-9_-]+$/, 'Use letters, digits, - and _ only')
  .transform((value) => value.toUpperCase());

const couponDate = z.iso.date('Use a YYYY-MM-DD date');
const ids = z.array(uuid).max(200, 'At most 200 ids');
const count = z.number().int('Use a whole number').min(0, 'Cannot be negative').max(1_000_000);

const couponFields = {
  discountMode: z.enum(discountModes, { error: 'Choose Automatic or Code' }),
  code: couponCode.nullable(),
  description: z.string().trim().max(500, 'At most 500 characters'),
  discountType: z.enum(discountTypes, { error: 'Choose Percent, Fixed or BuyXGetY' }),
  /** Percent: percent off (up to 2 decimals, at most 100); Fixed: naira off; BuyXGetY: how many reward items (Y). */
  discountValue: nairaAmount,
  startDate: couponDate,
  endDate: couponDate.nullable(),
  spendAppliesTo: z.enum(spendAppliesToValues),
  spendAppliesToId: ids,
  minRequireType: z.enum(minRequireTypes),
  /** Amount: naira of eligible items; Quantity: eligible units (the X of BuyXGetY); None: ignored. */
  minRequireValue: nairaAmount,
  usageLimit: count,
  usageLimitPerUser: count,
  customerEligibility: z.enum(customerEligibilities),
  customerIds: ids,
  customerReward: nairaAmount,
  rewardAppliesTo: z.enum(rewardAppliesToValues),
  rewardAppliesToId: ids,
  /** Percent off each reward item of a BuyXGetY coupon (100 = free). */
  rewardValue: z
    .number()
    .int('Use a whole percent')
    .min(1, 'At least 1 percent')
    .max(100, 'At most 100 percent'),
  /** Code coupons are listed to customers only when public; Automatic ones always are. */
  isPublic: z.boolean(),
  isActive: z.boolean(),
};

type CouponShape = {
  discountMode?: DiscountMode;
  code?: string | null;
  discountType?: DiscountType;
  discountValue?: number;
  startDate?: string;
  endDate?: string | null;
  spendAppliesTo?: SpendAppliesTo;
  spendAppliesToId?: string[];
  minRequireType?: MinRequireType;
  minRequireValue?: number;
  customerEligibility?: CustomerEligibility;
  customerIds?: string[];
};

/** Rules across fields; the same for create and for the merged result of an update. */
export function couponIssues(value: CouponShape): { path: string; message: string }[] {
  const issues: { path: string; message: string }[] = [];
  if (value.discountMode === 'Code' && !value.code)
    issues.push({ path: 'code', message: 'A Code coupon needs a code' });
  if (value.discountMode === 'Automatic' && value.code)
    issues.push({ path: 'code', message: 'An Automatic coupon has no code' });
  if (value.startDate && value.endDate && value.endDate < value.startDate)
    issues.push({ path: 'endDate', message: 'The end date cannot be before the start date' });
  const discountValue = value.discountValue ?? 0;
  if (value.discountType === 'Percent' && (discountValue <= 0 || discountValue > 100))
    issues.push({ path: 'discountValue', message: 'A percent discount is more than 0 and at most 100' });
  if (value.discountType === 'Fixed' && discountValue <= 0)
    issues.push({ path: 'discountValue', message: 'A fixed discount is more than ₦0' });
  if (value.discountType === 'BuyXGetY') {
    if (!Number.isInteger(discountValue) || discountValue < 1)
      issues.push({
        path: 'discountValue',
        message: 'Buy X get Y: discountValue is how many items (Y) the customer gets',
      });
    if (
      value.minRequireType !== 'Quantity' ||
      !Number.isInteger(value.minRequireValue) ||
      (value.minRequireValue ?? 0) < 1
    )
      issues.push({
        path: 'minRequireValue',
        message:
          'Buy X get Y: set minRequireType to Quantity and minRequireValue to how many items (X) to buy',
      });
  }
  if (value.minRequireType === 'Quantity' && !Number.isInteger(value.minRequireValue ?? 0))
    issues.push({ path: 'minRequireValue', message: 'A minimum quantity is a whole number' });
  if (
    value.spendAppliesTo &&
    value.spendAppliesTo !== 'AllProducts' &&
    (value.spendAppliesToId ?? []).length === 0
  )
    issues.push({ path: 'spendAppliesToId', message: 'Choose at least one product or category' });
  if (value.customerEligibility === 'SpecificCustomers' && (value.customerIds ?? []).length === 0)
    issues.push({ path: 'customerIds', message: 'Choose at least one customer' });
  return issues;
}

/** The document's words for `couponIssues` (ADR 085). */
const couponRules = [
  { fields: ['code', 'discountMode'], rule: 'a Code coupon has a code; an Automatic coupon has none' },
  { fields: ['startDate', 'endDate'], rule: 'endDate must not be before startDate' },
  {
    fields: ['discountValue', 'discountType'],
    rule: 'a percent discount is more than 0 and at most 100; a fixed one more than 0; Buy X get Y: how many items (Y) the customer gets',
  },
  {
    fields: ['minRequireValue', 'minRequireType'],
    rule: 'a Quantity minimum is a whole number; Buy X get Y needs a Quantity minimum of at least 1',
  },
  {
    fields: ['spendAppliesToId', 'spendAppliesTo'],
    rule: 'products or categories chosen unless AllProducts',
  },
  { fields: ['customerIds', 'customerEligibility'], rule: 'customers chosen for SpecificCustomers' },
];

function refineCoupon(value: CouponShape, context: z.RefinementCtx) {
  for (const issue of couponIssues(value))
    context.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
}

export const createCouponBody = z
  .object({
    ...couponFields,
    discountMode: couponFields.discountMode.default(COUPON_DEFAULTS.discountMode),
    code: couponFields.code.optional(),
    description: couponFields.description.default(''),
    spendAppliesTo: couponFields.spendAppliesTo.default(COUPON_DEFAULTS.spendAppliesTo),
    spendAppliesToId: ids.default([]),
    minRequireType: couponFields.minRequireType.default(COUPON_DEFAULTS.minRequireType),
    minRequireValue: couponFields.minRequireValue.default(COUPON_DEFAULTS.minRequireValue),
    usageLimit: count.default(COUPON_DEFAULTS.usageLimit),
    usageLimitPerUser: count.default(COUPON_DEFAULTS.usageLimitPerUser),
    customerEligibility: couponFields.customerEligibility.default(COUPON_DEFAULTS.customerEligibility),
    customerIds: ids.default([]),
    customerReward: couponFields.customerReward.default(COUPON_DEFAULTS.customerReward),
    rewardAppliesTo: couponFields.rewardAppliesTo.default(COUPON_DEFAULTS.rewardAppliesTo),
    rewardAppliesToId: ids.default([]),
    rewardValue: couponFields.rewardValue.default(COUPON_DEFAULTS.rewardValue),
    isPublic: z.boolean().default(false),
    isActive: z.boolean().default(true),
  })
  .superRefine(refineCoupon)
  .apply((schema) => publishRules(schema, couponRules));
export type CreateCouponBody = z.input<typeof createCouponBody>;

/** Any subset of the fields; the server checks the cross-field rules on the merged coupon. */
export const updateCouponBody = z
  .object(couponFields)
  .partial()
  .refine((value) => Object.keys(value).length > 0, 'Change at least one field')
  .apply(atLeastOneField('Change at least one field'));
export type UpdateCouponBody = z.input<typeof updateCouponBody>;

export const couponProduct = z.object({ id: z.string(), name: z.string() });

export const coupon = z.object({
  id: z.string(),
  storeId: z.string(),
  discountMode: z.enum(discountModes),
  code: z.string().nullable(),
  description: z.string(),
  discountType: z.enum(discountTypes),
  discountValue: z.number(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  spendAppliesTo: z.enum(spendAppliesToValues),
  spendAppliesToId: z.array(z.string()),
  minRequireType: z.enum(minRequireTypes),
  minRequireValue: z.number(),
  usageLimit: z.number().int(),
  usageLimitPerUser: z.number().int(),
  usedCount: z.number().int(),
  customerEligibility: z.enum(customerEligibilities),
  customerIds: z.array(z.string()),
  customerReward: z.number(),
  rewardAppliesTo: z.enum(rewardAppliesToValues),
  rewardAppliesToId: z.array(z.string()),
  rewardValue: z.number().int(),
  isPublic: z.boolean(),
  isActive: z.boolean(),
  status: z.enum(couponStatuses),
  /** The products the coupon is limited to (SpecificProducts), with their names. */
  products: z.array(couponProduct),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Coupon = z.infer<typeof coupon>;

export const merchantCouponsQuery = z.object({
  status: z.enum(couponStatuses).optional(),
  discountType: z.enum(discountTypes).optional(),
});

/** What a customer sees of a coupon offered on the products they look at. */
export const customerCoupon = z.object({
  id: z.string(),
  storeId: z.string(),
  discountMode: z.enum(discountModes),
  code: z.string().nullable(),
  description: z.string(),
  discountType: z.enum(discountTypes),
  discountValue: z.number(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  spendAppliesTo: z.enum(spendAppliesToValues),
  minRequireType: z.enum(minRequireTypes),
  minRequireValue: z.number(),
  rewardValue: z.number().int(),
  /** Of the requested products, those the coupon covers. */
  productIds: z.array(z.string()),
});
export type CustomerCoupon = z.infer<typeof customerCoupon>;

export const customerCouponsBody = z.object({
  storeIds: z.array(uuid, { error: 'storeIds is required' }).min(1, 'Give at least one store id').max(50),
  productIds: z
    .array(uuid, { error: 'productIds is required' })
    .min(1, 'Give at least one product id')
    .max(200),
});

export const customerCouponsAnswer = z.object({
  percentageCoupons: z.array(customerCoupon),
  fixedCoupons: z.array(customerCoupon),
  /** Not in the specification's two lists: a Buy X get Y offer is neither a percent nor an amount off the cart. */
  buyXGetYCoupons: z.array(customerCoupon),
});

export const couponLineBody = z.object({
  productId: uuid,
  quantity: z.number().int('Use a whole number').min(1, 'At least 1').max(1000),
});

export const validateCouponBody = z
  .object({
    code: couponCode,
    lines: z.array(couponLineBody).min(1).max(200).optional(),
    storeId: uuid.optional(),
    productIds: z.array(uuid).min(1).max(200).optional(),
  })
  .refine((value) => value.lines || value.productIds, {
    message: 'Give the cart lines or the product ids',
    path: ['lines'],
  })
  .apply(atLeastOneField('Give the cart lines or the product ids', ['lines', 'productIds']));

export const couponEvaluation = z.object({
  code: z.string(),
  applies: z.boolean(),
  reason: z.string().nullable(),
  couponId: z.string().nullable(),
  storeId: z.string().nullable(),
  discountType: z.enum(discountTypes).nullable(),
  /** Naira the coupon takes off those items. */
  discount: z.number(),
  rewardProductIds: z.array(z.string()),
});

export const applyCouponBody = z.object({ code: couponCode });
export const appliedCoupons = z.object({ codes: z.array(z.string()) });

// ---------- endpoints ----------

const couponTags = ['Coupons'];

export const couponMerchantEndpoints = {
  list: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/discount',
    summary: "Your store's coupons, newest first",
    tags: couponTags,
    access: access.merchant('coupons:read'),
    query: merchantCouponsQuery,
    response: envelope(z.array(coupon)),
  }),
  one: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/discount/:id',
    summary: 'One of your coupons',
    tags: couponTags,
    access: access.merchant('coupons:read'),
    params: z.object({ id: uuid }),
    response: envelope(coupon),
  }),
  create: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/discount',
    summary: 'Create a coupon for your store (defaults of section 9 for what is left out)',
    tags: couponTags,
    access: access.merchant('coupons:write'),
    serverChecks: {
      spendAppliesToId: 'must be products or categories of your own store',
      rewardAppliesToId: 'must be products or categories of your own store',
    },
    body: createCouponBody,
    response: envelope(coupon),
    status: 201,
  }),
  update: defineEndpoint({
    surface: 'api',
    method: 'PATCH',
    path: '/discount/:id',
    summary: 'Change some fields of one of your coupons',
    tags: couponTags,
    access: access.merchant('coupons:write'),
    serverChecks: {
      spendAppliesToId: 'must be products or categories of your own store',
      rewardAppliesToId: 'must be products or categories of your own store',
    },
    params: z.object({ id: uuid }),
    body: updateCouponBody,
    response: envelope(coupon),
  }),
  remove: defineEndpoint({
    surface: 'api',
    method: 'DELETE',
    path: '/discount/:id',
    summary: 'Delete one of your coupons (orders that used it keep their discount)',
    tags: couponTags,
    access: access.merchant('coupons:write'),
    params: z.object({ id: uuid }),
    response: messageOnly,
  }),
};

export const couponCustomerEndpoints = {
  forProducts: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/coupon/getallcoupons/customers',
    summary: 'Coupons on offer for these stores and products: Automatic ones and public codes, active today',
    tags: couponTags,
    access: access.customer,
    body: customerCouponsBody,
    response: envelope(customerCouponsAnswer),
  }),
  validate: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/coupon/validate-coupon',
    summary: 'Whether a code applies to these cart lines (or products) and the discount it would give',
    tags: couponTags,
    access: access.customer,
    errors: [429],
    body: validateCouponBody,
    response: envelope(couponEvaluation),
  }),
  apply: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/applycoupon/apply-coupon',
    summary: 'Apply a coupon code to your cart',
    tags: couponTags,
    access: access.customer,
    serverChecks: { code: 'must be a coupon that applies to the cart' },
    errors: [429],
    body: applyCouponBody,
    response: envelope(appliedCoupons),
  }),
  remove: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/applycoupon/remove-coupon',
    summary: 'Take a coupon code off your cart',
    tags: couponTags,
    access: access.customer,
    body: applyCouponBody,
    response: envelope(appliedCoupons),
  }),
  applied: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/applycoupon/applied',
    summary: 'The coupon codes applied to your cart',
    tags: couponTags,
    access: access.customer,
    response: envelope(appliedCoupons),
  }),
};
