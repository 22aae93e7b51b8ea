import type { AccountKind } from '@market/contracts';
import { eq } from 'drizzle-orm';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords.js';
import { hashToken } from '../../platform/auth/tokens.js';
import type { Db } from '../../platform/db/client.js';
import { notFound, unauthorized, validation } from '../../platform/errors.js';
import type { AuthContext, RequestMeta } from './auth.context.js';
import { mailConfirmation, mailPasswordLink } from './auth.mail.js';
import {
  claimOneTimeToken,
  findOneTimeToken,
  findUserByEmail,
  findUserById,
  revokeUserSessions,
} from './auth.repository.js';
import { users } from './auth.schema.js';
// Passwords and the mailed links that prove a mailbox: forgotten and reset, confirming the email, changing it.

export const FORGOT_PASSWORD_ANSWER =
  'If an account exists for that email, we have sent a link to reset the password.';
export const RESEND_CONFIRMATION_ANSWER =
  'If that email belongs to an account that is not confirmed yet, we have sent a new confirmation link.';
const INVALID_LINK = 'This link is invalid or has expired. Please ask for a new one.';

/** The account a mailed link of this purpose was sent to, while the link is unused and unexpired; `at`: now. */
async function linkedAccount(
  ctx: AuthContext,
  kind: AccountKind,
  token: string,
  purpose: 'confirm-email' | 'reset-password',
) {
  const found = await findOneTimeToken(ctx.db, hashToken(token), purpose);
  const at = ctx.now();
  if (!found || found.usedAt || found.expiresAt <= at) throw notFound(INVALID_LINK);
  const row = await findUserById(ctx.db, found.userId);
  if (!row || row.kind !== kind) throw notFound(INVALID_LINK);
  return { found, row, at };
}

export async function forgotPassword(
  ctx: AuthContext,
  kind: AccountKind,
  email: string,
  meta: RequestMeta,
): Promise<void> {
  await ctx.deps.rateLimits.consume('forgot-password', { ip: meta.ip, email });
  const row = await findUserByEmail(ctx.db, kind, email);
  if (!row?.isActive) return;
  await ctx.db.transaction((tx) => mailPasswordLink(ctx, tx, row, false));
}

export async function resetPassword(
  ctx: AuthContext,
  kind: AccountKind,
  token: string,
  password: string,
  meta?: RequestMeta,
): Promise<void> {
  const { found, row, at } = await linkedAccount(ctx, kind, token, 'reset-password');
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction(async (tx) => {
    if (!(await claimOneTimeToken(tx, found.id, at))) throw notFound(INVALID_LINK);
    // Following a mailed link proves the mailbox, so it also confirms the address.
    await tx
      .update(users)
      .set({ passwordHash, emailConfirmedAt: row.emailConfirmedAt ?? at, updatedAt: at })
      .where(eq(users.id, row.id));
    await revokeUserSessions(tx, row.id, 'password reset', at);
  });
  // The owner proved the mailbox: a sign-in lockout a guesser caused no longer holds them out.
  await ctx.deps.rateLimits.forgive('login', row.email, meta?.ip);
}

export async function confirmEmail(ctx: AuthContext, kind: AccountKind, token: string): Promise<void> {
  const { found, row, at } = await linkedAccount(ctx, kind, token, 'confirm-email');
  await ctx.db.transaction(async (tx) => {
    if (!(await claimOneTimeToken(tx, found.id, at))) throw notFound(INVALID_LINK);
    await tx.update(users).set({ emailConfirmedAt: at, updatedAt: at }).where(eq(users.id, row.id));
  });
}

export async function resendConfirmation(
  ctx: AuthContext,
  kind: AccountKind,
  email: string,
  meta: RequestMeta,
): Promise<void> {
  await ctx.deps.rateLimits.consume('forgot-password', { ip: meta.ip, email });
  const row = await findUserByEmail(ctx.db, kind, email);
  if (!row || row.emailConfirmedAt) return;
  await ctx.db.transaction((tx) => mailConfirmation(ctx, tx, row));
}

export async function changePassword(
  ctx: AuthContext,
  userId: string,
  sessionId: string,
  oldPassword: string,
  newPassword: string,
) {
  const row = await findUserById(ctx.db, userId);
  if (!row) throw unauthorized();
  if (!row.passwordHash || !(await verifyPassword(row.passwordHash, oldPassword))) {
    throw validation('oldPassword', 'Your current password is not correct');
  }
  const passwordHash = await hashPassword(newPassword);
  const at = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: at }).where(eq(users.id, userId));
    await revokeUserSessions(tx, userId, 'password changed', at, sessionId);
  });
}

/** Whether `password` is the account's own (argon2 check): a sensitive change asks for it again. */
export async function passwordMatches(executor: Db, userId: string, password: string): Promise<boolean> {
  const user = await findUserById(executor, userId);
  return Boolean(user?.passwordHash) && (await verifyPassword(user!.passwordHash!, password));
}
