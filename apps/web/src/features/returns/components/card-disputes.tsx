import type { CardDispute, ChargebackParty } from '@market/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { MoneyDialog } from '../../../components/ui/money-dialog';
import { Pager } from '../../../components/ui/pager';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { formatDateTime } from '../../../lib/dates';
import { formatApiNaira } from '../../../lib/money';
import { RETURN_MESSAGES } from '../api/returns-keys';
import { useCardDisputeBearer, useCardDisputes } from '../api/staff-returns';

const outcomes: Record<
  NonNullable<CardDispute['outcome']>,
  { text: string; tone: 'green' | 'amber' | 'slate' }
> = {
  'refund-booked': { text: 'Bank reversed the payment: refund booked', tone: 'amber' },
  'nothing-moved': { text: 'Declined: nothing moved', tone: 'green' },
  'needs-review': {
    text: 'Reversed in part, or gift cards also paid: settle it through the order’s returns',
    tone: 'amber',
  },
};

function DisputeCard({
  dispute,
  onDecide,
}: {
  dispute: CardDispute;
  onDecide(party: ChargebackParty): void;
}) {
  const amount = dispute.refundAmount === null ? 'Amount not given' : formatApiNaira(dispute.refundAmount);
  return (
    <li className="space-y-1 rounded-lg border border-slate-200 bg-white p-3" data-testid="card-dispute">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-bold tabular-nums text-slate-900">
          {amount} · {dispute.paymentReference ?? 'unknown payment'}
        </span>
        <Badge tone={dispute.stage === 'resolve' ? 'slate' : 'red'}>
          {dispute.stage === 'resolve'
            ? `Resolved: ${dispute.resolution ?? '—'}`
            : (dispute.status ?? 'Open')}
        </Badge>
      </div>
      <p className="text-sm text-slate-700">
        Paystack dispute {dispute.providerDisputeId}
        {dispute.category ? ` · ${dispute.category}` : ''}
        {dispute.dueAt && dispute.stage !== 'resolve' ? ` · answer by ${formatDateTime(dispute.dueAt)}` : ''}
      </p>
      {dispute.orders.length > 0 ? (
        <p className="text-sm text-slate-800">
          Orders:{' '}
          {dispute.orders.map((order, index) => (
            <span key={order.id}>
              {index > 0 ? ', ' : ''}
              <Link className="underline" to={`/admin/orders/${order.id}`}>
                {order.orderName}
              </Link>{' '}
              ({order.storeName})
            </span>
          ))}
        </p>
      ) : null}
      <p className="text-sm text-slate-700">
        Borne by:{' '}
        <span className="font-semibold text-slate-900">
          {dispute.bearer === 'platform'
            ? 'the platform'
            : dispute.bearer === 'merchant'
              ? 'the store (charged back)'
              : 'not decided (the store by default)'}
        </span>
        {dispute.bearerNote ? ` · internal note: ${dispute.bearerNote}` : ''}
      </p>
      {dispute.outcome ? (
        <p className="text-sm font-semibold text-slate-900">{outcomes[dispute.outcome].text}</p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => onDecide('merchant')}>
          Charge back to the store
        </Button>
        <Button variant="secondary" onClick={() => onDecide('platform')}>
          Platform bears it
        </Button>
      </div>
    </li>
  );
}

/**
 * Card-holder disputes (ADR 049): what Paystack told us, the payment's orders, who bears the money and what the
 * resolution moved. Deciding who bears it confirms with the amount and needs an internal reason.
 */
export function CardDisputes({ page, onPage }: { page: number; onPage(page: number): void }) {
  const disputes = useCardDisputes(page);
  const decide = useCardDisputeBearer();
  const [choosing, setChoosing] = useState<{ dispute: CardDispute; party: ChargebackParty } | null>(null);
  if (disputes.isPending) return <LoadingState label="Loading card disputes…" />;
  if (disputes.isError)
    return <ErrorState title={RETURN_MESSAGES.cardDisputes} onRetry={() => disputes.refetch()} />;
  if (disputes.data.disputes.length === 0) return <EmptyState title="No card disputes" />;
  const stores = choosing
    ? [...new Set(choosing.dispute.orders.map((order) => order.storeName))].join(', ')
    : '';
  return (
    <div className="space-y-4">
      <ul className="space-y-2" aria-busy={disputes.isPlaceholderData || undefined}>
        {disputes.data.disputes.map((dispute) => (
          <DisputeCard
            key={dispute.id}
            dispute={dispute}
            onDecide={(party) => setChoosing({ dispute, party })}
          />
        ))}
      </ul>
      <Pager
        label="Card dispute pages"
        pagination={disputes.data.pagination}
        noun="dispute"
        onPage={onPage}
      />
      <MoneyDialog
        open={choosing !== null}
        title={
          choosing?.party === 'platform' ? 'The platform bears this dispute?' : 'Charge this dispute back?'
        }
        amount={
          choosing?.dispute.refundAmount == null
            ? 'Amount not given'
            : formatApiNaira(choosing.dispute.refundAmount)
        }
        description={
          choosing?.party === 'platform'
            ? `If the bank reverses the payment, the platform pays it; ${stores || 'the store'} keeps what it was due.`
            : `If the bank reverses the payment, it comes off what ${stores || 'the store'} is owed.`
        }
        confirmLabel={choosing?.party === 'platform' ? 'Platform bears it' : 'Charge back to the store'}
        reason="required"
        reasonLabel="Reason (internal: staff only, never shown to the customer)"
        initialReason={choosing?.dispute.bearerNote ?? ''}
        busy={decide.isPending}
        onCancel={() => setChoosing(null)}
        onConfirm={(note) => {
          if (!choosing) return;
          decide.mutate(
            { id: choosing.dispute.id, decision: choosing.party, note },
            { onSettled: () => setChoosing(null) },
          );
        }}
      />
    </div>
  );
}
