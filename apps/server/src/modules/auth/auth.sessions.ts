import { type AccountKind, REFRESH_TOKEN_TTL_SECONDS, type Session } from '@market/contracts';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/record.js';
import { verifyAgainstNothing, verifyPassword } from '../../platform/auth/passwords.js';
import { type AccessClaims, hashToken, randomToken } from '../../platform/auth/tokens.js';
import type { Db } from '../../platform/db/client.js';
import { AppError, unauthorized } from '../../platform/errors.js';
import type { SignedInAccount } from '../../platform/http/routes.js';
import { EmailLocked } from '../../platform/security/rate-limits.js';
import { type AuthContext, DEACTIVATED, type RequestMeta, STAFF_ACCOUNT_ROLE } from './auth.context.js';
import {
  claimOneTimeToken,
  claimRefreshToken,
  findLiveSession,
  findRefreshToken,
  findUserByEmail,
  findUserById,
  revokeSession,
  signedInFromAddress,
  type UserRow,
} from './auth.repository.js';
import { refreshTokens, sessions, users } from './auth.schema.js';
import {
  offerSignInCode,
  SIGN_IN_CODE_SENT,
  SIGN_IN_CODE_WRONG,
  validSignInCode,
} from './auth.sign-in-code.js';
// Sessions: signing in (with the lockout's code), a refresh token's rotation, signing out, and the guard's check of
// every signed-in request.

export const INVALID_CREDENTIALS = 'Incorrect email or password';
export const EMAIL_NOT_CONFIRMED =
  'Please confirm your email address first. Use the link we mailed you, or ask for a new one.';
/** An address the account had a session from within this many days is its owner's (sign-in lockout, ADR 042). */
const KNOWN_ADDRESS_DAYS = 90;

async function issueRefreshToken(ctx: AuthContext, executor: Db, sessionId: string): Promise<string> {
  const token = randomToken();
  await executor.insert(refreshTokens).values({
    sessionId,
    tokenHash: hashToken(token),
    expiresAt: new Date(ctx.now().getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000),
  });
  return token;
}

/**
 * A session's tokens and the account as this step left it; the session's answer names the merchant's store, which
 * the flow reads (`flows/sessions.ts`) and auth's `sessionUserOf` sets beside the account.
 */
export type SignedIn = Omit<Session, 'user'> & { account: UserRow };

/** A merchant account of a store's staff, who works only through an active membership (issue 9). */
export const isStaffAccount = (row: UserRow): boolean =>
  row.kind === 'merchant' && row.role === STAFF_ACCOUNT_ROLE;

async function startSession(ctx: AuthContext, row: UserRow, meta: RequestMeta): Promise<SignedIn> {
  return ctx.db.transaction(async (tx) => {
    const at = ctx.now();
    const [session] = await tx
      .insert(sessions)
      .values({
        userId: row.id,
        ipAddress: meta.ip,
        userAgent: meta.userAgent?.slice(0, 300),
        createdAt: at,
      })
      .returning({ id: sessions.id });
    const refreshToken = await issueRefreshToken(ctx, tx, session!.id);
    const [updated] = await tx.update(users).set({ lastLoginAt: at }).where(eq(users.id, row.id)).returning();
    // An admin's sign-in is a decision about access (ADR 072): who, when, from where, which session.
    if (row.kind === 'admin')
      await recordAudit(tx, {
        action: 'admin.sign-in',
        subjectType: 'admin',
        subjectId: row.id,
        after: { sessionId: session!.id },
        actor: { accountId: row.id, kind: row.kind, role: row.role },
      });
    const access = await ctx.deps.tokens.sign({
      userId: row.id,
      sessionId: session!.id,
      kind: row.kind,
      role: row.role,
    });
    return { accessToken: access.token, refreshToken, account: updated! };
  });
}

/** The account behind an email and password, or why it may not sign in. */
async function accountSigningIn(ctx: AuthContext, kind: AccountKind, email: string, password: string) {
  const row = await findUserByEmail(ctx.db, kind, email);
  const passwordOk = row?.passwordHash
    ? await verifyPassword(row.passwordHash, password)
    : await verifyAgainstNothing(password);
  if (!row || !passwordOk) throw new AppError('UNAUTHORIZED', INVALID_CREDENTIALS);
  if (!row.emailConfirmedAt) throw new AppError('EMAIL_NOT_CONFIRMED', EMAIL_NOT_CONFIRMED);
  if (!row.isActive) throw new AppError('FORBIDDEN', DEACTIVATED);
  return row;
}

/** An account whose email and password were checked, waiting to be let in (`admitSignIn`). */
export interface SigningIn {
  email: string;
  meta: RequestMeta;
  row: UserRow;
  signInCode: Awaited<ReturnType<typeof validSignInCode>>;
}

/**
 * Sign-in's first step: the lockout, the email and password, and whether the account may sign in. While strangers'
 * failures lock the email across addresses, an address the owner has not used is asked for a code mailed to the
 * owner (401 SIGN_IN_CODE_REQUIRED) instead of refused with 429 (issue 31): with the code and the password, the
 * owner gets in whatever others did. The flow checks a staff member's membership before `admitSignIn`.
 */
export async function checkSignIn(
  ctx: AuthContext,
  kind: AccountKind,
  email: string,
  password: string,
  meta: RequestMeta,
  code?: string,
): Promise<SigningIn> {
  const { rateLimits } = ctx.deps;
  const knownAddress = await signedInFromAddress(
    ctx.db,
    kind,
    email,
    meta.ip,
    new Date(ctx.now().getTime() - KNOWN_ADDRESS_DAYS * 24 * 3600_000),
  );
  const signInCode = code ? await validSignInCode(ctx, kind, email, code) : undefined;
  try {
    await rateLimits.consume('login', { ip: meta.ip, email, knownAddress: knownAddress || !!signInCode });
  } catch (error) {
    if (!(error instanceof EmailLocked)) throw error;
    await offerSignInCode(ctx, kind, email, meta);
    throw new AppError('SIGN_IN_CODE_REQUIRED', code ? SIGN_IN_CODE_WRONG : SIGN_IN_CODE_SENT);
  }
  const row = await accountSigningIn(ctx, kind, email, password);
  return { email, meta, row, signInCode };
}

/** Sign-in's last step: the lockout's code used up and its count reset, and the session started. */
export async function admitSignIn(ctx: AuthContext, signingIn: SigningIn): Promise<SignedIn> {
  const { rateLimits } = ctx.deps;
  const { email, meta, row, signInCode } = signingIn;
  if (signInCode) {
    // The owner proved the mailbox and the password: the lock strangers caused is lifted, as a reset lifts it.
    await claimOneTimeToken(ctx.db, signInCode.id, ctx.now());
    await rateLimits.forgive('login', email, meta.ip);
  }
  await rateLimits.reset('login', { ip: meta.ip, email });
  return startSession(ctx, row, meta);
}

export async function refresh(
  ctx: AuthContext,
  kind: AccountKind,
  refreshToken: string | undefined,
  meta: RequestMeta,
): Promise<SignedIn> {
  const { db } = ctx;
  await ctx.deps.rateLimits.consume('refresh', { ip: meta.ip });
  if (!refreshToken) throw unauthorized('Token is not valid');
  const found = await findRefreshToken(db, hashToken(refreshToken));
  if (!found || found.sessionRevokedAt) throw unauthorized('Token is not valid');
  const user = await findUserById(db, found.userId);
  if (!user || user.kind !== kind) throw unauthorized('Token is not valid');
  const at = ctx.now();
  if (found.usedAt || !(await claimRefreshToken(db, found.id, at))) {
    // A retired token came back: someone holds a copy. End the whole family.
    await revokeSession(db, found.sessionId, 'refresh token reused', at);
    ctx.deps.logger.warn(
      { sessionId: found.sessionId, userId: user.id },
      'refresh token reuse; session revoked',
    );
    throw unauthorized('Token is not valid');
  }
  if (found.expiresAt <= at)
    throw new AppError('TOKEN_EXPIRED', 'Your session has expired. Please sign in again');
  if (!user.isActive) throw new AppError('FORBIDDEN', DEACTIVATED);
  const nextRefresh = await issueRefreshToken(ctx, db, found.sessionId);
  await db.update(sessions).set({ lastUsedAt: at }).where(eq(sessions.id, found.sessionId));
  const access = await ctx.deps.tokens.sign({
    userId: user.id,
    sessionId: found.sessionId,
    kind,
    role: user.role,
  });
  return { accessToken: access.token, refreshToken: nextRefresh, account: user };
}

export async function logout(
  ctx: AuthContext,
  kind: AccountKind,
  source: { refreshToken?: string; accessToken?: string },
): Promise<void> {
  const at = ctx.now();
  if (source.accessToken) {
    const claims = await ctx.deps.tokens.verify(source.accessToken).catch(() => undefined);
    if (claims && claims.kind === kind) await revokeSession(ctx.db, claims.sessionId, 'signed out', at);
  }
  if (source.refreshToken) {
    const found = await findRefreshToken(ctx.db, hashToken(source.refreshToken));
    const user = found ? await findUserById(ctx.db, found.userId) : undefined;
    if (found && user?.kind === kind) await revokeSession(ctx.db, found.sessionId, 'signed out', at);
  }
}

/**
 * What the guard checks on every signed-in request: the session is live and the account may act. Answers the
 * account's name and e-mail as this read found them, so that handlers need not read the user again (ADR 037).
 */
export async function checkSession(ctx: AuthContext, claims: AccessClaims): Promise<SignedInAccount> {
  const live = await findLiveSession(ctx.db, claims.sessionId, claims.userId);
  if (!live || live.revokedAt || live.deletedAt)
    throw unauthorized('Your session has ended. Please sign in again');
  if (live.kind !== claims.kind) throw unauthorized('Token is not valid');
  if (!live.isActive) throw new AppError('FORBIDDEN', DEACTIVATED);
  if (live.role !== claims.role) throw unauthorized('Your role has changed. Please sign in again');
  return { firstName: live.firstName, lastName: live.lastName, email: live.email };
}
