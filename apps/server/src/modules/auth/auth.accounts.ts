import { randomUUID } from 'node:crypto';
import type {
  AccountKind,
  AdminRole,
  CustomerSignupBody,
  MerchantProfile,
  PartnerSignupBody,
  PartnerUser,
  SessionUser,
  User,
} from '@market/contracts';
import { hashPassword } from '../../platform/auth/passwords.js';
import type { Db } from '../../platform/db/client.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { conflict, notFound } from '../../platform/errors.js';
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

/** The account as its owner's session shows it: a partner with its company, a merchant with its store. */
export async function sessionUserOf(ctx: AuthContext, executor: Db, row: UserRow): Promise<SessionUser> {
  if (row.kind === 'partner') {
    const profile = await findPartnerProfile(executor, row.id);
    if (!profile) throw new Error(`Partner ${row.id} has no profile`);
    return toPartnerUser(row, profile);
  }
  const store = row.kind === 'merchant' ? await ctx.needs.findStoreByMerchant(executor, row.id) : undefined;
  return toUser(row, store);
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

export async function signup(
  ctx: AuthContext,
  kind: 'customer' | 'merchant',
  body: CustomerSignupBody & { storeName?: string },
  meta: RequestMeta,
): Promise<User> {
  await ctx.deps.rateLimits.consume('signup', { ip: meta.ip, email: body.email });
  const phoneNumber = normalizeNigerianPhone(body.phoneNumber);
  const passwordHash = await hashPassword(body.password);
  return ctx.db.transaction(async (tx) => {
    // A known email gets the very answer a new one gets (no account list for strangers); its owner is told.
    const existing = await findUserByEmail(tx, kind, body.email);
    if (existing) {
      await mailSignupAttempt(ctx, tx, existing);
      return lookalikeUser(kind, body, phoneNumber, slugify(body.storeName ?? ''));
    }
    const row = await insertUser(tx, {
      kind,
      role: kind === 'merchant' ? 'owner' : null,
      firstName: body.firstName,
      lastName: body.lastName,
      email: body.email,
      phoneNumber,
      passwordHash,
    });
    const store =
      kind === 'merchant' ? await ctx.needs.createStoreForMerchant(tx, row.id, body.storeName!) : undefined;
    await mailConfirmation(ctx, tx, row);
    return toUser(row, store);
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

export async function userData(ctx: AuthContext, userId: string): Promise<SessionUser> {
  const row = await findUserById(ctx.db, userId);
  if (!row) throw notFound('Could not get user data. Try again later.');
  return sessionUserOf(ctx, ctx.db, row);
}

export async function merchantProfile(ctx: AuthContext, userId: string): Promise<MerchantProfile> {
  const row = await findUserById(ctx.db, userId);
  const store = row ? await ctx.needs.findStoreByMerchant(ctx.db, row.id) : undefined;
  if (!row || !store) throw notFound('Could not get merchant profile. Try again later.');
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
    onboarding: await ctx.needs.merchantOnboarding(ctx.db, row.id),
  };
}
