import { type OrderStatus, shippingEvidenceStatuses } from '@market/contracts';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { PromptDialog } from '../../../components/ui/prompt-dialog';
import { TextField } from '../../../components/ui/text-field';
import { type ChainViewer, usePartnerDecline, useUpdateOrder } from '../api/fulfilment';
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
  parcel,
}: {
  viewer: ChainViewer;
  orderId: string;
  allowed: OrderStatus[];
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
  const [token, setToken] = useState('');
  const [tokenError, setTokenError] = useState<string>();
  const [photoFor, setPhotoFor] = useState<OrderStatus>();
  const moves = allowed.filter((status) => status.code_name !== 'assigned');
  if (moves.length === 0)
    return <p className="text-sm text-slate-700">Nothing for you to do on this order now.</p>;

  const deliver = (event: FormEvent) => {
    event.preventDefault();
    if (!/^[0-9]{6}$/.test(token)) {
      setTokenError('The delivery token is 6 digits');
      return;
    }
    setTokenError(undefined);
    update.mutate({ status: 'delivered', deliveryToken: token }, { onSuccess: () => setToken('') });
  };

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
              { status: photoFor.code_name as 'picked_up', photo, note },
              { onSuccess: () => setPhotoFor(undefined) },
            )
          }
        />
      ) : null}
      {moves.some((status) => status.code_name === 'delivered') ? (
        <form onSubmit={deliver} className="flex flex-col gap-2 sm:flex-row sm:items-end" noValidate>
          <TextField
            label="Customer's delivery token"
            hint="Ask the customer for the 6 digits on their order page, once the parcel is in their hands."
            inputMode="numeric"
            autoComplete="off"
            maxLength={6}
            value={token}
            error={tokenError}
            onChange={(event) => setToken(event.target.value.replace(/\D/g, ''))}
          />
          <Button type="submit" disabled={update.isPending}>
            Mark delivered
          </Button>
        </form>
      ) : null}
      <ConfirmDialog
        open={confirmCancel}
        title="Cancel this order?"
        description="The stock goes back to your store and the customer is refunded. This cannot be undone."
        confirmLabel="Cancel order"
        busy={update.isPending}
        onCancel={() => setConfirmCancel(false)}
        onConfirm={() => update.mutate({ status: 'cancelled' }, { onSettled: () => setConfirmCancel(false) })}
      />
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
