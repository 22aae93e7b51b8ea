import { z } from 'zod';
import { access } from './access.js';
import { idParam, isoDateTime, phoneNumber, uuid } from './common.js';
import { defineEndpoint } from './endpoint.js';
import { envelope, messageOnly, pageQuery, pagination } from './envelope.js';
import { nigerianAddress, nigerianStateName } from './nigeria.js';
import { atLeastOneField, fieldRule } from './published-rules.js';

// ---------- onboarding ----------

export const ONBOARDING_START_PERCENT = 25;
export const idDocumentTypes = ['nin', 'passport', 'drivers-licence', 'voters-card'] as const;
export const staffSizes = ['1', '2-5', '6-20', '21-50', '51+'] as const;
export const pricingPlans = ['starter', 'growth', 'pro'] as const;
export type PricingPlan = (typeof pricingPlans)[number];

export interface PricingPlanDetails {
  name: string;
  /** What the merchant pays each month, in kobo. */
  monthlyPriceKobo: number;
  summary: string;
  /**
   * What the plan includes, as shown on the plan step (each plan includes the one before it). Plans differ only in
   * what the platform enforces, the product limit (issue 34 item 7): staff, themes, coupons and reports are on every
   * plan, so no plan's copy promises them as its own.
   */
  includes: readonly string[];
}

/** The plans a merchant chooses from in onboarding: the one place their names, prices and contents live. */
export const pricingPlanDetails: Record<PricingPlan, PricingPlanDetails> = {
  starter: {
    name: 'Starter',
    monthlyPriceKobo: 500_000, // ₦5,000
    summary: 'For a new shop taking its first orders online.',
    includes: [
      'List products with photos and variants',
      'Take orders and payments in naira',
      'Delivery through Naija Market partners',
      'A storefront at your own link, with themes and colours',
      'Staff accounts with their own roles, coupons and sales reports',
    ],
  },
  growth: {
    name: 'Growth',
    monthlyPriceKobo: 1_500_000, // ₦15,000
    summary: 'For a shop that sells every week and wants repeat customers.',
    includes: ['Everything in Starter', 'A higher product limit for a growing catalogue'],
  },
  pro: {
    name: 'Pro',
    monthlyPriceKobo: 4_500_000, // ₦45,000
    summary: 'For a busy business with staff.',
    includes: ['Everything in Growth', 'The highest product limit', 'Priority support'],
  },
};
export const paymentCategories = ['standard', 'premium', 'enterprise'] as const;
export type IdDocumentType = (typeof idDocumentTypes)[number];
export type StaffSize = (typeof staffSizes)[number];
export type PaymentCategoryName = (typeof paymentCategories)[number];

/** What people read for each stored value (screens never show the raw value, e.g. "nin" or "pro"). */
export const idTypeLabels: Record<IdDocumentType, string> = {
  nin: 'National Identity Number (NIN) slip',
  passport: 'International passport',
  'drivers-licence': 'Driver’s licence',
  'voters-card': 'Voter’s card',
};
export const staffSizeLabels: Record<StaffSize, string> = {
  '1': 'Just me',
  '2-5': '2 to 5 people',
  '6-20': '6 to 20 people',
  '21-50': '21 to 50 people',
  '51+': 'More than 50 people',
};
export const planLabels: Record<PricingPlan, string> = {
  starter: pricingPlanDetails.starter.name,
  growth: pricingPlanDetails.growth.name,
  pro: pricingPlanDetails.pro.name,
};
export const paymentCategoryLabels: Record<PaymentCategoryName, string> = {
  standard: 'Standard',
  premium: 'Premium',
  enterprise: 'Enterprise',
};
/** The business type, from `isRegisteredBusiness`. */
export const businessTypeLabel = (isRegisteredBusiness: boolean) =>
  isRegisteredBusiness ? 'Registered business (CAC)' : 'Not registered (individual or enterprise)';

/** Weight of each onboarding step in percentageComplete (starts at 25 once the account exists). */
export const onboardingSteps = [
  { key: 'identity', label: 'Identity', percent: 25 },
  { key: 'address', label: 'Address', percent: 20 },
  { key: 'business', label: 'Business', percent: 20 },
  { key: 'pricing', label: 'Pricing plan', percent: 10 },
] as const;
export type OnboardingStepKey = (typeof onboardingSteps)[number]['key'];

const adultBirthDate = z.iso
  .date('Date of birth must be YYYY-MM-DD')
  .refine((value) => {
    const birth = new Date(`${value}T00:00:00Z`);
    const adult = new Date(birth);
    adult.setUTCFullYear(birth.getUTCFullYear() + 18);
    return adult <= new Date() && birth.getUTCFullYear() > 1900;
  }, 'You must be at least 18 years old')
  .apply(fieldRule('at least 18 years before today, and after 1900'));

export const onboardingBody = z
  .object({
    dateOfBirth: adultBirthDate,
    nationality: z.string().trim().min(2, 'Nationality is required').max(60),
    idDocumentType: z.enum(idDocumentTypes, { error: 'Choose an ID document type' }),
    idDocumentNumber: z.string().trim().min(5, 'Enter the ID document number').max(30),
    idDocumentFileId: uuid,
    homeAddress: z.array(nigerianAddress).min(1, 'Add your home address').max(3),
    useHomeAddress: z.boolean(),
    proofOfAddressFileId: uuid,
    staffSize: z.enum(staffSizes, { error: 'Choose a staff size' }),
    category: uuid,
    physicalLocation: z.string().trim().min(3, 'Describe where the business is').max(200),
    pickupLocation: nigerianAddress,
    subCategoryIds: z.array(uuid).max(20),
  })
  .partial()
  .refine((value) => Object.keys(value).length > 0, 'Give at least one onboarding field')
  .apply(atLeastOneField('Give at least one onboarding field'));
export type OnboardingBody = z.input<typeof onboardingBody>;

export const pricingBody = z.object({ plan: z.enum(pricingPlans, { error: 'Choose a pricing plan' }) });

const addressOut = z.object({ street: z.string(), lga: z.string(), state: z.string(), country: z.string() });

export const onboardingState = z.object({
  dateOfBirth: z.string().nullable(),
  nationality: z.string().nullable(),
  idDocumentType: z.enum(idDocumentTypes).nullable(),
  idDocumentNumber: z.string().nullable(),
  idDocumentFileId: z.string().nullable(),
  homeAddress: z.array(addressOut),
  useHomeAddress: z.boolean(),
  proofOfAddressFileId: z.string().nullable(),
  staffSize: z.enum(staffSizes).nullable(),
  category: z.string().nullable(),
  physicalLocation: z.string().nullable(),
  pickupLocation: addressOut.nullable(),
  subCategoryIds: z.array(z.string()),
  pricingPlan: z.enum(pricingPlans).nullable(),
  completedSteps: z.array(z.enum(['identity', 'address', 'business', 'pricing'])),
  percentageComplete: z.number().int().min(ONBOARDING_START_PERCENT).max(100),
  isComplete: z.boolean(),
});
export type OnboardingState = z.infer<typeof onboardingState>;

export const uploadedDocument = z.object({
  fileId: z.string(),
  contentType: z.string(),
  byteSize: z.number(),
});

// ---------- store profile ----------

export const socialNetworks = [
  'facebook',
  'instagram',
  'pinterest',
  'snapchat',
  'tiktok',
  'tumblr',
  'twitter',
  'vimeo',
  'youtube',
] as const;

const socialLink = z
  .string()
  .trim()
  .max(300)
  .refine((value) => value === '' || /^https:\/\/[^\s]+$/.test(value), 'Use a full https:// link')
  .meta({ pattern: '^(https://\\S+)?$' });

export const storeSocials = z.object(
  Object.fromEntries(socialNetworks.map((name) => [name, socialLink.optional()])),
) as z.ZodObject<Record<(typeof socialNetworks)[number], z.ZodOptional<typeof socialLink>>>;

export const shippingLocation = z.object({
  country: z.literal('Nigeria').default('Nigeria'),
  state: nigerianStateName,
  street: z.string().trim().min(3, 'Street is required').max(200),
  city: z.string().trim().min(2, 'City is required').max(80),
});

/**
 * A Nigerian Taxpayer Identification Number as FIRS issues it (`12345678-0001`: eight digits, a hyphen, four) or as
 * the Joint Tax Board's and the newer Tax ID write it (digits only, 8 to 14).
 */
export const taxIdentificationNumber = z
  .string()
  .trim()
  .regex(/^(?:\d{8}-\d{4}|\d{8,14})$/, 'Enter the TIN as FIRS issued it, e.g. 12345678-0001');

export const storeProfileBody = z.object({
  socials: storeSocials.optional(),
  store: z
    .object({
      storeName: z.string().trim().min(2, 'Store name must be at least 2 characters').max(80),
      storePhoneNumber: phoneNumber,
      isPhysicalLocation: z.boolean(),
      shippingLocation,
      officeAddress: z.string().trim().max(300),
      logo: z.string().max(300).nullable(),
      hubId: uuid.nullable(),
      isRegisteredBusiness: z.boolean(),
      /** The store's own TIN (issue 35 item 8); null clears it. */
      tin: taxIdentificationNumber.nullable(),
      isVatRegistered: z.boolean(),
    })
    .partial()
    .optional(),
});
export type StoreProfileBody = z.input<typeof storeProfileBody>;

export const storeApprovalStatus = z.enum(['pending', 'approved', 'rejected']);

export const storeProfile = z.object({
  socials: z.record(z.string(), z.string()),
  store: z.object({
    id: z.string(),
    storeName: z.string(),
    storeUrl: z.string(),
    logo: z.string().nullable(),
    storePhoneNumber: z.string().nullable(),
    isPhysicalLocation: z.boolean(),
    isRegisteredBusiness: z.boolean(),
    tin: z.string().nullable(),
    isVatRegistered: z.boolean(),
    shippingLocation: z
      .object({ country: z.string(), state: z.string(), street: z.string(), city: z.string() })
      .nullable(),
    officeAddress: z.string().nullable(),
    hubId: z.string().nullable(),
    firstApproval: z.boolean(),
    secondApproval: z.boolean(),
    approvalStatus: storeApprovalStatus,
    rejectionReason: z.string().nullable(),
    isVisible: z.boolean(),
    followersCount: z.number().int(),
  }),
});
export type StoreProfile = z.infer<typeof storeProfile>;

export const uploadedImage = z.object({
  fileId: z.string(),
  url: z.string(),
  urls: z.record(z.string(), z.string()),
  width: z.number(),
  height: z.number(),
});

// ---------- public stores ----------

export const storeCard = z.object({
  id: z.string(),
  storeName: z.string(),
  storeUrl: z.string(),
  logo: z.string().nullable(),
  state: z.string().nullable(),
  followersCount: z.number().int(),
  productsCount: z.number().int(),
  salesCount: z.number().int(),
  /** Average of the store's visible merchant reviews (0 without any), and how many there are. */
  ratingAverage: z.number(),
  ratingCount: z.number().int(),
});
export type StoreCard = z.infer<typeof storeCard>;

export const publicStore = storeCard.extend({
  socials: z.record(z.string(), z.string()),
  city: z.string().nullable(),
  storePhoneNumber: z.string().nullable(),
  createdAt: isoDateTime,
});
export type PublicStore = z.infer<typeof publicStore>;

export const followState = z.object({
  storeId: z.string(),
  following: z.boolean(),
  followersCount: z.number().int(),
});

// ---------- admin ----------

export const adminStoreRow = z.object({
  id: z.string(),
  storeName: z.string(),
  storeUrl: z.string(),
  logo: z.string().nullable(),
  merchant: z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), email: z.string() }),
  approvalStatus: storeApprovalStatus,
  firstApproval: z.boolean(),
  secondApproval: z.boolean(),
  percentageComplete: z.number().int(),
  paymentCategory: z.enum(paymentCategories),
  isVisible: z.boolean(),
  createdAt: isoDateTime,
});
export type AdminStoreRow = z.infer<typeof adminStoreRow>;

const approverRef = z.object({ id: z.string(), name: z.string() }).nullable();

export const adminStoreDetails = adminStoreRow.extend({
  profile: storeProfile,
  merchant: z.object({
    id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phoneNumber: z.string().nullable(),
  }),
  onboarding: onboardingState,
  firstApprovedBy: approverRef,
  secondApprovedBy: approverRef,
  rejectionReason: z.string().nullable(),
  productsCount: z.number().int(),
});
export type AdminStoreDetails = z.infer<typeof adminStoreDetails>;

export const approver = z.object({
  adminId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  accountType: z.string(),
  isActive: z.boolean(),
  createdAt: isoDateTime,
});
export type Approver = z.infer<typeof approver>;

// ---------- endpoints ----------

const storeIdParam = z.object({ storeId: uuid });
const binary = z.unknown().describe('The file itself');

export const onboardingEndpoints = {
  get: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/auth/merchant/onboard',
    summary: 'The merchant onboarding answers and percentage',
    tags: ['Merchant onboarding'],
    access: access.merchantAccount,
    response: envelope(onboardingState),
  }),
  update: defineEndpoint({
    surface: 'api',
    method: 'PUT',
    path: '/auth/merchant/onboard',
    summary: 'Save onboarding answers (any subset, step by step)',
    tags: ['Merchant onboarding'],
    access: access.merchantAccount,
    serverChecks: {
      idDocumentFileId: 'must be a document uploaded first',
      proofOfAddressFileId: 'must be a document uploaded first',
      subCategoryIds: 'must be sub-categories of the chosen main category',
      dateOfBirth: 'must make the merchant at least 18 today',
    },
    body: onboardingBody,
    response: envelope(onboardingState),
  }),
  pricing: defineEndpoint({
    surface: 'api',
    method: 'PATCH',
    path: '/auth/merchant/onboard/pricing',
    summary: 'Choose the pricing plan',
    tags: ['Merchant onboarding'],
    access: access.merchantAccount,
    body: pricingBody,
    response: envelope(onboardingState),
  }),
  uploadDocument: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/auth/merchant/onboard/documents',
    summary:
      'Upload an ID document or proof of address (PDF, JPEG, PNG or WebP, 5 MB at most); stored privately',
    tags: ['Merchant onboarding'],
    access: access.merchantAccount,
    query: z.object({ kind: z.enum(['id-document', 'proof-of-address']) }),
    upload: { field: 'file' },
    response: envelope(uploadedDocument),
    status: 201,
  }),
  downloadDocument: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/auth/merchant/onboard/documents/:id',
    summary: "One of the merchant's own private documents",
    tags: ['Merchant onboarding'],
    access: access.merchantAccount,
    params: idParam,
    response: binary,
  }),
};

export const storeProfileEndpoints = {
  get: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/stores/profile',
    summary: "The merchant's store profile",
    tags: ['Store profile'],
    access: access.merchant('store:profile:read'),
    response: envelope(storeProfile),
  }),
  save: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/stores/profile',
    summary: 'Add or update the store profile',
    tags: ['Store profile'],
    access: access.merchant('store:profile:write'),
    serverChecks: {
      'store.logo': 'must be a logo uploaded first',
      'store.hubId': 'must name a hub the store is approved for',
    },
    body: storeProfileBody,
    response: envelope(storeProfile),
  }),
  uploadLogo: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/stores/profile/logo',
    summary: 'Upload the store logo (JPEG, PNG or WebP); it becomes the logo at once',
    tags: ['Store profile'],
    access: access.merchant('store:profile:write'),
    upload: { field: 'logo' },
    response: envelope(uploadedImage),
    status: 201,
  }),
};

export const storeFollowEndpoints = {
  follow: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/stores/:storeId/follow',
    summary: 'Follow a store',
    tags: ['Stores'],
    access: access.customer,
    params: storeIdParam,
    response: envelope(followState),
  }),
  unfollow: defineEndpoint({
    surface: 'api',
    method: 'DELETE',
    path: '/stores/:storeId/follow',
    summary: 'Stop following a store',
    tags: ['Stores'],
    access: access.customer,
    params: storeIdParam,
    response: envelope(followState),
  }),
  state: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/stores/:storeId/follow',
    summary: 'Whether the customer follows a store',
    tags: ['Stores'],
    access: access.customer,
    params: storeIdParam,
    response: envelope(followState),
  }),
  following: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/stores/customer/following',
    summary: 'Stores the customer follows',
    tags: ['Stores'],
    access: access.customer,
    query: pageQuery,
    response: envelope(z.object({ stores: z.array(storeCard), pagination })),
  }),
};

export const merchantDirectoryEndpoints = {
  list: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/merchants',
    summary: 'Approved stores, paged, with search',
    tags: ['Stores'],
    access: access.public,
    query: pageQuery.extend({ search: z.string().trim().max(100).optional() }),
    response: envelope(z.object({ merchants: z.array(storeCard), pagination })),
  }),
  top: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/merchants/top',
    summary: 'Top stores: by sales, then followers, then products',
    tags: ['Stores'],
    access: access.public,
    query: z.object({ limit: z.coerce.number().int().min(1).max(50).default(10) }),
    response: envelope(z.array(storeCard)),
  }),
  one: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/merchants/:storeUrl',
    summary: 'One approved store by its storefront slug',
    tags: ['Stores'],
    access: access.public,
    params: z.object({ storeUrl: z.string().trim().min(1).max(80) }),
    response: envelope(publicStore),
  }),
};

/** Names an admin as store approver (active unless said), or changes whether they are active. */
export const approverBody = z.object({ adminId: uuid, isActive: z.boolean().default(true) });

export const storeAdminEndpoints = {
  list: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/stores/admin/stores',
    summary: 'Stores for approval, with filters',
    tags: ['Store approval'],
    access: access.admin('approvals:stores'),
    query: pageQuery.extend({
      search: z.string().trim().max(100).optional(),
      approvalStatus: storeApprovalStatus.optional(),
      onboarding: z.enum(['complete', 'incomplete']).optional(),
    }),
    response: envelope(
      z.object({
        stores: z.array(adminStoreRow),
        pagination,
        metrics: z.object({
          pending: z.number().int(),
          approved: z.number().int(),
          rejected: z.number().int(),
        }),
      }),
    ),
  }),
  details: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/stores/admin/stores/:id',
    summary: 'Store details with onboarding and approvals',
    tags: ['Store approval'],
    access: access.admin('approvals:stores'),
    params: idParam,
    response: envelope(adminStoreDetails),
  }),
  approve: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/stores/admin/stores/:id/approve',
    summary: 'Give the first or second approval (two different approvers)',
    tags: ['Store approval'],
    access: access.admin('approvals:stores'),
    params: idParam,
    response: envelope(adminStoreDetails),
  }),
  reject: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/stores/admin/stores/:id/reject',
    summary: 'Reject a store with a reason mailed to the merchant',
    tags: ['Store approval'],
    access: access.admin('approvals:stores'),
    params: idParam,
    body: z.object({ reason: z.string().trim().min(5, 'Give the merchant a reason').max(1000) }),
    response: envelope(adminStoreDetails),
  }),
  paymentCategory: defineEndpoint({
    surface: 'api',
    method: 'PATCH',
    path: '/stores/admin/stores/:id/payment-category',
    summary: "Set the store's payment category",
    tags: ['Store approval'],
    access: access.admin('approvals:stores'),
    params: idParam,
    body: z.object({ paymentCategory: z.enum(paymentCategories) }),
    response: envelope(adminStoreDetails),
  }),
  document: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/stores/admin/stores/:id/documents/:fileId',
    summary: "A merchant's private onboarding document",
    tags: ['Store approval'],
    access: access.admin('approvals:stores'),
    params: z.object({ id: uuid, fileId: uuid }),
    response: binary,
  }),
  approvers: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/stores/admin/approvers',
    summary: 'Admins who may approve stores',
    tags: ['Store approval'],
    access: access.admin('approvals:stores'),
    response: envelope(z.array(approver)),
  }),
  saveApprover: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/stores/admin/approvers',
    summary: 'Name an admin as store approver, or change whether they are active',
    tags: ['Store approval'],
    access: access.superadmin,
    serverChecks: { adminId: 'must name an admin or super admin' },
    body: approverBody,
    response: envelope(approver),
  }),
  removeApprover: defineEndpoint({
    surface: 'api',
    method: 'DELETE',
    path: '/stores/admin/approvers/:id',
    summary: 'Stop an admin being a store approver',
    tags: ['Store approval'],
    access: access.superadmin,
    params: idParam,
    response: messageOnly,
  }),
};
