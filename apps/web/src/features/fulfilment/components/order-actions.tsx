import { type OrderStatus, type PodMethod, shippingEvidenceStatuses } from '@market/contracts';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { MoneyDialog } from '../../../components/ui/money-dialog';
import { PromptDialog } from '../../../components/ui/prompt-dialog';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { formatApiNaira } from '../../../lib/money';
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
  const [token, setToken] = useState('');
  const [tokenError, setTokenError] = useState<string>();
  const [photoFor, setPhotoFor] = useState<OrderStatus>();
  const [method, setMethod] = useState<PodMethod>('cash');
  const [reference, setReference] = useState('');
  const [referenceError, setReferenceError] = useState<string>();
  const [refused, setRefused] = useState(false);
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
    if (payOnDelivery && method !== 'cash' && reference.trim().length < 3) {
      setReferenceError('Enter the POS slip or transfer reference');
      return;
    }
    setReferenceError(undefined);
    update.mutate(
      {
        status: 'delivered',
        deliveryToken: token,
        ...(payOnDelivery
          ? {
              collectionMethod: method,
              collectedAmount: payOnDelivery.dueAtDoor,
              ...(method === 'cash' ? {} : { collectionReference: reference.trim() }),
            }
          : {}),
      },
      { onSuccess: () => setToken('') },
    );
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
        <form
          onSubmit={deliver}
          className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-end"
          noValidate
        >
          {payOnDelivery ? (
            <>
              <p
                className="w-full rounded-md bg-amber-50 p-2 text-sm text-amber-900"
                data-testid="collect-at-door"
              >
                Collect exactly <strong>{formatApiNaira(payOnDelivery.dueAtDoor)}</strong> (including the{' '}
                {formatApiNaira(payOnDelivery.fee)} pay-on-delivery fee) before you hand the parcel over.
              </p>
              <SelectField
                label="How the customer paid"
                value={method}
                options={[
                  { value: 'cash', label: 'Cash' },
                  { value: 'pos', label: 'Card on POS' },
                  { value: 'transfer', label: 'Bank transfer' },
                ]}
                onChange={(event) => setMethod(event.target.value as PodMethod)}
              />
              {method === 'cash' ? null : (
                <TextField
                  label={method === 'pos' ? 'POS slip reference' : 'Transfer reference'}
                  autoComplete="off"
                  maxLength={100}
                  value={reference}
                  error={referenceError}
                  onChange={(event) => setReference(event.target.value)}
                />
              )}
            </>
          ) : null}
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
