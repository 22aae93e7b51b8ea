import type { AccountKind } from '@market/contracts';
import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  isNotNull,
  isNull,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { parsedJson } from '../../platform/db/json-rows.js';
import { prepared, type ReadPart } from '../../platform/db/prepared.js';
import {
  type OneTimePurpose,
  oneTimeTokens,
  partnerProfiles,
  refreshTokens,
  sessions,
  users,
} from './auth.schema.js';

export type UserRow = typeof users.$inferSelect;
export type PartnerProfileRow = typeof partnerProfiles.$inferSelect;

/**
 * Whether an account of this kind and email had a session from this address in use since `since`: an address its
 * owner signs in from, which a lock caused by strangers elsewhere does not shut (issue 24).
 */
export async function signedInFromAddress(
  db: Db,
  kind: AccountKind,
  email: string,
  ipAddress: string,
  since: Date,
): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(users.kind, kind),
        eq(users.email, email),
        isNull(users.deletedAt),
        eq(sessions.ipAddress, ipAddress),
        gte(sessions.lastUsedAt, since),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function findUserByEmail(
  db: Db,
  kind: AccountKind,
  email: string,
): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.kind, kind), eq(users.email, email), isNull(users.deletedAt)))
    .limit(1);
  return row;
}

// Built once (ADR 033): every signed-in request reads its session, and checkout reads its customer, many times a
// second at a busy hour.
const userById = prepared('auth_user_by_id', (db) =>
  db
    .select()
    .from(users)
    .where(and(eq(users.id, sql.placeholder('id')), isNull(users.deletedAt)))
    .limit(1),
);

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await userById(db, { id });
  return row;
}

/** An account as other modules read it: every column but the password hash, which never leaves this module. */
export type AccountRow = Omit<UserRow, 'passwordHash'>;
const { passwordHash: _neverShared, ...accountColumns } = getTableColumns(users);

// Built once (ADR 033): mails of paid orders, decisions and payouts read their recipient many times a minute.
const accountById = prepared('auth_account_by_id', (db) =>
  db
    .select(accountColumns)
    .from(users)
    .where(and(eq(users.id, sql.placeholder('id')), isNull(users.deletedAt)))
    .limit(1),
);

/** The live account `id` names, for another module (a mail's recipient, a store's owner); undefined when gone. */
export async function findAccountById(db: Db, id: string): Promise<AccountRow | undefined> {
  const [row] = await accountById(db, { id });
  return row;
}

/** Who a mail to an account is written to: its address and the name it is greeted by. */
export interface MailRecipient {
  email: string;
  firstName: string;
}

/**
 * The live account `id` gives (an SQL `uuid` expression of another part of the read, `idName` naming it; its
 * placeholders are that part's), as a part of a read of several modules (`readTogether`, ADR 087): what a mail to
 * it needs. Undefined for an account gone or deleted, as `findUserById`.
 */
export function mailRecipientPart(id: SQL, idName: string): ReadPart<MailRecipient | undefined> {
  return {
    name: `auth_mail_recipient_of_${idName}`,
    sql: () => sql`select json_build_object('email', u.email, 'firstName', u.first_name) from ${users} u
      where u.id = ${id} and u.deleted_at is null`,
    values: {},
    decode: (json) => (json === null ? undefined : parsedJson<MailRecipient>(json)),
  };
}

/** Names and e-mails of accounts by id, as they are now: what the audit trail shows beside each actor. */
export async function accountNamesByIds(
  db: Db,
  ids: readonly string[],
): Promise<Map<string, { name: string; email: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(inArray(users.id, [...ids]));
  return new Map(rows.map((row) => [row.id, { name: `${row.firstName} ${row.lastName}`, email: row.email }]));
}

export async function findPartnerProfile(db: Db, userId: string): Promise<PartnerProfileRow | undefined> {
  const [row] = await db.select().from(partnerProfiles).where(eq(partnerProfiles.userId, userId)).limit(1);
  return row;
}

const liveSession = prepared('auth_live_session', (db) =>
  db
    .select({
      sessionId: sessions.id,
      revokedAt: sessions.revokedAt,
      kind: users.kind,
      role: users.role,
      isActive: users.isActive,
      deletedAt: users.deletedAt,
      // Who the caller is, for the handlers that name them (checkout's e-mail and receipt, ADR 037).
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sql.placeholder('sessionId')), eq(sessions.userId, sql.placeholder('userId'))))
    .limit(1),
);

/** The session an access token names, with its user: what every signed-in request checks. */
export async function findLiveSession(db: Db, sessionId: string, userId: string) {
  const [row] = await liveSession(db, { sessionId, userId });
  return row;
}

/**
 * Which of these sessions are still live (not revoked, their account neither deleted nor deactivated): one query for
 * every open live stream of a process at each heartbeat (ADR 068).
 */
export async function liveSessionIdsAmong(db: Db, sessionIds: readonly string[]): Promise<Set<string>> {
  if (sessionIds.length === 0) return new Set();
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        inArray(sessions.id, [...sessionIds]),
        isNull(sessions.revokedAt),
        isNull(users.deletedAt),
        eq(users.isActive, true),
      ),
    );
  return new Set(rows.map((row) => row.id));
}

export async function revokeSession(db: Db, sessionId: string, reason: string, at: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: at, revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every session of a user, or every one but `exceptSessionId`. */
export async function revokeUserSessions(
  db: Db,
  userId: string,
  reason: string,
  at: Date,
  exceptSessionId?: string,
): Promise<void> {
  const open = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  for (const { id } of open) {
    if (id !== exceptSessionId) await revokeSession(db, id, reason, at);
  }
}

export async function findRefreshToken(db: Db, tokenHash: string) {
  const [row] = await db
    .select({
      id: refreshTokens.id,
      sessionId: refreshTokens.sessionId,
      expiresAt: refreshTokens.expiresAt,
      usedAt: refreshTokens.usedAt,
      sessionRevokedAt: sessions.revokedAt,
      userId: sessions.userId,
    })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1);
  return row;
}

/** Marks a refresh token used; false when another request used it first. */
export async function claimRefreshToken(db: Db, id: string, at: Date): Promise<boolean> {
  const claimed = await db
    .update(refreshTokens)
    .set({ usedAt: at })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.usedAt)))
    .returning({ id: refreshTokens.id });
  return claimed.length === 1;
}

export async function findOneTimeToken(db: Db, tokenHash: string, purpose: OneTimePurpose) {
  const [row] = await db
    .select()
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.tokenHash, tokenHash), eq(oneTimeTokens.purpose, purpose)))
    .limit(1);
  return row;
}

/** Marks a link used; false when it was used already (two clicks at once). */
export async function claimOneTimeToken(db: Db, id: string, at: Date): Promise<boolean> {
  const claimed = await db
    .update(oneTimeTokens)
    .set({ usedAt: at })
    .where(and(eq(oneTimeTokens.id, id), isNull(oneTimeTokens.usedAt)))
    .returning({ id: oneTimeTokens.id });
  return claimed.length === 1;
}

/** Retires a user's unused links of one purpose, so only the newest link works. */
export async function retireOneTimeTokens(
  db: Db,
  userId: string,
  purpose: OneTimePurpose,
  at: Date,
): Promise<void> {
  await db
    .update(oneTimeTokens)
    .set({ usedAt: at })
    .where(
      and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt)),
    );
}

/**
 * Accounts an order can be assigned to: confirmed, active shipping partners (by company) and dispatchers (admin
 * accounts of that role), for the assignment screens of the orders module.
 */
export async function listCarrierAccounts(
  db: Db,
): Promise<{ id: string; kind: 'partner' | 'dispatcher'; name: string; phoneNumber: string | null }[]> {
  const rows = await db
    .select({
      id: users.id,
      kind: users.kind,
      role: users.role,
      firstName: users.firstName,
      lastName: users.lastName,
      phoneNumber: users.phoneNumber,
      companyName: partnerProfiles.companyName,
    })
    .from(users)
    .leftJoin(partnerProfiles, eq(partnerProfiles.userId, users.id))
    .where(
      and(
        isNull(users.deletedAt),
        eq(users.isActive, true),
        isNotNull(users.emailConfirmedAt),
        or(
          and(eq(users.kind, 'partner'), isNotNull(partnerProfiles.approvedAt)),
          and(eq(users.kind, 'admin'), eq(users.role, 'dispatcher')),
        ),
      ),
    )
    .orderBy(asc(users.kind), asc(users.firstName), asc(users.id));
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind === 'partner' ? 'partner' : 'dispatcher',
    name: row.kind === 'partner' ? (row.companyName ?? row.firstName) : `${row.firstName} ${row.lastName}`,
    phoneNumber: row.phoneNumber,
  }));
}

/** Shipping partners with their approval state, newest first: pending applications, or approved partners. */
export async function listPartners(db: Db, status: 'pending' | 'approved') {
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      phoneNumber: users.phoneNumber,
      emailConfirmedAt: users.emailConfirmedAt,
      companyName: partnerProfiles.companyName,
      approvedAt: partnerProfiles.approvedAt,
      createdAt: partnerProfiles.createdAt,
    })
    .from(partnerProfiles)
    .innerJoin(users, eq(users.id, partnerProfiles.userId))
    .where(
      and(
        isNull(users.deletedAt),
        status === 'pending' ? isNull(partnerProfiles.approvedAt) : isNotNull(partnerProfiles.approvedAt),
      ),
    )
    .orderBy(desc(partnerProfiles.createdAt), asc(users.id))
    .limit(200);
  return rows;
}

/** Approves a partner once; answers false when there is no such partner. */
export async function approvePartner(db: Db, partnerId: string, adminId: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(partnerProfiles)
    .set({ approvedAt: at, approvedBy: adminId })
    .where(and(eq(partnerProfiles.userId, partnerId), isNull(partnerProfiles.approvedAt)))
    .returning({ id: partnerProfiles.userId });
  if (rows.length > 0) return true;
  const [existing] = await db
    .select({ id: partnerProfiles.userId })
    .from(partnerProfiles)
    .where(eq(partnerProfiles.userId, partnerId));
  return Boolean(existing);
}

/** Live accounts among `ids`, with what a notification needs to reach them (ADR 057). */
export async function reachableAccounts(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: users.id,
      kind: users.kind,
      email: users.email,
      phone: users.phoneNumber,
      firstName: users.firstName,
    })
    .from(users)
    .where(and(inArray(users.id, [...ids]), eq(users.isActive, true), isNull(users.deletedAt)));
}

/** Every live admin account with its built-in role (custom roles are the admins module's). */
export async function liveAdminAccounts(db: Db): Promise<{ id: string; role: string | null }[]> {
  return db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(and(eq(users.kind, 'admin'), eq(users.isActive, true), isNull(users.deletedAt)));
}
