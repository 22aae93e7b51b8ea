import { z } from 'zod';
import { access } from './access.js';
import { email, idParam, isoDateTime, password, personName, phoneNumber, tokenParam } from './common.js';
import { type AccountKind, type AdminRole, defineEndpoint } from './endpoint.js';
import { envelope, messageOnly, pageQuery, pagination } from './envelope.js';
import { atLeastOneField, publishRules } from './published-rules.js';
import { onboardingState } from './stores.js';

export const accountKinds = [
  'customer',
  'merchant',
  'admin',
  'partner',
] as const satisfies readonly AccountKind[];
export const adminRoles = [
  'admin',
  'superadmin',
  'dispatcher',
  'scheduler',
] as const satisfies readonly AdminRole[];
export const accountTypes = [
  'customer',
  'merchant',
  'admin',
  'superadmin',
  'dispatcher',
  'scheduler',
] as const;
export type AccountType = (typeof accountTypes)[number];

/** Web route segment of each account kind (`/{segment}/login`). */
export const accountSegments: Record<AccountKind, string> = {
  customer: 'customer',
  merchant: 'merchant',
  admin: 'admin',
  partner: 'shipping-partner',
};

/**
 * Cookie names of each account kind. The merchant access cookie is `token` because the themes service reads
 * its bearer token from a cookie of that name (specification, section 6).
 */
export const sessionCookies: Record<AccountKind, { access: string; refresh: string }> = {
  customer: { access: 'customer_token', refresh: 'customer_refresh_token' },
  merchant: { access: 'token', refresh: 'merchant_refresh_token' },
  admin: { access: 'admin_token', refresh: 'admin_refresh_token' },
  partner: { access: 'partner_token', refresh: 'partner_refresh_token' },
};

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;
export const PASSWORD_RESET_TTL_SECONDS = 60 * 60;
export const EMAIL_CONFIRMATION_TTL_SECONDS = 7 * 24 * 60 * 60;

// ---------- shapes ----------

export const user = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  category: z.string().nullable(),
  role: z.string().nullable(),
  storeId: z.string().nullable(),
  storeName: z.string().nullable(),
  storeUrl: z.string().nullable(),
  isRegisteredBusiness: z.boolean(),
  image: z.string().nullable(),
  lastLogin: isoDateTime.nullable(),
  accountType: z.enum(accountTypes),
  isActive: z.boolean(),
  emailConfirmed: z.boolean(),
});
export type User = z.infer<typeof user>;

export const partnerUser = z.object({
  id: z.string(),
  name: z.string(),
  logo: z.string().nullable(),
  email: z.string(),
  shippingCompany: z.string(),
  accountType: z.literal('shippingPartner'),
  lastLogin: isoDateTime.nullable(),
});
export type PartnerUser = z.infer<typeof partnerUser>;

export const sessionUser = z.union([user, partnerUser]);
export type SessionUser = z.infer<typeof sessionUser>;

export const session = z.object({ accessToken: z.string(), refreshToken: z.string(), user: sessionUser });
export type Session = z.infer<typeof session>;

// ---------- bodies ----------

export const customerSignupBody = z.object({
  firstName: personName('First name'),
  lastName: personName('Last name'),
  email,
  password,
  phoneNumber,
});
export type CustomerSignupBody = z.input<typeof customerSignupBody>;

export const merchantSignupBody = customerSignupBody.extend({
  storeName: z
    .string({ error: 'Store name is required' })
    .trim()
    .min(2, 'Store name must be at least 2 characters')
    .max(80, 'Store name must be at most 80 characters'),
});
export type MerchantSignupBody = z.input<typeof merchantSignupBody>;

const text = (label: string, max = 200) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
const optionalText = (max = 200) => z.string().trim().max(max).optional().default('');

export const partnerCompany = z.object({
  companyName: text('Company name', 120),
  rcNumber: text('RC number', 40),
  vatNumber: optionalText(40),
  officeAddress: text('Office address', 300),
  postalAddress: optionalText(300),
  phoneNumber,
  email,
  contactPerson: text('Contact person', 120),
  lineOfBusiness: text('Line of business', 120),
});

export const partnerBankDetails = z.object({
  bankName: text('Bank name', 120),
  branch: optionalText(120),
  accountName: text('Account name', 120),
  accountNumber: z
    .string({ error: 'Account number is required' })
    .trim()
    .regex(/^[0-9]{10}$/, 'Account number must be 10 digits'),
  swiftCodeSortCodeIban: z
    .object({ type: z.enum(['swift', 'sortCode', 'iban']), code: z.string().trim().max(40) })
    .optional(),
});

export const partnerCertification = z.object({
  name: text('Name', 120),
  designation: text('Designation', 120),
  signature: text('Signature', 120),
  date: z.iso.date('Date must be YYYY-MM-DD'),
  introducedBy: optionalText(120),
});

export const partnerSignupBody = z.object({
  company: partnerCompany,
  bankDetails: partnerBankDetails,
  certification: partnerCertification,
  password,
});
export type PartnerSignupBody = z.input<typeof partnerSignupBody>;

/** The code mailed when an account's sign-ins are under attack (issue 31): eight letters and digits, a dash allowed. */
export const signInCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z2-9]{4}-?[A-Z2-9]{4}$/, 'Enter the 8-character code from the email');

export const loginBody = z.object({
  email,
  password: z.string({ error: 'Password is required' }).min(1).max(128),
  /** Only when a sign-in answered SIGN_IN_CODE_REQUIRED: the code mailed to the account's address. */
  code: signInCode.optional(),
});
export type LoginBody = z.input<typeof loginBody>;

export const refreshBody = z.object({ refresh_token: z.string().min(10).max(500).optional() });
/** Sign-out sends no body at all as often as an empty one: anything but an object means "no refresh token". */
export const logoutBody = z
  .preprocess(
    (value) => (value !== null && typeof value === 'object' && !Array.isArray(value) ? value : undefined),
    refreshBody.optional(),
  )
  // The document says so (ADR 085): any JSON that is not an object (null, an array, a number) is taken as no body.
  .meta({
    // Not an object schema: the object is one of the two shapes taken.
    type: undefined,
    properties: undefined,
    description:
      'Optional. An object with the refresh token to revoke too; any other JSON (null, an array, a number) is read as no body, and sign-out goes ahead.',
    anyOf: [
      { type: 'object', properties: { refresh_token: { type: 'string', minLength: 10, maxLength: 500 } } },
      { not: { type: 'object' } },
    ],
  });
export const emailBody = z.object({ email });
export const resetPasswordBody = z.object({ password });
export const changePasswordBody = z.object({
  oldPassword: z
    .string({ error: 'Current password is required' })
    .min(1, 'Current password is required')
    .max(128),
  newPassword: password,
});

export const createAdminBody = z
  .object({
    firstName: personName('First name'),
    lastName: personName('Last name'),
    email,
    role: z.enum(adminRoles),
    /** A custom admin role given at creation (its permissions replace the built-in role's); not for a super admin. */
    customRoleId: z.uuid('Must be a valid id').optional(),
  })
  .refine((body) => !(body.customRoleId && body.role === 'superadmin'), {
    path: ['customRoleId'],
    message: 'A super admin keeps the super admin role; choose no custom role',
  })
  .apply((schema) =>
    publishRules(
      schema,
      [{ fields: ['customRoleId', 'role'], rule: 'no customRoleId with the superadmin role' }],
      { not: { required: ['customRoleId', 'role'], properties: { role: { const: 'superadmin' } } } },
    ),
  );
export type CreateAdminBody = z.input<typeof createAdminBody>;
export const editAdminBody = z
  .object({
    firstName: personName('First name'),
    lastName: personName('Last name'),
    email,
    role: z.enum(adminRoles),
  })
  .partial()
  .refine((value) => Object.keys(value).length > 0, 'Give at least one field to change')
  .apply(atLeastOneField('Give at least one field to change'));
export type EditAdminBody = z.input<typeof editAdminBody>;
export const adminIdBody = z.object({ id: z.uuid('Must be a valid id') });

export const adminSummary = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  accountType: z.enum(adminRoles),
  isActive: z.boolean(),
  passwordSet: z.boolean(),
  lastLogin: isoDateTime.nullable(),
  createdAt: isoDateTime,
});
export type AdminSummary = z.infer<typeof adminSummary>;

export const merchantProfile = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  role: z.string(),
  isVerified: z.boolean(),
  store: z.object({
    id: z.string(),
    storeName: z.string(),
    storeUrl: z.string(),
    logo: z.string().nullable(),
    isRegisteredBusiness: z.boolean(),
    storePhoneNumber: z.string().nullable(),
    officeAddress: z.string().nullable(),
    approvalStatus: z.enum(['pending', 'approved', 'rejected']),
    firstApproval: z.boolean(),
    secondApproval: z.boolean(),
    isVisible: z.boolean(),
    followersCount: z.number().int(),
  }),
  /** The Merchant fields of section 3 the merchant gave during onboarding, with its percentage. */
  onboarding: onboardingState,
});
export type MerchantProfile = z.infer<typeof merchantProfile>;

/** What the caller may do, resolved by the server: an admin's role, or a merchant's role in the store they work in. */
export const permissionsData = z.object({
  permissions: z.array(z.string()),
  role: z.string().nullable(),
  /** The store a merchant account works in (its active membership); null for other accounts. */
  storeId: z.string().nullable(),
});

// ---------- endpoints ----------

const tags = ['Auth'];

function sessionEndpoints<K extends AccountKind>(kind: K) {
  const base = `/auth/${kind}`;
  return {
    login: defineEndpoint({
      surface: 'api',
      method: 'POST',
      path: `${base}/login`,
      summary: `Sign in as ${kind}`,
      tags,
      access: access.public,
      errors: [401, 429],
      serverChecks: {
        code: 'asked for (401 SIGN_IN_CODE_REQUIRED, the code mailed) when many addresses failed to sign in to this account',
      },
      body: loginBody,
      response: envelope(session),
    }),
    refresh: defineEndpoint({
      surface: 'api',
      method: 'POST',
      path: `${base}/refresh-token`,
      summary: `Rotate a ${kind} refresh token`,
      tags,
      access: access.public,
      errors: [401, 429],
      body: refreshBody,
      response: envelope(session),
    }),
    logout: defineEndpoint({
      surface: 'api',
      method: 'POST',
      path: `${base}/logout`,
      summary: `Sign out a ${kind} session`,
      tags,
      access: access.public,
      body: logoutBody,
      response: messageOnly,
    }),
    forgotPassword: defineEndpoint({
      surface: 'api',
      method: 'POST',
      path: `${base}/forgot-password`,
      summary: `Mail a ${kind} password reset link`,
      tags,
      access: access.public,
      errors: [429],
      body: emailBody,
      response: messageOnly,
    }),
    resetPassword: defineEndpoint({
      surface: 'api',
      method: 'PATCH',
      path: `${base}/resetpassword/:token`,
      summary: `Set a new ${kind} password with a reset link`,
      tags,
      access: access.public,
      params: tokenParam,
      body: resetPasswordBody,
      response: messageOnly,
    }),
  };
}

function confirmationEndpoints(kind: 'customer' | 'merchant' | 'partner') {
  const base = kind === 'partner' ? '/partner/partner' : `/auth/${kind}`;
  return {
    confirm: defineEndpoint({
      surface: 'api',
      method: 'GET',
      path: `${base}/confirmation/:token`,
      summary: `Confirm a ${kind} email address`,
      tags,
      access: access.public,
      params: tokenParam,
      response: messageOnly,
    }),
    resendConfirmation: defineEndpoint({
      surface: 'api',
      method: 'POST',
      path: `${base}/resend-confirmation`,
      summary: `Mail the ${kind} confirmation link again`,
      tags,
      access: access.public,
      errors: [429],
      body: emailBody,
      response: messageOnly,
    }),
  };
}

export const authEndpoints = {
  customer: {
    ...sessionEndpoints('customer'),
    ...confirmationEndpoints('customer'),
    signup: defineEndpoint({
      surface: 'api',
      method: 'POST',
      path: '/auth/customer/signup',
      summary: 'Create a customer account',
      tags,
      access: access.public,
      errors: [429],
      body: customerSignupBody,
      response: envelope(z.object({ user })),
      status: 201,
    }),
  },
  merchant: {
    ...sessionEndpoints('merchant'),
    ...confirmationEndpoints('merchant'),
    signup: defineEndpoint({
      surface: 'api',
      method: 'POST',
      path: '/auth/merchant/signup',
      summary: 'Create a merchant account and its store',
      tags,
      access: access.public,
      errors: [429],
      body: merchantSignupBody,
      response: envelope(z.object({ user })),
      status: 201,
    }),
  },
  admin: sessionEndpoints('admin'),
  partner: {
    ...sessionEndpoints('partner'),
    ...confirmationEndpoints('partner'),
    signup: defineEndpoint({
      surface: 'api',
      method: 'POST',
      path: '/partner/partner/signup',
      summary: 'Apply as a shipping partner',
      tags,
      access: access.public,
      errors: [429],
      body: partnerSignupBody,
      response: envelope(z.object({ user: partnerUser })),
      status: 201,
    }),
  },
  changePassword: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/auth/user/change-password',
    summary: 'Change the signed-in password',
    tags,
    access: access.anyAccount,
    serverChecks: { oldPassword: 'must be the current password' },
    body: changePasswordBody,
    response: messageOnly,
  }),
  verifyToken: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/auth/verify-token',
    summary: 'Check the access token',
    tags,
    access: access.anyAccount,
    response: envelope(
      z.object({ valid: z.literal(true), accountKind: z.enum(accountKinds), expiresAt: isoDateTime }),
    ),
  }),
  userData: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/auth/userdata',
    summary: 'The signed-in user',
    tags,
    access: access.anyAccount,
    response: envelope(sessionUser),
  }),
  merchantProfile: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/auth/userdata/merchant-profile',
    summary: 'The signed-in merchant and store',
    tags,
    access: access.merchantAccount,
    response: envelope(merchantProfile),
  }),
  permissions: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/auth/permissions',
    summary: "The signed-in user's permissions",
    tags,
    access: access.anyAccount,
    response: envelope(permissionsData),
  }),
};

const adminTags = ['Admin management'];

export const adminManagementEndpoints = {
  create: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/auth/admin/create',
    summary: 'Create an admin, super admin, dispatcher or scheduler',
    tags: adminTags,
    access: access.superadmin,
    body: createAdminBody,
    response: envelope(adminSummary),
    status: 201,
  }),
  list: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/auth/admin/all-admins',
    summary: 'All admins, paged',
    tags: adminTags,
    access: access.superadmin,
    query: pageQuery.extend({
      search: z.string().trim().max(100).optional(),
      role: z.enum(adminRoles).optional(),
    }),
    response: envelope(z.object({ admins: z.array(adminSummary), pagination })),
  }),
  get: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/auth/admin/:id',
    summary: 'One admin',
    tags: adminTags,
    access: access.superadmin,
    params: idParam,
    response: envelope(adminSummary),
  }),
  edit: defineEndpoint({
    surface: 'api',
    method: 'PATCH',
    path: '/auth/admin/edit/:id',
    summary: 'Edit an admin',
    tags: adminTags,
    access: access.superadmin,
    params: idParam,
    body: editAdminBody,
    response: envelope(adminSummary),
  }),
  deactivate: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/auth/admin/deactivate',
    summary: 'Deactivate an admin; their sessions end at once',
    tags: adminTags,
    access: access.superadmin,
    body: adminIdBody,
    response: envelope(adminSummary),
  }),
  activate: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/auth/admin/activate',
    summary: 'Activate an admin',
    tags: adminTags,
    access: access.superadmin,
    body: adminIdBody,
    response: envelope(adminSummary),
  }),
  remove: defineEndpoint({
    surface: 'api',
    method: 'DELETE',
    path: '/auth/admin/delete/:id',
    summary: 'Delete an admin',
    tags: adminTags,
    access: access.superadmin,
    params: idParam,
    response: messageOnly,
  }),
  createPartner: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/auth/admin/create-partner',
    summary: 'Create a shipping-partner account; the partner sets a password from the mail',
    tags: adminTags,
    access: access.superadmin,
    body: partnerSignupBody.omit({ password: true }),
    response: envelope(z.object({ user: partnerUser })),
    status: 201,
  }),
};
