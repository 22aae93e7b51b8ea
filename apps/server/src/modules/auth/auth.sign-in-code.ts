import { randomInt } from 'node:crypto';
import type { AccountKind } from '@market/contracts';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { hashToken } from '../../platform/auth/tokens.js';
import { AppError } from '../../platform/errors.js';
import type { AuthContext, RequestMeta } from './auth.context.js';
import { findOneTimeToken, findUserByEmail, retireOneTimeTokens } from './auth.repository.js';
import { oneTimeTokens } from './auth.schema.js';
// The code mailed to an account's owner while strangers' failed sign-ins lock its email (issue 31, ADR 042).

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

/** An unused, unexpired sign-in code of the account, matched by its hash. */
export async function validSignInCode(ctx: AuthContext, kind: AccountKind, email: string, code: string) {
  const row = await findUserByEmail(ctx.db, kind, email);
  if (!row) return undefined;
  const found = await findOneTimeToken(ctx.db, signInCodeHash(row.id, code), 'sign-in-code');
  if (!found || found.usedAt || found.expiresAt <= ctx.now()) return undefined;
  return found;
}

/**
 * Mails a sign-in code to the account's owner, unless one they were sent still works (a stranger asking again
 * must not replace the code in the owner's mailbox). At most 3 an hour per email; an unknown email gets nothing,
 * and the caller's answer is the same either way.
 */
export async function offerSignInCode(ctx: AuthContext, kind: AccountKind, email: string, meta: RequestMeta) {
  const { db } = ctx;
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
        gt(oneTimeTokens.expiresAt, ctx.now()),
      ),
    )
    .limit(1);
  if (active) return;
  try {
    await ctx.deps.rateLimits.consume('sign-in-code', { ip: meta.ip, email });
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
    await retireOneTimeTokens(tx, row.id, 'sign-in-code', ctx.now());
    await tx.insert(oneTimeTokens).values({
      userId: row.id,
      purpose: 'sign-in-code',
      tokenHash: signInCodeHash(row.id, shown),
      expiresAt: new Date(ctx.now().getTime() + SIGN_IN_CODE_TTL_SECONDS * 1000),
    });
    await ctx.deps.mailer.send(tx, {
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
