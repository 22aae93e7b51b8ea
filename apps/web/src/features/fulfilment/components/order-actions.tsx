import { type OrderStatus, shippingEvidenceStatuses } from '@market/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { MoneyDialog } from '../../../components/ui/money-dialog';
import { PromptDialog } from '../../../components/ui/prompt-dialog';
import { type ChainViewer, usePartnerDecline, useUpdateOrder } from '../api/fulfilment';
import { DeliveryForm } from './delivery-form';
import { EvidenceForm } from './evidence-form';

/** Moves the contract says need a photo: their button opens the photo form instead of moving at once. */
const needsPhoto = (code: string) => (shippingEvidenceStatuses as readonly string[]).includes(code);

const labels: Record<string, string> = {
  accepted: 'Accept order',
  ready_for_pickup: 'Mark ready for pickup',
  picked_up: 'Mark picked up',
  at_hub: 'Mark at hub',
  in_transit: 'Mark in transit',
  out_for_delivery: 'Mark out for delivery',
  delivery_failed: 'Delivery failed',
  returned: 'Mark returned',
};

/**
 * The moves the server says the caller may make now (never a list of our own): one button each, the delivery
 * token form for Delivered, a photo for the moves that need one, a confirmation for Cancelled and a reason for
 * Declined. Assignment has its own panel.
 */
export function OrderActions({
  viewer,
  orderId,
  allowed,
  cancelRefund,
  payOnDelivery = null,
  parcel,
}: {
  viewer: ChainViewer;
  orderId: string;
  allowed: OrderStatus[];
  /** What cancelling refunds the customer, as shown (`₦12,500.00`): every money button names its amount. */
  cancelRefund?: string;
  /** An order paid at the door (ADR 074): what the carrier collects before entering the token. */
  payOnDelivery?: { fee: number; dueAtDoor: number } | null;
  /** The parcel label the carrier scanned (ADR 078): every move then records that this parcel changed hands. */
  parcel?: string;
}) {
  const moveOrder = useUpdateOrder(viewer, orderId);
  const update = {
    ...moveOrder,
    mutate: (
      body: Parameters<typeof moveOrder.mutate>[0],
      options?: Parameters<typeof moveOrder.mutate>[1],
    ) => moveOrder.mutate(parcel ? { ...body, parcel } : body, options),
  };
  const decline = usePartnerDecline(orderId);
  const navigate = useNavigate();
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [askReason, setAskReason] = useState(false);
  const [photoFor, setPhotoFor] = useState<OrderStatus>();
  const [refused, setRefused] = useState(false);
  const moves = allowed.filter((status) => status.code_name !== 'assigned');
  if (moves.length === 0)
    return <p className="text-sm text-slate-700">Nothing for you to do on this order now.</p>;

  return (
    <div className="space-y-3">
      {parcel ? (
        <p className="text-sm font-semibold text-emerald-800">
          Label scanned: your next move records this parcel.
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {moves.map((status) => {
          const code = status.code_name;
          if (code === 'delivered') return null;
          if (code === 'cancelled')
            return (
              <Button
                key={code}
                variant="danger"
                onClick={() => setConfirmCancel(true)}
                disabled={update.isPending}
              >
                Cancel order
              </Button>
            );
          if (code === 'declined')
            return (
              <Button
                key={code}
                variant="secondary"
                onClick={() => setAskReason(true)}
                disabled={decline.isPending}
              >
                Decline order
              </Button>
            );
          return (
            <Button
              key={code}
              variant={code === 'delivery_failed' || code === 'returned' ? 'secondary' : 'primary'}
              onClick={() =>
                needsPhoto(code) ? setPhotoFor(status) : update.mutate({ status: code as 'accepted' })
              }
              aria-expanded={needsPhoto(code) ? photoFor?.code_name === code : undefined}
              disabled={update.isPending}
            >
              {labels[code] ?? `Move to ${status.known_name}`}
            </Button>
          );
        })}
      </div>
      {photoFor && moves.some((status) => status.code_name === photoFor.code_name) ? (
        <EvidenceForm
          key={photoFor.code_name}
          status={photoFor}
          submitLabel={labels[photoFor.code_name] ?? `Move to ${photoFor.known_name}`}
          busy={update.isPending}
          onCancel={() => setPhotoFor(undefined)}
          onSubmit={({ photo, note }) =>
            update.mutate(
              {
                status: photoFor.code_name as 'picked_up',
                photo,
                note,
                ...(refused && photoFor.code_name === 'delivery_failed' ? { refusedByCustomer: 'true' } : {}),
              },
              { onSuccess: () => setPhotoFor(undefined) },
            )
          }
        />
      ) : null}
      {payOnDelivery && photoFor?.code_name === 'delivery_failed' ? (
        <CheckboxField
          label="The customer refused the parcel at the door"
          hint="It counts against their pay on delivery; nothing is charged."
          checked={refused}
          onChange={(event) => setRefused(event.target.checked)}
        />
      ) : null}
      {moves.some((status) => status.code_name === 'delivered') ? (
        <DeliveryForm
          payOnDelivery={payOnDelivery}
          busy={update.isPending}
          send={(body, handlers) => update.mutate(body, handlers)}
        />
      ) : null}
      {cancelRefund ? (
        <MoneyDialog
          open={confirmCancel}
          title="Cancel this order?"
          amount={cancelRefund}
          description="This is refunded to the customer, and the stock goes back to your store. This cannot be undone."
          confirmLabel="Cancel order"
          tone="danger"
          busy={update.isPending}
          onCancel={() => setConfirmCancel(false)}
          onConfirm={() =>
            update.mutate({ status: 'cancelled' }, { onSettled: () => setConfirmCancel(false) })
          }
        />
      ) : (
        <ConfirmDialog
          open={confirmCancel}
          title="Cancel this order?"
          description="The stock goes back to your store and the customer is refunded. This cannot be undone."
          confirmLabel="Cancel order"
          busy={update.isPending}
          onCancel={() => setConfirmCancel(false)}
          onConfirm={() =>
            update.mutate({ status: 'cancelled' }, { onSettled: () => setConfirmCancel(false) })
          }
        />
      )}
      <PromptDialog
        open={askReason}
        title="Decline this order?"
        description="It goes back to the assignment queue with your reason."
        label="Reason"
        confirmLabel="Decline order"
        minLength={3}
        tooShort="Say why you decline the order"
        busy={decline.isPending}
        onCancel={() => setAskReason(false)}
        onConfirm={(reason) =>
          decline.mutate(reason, {
            onSettled: () => setAskReason(false),
            // The order is no longer theirs: its page would only say so. Back to the orders they still carry.
            onSuccess: () => navigate('/shipping-partner/orders', { replace: true }),
          })
        }
      />
    </div>
  );
}
