import { randomInt, randomUUID } from 'node:crypto';
import {
  type AccountKind,
  type AdminRole,
  accountSegments,
  type CustomerSignupBody,
  EMAIL_CONFIRMATION_TTL_SECONDS,
  type MerchantProfile,
  type OnboardingState,
  PASSWORD_RESET_TTL_SECONDS,
  type PartnerSignupBody,
  type PartnerUser,
  REFRESH_TOKEN_TTL_SECONDS,
  type Session,
  type SessionUser,
  type User,
} from '@market/contracts';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/record.js';
import { hashPassword, verifyAgainstNothing, verifyPassword } from '../../platform/auth/passwords.js';
import { type AccessClaims, hashToken, randomToken } from '../../platform/auth/tokens.js';
import type { Db } from '../../platform/db/client.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import type { Deps } from '../../platform/deps.js';
import { AppError, conflict, notFound, unauthorized, validation } from '../../platform/errors.js';
import type { SignedInAccount } from '../../platform/http/routes.js';
import { normalizeNigerianPhone } from '../../platform/phone.js';
import { EmailLocked } from '../../platform/security/rate-limits.js';
import type { FindAdminCustomRole, FindMembership } from './auth.guard.js';
import {
  claimOneTimeToken,
  claimRefreshToken,
  findLiveSession,
  findOneTimeToken,
  findPartnerProfile,
  findRefreshToken,
  findUserByEmail,
  findUserById,
  type PartnerProfileRow,
  retireOneTimeTokens,
  revokeSession,
  revokeUserSessions,
  signedInFromAddress,
  type UserRow,
} from './auth.repository.js';
import { oneTimeTokens, partnerProfiles, refreshTokens, sessions, users } from './auth.schema.js';

export const INVALID_CREDENTIALS = 'Incorrect email or password';
export const EMAIL_NOT_CONFIRMED =
  'Please confirm your email address first. Use the link we mailed you, or ask for a new one.';
export const FORGOT_PASSWORD_ANSWER =
  'If an account exists for that email, we have sent a link to reset the password.';
export const RESEND_CONFIRMATION_ANSWER =
  'If that email belongs to an account that is not confirmed yet, we have sent a new confirmation link.';
const INVALID_LINK = 'This link is invalid or has expired. Please ask for a new one.';
const kindLabel: Record<AccountKind, string> = {
  customer: 'customer',
  merchant: 'merchant',
  admin: 'admin',
  partner: 'shipping partner',
};

export interface RequestMeta {
  ip: string;
  userAgent?: string;
}

/** `users.role` of a merchant account created by a store for its staff (its store role is the membership's). */
export const STAFF_ACCOUNT_ROLE = 'staff';
/** An address the account had a session from within this many days is its owner's (sign-in lockout, ADR 042). */
const KNOWN_ADDRESS_DAYS = 90;

export const SIGN_IN_CODE_SENT =
  'Many sign-ins to this account failed from other addresses. We emailed its owner a sign-in code: enter it with your password.';
export const SIGN_IN_CODE_WRONG =
  'That code is not right or has expired. Use the newest code we emailed, or reset your password.';
const SIGN_IN_CODE_TTL_SECONDS = 15 * 60;
/** Letters and digits that cannot be mistaken for one another (no 0/O, 1/I/L). */
const SIGN_IN_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** A code is short, so its hash is salted with the account: two accounts' equal codes never collide. */
const signInCodeHash = (userId: string, code: string) =>
  hashToken(
    `sign-in:${userId}:${code
      .toUpperCase()
      .replace('-', '')
      .replace(/^(.{4})/, '$1-')}`,
  );

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** A merchant's store as the account screens show it. */
export type MerchantStore = MerchantProfile['store'];

/**
 * What auth needs of the stores module, handed in by the composition: the stores module depends on auth (a store
 * belongs to a user), so auth must not import it back.
 */
export interface AuthNeeds {
  findStoreByMerchant(executor: Db, merchantId: string): Promise<MerchantStore | undefined>;
  createStoreForMerchant(executor: Db, merchantId: string, storeName: string): Promise<MerchantStore>;
  merchantOnboarding(executor: Db, merchantId: string): Promise<OnboardingState>;
  /** The caller's active store membership, resolved by the stores module for the guard. */
  findMembership: FindMembership;
  /** An admin's custom role, resolved by the admins module for the guard (issue 9). */
  findAdminCustomRole?: FindAdminCustomRole;
  /** The store URL a store name would get, so a sign-up with a known email answers like a new one. */
  slugify(name: string): string;
}

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

export function createAuthService(deps: Deps, needs: AuthNeeds) {
  const { findStoreByMerchant, createStoreForMerchant } = needs;
  const { db, mailer, tokens, rateLimits } = deps;
  const now = () => deps.now();
  const link = (path: string) => `${deps.config.publicUrl}${path}`;

  async function sessionUserOf(executor: Db, row: UserRow): Promise<SessionUser> {
    if (row.kind === 'partner') {
      const profile = await findPartnerProfile(executor, row.id);
      if (!profile) throw new Error(`Partner ${row.id} has no profile`);
      return toPartnerUser(row, profile);
    }
    const store = row.kind === 'merchant' ? await findStoreByMerchant(executor, row.id) : undefined;
    return toUser(row, store);
  }

  async function issueRefreshToken(executor: Db, sessionId: string): Promise<string> {
    const token = randomToken();
    await executor.insert(refreshTokens).values({
      sessionId,
      tokenHash: hashToken(token),
      expiresAt: new Date(now().getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000),
    });
    return token;
  }

  async function startSession(row: UserRow, meta: RequestMeta): Promise<Session> {
    return db.transaction(async (tx) => {
      const at = now();
      const [session] = await tx
        .insert(sessions)
        .values({
          userId: row.id,
          ipAddress: meta.ip,
          userAgent: meta.userAgent?.slice(0, 300),
          createdAt: at,
        })
        .returning({ id: sessions.id });
      const refreshToken = await issueRefreshToken(tx, session!.id);
      const [updated] = await tx
        .update(users)
        .set({ lastLoginAt: at })
        .where(eq(users.id, row.id))
        .returning();
      // An admin's sign-in is a decision about access (ADR 072): who, when, from where, which session.
      if (row.kind === 'admin')
        await recordAudit(tx, {
          action: 'admin.sign-in',
          subjectType: 'admin',
          subjectId: row.id,
          after: { sessionId: session!.id },
          actor: { accountId: row.id, kind: row.kind, role: row.role },
        });
      const access = await tokens.sign({
        userId: row.id,
        sessionId: session!.id,
        kind: row.kind,
        role: row.role,
      });
      return { accessToken: access.token, refreshToken, user: await sessionUserOf(tx, updated!) };
    });
  }

  async function mailLink(
    executor: Db,
    row: UserRow,
    purpose: 'confirm-email' | 'reset-password',
    options: {
      ttlSeconds: number;
      subject: string;
      paragraphs: string[];
      label: string;
      path: (token: string) => string;
    },
  ) {
    await retireOneTimeTokens(executor, row.id, purpose, now());
    const token = randomToken();
    await executor.insert(oneTimeTokens).values({
      userId: row.id,
      purpose,
      tokenHash: hashToken(token),
      expiresAt: new Date(now().getTime() + options.ttlSeconds * 1000),
    });
    await mailer.send(executor, {
      to: row.email,
      subject: options.subject,
      paragraphs: options.paragraphs,
      action: { label: options.label, url: link(options.path(token)) },
    });
  }

  function mailConfirmation(executor: Db, row: UserRow) {
    const segment = accountSegments[row.kind];
    return mailLink(executor, row, 'confirm-email', {
      ttlSeconds: EMAIL_CONFIRMATION_TTL_SECONDS,
      subject: 'Confirm your email address',
      paragraphs: [
        `Hello ${row.firstName},`,
        `Welcome to Naija Market. Please confirm your email address to finish setting up your ${kindLabel[row.kind]} account.`,
        'The link works for 7 days. If you did not sign up, you can ignore this mail.',
      ],
      label: 'Confirm email address',
      path: (token) => `/${segment}/confirm-email/${token}`,
    });
  }

  /** Mails a set-password link: one hour for a reset; three days for an account a super admin created. */
  /** An unused, unexpired sign-in code of the account, matched by its hash. */
  async function validSignInCode(kind: AccountKind, email: string, code: string) {
    const row = await findUserByEmail(db, kind, email);
    if (!row) return undefined;
    const found = await findOneTimeToken(db, signInCodeHash(row.id, code), 'sign-in-code');
    if (!found || found.usedAt || found.expiresAt <= now()) return undefined;
    return found;
  }

  /**
   * Mails a sign-in code to the account's owner, unless one they were sent still works (a stranger asking again
   * must not replace the code in the owner's mailbox). At most 3 an hour per email; an unknown email gets nothing,
   * and the caller's answer is the same either way.
   */
  async function offerSignInCode(kind: AccountKind, email: string, meta: RequestMeta) {
    const row = await findUserByEmail(db, kind, email);
    if (!row?.emailConfirmedAt) return;
    const [active] = await db
      .select({ id: oneTimeTokens.id })
      .from(oneTimeTokens)
      .where(
        and(
          eq(oneTimeTokens.userId, row.id),
          eq(oneTimeTokens.purpose, 'sign-in-code'),
          isNull(oneTimeTokens.usedAt),
          gt(oneTimeTokens.expiresAt, now()),
        ),
      )
      .limit(1);
    if (active) return;
    try {
      await rateLimits.consume('sign-in-code', { ip: meta.ip, email });
    } catch (error) {
      if (error instanceof AppError) return;
      throw error;
    }
    const code = Array.from(
      { length: 8 },
      () => SIGN_IN_CODE_ALPHABET[randomInt(SIGN_IN_CODE_ALPHABET.length)],
    );
    const shown = `${code.slice(0, 4).join('')}-${code.slice(4).join('')}`;
    await db.transaction(async (tx) => {
      await retireOneTimeTokens(tx, row.id, 'sign-in-code', now());
      await tx.insert(oneTimeTokens).values({
        userId: row.id,
        purpose: 'sign-in-code',
        tokenHash: signInCodeHash(row.id, shown),
        expiresAt: new Date(now().getTime() + SIGN_IN_CODE_TTL_SECONDS * 1000),
      });
      await mailer.send(tx, {
        to: row.email,
        subject: 'Your Naija Market sign-in code',
        paragraphs: [
          `Hello ${row.firstName},`,
          `Many sign-ins to your account failed from other addresses, so signing in from a new place needs this code with your password: ${shown}`,
          'It works for 15 minutes and once. If it was not you trying to sign in, nobody can get in without this mail; you may also reset your password.',
        ],
      });
    });
  }

  function mailPasswordLink(executor: Db, row: UserRow, invited: boolean, invitation?: string) {
    const segment = accountSegments[row.kind];
    return mailLink(executor, row, 'reset-password', {
      ttlSeconds: invited ? 3 * 24 * 60 * 60 : PASSWORD_RESET_TTL_SECONDS,
      subject: invited ? 'Your Naija Market account is ready: set your password' : 'Reset your password',
      paragraphs: invited
        ? [
            `Hello ${row.firstName},`,
            invitation ??
              `An account has been created for you on Naija Market as ${row.role ?? kindLabel[row.kind]}. Choose a password to sign in.`,
            'The link works for 3 days and only once.',
          ]
        : [
            `Hello ${row.firstName},`,
            'Someone asked to reset the password of your Naija Market account. If it was you, choose a new password below.',
            'The link works for one hour and only once. If you did not ask, you can ignore this mail; your password stays as it is.',
          ],
      label: invited ? 'Set your password' : 'Reset password',
      path: (token) => `/${segment}/reset-password/${token}`,
    });
  }

  async function insertUser(executor: Db, values: typeof users.$inferInsert): Promise<UserRow> {
    try {
      const [row] = await executor.insert(users).values(values).returning();
      return row!;
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('An account with this email already exists');
      throw error;
    }
  }

  /** Tells the owner of a known email that someone tried to sign up with it, and how to get back in. */
  function mailSignupAttempt(executor: Db, row: UserRow) {
    const segment = accountSegments[row.kind];
    return mailer.send(executor, {
      to: row.email,
      subject: 'Someone tried to sign up with your email',
      paragraphs: [
        `Hello ${row.firstName},`,
        `Someone tried to create a new Naija Market ${kindLabel[row.kind]} account with this email address, but you already have one.`,
        `If it was you, sign in, or reset your password if you have forgotten it: ${link(`/${segment}/forgot-password`)}`,
        'If it was not you, you can ignore this mail; nothing has changed on your account.',
      ],
      action: { label: 'Sign in', url: link(`/${segment}/login`) },
    });
  }

  async function ensureEmailFree(executor: Db, kind: AccountKind, email: string) {
    if (await findUserByEmail(executor, kind, email))
      throw conflict('An account with this email already exists');
  }

  return {
    sessionUserOf,
    mailPasswordLink,
    insertUser,
    ensureEmailFree,

    async signup(
      kind: 'customer' | 'merchant',
      body: CustomerSignupBody & { storeName?: string },
      meta: RequestMeta,
    ): Promise<User> {
      await rateLimits.consume('signup', { ip: meta.ip, email: body.email });
      const phoneNumber = normalizeNigerianPhone(body.phoneNumber);
      const passwordHash = await hashPassword(body.password);
      return db.transaction(async (tx) => {
        // A known email gets the very answer a new one gets (no account list for strangers); its owner is told.
        const existing = await findUserByEmail(tx, kind, body.email);
        if (existing) {
          await mailSignupAttempt(tx, existing);
          return lookalikeUser(kind, body, phoneNumber, needs.slugify(body.storeName ?? ''));
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
          kind === 'merchant' ? await createStoreForMerchant(tx, row.id, body.storeName!) : undefined;
        await mailConfirmation(tx, row);
        return toUser(row, store);
      });
    },

    async createPartner(
      body: Omit<PartnerSignupBody, 'password'> & { password?: string },
      options: { invitedByAdmin: boolean; meta?: RequestMeta },
    ): Promise<PartnerUser> {
      if (options.meta)
        await rateLimits.consume('signup', { ip: options.meta.ip, email: body.company.email });
      const companyPhone = normalizeNigerianPhone(body.company.phoneNumber, 'company.phoneNumber');
      const passwordHash = body.password ? await hashPassword(body.password) : null;
      const [firstName, ...rest] = body.company.contactPerson.split(/\s+/);
      return db.transaction(async (tx) => {
        const email = body.company.email;
        if (options.invitedByAdmin) await ensureEmailFree(tx, 'partner', email);
        else {
          // An application with a known email gets the very answer a new one gets, as customer and merchant
          // sign-ups do (no list of partners for strangers); the owner is told by mail.
          const existing = await findUserByEmail(tx, 'partner', email);
          if (existing) {
            await mailSignupAttempt(tx, existing);
            return {
              id: randomUUID(),
              name: body.company.companyName,
              logo: null,
              email,
              shippingCompany: body.company.companyName,
              accountType: 'shippingPartner',
              lastLogin: null,
            };
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
          emailConfirmedAt: options.invitedByAdmin ? now() : null,
        });
        const [profile] = await tx
          .insert(partnerProfiles)
          .values({
            userId: row.id,
            companyName: body.company.companyName,
            company: { ...body.company, phoneNumber: companyPhone },
            bankDetails: body.bankDetails,
            certification: body.certification,
            approvedAt: options.invitedByAdmin ? now() : null,
          })
          .returning();
        if (options.invitedByAdmin) await mailPasswordLink(tx, row, true);
        else await mailConfirmation(tx, row);
        return toPartnerUser(row, profile!);
      });
    },

    /**
     * Signs in. While strangers' failures lock the email across addresses, an address the owner has not used is
     * asked for a code mailed to the owner (401 SIGN_IN_CODE_REQUIRED) instead of refused with 429 (issue 31):
     * with the code and the password, the owner gets in whatever others did.
     */
    async login(
      kind: AccountKind,
      email: string,
      password: string,
      meta: RequestMeta,
      code?: string,
    ): Promise<Session> {
      const knownAddress = await signedInFromAddress(
        db,
        kind,
        email,
        meta.ip,
        new Date(now().getTime() - KNOWN_ADDRESS_DAYS * 24 * 3600_000),
      );
      const signInCode = code ? await validSignInCode(kind, email, code) : undefined;
      try {
        await rateLimits.consume('login', { ip: meta.ip, email, knownAddress: knownAddress || !!signInCode });
      } catch (error) {
        if (!(error instanceof EmailLocked)) throw error;
        await offerSignInCode(kind, email, meta);
        throw new AppError('SIGN_IN_CODE_REQUIRED', code ? SIGN_IN_CODE_WRONG : SIGN_IN_CODE_SENT);
      }
      const row = await findUserByEmail(db, kind, email);
      const passwordOk = row?.passwordHash
        ? await verifyPassword(row.passwordHash, password)
        : await verifyAgainstNothing(password);
      if (!row || !passwordOk) throw new AppError('UNAUTHORIZED', INVALID_CREDENTIALS);
      if (!row.emailConfirmedAt) throw new AppError('EMAIL_NOT_CONFIRMED', EMAIL_NOT_CONFIRMED);
      if (!row.isActive)
        throw new AppError('FORBIDDEN', 'This account has been deactivated. Please contact support.');
      // A staff member works only through their membership: a deactivated one cannot sign in (issue 9).
      if (row.kind === 'merchant' && row.role === STAFF_ACCOUNT_ROLE && !(await needs.findMembership(row.id)))
        throw new AppError('FORBIDDEN', 'This account has been deactivated. Please contact support.');
      if (signInCode) {
        // The owner proved the mailbox and the password: the lock strangers caused is lifted, as a reset lifts it.
        await claimOneTimeToken(db, signInCode.id, now());
        await rateLimits.forgive('login', email, meta.ip);
      }
      await rateLimits.reset('login', { ip: meta.ip, email });
      return startSession(row, meta);
    },

    async refresh(kind: AccountKind, refreshToken: string | undefined, meta: RequestMeta): Promise<Session> {
      await rateLimits.consume('refresh', { ip: meta.ip });
      if (!refreshToken) throw unauthorized('Token is not valid');
      const found = await findRefreshToken(db, hashToken(refreshToken));
      if (!found || found.sessionRevokedAt) throw unauthorized('Token is not valid');
      const user = await findUserById(db, found.userId);
      if (!user || user.kind !== kind) throw unauthorized('Token is not valid');
      const at = now();
      if (found.usedAt || !(await claimRefreshToken(db, found.id, at))) {
        // A retired token came back: someone holds a copy. End the whole family.
        await revokeSession(db, found.sessionId, 'refresh token reused', at);
        deps.logger.warn(
          { sessionId: found.sessionId, userId: user.id },
          'refresh token reuse; session revoked',
        );
        throw unauthorized('Token is not valid');
      }
      if (found.expiresAt <= at)
        throw new AppError('TOKEN_EXPIRED', 'Your session has expired. Please sign in again');
      if (!user.isActive)
        throw new AppError('FORBIDDEN', 'This account has been deactivated. Please contact support.');
      const nextRefresh = await issueRefreshToken(db, found.sessionId);
      await db.update(sessions).set({ lastUsedAt: at }).where(eq(sessions.id, found.sessionId));
      const access = await tokens.sign({
        userId: user.id,
        sessionId: found.sessionId,
        kind,
        role: user.role,
      });
      return { accessToken: access.token, refreshToken: nextRefresh, user: await sessionUserOf(db, user) };
    },

    async logout(kind: AccountKind, source: { refreshToken?: string; accessToken?: string }): Promise<void> {
      const at = now();
      if (source.accessToken) {
        const claims = await tokens.verify(source.accessToken).catch(() => undefined);
        if (claims && claims.kind === kind) await revokeSession(db, claims.sessionId, 'signed out', at);
      }
      if (source.refreshToken) {
        const found = await findRefreshToken(db, hashToken(source.refreshToken));
        const user = found ? await findUserById(db, found.userId) : undefined;
        if (found && user?.kind === kind) await revokeSession(db, found.sessionId, 'signed out', at);
      }
    },

    async forgotPassword(kind: AccountKind, email: string, meta: RequestMeta): Promise<void> {
      await rateLimits.consume('forgot-password', { ip: meta.ip, email });
      const row = await findUserByEmail(db, kind, email);
      if (!row?.isActive) return;
      await db.transaction((tx) => mailPasswordLink(tx, row, false));
    },

    async resetPassword(
      kind: AccountKind,
      token: string,
      password: string,
      meta?: RequestMeta,
    ): Promise<void> {
      const found = await findOneTimeToken(db, hashToken(token), 'reset-password');
      const at = now();
      if (!found || found.usedAt || found.expiresAt <= at) throw notFound(INVALID_LINK);
      const row = await findUserById(db, found.userId);
      if (!row || row.kind !== kind) throw notFound(INVALID_LINK);
      const passwordHash = await hashPassword(password);
      await db.transaction(async (tx) => {
        if (!(await claimOneTimeToken(tx, found.id, at))) throw notFound(INVALID_LINK);
        // Following a mailed link proves the mailbox, so it also confirms the address.
        await tx
          .update(users)
          .set({ passwordHash, emailConfirmedAt: row.emailConfirmedAt ?? at, updatedAt: at })
          .where(eq(users.id, row.id));
        await revokeUserSessions(tx, row.id, 'password reset', at);
      });
      // The owner proved the mailbox: a sign-in lockout a guesser caused no longer holds them out.
      await rateLimits.forgive('login', row.email, meta?.ip);
    },

    async confirmEmail(kind: AccountKind, token: string): Promise<void> {
      const found = await findOneTimeToken(db, hashToken(token), 'confirm-email');
      const at = now();
      if (!found || found.usedAt || found.expiresAt <= at) throw notFound(INVALID_LINK);
      const row = await findUserById(db, found.userId);
      if (!row || row.kind !== kind) throw notFound(INVALID_LINK);
      await db.transaction(async (tx) => {
        if (!(await claimOneTimeToken(tx, found.id, at))) throw notFound(INVALID_LINK);
        await tx.update(users).set({ emailConfirmedAt: at, updatedAt: at }).where(eq(users.id, row.id));
      });
    },

    async resendConfirmation(kind: AccountKind, email: string, meta: RequestMeta): Promise<void> {
      await rateLimits.consume('forgot-password', { ip: meta.ip, email });
      const row = await findUserByEmail(db, kind, email);
      if (!row || row.emailConfirmedAt) return;
      await db.transaction((tx) => mailConfirmation(tx, row));
    },

    async changePassword(userId: string, sessionId: string, oldPassword: string, newPassword: string) {
      const row = await findUserById(db, userId);
      if (!row) throw unauthorized();
      if (!row.passwordHash || !(await verifyPassword(row.passwordHash, oldPassword))) {
        throw validation('oldPassword', 'Your current password is not correct');
      }
      const passwordHash = await hashPassword(newPassword);
      const at = now();
      await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash, updatedAt: at }).where(eq(users.id, userId));
        await revokeUserSessions(tx, userId, 'password changed', at, sessionId);
      });
    },

    /**
     * What the guard checks on every signed-in request: the session is live and the account may act. Answers the
     * account's name and e-mail as this read found them, so that handlers need not read the user again (ADR 037).
     */
    async checkSession(claims: AccessClaims): Promise<SignedInAccount> {
      const live = await findLiveSession(db, claims.sessionId, claims.userId);
      if (!live || live.revokedAt || live.deletedAt)
        throw unauthorized('Your session has ended. Please sign in again');
      if (live.kind !== claims.kind) throw unauthorized('Token is not valid');
      if (!live.isActive)
        throw new AppError('FORBIDDEN', 'This account has been deactivated. Please contact support.');
      if (live.role !== claims.role) throw unauthorized('Your role has changed. Please sign in again');
      return { firstName: live.firstName, lastName: live.lastName, email: live.email };
    },

    async userData(userId: string): Promise<SessionUser> {
      const row = await findUserById(db, userId);
      if (!row) throw notFound('Could not get user data. Try again later.');
      return sessionUserOf(db, row);
    },

    async merchantProfile(userId: string): Promise<MerchantProfile> {
      const row = await findUserById(db, userId);
      const store = row ? await findStoreByMerchant(db, row.id) : undefined;
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
        onboarding: await needs.merchantOnboarding(db, row.id),
      };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
