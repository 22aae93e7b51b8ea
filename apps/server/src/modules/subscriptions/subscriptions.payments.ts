import type { Db } from '../../platform/db/client.js';
import type { PaymentPurpose } from '../payments/index.js';
import { addMonthUtc, SUBSCRIPTION_PREFIX, type SubscriptionsContext } from './subscriptions.context.js';
import { renewalFailed } from './subscriptions.renewal.js';
import {
  findInvoiceByReference,
  type InvoiceRow,
  lockSubscription,
  saveSubscription,
  updateInvoice,
  updateSubscription,
} from './subscriptions.repository.js';

// What the payments module hears of an invoice's payment: its amount, and the month it buys when paid.

/**
 * Applies a paid invoice: the same plan extends from the end of the running period; another plan (or an expired
 * one) starts when the payment lands. Runs once per invoice, inside the payment's transaction.
 */
export async function applyPaid(executor: Db, invoice: InvoiceRow, paidAt: Date): Promise<InvoiceRow> {
  const current = await lockSubscription(executor, invoice.storeId);
  const extends_ = current && current.planId === invoice.planId && current.currentPeriodEnd > paidAt;
  const start = extends_ ? current.currentPeriodEnd : paidAt;
  const end = addMonthUtc(start);
  await saveSubscription(executor, {
    storeId: invoice.storeId,
    planId: invoice.planId,
    currentPeriodStart: extends_ ? current.currentPeriodStart : start,
    currentPeriodEnd: end,
    createdAt: paidAt,
    updatedAt: paidAt,
  });
  return updateInvoice(executor, invoice.id, {
    status: 'paid',
    paidAt,
    periodStart: start,
    periodEnd: end,
  });
}

/** The subscriptions' payment purpose (prefix SUB), registered with the payments module once. */
export function subscriptionPurpose(ctx: SubscriptionsContext): PaymentPurpose {
  return {
    prefix: SUBSCRIPTION_PREFIX,
    async expectedAmountKobo(executor, reference) {
      return (await findInvoiceByReference(executor, reference))?.amountKobo;
    },
    async onPaid(executor, reference, verification) {
      const invoice = await findInvoiceByReference(executor, reference, true);
      if (!invoice || invoice.status === 'paid') return;
      await applyPaid(executor, invoice, verification.paidAt ?? ctx.deps.now());
      // A paid month starts the failure count again; a card the provider lets us charge again is kept for renewals.
      await updateSubscription(executor, invoice.storeId, {
        renewalAttempts: 0,
        nextRenewalAttemptAt: null,
        ...(verification.reusableAuthorization && verification.customerEmail
          ? {
              authorizationCode: verification.reusableAuthorization,
              authorizationEmail: verification.customerEmail,
              cardBrand: verification.card?.type ?? null,
              cardLast4: verification.card?.last4 ?? null,
            }
          : {}),
      });
    },
    async onFailed(executor, reference, verification) {
      const invoice = await findInvoiceByReference(executor, reference, true);
      if (invoice?.status !== 'pending') return;
      await updateInvoice(executor, invoice.id, { status: 'failed' });
      if (invoice.renewsPeriodEnd) await renewalFailed(ctx, executor, invoice, verification.gatewayResponse);
    },
  };
}
