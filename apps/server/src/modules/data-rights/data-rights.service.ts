import {
  CLOSE_REFUSED_DELIVERY_IN_FLIGHT,
  CLOSE_REFUSED_ORDER_IN_FLIGHT,
  CLOSE_REFUSED_REFUND_PENDING,
  CLOSE_REFUSED_STORE_OWNER,
  type MarketingConsent,
  PERSONAL_DATA_FORMAT,
  type PersonalDataExport,
  WRONG_PASSWORD,
} from '@market/contracts';
import { recordAudit } from '../../platform/audit/record.js';
import { verifyPassword } from '../../platform/auth/passwords.js';
import { bound } from '../../platform/bound.js';
import type { Db } from '../../platform/db/client.js';
import type { Deps } from '../../platform/deps.js';
import { conflict, notFound, validation } from '../../platform/errors.js';
import { addressesForExport, eraseAddresses } from '../addresses/index.js';
import {
  accountForExport,
  eraseAccount,
  erasePartnerProfile,
  lockLiveAccount,
  lockLiveCustomer,
  partnerForExport,
  setMarketingConsent,
} from '../auth/index.js';
import {
  eraseNotifications,
  notificationPreferencesForExport,
  notificationSettingsForExport,
} from '../notifications/index.js';
import {
  ANONYMISED_NAME,
  anonymiseOrders,
  deliveriesForExport,
  deliveryInFlightOf,
  ordersForExport,
  unfinishedBusinessOf,
} from '../orders/index.js';
import { anonymiseReturns, returnsForExport } from '../returns/index.js';
import { anonymiseReviews, reviewsForExport } from '../reviews/index.js';
import { endStoreMemberships, ownsAStore, storeMembershipsForExport } from '../stores/index.js';

const CUSTOMER_NOT_FOUND = 'Customer not found';
const ACCOUNT_NOT_FOUND = 'Account not found';

/** The accounts that are a person's own (ADR 073): an admin account is the platform's, and has no data rights here. */
export type PersonKind = 'customer' | 'merchant' | 'partner';
const PERSON_KINDS: readonly PersonKind[] = ['customer', 'merchant', 'partner'];
const isPersonKind = (kind: string): kind is PersonKind => (PERSON_KINDS as readonly string[]).includes(kind);

/** A person's data by the kind of their account; `kinds` are the kinds the caller may ask about. */
async function gather(
  ctx: Deps,
  executor: Db,
  accountId: string,
  kinds: readonly PersonKind[],
): Promise<PersonalDataExport> {
  const account = await accountForExport(executor, accountId);
  if (!account || !isPersonKind(account.kind) || !kinds.includes(account.kind))
    throw notFound(kinds.length === 1 && kinds[0] === 'customer' ? CUSTOMER_NOT_FOUND : ACCOUNT_NOT_FOUND);
  const notificationSettings = await notificationSettingsForExport(executor, accountId);
  if (account.kind !== 'customer') {
    const notificationPreferences = await notificationPreferencesForExport(executor, accountId);
    const base = {
      format: PERSONAL_DATA_FORMAT,
      exportedAt: ctx.now().toISOString(),
      account,
      addresses: [],
      orders: [],
      reviews: [],
      returns: [],
      notificationPreferences,
      notificationSettings,
    } satisfies PersonalDataExport;
    if (account.kind === 'merchant')
      return { ...base, storeMemberships: await storeMembershipsForExport(executor, accountId) };
    const [partner, deliveries] = await Promise.all([
      partnerForExport(executor, accountId),
      deliveriesForExport(executor, accountId),
    ]);
    return {
      ...base,
      partner: { companyName: '', company: {}, approvedAt: null, ...partner, deliveries },
    };
  }
  const customerId = accountId;
  const [addresses, orders, reviews, returns, notificationPreferences] = await Promise.all([
    addressesForExport(executor, customerId),
    ordersForExport(executor, customerId),
    reviewsForExport(executor, customerId),
    returnsForExport(executor, customerId),
    notificationPreferencesForExport(executor, customerId),
  ]);
  return {
    format: PERSONAL_DATA_FORMAT,
    exportedAt: ctx.now().toISOString(),
    account,
    addresses,
    orders: orders.map((order) => ({ ...order, deliveryAddress: { ...order.deliveryAddress } })),
    reviews,
    returns,
    notificationPreferences,
    notificationSettings,
  };
}

/**
 * Closing a store's staff member or a shipping partner, in the caller's transaction: the same confirmation as a
 * customer's, refused while their business is unfinished (a store they own; an order they carry), then the person
 * erased and the business records kept: order moves and audit lines point at the account's id, now nameless.
 */
async function closeBusinessAccount(
  ctx: Deps,
  tx: Db,
  accountId: string,
  kind: 'merchant' | 'partner',
  confirmation: { password: string } | { reason: string },
): Promise<void> {
  const at = ctx.now();
  let after: Record<string, unknown>;
  if (kind === 'merchant') {
    if (await ownsAStore(tx, accountId)) throw conflict(CLOSE_REFUSED_STORE_OWNER);
    after = { closed: true, storePlacesEnded: await endStoreMemberships(tx, accountId, at) };
  } else {
    if (await deliveryInFlightOf(tx, accountId)) throw conflict(CLOSE_REFUSED_DELIVERY_IN_FLIGHT);
    await erasePartnerProfile(tx, accountId);
    after = { closed: true, bankDetailsErased: true };
  }
  await eraseNotifications(tx, accountId);
  await eraseAccount(tx, accountId, ANONYMISED_NAME, at);
  await recordAudit(tx, {
    action: 'account.close',
    subjectType: 'account',
    subjectId: accountId,
    after,
    reason: 'reason' in confirmation ? confirmation.reason : null,
  });
}

/** The customer's data as JSON; the download (by them, or by an admin on a written request) is recorded. */
async function exportData(
  ctx: Deps,
  customerId: string,
  reason?: string,
  kinds: readonly PersonKind[] = ['customer'],
): Promise<PersonalDataExport> {
  return ctx.db.transaction(async (tx) => {
    const data = await gather(ctx, tx, customerId, kinds);
    await recordAudit(tx, {
      action: 'account.export',
      subjectType: 'account',
      subjectId: customerId,
      after: {
        orders: data.orders.length,
        addresses: data.addresses.length,
        reviews: data.reviews.length,
        returns: data.returns.length,
        ...(data.storeMemberships ? { storeMemberships: data.storeMemberships.length } : {}),
        ...(data.partner ? { deliveries: data.partner.deliveries.length } : {}),
      },
      reason: reason ?? null,
    });
    return data;
  });
}

/**
 * Closes the account: refused while an order is unfinished or a refund is on its way (the person could not
 * follow it any more); otherwise personal data is erased or anonymised and the financial records stay, in one
 * transaction with its audit line. `password` is the customer's own confirmation; an admin acting on a written
 * request gives the request's `reason` instead.
 */
async function close(
  ctx: Deps,
  customerId: string,
  confirmation: { password: string } | { reason: string },
  kinds: readonly PersonKind[] = ['customer'],
): Promise<PersonKind> {
  const missing = kinds.length === 1 && kinds[0] === 'customer' ? CUSTOMER_NOT_FOUND : ACCOUNT_NOT_FOUND;
  if ('password' in confirmation) {
    const [row] = await ctx.db.transaction(async (tx) => [await lockLiveAccount(tx, customerId, kinds)]);
    if (!row) throw notFound(missing);
    if (!row.passwordHash || !(await verifyPassword(row.passwordHash, confirmation.password)))
      throw validation('password', WRONG_PASSWORD);
  }
  return ctx.db.transaction(async (tx) => {
    const row = await lockLiveAccount(tx, customerId, kinds);
    if (!row || !isPersonKind(row.kind)) throw notFound(missing);
    if (row.kind !== 'customer') {
      await closeBusinessAccount(ctx, tx, customerId, row.kind, confirmation);
      return row.kind;
    }
    const unfinished = await unfinishedBusinessOf(tx, customerId);
    if (unfinished === 'order-in-flight') throw conflict(CLOSE_REFUSED_ORDER_IN_FLIGHT);
    if (unfinished === 'refund-pending') throw conflict(CLOSE_REFUSED_REFUND_PENDING);
    const at = ctx.now();
    const orders = await anonymiseOrders(tx, customerId);
    await anonymiseReviews(tx, customerId, ANONYMISED_NAME);
    await anonymiseReturns(tx, customerId, ANONYMISED_NAME);
    const addresses = await eraseAddresses(tx, customerId);
    await eraseNotifications(tx, customerId);
    await eraseAccount(tx, customerId, ANONYMISED_NAME, at);
    await recordAudit(tx, {
      action: 'account.close',
      subjectType: 'account',
      subjectId: customerId,
      after: { closed: true, ordersKeptAnonymised: orders, addressesErased: addresses },
      reason: 'reason' in confirmation ? confirmation.reason : null,
    });
    return 'customer' as const;
  });
}

async function chooseMarketing(ctx: Deps, customerId: string, consent: boolean): Promise<MarketingConsent> {
  return ctx.db.transaction(async (tx) => {
    const before = await lockLiveCustomer(tx, customerId);
    if (!before) throw notFound(CUSTOMER_NOT_FOUND);
    const row = await setMarketingConsent(tx, customerId, consent, ctx.now());
    await recordAudit(tx, {
      action: 'account.marketing-consent',
      subjectType: 'account',
      subjectId: customerId,
      before: { marketingConsent: before.marketingConsent },
      after: { marketingConsent: consent },
    });
    return {
      marketingConsent: row!.marketingConsent,
      marketingConsentAt: row!.marketingConsentAt?.toISOString() ?? null,
    };
  });
}

/**
 * Data rights of Nigeria's Data Protection Act 2023 (ADR 073): a customer's personal data gathered from the modules
 * that hold it, the closing of their account, and their marketing choice. Each act joins the audit trail. Named
 * functions of the platform's `Deps` (ADR 091, 102), bound here.
 */
export function createDataRightsService(deps: Deps) {
  return {
    exportData: bound(deps, exportData),
    close: bound(deps, close),
    setMarketingConsent: bound(deps, chooseMarketing),
  };
}

export type DataRightsService = ReturnType<typeof createDataRightsService>;
