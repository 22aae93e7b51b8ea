import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { ErrorState, LoadingState } from '../../../components/ui/states';
import { formatDateTime } from '../../../lib/dates';
import { isApiError } from '../../../lib/errors';
import { formatNaira } from '../../../lib/money';
import { errorToastMessage } from '../../../lib/toast-rules';
import { useTransaction } from '../api/finance';
import { paymentChannelLabel, paymentPurposeLabel, transactionStatusLabel } from '../labels';
import { statusTone } from './transactions-list';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm text-slate-700">{label}</dt>
      <dd className="break-words text-slate-900">{children ?? '—'}</dd>
    </div>
  );
}

/** One payment: section 3's Transaction fields, the card masked, and the order lines its checkout paid. */
export function TransactionDetail({ id }: { id: string }) {
  const query = useTransaction(id);
  if (query.isPending) return <LoadingState label="Loading the transaction…" />;
  if (query.isError) {
    const missing = isApiError(query.error) && (query.error.status === 404 || query.error.status === 422);
    return (
      <ErrorState
        title={
          missing ? 'This transaction does not exist' : 'Could not get the transaction. Try again later.'
        }
        message={missing ? undefined : (errorToastMessage(query.error) ?? undefined)}
        onRetry={missing ? undefined : () => query.refetch()}
      />
    );
  }
  const t = query.data;
  return (
    <article aria-labelledby="transaction-title" className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="transaction-title" className="text-lg font-semibold break-all text-slate-900">
          {t.reference}
        </h2>
        <Badge tone={statusTone[t.status]}>{transactionStatusLabel(t.status)}</Badge>
      </div>
      <dl className="grid grid-cols-1 gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-3">
        <Field label="Amount">{formatNaira(t.amountKobo)}</Field>
        <Field label="Fees">{t.feesKobo === null ? null : formatNaira(t.feesKobo)}</Field>
        <Field label="Refunded">{formatNaira(t.refundedKobo)}</Field>
        <Field label="Date">{formatDateTime(t.date)}</Field>
        <Field label="Purpose">{paymentPurposeLabel(t.purpose)}</Field>
        <Field label="Provider transaction id">{t.transactionId}</Field>
        <Field label="Customer">{t.customerName}</Field>
        <Field label="Customer e-mail">{t.customerEmail}</Field>
        <Field label="Payment channel">
          {t.paymentChannel ? paymentChannelLabel(t.paymentChannel) : null}
        </Field>
        <Field label="Card type">{t.cardType}</Field>
        <Field label="Card number">{t.cardNumber}</Field>
        <Field label="Bank">{t.bank}</Field>
        <Field label="Country">{t.country}</Field>
        <Field label="IP address">{t.ipAddress}</Field>
        <Field label="Order tracker">{t.orderTrackerId}</Field>
        <Field label="Orders">{t.orderName}</Field>
        <Field label="Provider answer">{t.gatewayResponse}</Field>
      </dl>
      <section
        aria-labelledby="transaction-items"
        className="rounded-lg border border-slate-200 bg-white p-4"
      >
        <h3 id="transaction-items" className="mb-2 font-semibold text-slate-900">
          Order items
        </h3>
        {t.orderItems.length === 0 ? (
          <p className="text-sm text-slate-700">This payment did not pay for an order.</p>
        ) : (
          <ul className="divide-y divide-slate-200">
            {t.orderItems.map((item, index) => (
              <li
                // The same product may appear twice in an order (two variants): the position keeps keys apart.
                // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id of their own here
                key={`${item.orderName}-${index}`}
                className="flex flex-wrap justify-between gap-2 py-2 text-sm"
              >
                <span className="min-w-0 break-words">
                  {item.productName} × {item.quantity}
                  <span className="block text-xs text-slate-700">
                    {item.orderName} · {item.storeName}
                  </span>
                </span>
                <span className="tabular-nums">{formatNaira(item.unitPriceKobo * item.quantity)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <Link to="/admin/finance/transactions" className="inline-block text-sm text-emerald-800 underline">
        Back to transactions
      </Link>
    </article>
  );
}
