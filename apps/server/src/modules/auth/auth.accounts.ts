import { randomUUID } from 'node:crypto';
import type {
  AccountKind,
  AdminRole,
  CustomerSignupBody,
  MerchantProfile,
  OnboardingState,
  PartnerSignupBody,
  PartnerUser,
  SessionUser,
  User,
} from '@market/contracts';
import { hashPassword } from '../../platform/auth/passwords.js';
import type { Db } from '../../platform/db/client.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { conflict } from '../../platform/errors.js';
import { normalizeNigerianPhone } from '../../platform/phone.js';
import { slugify } from '../../platform/slug.js';
import type { AuthContext, MerchantStore, RequestMeta } from './auth.context.js';
import { mailConfirmation, mailPasswordLink, mailSignupAttempt } from './auth.mail.js';
import {
  findPartnerProfile,
  findUserByEmail,
  findUserById,
  type PartnerProfileRow,
  type UserRow,
} from './auth.repository.js';
import { partnerProfiles, users } from './auth.schema.js';

// Accounts: how one reads to its owner, a customer's or merchant's sign-up, a shipping partner's application or a
// super admin's invitation, and the rows other modules add accounts with (staff, admins).

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toUser(row: UserRow, store?: MerchantStore): User {
  const accountType = row.kind === 'admin' ? ((row.role ?? 'admin') as AdminRole) : row.kind;
  if (accountType === 'partner') throw new Error('Partners are mapped by toPartnerUser');
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phoneNumber: row.phoneNumber,
    category: row.category,
    role: row.role,
    storeId: store?.id ?? null,
    storeName: store?.storeName ?? null,
    storeUrl: store?.storeUrl ?? null,
    isRegisteredBusiness: store?.isRegisteredBusiness ?? false,
    image: row.image,
    lastLogin: iso(row.lastLoginAt),
    accountType,
    isActive: row.isActive,
    emailConfirmed: row.emailConfirmedAt !== null,
  };
}

/** The answer a new sign-up would get, for a sign-up with a known email: nothing of the real account shows. */
function lookalikeUser(
  kind: 'customer' | 'merchant',
  body: CustomerSignupBody & { storeName?: string },
  phoneNumber: string,
  storeUrl: string | null,
): User {
  return {
    id: randomUUID(),
    firstName: body.firstName,
    lastName: body.lastName,
    email: body.email,
    phoneNumber,
    category: null,
    role: kind === 'merchant' ? 'owner' : null,
    storeId: kind === 'merchant' ? randomUUID() : null,
    storeName: kind === 'merchant' ? (body.storeName ?? null) : null,
    storeUrl: kind === 'merchant' ? storeUrl : null,
    isRegisteredBusiness: false,
    image: null,
    lastLogin: null,
    accountType: kind,
    isActive: true,
    emailConfirmed: false,
  };
}

export function toPartnerUser(row: UserRow, profile: PartnerProfileRow): PartnerUser {
  return {
    id: row.id,
    name: profile.companyName,
    logo: profile.logo,
    email: row.email,
    shippingCompany: profile.companyName,
    accountType: 'shippingPartner',
    lastLogin: iso(row.lastLoginAt),
  };
}

/** The partner's answer a new application would get, for an application with a known email. */
function lookalikePartner(companyName: string, email: string): PartnerUser {
  return {
    id: randomUUID(),
    name: companyName,
    logo: null,
    email,
    shippingCompany: companyName,
    accountType: 'shippingPartner',
    lastLogin: null,
  };
}

/**
 * The account as its owner's session shows it: a partner with its company, a merchant with the store they work in
 * (read by the flow from the stores module: `flows/sessions.ts`).
 */
export async function sessionUserOf(executor: Db, row: UserRow, store?: MerchantStore): Promise<SessionUser> {
  if (row.kind === 'partner') {
    const profile = await findPartnerProfile(executor, row.id);
    if (!profile) throw new Error(`Partner ${row.id} has no profile`);
    return toPartnerUser(row, profile);
  }
  return toUser(row, row.kind === 'merchant' ? store : undefined);
}

export async function insertUser(executor: Db, values: typeof users.$inferInsert): Promise<UserRow> {
  try {
    const [row] = await executor.insert(users).values(values).returning();
    return row!;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('An account with this email already exists');
    throw error;
  }
}

export async function ensureEmailFree(executor: Db, kind: AccountKind, email: string) {
  if (await findUserByEmail(executor, kind, email))
    throw conflict('An account with this email already exists');
}

/** What a sign-up prepares before its transaction: the number it stores and the password's hash. */
export interface PreparedSignup {
  phoneNumber: string;
  passwordHash: string;
}

/** The answer a sign-up gets, new account or known email alike. */
export const SIGNUP_MESSAGE =
  'Account created. We have sent you a mail: confirm your email address to sign in.';

/** Sign-up's first step, before its transaction: the rate limit, the phone number read, the password hashed. */
export async function prepareSignup(
  ctx: AuthContext,
  body: CustomerSignupBody,
  meta: RequestMeta,
): Promise<PreparedSignup> {
  await ctx.deps.rateLimits.consume('signup', { ip: meta.ip, email: body.email });
  return {
    phoneNumber: normalizeNigerianPhone(body.phoneNumber),
    passwordHash: await hashPassword(body.password),
  };
}

/**
 * In the sign-up's transaction: the new account's row; or, for a known email, the very answer a new one gets (no
 * account list for strangers), its owner told by mail.
 */
export async function openAccount(
  ctx: AuthContext,
  tx: Db,
  kind: 'customer' | 'merchant',
  body: CustomerSignupBody & { storeName?: string },
  prepared: PreparedSignup,
): Promise<{ row: UserRow } | { lookalike: User }> {
  const existing = await findUserByEmail(tx, kind, body.email);
  if (existing) {
    await mailSignupAttempt(ctx, tx, existing);
    return { lookalike: lookalikeUser(kind, body, prepared.phoneNumber, slugify(body.storeName ?? '')) };
  }
  const row = await insertUser(tx, {
    kind,
    role: kind === 'merchant' ? 'owner' : null,
    firstName: body.firstName,
    lastName: body.lastName,
    email: body.email,
    phoneNumber: prepared.phoneNumber,
    passwordHash: prepared.passwordHash,
  });
  return { row };
}

/** The sign-up's last step, in its transaction: the confirmation mailed; the account as its answer shows it. */
export async function welcomeAccount(
  ctx: AuthContext,
  tx: Db,
  row: UserRow,
  store?: MerchantStore,
): Promise<User> {
  await mailConfirmation(ctx, tx, row);
  return toUser(row, store);
}

/** A customer's sign-up (a merchant's opens their store too: `flows/merchant-account.ts`). */
export async function signupCustomer(
  ctx: AuthContext,
  body: CustomerSignupBody,
  meta: RequestMeta,
): Promise<User> {
  const prepared = await prepareSignup(ctx, body, meta);
  return ctx.db.transaction(async (tx) => {
    const opened = await openAccount(ctx, tx, 'customer', body, prepared);
    return 'lookalike' in opened ? opened.lookalike : welcomeAccount(ctx, tx, opened.row);
  });
}

/** A shipping partner: applying (confirms by mail, approved later) or added by a super admin (sets a password). */
export async function createPartner(
  ctx: AuthContext,
  body: Omit<PartnerSignupBody, 'password'> & { password?: string },
  options: { invitedByAdmin: boolean; meta?: RequestMeta },
): Promise<PartnerUser> {
  if (options.meta)
    await ctx.deps.rateLimits.consume('signup', { ip: options.meta.ip, email: body.company.email });
  const companyPhone = normalizeNigerianPhone(body.company.phoneNumber, 'company.phoneNumber');
  const passwordHash = body.password ? await hashPassword(body.password) : null;
  const [firstName, ...rest] = body.company.contactPerson.split(/\s+/);
  return ctx.db.transaction(async (tx) => {
    const email = body.company.email;
    if (options.invitedByAdmin) await ensureEmailFree(tx, 'partner', email);
    else {
      // An application with a known email gets the very answer a new one gets, as customer and merchant
      // sign-ups do (no list of partners for strangers); the owner is told by mail.
      const existing = await findUserByEmail(tx, 'partner', email);
      if (existing) {
        await mailSignupAttempt(ctx, tx, existing);
        return lookalikePartner(body.company.companyName, email);
      }
    }
    const row = await insertUser(tx, {
      kind: 'partner',
      firstName: firstName ?? body.company.contactPerson,
      lastName: rest.join(' '),
      email,
      phoneNumber: companyPhone,
      passwordHash,
      // A super admin vouches for the partners they add; applicants confirm by mail.
      emailConfirmedAt: options.invitedByAdmin ? ctx.now() : null,
    });
    const [profile] = await tx
      .insert(partnerProfiles)
      .values({
        userId: row.id,
        companyName: body.company.companyName,
        company: { ...body.company, phoneNumber: companyPhone },
        bankDetails: body.bankDetails,
        certification: body.certification,
        approvedAt: options.invitedByAdmin ? ctx.now() : null,
      })
      .returning();
    if (options.invitedByAdmin) await mailPasswordLink(ctx, tx, row, true);
    else await mailConfirmation(ctx, tx, row);
    return toPartnerUser(row, profile!);
  });
}

/** The account a session's user data and a merchant's profile show, undefined when gone. */
export async function accountOf(ctx: AuthContext, userId: string): Promise<UserRow | undefined> {
  return findUserById(ctx.db, userId);
}

/** A merchant's profile: their account, the store they work in, and its onboarding. */
export function toMerchantProfile(
  row: UserRow,
  store: MerchantStore,
  onboarding: OnboardingState,
): MerchantProfile {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phoneNumber: row.phoneNumber,
    role: row.role ?? 'owner',
    isVerified: row.emailConfirmedAt !== null,
    store: {
      id: store.id,
      storeName: store.storeName,
      storeUrl: store.storeUrl,
      logo: store.logo,
      isRegisteredBusiness: store.isRegisteredBusiness,
      storePhoneNumber: store.storePhoneNumber,
      officeAddress: store.officeAddress,
      approvalStatus: store.approvalStatus,
      firstApproval: store.firstApproval,
      secondApproval: store.secondApproval,
      isVisible: store.isVisible,
      followersCount: store.followersCount,
    },
    onboarding,
  };
}
