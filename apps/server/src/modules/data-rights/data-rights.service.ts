import {
  CLOSE_REFUSED_ORDER_IN_FLIGHT,
  CLOSE_REFUSED_REFUND_PENDING,
  type MarketingConsent,
  PERSONAL_DATA_FORMAT,
  type PersonalDataExport,
  WRONG_PASSWORD,
} from '@market/contracts';
import { recordAudit } from '../../platform/audit/record.js';
import { verifyPassword } from '../../platform/auth/passwords.js';
import type { Db } from '../../platform/db/client.js';
import type { Deps } from '../../platform/deps.js';
import { conflict, notFound, validation } from '../../platform/errors.js';
import { addressesForExport, eraseAddresses } from '../addresses/index.js';
import { accountForExport, eraseAccount, lockLiveCustomer, setMarketingConsent } from '../auth/index.js';
import { eraseNotifications, notificationPreferencesForExport } from '../notifications/index.js';
import { ANONYMISED_NAME, anonymiseOrders, ordersForExport, unfinishedBusinessOf } from '../orders/index.js';
import { anonymiseReturns, returnsForExport } from '../returns/index.js';
import { anonymiseReviews, reviewsForExport } from '../reviews/index.js';

const CUSTOMER_NOT_FOUND = 'Customer not found';

/**
 * Data rights of Nigeria's Data Protection Act 2023 (ADR 073): a customer's personal data gathered from the modules
 * that hold it, the closing of their account, and their marketing choice. Each act joins the audit trail.
 */
export function createDataRightsService(deps: Deps) {
  const { db } = deps;

  async function gather(executor: Db, customerId: string): Promise<PersonalDataExport> {
    const account = await accountForExport(executor, customerId);
    if (account?.kind !== 'customer') throw notFound(CUSTOMER_NOT_FOUND);
    const [addresses, orders, reviews, returns, notificationPreferences] = await Promise.all([
      addressesForExport(executor, customerId),
      ordersForExport(executor, customerId),
      reviewsForExport(executor, customerId),
      returnsForExport(executor, customerId),
      notificationPreferencesForExport(executor, customerId),
    ]);
    return {
      format: PERSONAL_DATA_FORMAT,
      exportedAt: deps.now().toISOString(),
      account,
      addresses,
      orders: orders.map((order) => ({ ...order, deliveryAddress: { ...order.deliveryAddress } })),
      reviews,
      returns,
      notificationPreferences,
    };
  }

  return {
    /** The customer's data as JSON; the download (by them, or by an admin on a written request) is recorded. */
    async exportData(customerId: string, reason?: string): Promise<PersonalDataExport> {
      return db.transaction(async (tx) => {
        const data = await gather(tx, customerId);
        await recordAudit(tx, {
          action: 'account.export',
          subjectType: 'account',
          subjectId: customerId,
          after: {
            orders: data.orders.length,
            addresses: data.addresses.length,
            reviews: data.reviews.length,
            returns: data.returns.length,
          },
          reason: reason ?? null,
        });
        return data;
      });
    },

    /**
     * Closes the account: refused while an order is unfinished or a refund is on its way (the person could not
     * follow it any more); otherwise personal data is erased or anonymised and the financial records stay, in one
     * transaction with its audit line. `password` is the customer's own confirmation; an admin acting on a written
     * request gives the request's `reason` instead.
     */
    async close(customerId: string, confirmation: { password: string } | { reason: string }): Promise<void> {
      if ('password' in confirmation) {
        const [row] = await db.transaction(async (tx) => [await lockLiveCustomer(tx, customerId)]);
        if (!row) throw notFound(CUSTOMER_NOT_FOUND);
        if (!row.passwordHash || !(await verifyPassword(row.passwordHash, confirmation.password)))
          throw validation('password', WRONG_PASSWORD);
      }
      await db.transaction(async (tx) => {
        const row = await lockLiveCustomer(tx, customerId);
        if (!row) throw notFound(CUSTOMER_NOT_FOUND);
        const unfinished = await unfinishedBusinessOf(tx, customerId);
        if (unfinished === 'order-in-flight') throw conflict(CLOSE_REFUSED_ORDER_IN_FLIGHT);
        if (unfinished === 'refund-pending') throw conflict(CLOSE_REFUSED_REFUND_PENDING);
        const at = deps.now();
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
      });
    },

    async setMarketingConsent(customerId: string, consent: boolean): Promise<MarketingConsent> {
      return db.transaction(async (tx) => {
        const before = await lockLiveCustomer(tx, customerId);
        if (!before) throw notFound(CUSTOMER_NOT_FOUND);
        const row = await setMarketingConsent(tx, customerId, consent, deps.now());
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
    },
  };
}

export type DataRightsService = ReturnType<typeof createDataRightsService>;
