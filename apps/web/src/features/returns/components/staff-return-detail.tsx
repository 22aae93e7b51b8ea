import { type ChargebackParty, type OrderReturn, returnStatusNames } from '@market/contracts';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button';
import { MoneyDialog } from '../../../components/ui/money-dialog';
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
import { PickupCard } from './pickups';
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

type Confirming =
  | { kind: 'refund' }
  | { kind: 'replace' }
  | { kind: 'move'; status: 'approved' | 'rejected' | 'item_received' | 'closed' };

function Decisions({ viewer, item }: { viewer: ReturnsViewer; item: OrderReturn }) {
  const [note, setNote] = useState('');
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const move = useUpdateReturnStatus(viewer, item.id);
  const decide = useRefundDecision(item.id);
  const uphold = useUphold(item.id);
  const busy = move.isPending || decide.isPending || uphold.isPending;
  const refundNow = formatApiNaira(item.products.reduce((acc, product) => acc + product.refundableAmount, 0));
  if (item.allowedNextStatuses.length === 0 && !item.canDecide) return null;
  const withNote = (text: string) => (text.trim() ? { note: text.trim() } : {});
  // Upholding a dispute brings the goods back as a store-approved return does (ADR 081): say so before money moves.
  const collected =
    viewer === 'admin'
      ? ` A carrier collects the items from ${item.customerName} and takes them back to ${item.storeName} (Return pickups).`
      : '';
  const done = { onSettled: () => setConfirming(null) };
  // Rejecting a return and dismissing a dispute refuse money: they confirm with the amount and need a reason.
  const refuses = (status: string) => status === 'rejected' || (viewer === 'admin' && status === 'closed');
  const moveNow = (status: 'approved' | 'rejected' | 'item_received' | 'closed') =>
    refuses(status) ? setConfirming({ kind: 'move', status }) : move.mutate({ status, ...withNote(note) });
  const dialog = !confirming
    ? null
    : confirming.kind === 'refund'
      ? {
          title: 'Refund these items?',
          description: `${refundNow} goes back to ${item.customerName} for the items of ${item.orderName}: to the card or bank account that paid, or the gift card.${collected}`,
          confirmLabel: `Refund ${refundNow}`,
          tone: 'primary' as const,
          reason: 'optional' as const,
        }
      : confirming.kind === 'replace'
        ? {
            title: 'Send a replacement?',
            description: `A ₦0 replacement order of the same items is sent to ${item.customerName}; nothing is refunded (${refundNow} was paid for them).${collected}`,
            confirmLabel: 'Send a replacement',
            tone: 'primary' as const,
            reason: 'optional' as const,
          }
        : {
            title: viewer === 'admin' ? 'Dismiss the dispute?' : 'Reject this return?',
            description: `${refundNow} will not be refunded to ${item.customerName}. They read your reason on their order and by e-mail.`,
            confirmLabel: viewer === 'admin' ? 'Dismiss the dispute' : 'Reject the return',
            tone: 'danger' as const,
            reason: 'required' as const,
          };
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
            <Button disabled={busy} onClick={() => setConfirming({ kind: 'refund' })}>
              Refund {refundNow}
            </Button>
            <Button variant="secondary" disabled={busy} onClick={() => setConfirming({ kind: 'replace' })}>
              Send a replacement
            </Button>
          </>
        ) : null}
        {item.allowedNextStatuses.map((status) => (
          <Button
            key={status}
            variant={status === 'rejected' || status === 'closed' ? 'dangerGhost' : 'secondary'}
            disabled={busy}
            onClick={() => moveNow(status as 'approved' | 'rejected' | 'item_received' | 'closed')}
          >
            {viewer === 'admin' && status === 'closed'
              ? 'Dismiss the dispute'
              : (moveLabels[status] ?? returnStatusNames[status])}
          </Button>
        ))}
      </div>
      {dialog ? (
        <MoneyDialog
          open
          title={dialog.title}
          amount={refundNow}
          description={dialog.description}
          confirmLabel={dialog.confirmLabel}
          tone={dialog.tone}
          reason={dialog.reason}
          reasonLabel={
            dialog.reason === 'required' ? 'Reason (the customer reads it)' : 'Note to the customer'
          }
          initialReason={note}
          busy={busy}
          onCancel={() => setConfirming(null)}
          onConfirm={(reason) => {
            if (!confirming) return;
            if (confirming.kind === 'move') {
              move.mutate({ status: confirming.status, ...withNote(reason) }, done);
              return;
            }
            const decision = confirming.kind;
            if (viewer === 'admin') uphold.mutate({ decision, ...withNote(reason) }, done);
            else decide.mutate({ decision, ...withNote(reason) }, done);
          }}
        />
      ) : null}
    </Section>
  );
}

function Chargeback({ item }: { item: OrderReturn }) {
  const decide = useChargebackDecision(item.id);
  const [choosing, setChoosing] = useState<ChargebackParty | null>(null);
  const amount = formatApiNaira(
    item.refund?.amount ?? item.products.reduce((acc, product) => acc + product.refundableAmount, 0),
  );
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
      {item.chargeback.note ? (
        <p className="text-sm text-slate-700">Internal note: {item.chargeback.note}</p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" disabled={decide.isPending} onClick={() => setChoosing('merchant')}>
          Charge back to the store
        </Button>
        <Button variant="secondary" disabled={decide.isPending} onClick={() => setChoosing('platform')}>
          Platform bears it
        </Button>
      </div>
      <MoneyDialog
        open={choosing !== null}
        title={
          choosing === 'platform'
            ? 'The platform bears this refund?'
            : 'Charge this refund back to the store?'
        }
        amount={amount}
        description={
          choosing === 'platform'
            ? `The platform pays this refund; ${item.storeName} keeps what it was due.`
            : `${item.storeName} bears this refund: it comes off what the store is owed.`
        }
        confirmLabel={choosing === 'platform' ? 'Platform bears it' : 'Charge back to the store'}
        reason="required"
        reasonLabel="Reason (internal: staff only, never shown to the customer)"
        initialReason={item.chargeback.note ?? ''}
        busy={decide.isPending}
        onCancel={() => setChoosing(null)}
        onConfirm={(note) => {
          if (!choosing) return;
          decide.mutate({ decision: choosing, note }, { onSettled: () => setChoosing(null) });
        }}
      />
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
      {item.pickup ? (
        <PickupCard pickup={item.pickup} viewer={viewer === 'merchant' ? 'store' : 'admin'} />
      ) : null}
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
