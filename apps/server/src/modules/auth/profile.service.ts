import { type CustomerProfile, EMAIL_CHANGE_TTL_SECONDS } from '@market/contracts';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { verifyPassword } from '../../platform/auth/passwords.js';
import { hashToken, randomToken } from '../../platform/auth/tokens.js';
import { bound } from '../../platform/bound.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import type { Deps } from '../../platform/deps.js';
import { conflict, notFound, unauthorized, validation } from '../../platform/errors.js';
import { normalizeNigerianPhone } from '../../platform/phone.js';
import {
  claimOneTimeToken,
  findOneTimeToken,
  findUserByEmail,
  findUserById,
  retireOneTimeTokens,
  type UserRow,
} from './auth.repository.js';
import { oneTimeTokens, users } from './auth.schema.js';

const INVALID_EMAIL_LINK = 'This link is not valid or has expired. Ask for a new one from your profile.';

async function profileOf(ctx: Deps, row: UserRow): Promise<CustomerProfile> {
  const [pending] = await ctx.db
    .select({ newEmail: oneTimeTokens.newEmail })
    .from(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.userId, row.id),
        eq(oneTimeTokens.purpose, 'change-email'),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, ctx.now()),
      ),
    )
    .orderBy(desc(oneTimeTokens.createdAt))
    .limit(1);
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phoneNumber: row.phoneNumber,
    image: row.image,
    pendingEmail: pending?.newEmail ?? null,
    marketingConsent: row.marketingConsent,
    marketingConsentAt: row.marketingConsentAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

async function customer(ctx: Deps, userId: string): Promise<UserRow> {
  const row = await findUserById(ctx.db, userId);
  if (row?.kind !== 'customer') throw unauthorized();
  return row;
}

async function saveUser(ctx: Deps, userId: string, values: Partial<typeof users.$inferInsert>) {
  const [row] = await ctx.db
    .update(users)
    .set({ ...values, updatedAt: ctx.now() })
    .where(eq(users.id, userId))
    .returning();
  if (!row) throw unauthorized();
  return profileOf(ctx, row);
}

async function get(ctx: Deps, userId: string) {
  return profileOf(ctx, await customer(ctx, userId));
}

async function update(
  ctx: Deps,
  userId: string,
  body: { firstName: string; lastName: string; phoneNumber: string | null },
) {
  await customer(ctx, userId);
  return saveUser(ctx, userId, {
    firstName: body.firstName,
    lastName: body.lastName,
    phoneNumber: body.phoneNumber ? normalizeNigerianPhone(body.phoneNumber) : null,
  });
}

/** Saves the photo through the image pipeline (resized WebP) and makes it the account's at once. */
async function setPhoto(ctx: Deps, userId: string, bytes: Buffer) {
  await customer(ctx, userId);
  const image = await ctx.media.saveImage(ctx.db, userId, bytes, 'profile-photo');
  return saveUser(ctx, userId, { image: image.url });
}

async function removePhoto(ctx: Deps, userId: string) {
  await customer(ctx, userId);
  return saveUser(ctx, userId, { image: null });
}

/**
 * Mails a confirmation link to the new address; nothing changes until it is followed. The password is asked
 * again, so a borrowed, signed-in phone cannot move the account to someone else's mailbox.
 */
async function requestEmailChange(ctx: Deps, userId: string, body: { newEmail: string; password: string }) {
  const row = await customer(ctx, userId);
  if (!row.passwordHash || !(await verifyPassword(row.passwordHash, body.password)))
    throw validation('password', 'Your password is not correct');
  if (body.newEmail === row.email) throw validation('newEmail', 'This is already your email address');
  if (await findUserByEmail(ctx.db, 'customer', body.newEmail))
    throw conflict('An account with this email already exists');
  const token = randomToken();
  const at = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await retireOneTimeTokens(tx, userId, 'change-email', at);
    await tx.insert(oneTimeTokens).values({
      userId,
      purpose: 'change-email',
      newEmail: body.newEmail,
      tokenHash: hashToken(token),
      expiresAt: new Date(at.getTime() + EMAIL_CHANGE_TTL_SECONDS * 1000),
    });
    await ctx.mailer.send(tx, {
      to: body.newEmail,
      subject: 'Confirm your new email address',
      paragraphs: [
        `Hello ${row.firstName},`,
        'You asked to use this address for your Naija Market account. Follow the link to confirm it.',
        'The link works for 24 hours and only once. Until then your account keeps its current email.',
      ],
      action: {
        label: 'Confirm new email',
        url: `${ctx.config.publicUrl}/customer/confirm-email-change/${token}`,
      },
    });
  });
}

/** Follows the mailed link: the account's email becomes the new one; the old address is told. */
async function confirmEmailChange(ctx: Deps, token: string): Promise<{ email: string }> {
  const found = await findOneTimeToken(ctx.db, hashToken(token), 'change-email');
  const at = ctx.now();
  if (!found || found.usedAt || found.expiresAt <= at || !found.newEmail) throw notFound(INVALID_EMAIL_LINK);
  const row = await findUserById(ctx.db, found.userId);
  if (row?.kind !== 'customer') throw notFound(INVALID_EMAIL_LINK);
  const newEmail = found.newEmail;
  try {
    await ctx.db.transaction(async (tx) => {
      if (!(await claimOneTimeToken(tx, found.id, at))) throw notFound(INVALID_EMAIL_LINK);
      await tx
        .update(users)
        .set({ email: newEmail, emailConfirmedAt: at, updatedAt: at })
        .where(eq(users.id, row.id));
      await ctx.mailer.send(tx, {
        to: row.email,
        subject: 'Your email address was changed',
        paragraphs: [
          `Hello ${row.firstName},`,
          `The email address of your Naija Market account is now ${newEmail}. Sign in with it from now on.`,
          'If you did not ask for this, contact us at once through the contact page.',
        ],
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('An account with this email already exists');
    throw error;
  }
  return { email: newEmail };
}

/**
 * The customer's own profile: name, phone, photo, and an email change confirmed by the new mailbox (issue 9). Named
 * functions of the platform's `Deps` (ADR 091, 102), bound here.
 */
export function createProfileService(deps: Deps) {
  return {
    get: bound(deps, get),
    update: bound(deps, update),
    setPhoto: bound(deps, setPhoto),
    removePhoto: bound(deps, removePhoto),
    requestEmailChange: bound(deps, requestEmailChange),
    confirmEmailChange: bound(deps, confirmEmailChange),
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
