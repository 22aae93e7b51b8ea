import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { revokeUserSessions } from './auth.repository.js';
import { oneTimeTokens, partnerProfiles, sessions, users } from './auth.schema.js';

/** The account's own fields, for its data export (ADR 073). Never the password hash. */
export async function accountForExport(db: Db, userId: string) {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  if (!row) return undefined;
  return {
    id: row.id,
    kind: row.kind,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phoneNumber: row.phoneNumber,
    image: row.image,
    createdAt: row.createdAt.toISOString(),
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    marketingConsent: row.marketingConsent,
    marketingConsentAt: row.marketingConsentAt?.toISOString() ?? null,
  };
}

/**
 * A live account of one of the given kinds, locked for its closing; undefined when there is none (or it is closed
 * already). Admin accounts are never among the kinds: they are the platform's, not a person's own.
 */
export async function lockLiveAccount(
  tx: Db,
  userId: string,
  kinds: readonly ('customer' | 'merchant' | 'partner')[],
) {
  const [row] = await tx
    .select({
      id: users.id,
      kind: users.kind,
      passwordHash: users.passwordHash,
      marketingConsent: users.marketingConsent,
    })
    .from(users)
    .where(and(eq(users.id, userId), inArray(users.kind, [...kinds]), isNull(users.deletedAt)))
    .for('update');
  return row;
}

/** A live customer account, locked for its closing; undefined when there is none (or it is closed already). */
export function lockLiveCustomer(tx: Db, userId: string) {
  return lockLiveAccount(tx, userId, ['customer']);
}

/** A shipping partner's company as they registered it, for its data export: never its bank details. */
export async function partnerForExport(db: Db, userId: string) {
  const [row] = await db.select().from(partnerProfiles).where(eq(partnerProfiles.userId, userId));
  if (!row) return undefined;
  return {
    companyName: row.companyName,
    company: { ...(row.company as Record<string, unknown>) },
    approvedAt: row.approvedAt?.toISOString() ?? null,
  };
}

/**
 * A closed partner's profile keeps its company name (the business that carried the orders) but loses its logo and
 * bank details: nothing is paid to a closed account.
 */
export async function erasePartnerProfile(tx: Db, userId: string): Promise<void> {
  await tx
    .update(partnerProfiles)
    .set({ logo: null, bankDetails: {} })
    .where(eq(partnerProfiles.userId, userId));
}

/**
 * Closing (ADR 073): the row stays (orders, refunds and the books point at it) but holds nothing of the person: a
 * placeholder name, an address that cannot receive mail, no phone, photo or password; every session ends and loses
 * its address and browser; links mailed earlier stop working. Marked deleted, it can never sign in again and its
 * e-mail may open a new account.
 */
export async function eraseAccount(tx: Db, userId: string, name: string, at: Date): Promise<void> {
  await tx
    .update(users)
    .set({
      firstName: name,
      lastName: '',
      email: `closed-${userId}@closed.invalid`,
      phoneNumber: null,
      image: null,
      passwordHash: null,
      marketingConsent: false,
      marketingConsentAt: at,
      isActive: false,
      closedAt: at,
      deletedAt: at,
      updatedAt: at,
    })
    .where(eq(users.id, userId));
  await revokeUserSessions(tx, userId, 'account closed', at);
  await tx.update(sessions).set({ ipAddress: null, userAgent: null }).where(eq(sessions.userId, userId));
  await tx.delete(oneTimeTokens).where(eq(oneTimeTokens.userId, userId));
}

/** Records the customer's marketing choice and when they made it. */
export async function setMarketingConsent(tx: Db, userId: string, consent: boolean, at: Date) {
  const [row] = await tx
    .update(users)
    .set({ marketingConsent: consent, marketingConsentAt: at, updatedAt: at })
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .returning({ marketingConsent: users.marketingConsent, marketingConsentAt: users.marketingConsentAt });
  return row;
}

/**
 * The only way to a marketing audience (ADR 073): of the given accounts, those who opted in and are still open.
 * A marketing mail or SMS is sent to these and no one else; transactional messages do not ask.
 */
export async function marketingRecipients(db: Db, userIds: readonly string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        inArray(users.id, [...userIds]),
        eq(users.marketingConsent, true),
        eq(users.isActive, true),
        isNull(users.deletedAt),
      ),
    );
  return rows.map((row) => row.id);
}
