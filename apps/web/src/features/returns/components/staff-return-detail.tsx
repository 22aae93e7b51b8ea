import { type ChargebackParty, type OrderReturn, returnStatusNames } from '@market/contracts';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { TextareaField } from '../../../components/ui/textarea-field';
import { formatDateTime } from '../../../lib/dates';
import { isApiError } from '../../../lib/errors';
import { formatApiNaira } from '../../../lib/money';
import { RETURN_MESSAGES } from '../api/returns-keys';
import {
  type ReturnsViewer,
  useChargebackDecision,
  useRefundDecision,
  useStaffReturn,
  useUpdateReturnStatus,
  useUphold,
} from '../api/staff-returns';
import { RefundHistory, ReturnStatusBadge } from './return-status-badge';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-2 rounded-lg border border-slate-200 bg-white p-4">
      <h2 className="text-lg font-bold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}

const moveLabels: Record<string, string> = {
  approved: 'Approve',
  rejected: 'Reject',
  item_received: 'Mark items received',
  closed: 'Close',
};

function Decisions({ viewer, item }: { viewer: ReturnsViewer; item: OrderReturn }) {
  const [note, setNote] = useState('');
  const move = useUpdateReturnStatus(viewer, item.id);
  const decide = useRefundDecision(item.id);
  const uphold = useUphold(item.id);
  const busy = move.isPending || decide.isPending || uphold.isPending;
  const refundNow = formatApiNaira(item.products.reduce((acc, product) => acc + product.refundableAmount, 0));
  if (item.allowedNextStatuses.length === 0 && !item.canDecide) return null;
  const withNote = note.trim() ? { note: note.trim() } : {};
  return (
    <Section title={viewer === 'admin' ? 'Platform decision' : 'Decision'}>
      {viewer === 'admin' ? (
        <p className="text-sm text-slate-700">
          The store rejected this return and the customer disputed it: {item.dispute.reason}
        </p>
      ) : null}
      <TextareaField
        label="Note to the customer (optional)"
        value={note}
        maxLength={500}
        onChange={(event) => setNote(event.target.value)}
      />
      <div className="flex flex-wrap gap-2">
        {item.canDecide ? (
          <>
            <Button
              disabled={busy}
              onClick={() =>
                viewer === 'admin'
                  ? uphold.mutate({ decision: 'refund', ...withNote })
                  : decide.mutate({ decision: 'refund', ...withNote })
              }
            >
              Refund {refundNow}
            </Button>
            <Button
              variant="secondary"
              disabled={busy}
              onClick={() =>
                viewer === 'admin'
                  ? uphold.mutate({ decision: 'replace', ...withNote })
                  : decide.mutate({ decision: 'replace', ...withNote })
              }
            >
              Send a replacement
            </Button>
          </>
        ) : null}
        {item.allowedNextStatuses.map((status) => (
          <Button
            key={status}
            variant={status === 'rejected' || status === 'closed' ? 'dangerGhost' : 'secondary'}
            disabled={busy}
            onClick={() =>
              move.mutate({
                status: status as 'approved' | 'rejected' | 'item_received' | 'closed',
                ...withNote,
              })
            }
          >
            {viewer === 'admin' && status === 'closed'
              ? 'Dismiss the dispute'
              : (moveLabels[status] ?? returnStatusNames[status])}
          </Button>
        ))}
      </div>
    </Section>
  );
}

function Chargeback({ item }: { item: OrderReturn }) {
  const decide = useChargebackDecision(item.id);
  const [note, setNote] = useState(item.chargeback.note ?? '');
  const choose = (decision: ChargebackParty) =>
    decide.mutate({ decision, ...(note.trim() ? { note: note.trim() } : {}) });
  return (
    <Section title="Chargeback">
      <p className="text-sm text-slate-700">
        Who bears this return’s refund:{' '}
        <span className="font-semibold text-slate-900">
          {item.chargeback.decision === 'platform'
            ? 'the platform'
            : item.chargeback.decision === 'merchant'
              ? 'the store (charged back)'
              : 'not decided (the store by default)'}
        </span>
      </p>
      <TextareaField
        label="Reason"
        value={note}
        maxLength={500}
        onChange={(event) => setNote(event.target.value)}
      />
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" disabled={decide.isPending} onClick={() => choose('merchant')}>
          Charge back to the store
        </Button>
        <Button variant="secondary" disabled={decide.isPending} onClick={() => choose('platform')}>
          Platform bears it
        </Button>
      </div>
    </Section>
  );
}

/** One return for the store (decide it) or for admins (disputes and chargebacks). */
export function StaffReturnDetail({
  viewer,
  id,
  backTo,
}: {
  viewer: ReturnsViewer;
  id: string;
  backTo: string;
}) {
  const query = useStaffReturn(viewer, id);
  if (query.isPending) return <LoadingState label="Loading the return…" />;
  if (query.isError) {
    if (isApiError(query.error) && [404, 422].includes(query.error.status)) {
      return (
        <EmptyState title="This return was not found">
          <Link to={backTo} className={buttonClasses('secondary', 'mt-2')}>
            Back to returns
          </Link>
        </EmptyState>
      );
    }
    return <ErrorState title={RETURN_MESSAGES.return} onRetry={() => query.refetch()} />;
  }
  const item = query.data;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-2">
        <h1 className="text-2xl font-bold text-slate-900">
          {item.type === 'replace' ? 'Replacement' : 'Return'} for {item.orderName}
        </h1>
        <ReturnStatusBadge status={item.status} />
      </div>
      <p className="text-sm text-slate-700">
        {item.customerName} · {viewer === 'admin' ? `${item.storeName} · ` : ''}asked{' '}
        {formatDateTime(item.createdAt)}
      </p>
      <Decisions viewer={viewer} item={item} />
      <Section title="What the customer says">
        <p className="text-sm text-slate-900">{item.reason}</p>
        {item.photos.length > 0 ? (
          <ul className="flex flex-wrap gap-2" aria-label="Photos">
            {item.photos.map((url, index) => (
              <li key={url}>
                <a href={url} target="_blank" rel="noreferrer">
                  <img
                    src={url}
                    alt={`What the customer sent, ${index + 1} of ${item.photos.length}`}
                    className="h-24 w-24 rounded-md object-cover"
                  />
                </a>
              </li>
            ))}
          </ul>
        ) : null}
        {item.merchantNote ? (
          <p className="text-sm text-slate-700">Store’s note: {item.merchantNote}</p>
        ) : null}
      </Section>
      <Section title="Items">
        <ul className="divide-y divide-slate-100">
          {item.products.map((product) => (
            <li
              key={`${product.productId}-${product.variantId ?? ''}`}
              className="flex justify-between gap-3 py-2 text-sm"
            >
              <span className="min-w-0">
                <span className="block font-semibold text-slate-900">{product.productName}</span>
                <span className="block text-slate-700">
                  {product.quantity} × {formatApiNaira(product.productPrice)} · SKU {product.sku}
                </span>
              </span>
              <span className="tabular-nums text-slate-900">
                Paid {formatApiNaira(product.refundableAmount)}
              </span>
            </li>
          ))}
        </ul>
      </Section>
      {item.refund ? (
        <Section title={`Refund: ${formatApiNaira(item.refund.amount)}`}>
          {item.refund.shippingIncluded ? (
            <p className="text-sm text-slate-700">Includes the shipping fee.</p>
          ) : null}
          <RefundHistory history={item.refund.history} />
        </Section>
      ) : null}
      {item.replace ? (
        <Section title="Replacement">
          <p className="text-sm text-slate-900">
            Sent as order{' '}
            <Link className="underline" to={`/${viewer}/orders/${item.replace.orderId}`}>
              {item.replace.orderName}
            </Link>
          </p>
        </Section>
      ) : null}
      {viewer === 'admin' ? <Chargeback item={item} /> : null}
      <Link to={backTo} className={buttonClasses('secondary')}>
        Back to returns
      </Link>
    </div>
  );
}
