import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { TextareaField } from '../../../components/ui/textarea-field';
import { formatApiNaira } from '../../../lib/money';
import { useCreateOrder } from '../api/create-order';
import { paymentRedirect } from './go-to-payment';

interface PlaceOrderProps {
  /** The server says the cart can be checked out. */
  canCheckout: boolean;
  /** The server's amount due, shown on the button. */
  amountDue: number;
  addressId: string | null;
  /** Changes to the cart still on their way: wait for the server's final numbers. */
  waiting?: boolean;
  /** The stores whose orders the customer pays at the door (ADR 074). */
  payOnDeliveryStoreIds?: string[];
}

/**
 * Place order: the server creates the checkout and answers where to pay. The page goes there in full; when gift
 * cards covered everything there is nowhere to pay and the success page opens at once.
 */
export function PlaceOrder({
  canCheckout,
  amountDue,
  addressId,
  waiting = false,
  payOnDeliveryStoreIds = [],
}: PlaceOrderProps) {
  const create = useCreateOrder();
  const navigate = useNavigate();
  const [note, setNote] = useState('');
  const [leaving, setLeaving] = useState(false);

  const onPlace = () => {
    create.mutate(
      {
        addressId: addressId ?? undefined,
        orderNote: note.trim() || undefined,
        ...(payOnDeliveryStoreIds.length > 0 ? { payOnDeliveryStoreIds } : {}),
      },
      {
        onSuccess: ({ data }) => {
          if (data.payment.authorizationUrl) {
            setLeaving(true);
            paymentRedirect.assign(data.payment.authorizationUrl);
          } else {
            navigate(`/checkout/complete?reference=${encodeURIComponent(data.payment.reference)}`);
          }
        },
      },
    );
  };

  return (
    <div className="space-y-3">
      <TextareaField
        label="Note for the stores (optional)"
        maxLength={500}
        rows={2}
        value={note}
        onChange={(event) => setNote(event.target.value)}
      />
      <Button
        className="w-full text-base"
        disabled={!canCheckout || waiting}
        loading={create.isPending || leaving}
        onClick={onPlace}
      >
        {leaving
          ? 'Opening the payment page…'
          : amountDue === 0 && payOnDeliveryStoreIds.length > 0
            ? 'Place order and pay on delivery'
            : `Place order and pay ${formatApiNaira(amountDue)}`}
      </Button>
      <p className="text-xs text-slate-700">
        {amountDue === 0 && payOnDeliveryStoreIds.length > 0
          ? 'Nothing to pay now: you pay each order at the door.'
          : 'You pay on a secure payment page (card, bank transfer or USSD). Your items are held for 30 minutes while you pay.'}
      </p>
    </div>
  );
}
