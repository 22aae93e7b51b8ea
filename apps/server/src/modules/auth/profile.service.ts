import { type CustomerProfile, EMAIL_CHANGE_TTL_SECONDS } from '@market/contracts';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { verifyPassword } from '../../platform/auth/passwords.js';
import { hashToken, randomToken } from '../../platform/auth/tokens.js';
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

/** The customer's own profile: name, phone, photo, and an email change confirmed by the new mailbox (issue 9). */
export function createProfileService(deps: Deps) {
  const { db, mailer } = deps;

  async function profileOf(row: UserRow): Promise<CustomerProfile> {
    const [pending] = await db
      .select({ newEmail: oneTimeTokens.newEmail })
      .from(oneTimeTokens)
      .where(
        and(
          eq(oneTimeTokens.userId, row.id),
          eq(oneTimeTokens.purpose, 'change-email'),
          isNull(oneTimeTokens.usedAt),
          gt(oneTimeTokens.expiresAt, deps.now()),
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

  async function customer(userId: string): Promise<UserRow> {
    const row = await findUserById(db, userId);
    if (row?.kind !== 'customer') throw unauthorized();
    return row;
  }

  async function update(userId: string, values: Partial<typeof users.$inferInsert>) {
    const [row] = await db
      .update(users)
      .set({ ...values, updatedAt: deps.now() })
      .where(eq(users.id, userId))
      .returning();
    if (!row) throw unauthorized();
    return profileOf(row);
  }

  return {
    async get(userId: string) {
      return profileOf(await customer(userId));
    },

    async update(userId: string, body: { firstName: string; lastName: string; phoneNumber: string | null }) {
      await customer(userId);
      return update(userId, {
        firstName: body.firstName,
        lastName: body.lastName,
        phoneNumber: body.phoneNumber ? normalizeNigerianPhone(body.phoneNumber) : null,
      });
    },

    /** Saves the photo through the image pipeline (resized WebP) and makes it the account's at once. */
    async setPhoto(userId: string, bytes: Buffer) {
      await customer(userId);
      const image = await deps.media.saveImage(db, userId, bytes, 'profile-photo');
      return update(userId, { image: image.url });
    },

    async removePhoto(userId: string) {
      await customer(userId);
      return update(userId, { image: null });
    },

    /**
     * Mails a confirmation link to the new address; nothing changes until it is followed. The password is asked
     * again, so a borrowed, signed-in phone cannot move the account to someone else's mailbox.
     */
    async requestEmailChange(userId: string, body: { newEmail: string; password: string }) {
      const row = await customer(userId);
      if (!row.passwordHash || !(await verifyPassword(row.passwordHash, body.password)))
        throw validation('password', 'Your password is not correct');
      if (body.newEmail === row.email) throw validation('newEmail', 'This is already your email address');
      if (await findUserByEmail(db, 'customer', body.newEmail))
        throw conflict('An account with this email already exists');
      const token = randomToken();
      const at = deps.now();
      await db.transaction(async (tx) => {
        await retireOneTimeTokens(tx, userId, 'change-email', at);
        await tx.insert(oneTimeTokens).values({
          userId,
          purpose: 'change-email',
          newEmail: body.newEmail,
          tokenHash: hashToken(token),
          expiresAt: new Date(at.getTime() + EMAIL_CHANGE_TTL_SECONDS * 1000),
        });
        await mailer.send(tx, {
          to: body.newEmail,
          subject: 'Confirm your new email address',
          paragraphs: [
            `Hello ${row.firstName},`,
            'You asked to use this address for your Naija Market account. Follow the link to confirm it.',
            'The link works for 24 hours and only once. Until then your account keeps its current email.',
          ],
          action: {
            label: 'Confirm new email',
            url: `${deps.config.publicUrl}/customer/confirm-email-change/${token}`,
          },
        });
      });
    },

    /** Follows the mailed link: the account's email becomes the new one; the old address is told. */
    async confirmEmailChange(token: string): Promise<{ email: string }> {
      const found = await findOneTimeToken(db, hashToken(token), 'change-email');
      const at = deps.now();
      if (!found || found.usedAt || found.expiresAt <= at || !found.newEmail)
        throw notFound(INVALID_EMAIL_LINK);
      const row = await findUserById(db, found.userId);
      if (row?.kind !== 'customer') throw notFound(INVALID_EMAIL_LINK);
      const newEmail = found.newEmail;
      try {
        await db.transaction(async (tx) => {
          if (!(await claimOneTimeToken(tx, found.id, at))) throw notFound(INVALID_EMAIL_LINK);
          await tx
            .update(users)
            .set({ email: newEmail, emailConfirmedAt: at, updatedAt: at })
            .where(eq(users.id, row.id));
          await mailer.send(tx, {
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
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
