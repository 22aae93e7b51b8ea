import { useEffect } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { formatTime } from '../../../lib/dates';
import { formatApiNaira } from '../../../lib/money';
import { notifyFailure } from '../../../lib/notify';
import { paymentChannelLabel } from '../../../lib/payment-channels';
import { pluralize } from '../../../lib/plural';
import { CHECKOUT_MESSAGES } from '../api/checkout-keys';
import { useTrackerPolling } from '../api/get-tracker';
import { usePayCheckout } from '../api/pay-checkout';
import { useRecordTransaction } from '../api/record-transaction';
import { paymentRedirect } from './go-to-payment';
import { TrackerOrders } from './tracker-orders';

interface CheckoutCompleteProps {
  reference: string;
  /** The checkout is paid: the bought items have left the cart on the server. */
  onPaid?(): void;
}

/**
 * The page the payment provider sends the customer back to. The server verifies the payment with the provider
 * and answers the checkout: paid (orders and delivery tokens), failed (cart unchanged), or still waiting for the
 * provider's confirmation (checked again a few times, with growing waits).
 */
export function CheckoutComplete({ reference, onPaid }: CheckoutCompleteProps) {
  const record = useRecordTransaction(reference);
  const pay = usePayCheckout();
  // A declined card or a wrong OTP is one try: the checkout stays open and the customer may try again.
  const attemptFailed =
    record.data?.tracker.status === 'awaiting_payment' &&
    (record.data.transaction?.status === 'failed' || record.data.transaction?.status === 'abandoned');
  const waiting = record.data?.tracker.status === 'awaiting_payment' && !attemptFailed;
  const { query: polling, gaveUp: pollingDone } = useTrackerPolling(reference, waiting);
  const tracker = polling.data ?? record.data?.tracker;
  const status = tracker?.status;

  useEffect(() => {
    if (record.isError) notifyFailure(CHECKOUT_MESSAGES.transaction, record.error);
  }, [record.isError, record.error]);
  useEffect(() => {
    if (status === 'paid') onPaid?.();
  }, [status, onPaid]);

  if (reference.length < 6) {
    return (
      <EmptyState title="This payment link is not complete">
        <Link to="/account/orders" className={buttonClasses('secondary', 'mt-2')}>
          See your orders
        </Link>
      </EmptyState>
    );
  }
  if (record.isPending) return <LoadingState label="Checking your payment…" />;
  if (record.isError || !tracker) {
    return <ErrorState title={CHECKOUT_MESSAGES.transaction} onRetry={() => record.refetch()} />;
  }

  if (status === 'paid') {
    return (
      <div className="space-y-4">
        <div role="status" className="rounded-lg border border-emerald-300 bg-emerald-50 p-4">
          <h1 className="text-2xl font-bold text-emerald-950">Thank you! Your order is placed</h1>
          <p className="mt-1 text-emerald-950">
            {tracker.amountDue > 0
              ? `We received ${formatApiNaira(tracker.amountDue)}${record.data.transaction?.paymentChannel ? ` (paid by ${paymentChannelLabel(record.data.transaction.paymentChannel)})` : ''}. `
              : tracker.onDeliveryTotal > 0
                ? ''
                : 'Your gift cards covered it. '}
            {tracker.orders.length === 1
              ? 'The store has been told about your order.'
              : `The ${pluralize(tracker.orders.length, 'store')} have been told about your orders.`}
          </p>
        </div>
        <TrackerOrders tracker={tracker} />
        <Link to="/account/orders" className={buttonClasses('primary', 'w-full sm:w-auto')}>
          See your order history
        </Link>
      </div>
    );
  }

  if (attemptFailed && status === 'awaiting_payment') {
    const tryAgain = () =>
      pay.mutate(tracker.id, {
        onSuccess: ({ data }) => {
          if (data.authorizationUrl) paymentRedirect.assign(data.authorizationUrl);
        },
      });
    return (
      <div role="alert" className="space-y-3 rounded-lg border border-red-300 bg-red-50 p-4">
        <h1 className="text-2xl font-bold text-red-900">The payment did not go through</h1>
        <p className="text-red-900">
          Your bank or card declined it, or the OTP was not right. Nothing was taken. Your order is kept for
          you until {formatTime(tracker.expiresAt)}: you can try again with the same or another card.
        </p>
        <div className="flex flex-wrap gap-2">
          <Button onClick={tryAgain} disabled={pay.isPending}>
            {pay.isPending ? 'Opening the payment page…' : 'Try again'}
          </Button>
          <Link to="/cart" className={buttonClasses('secondary')}>
            Back to your cart
          </Link>
        </div>
      </div>
    );
  }

  if (status === 'replaced') {
    return (
      <EmptyState title="You started a newer checkout">
        <p>
          This checkout was replaced by a newer one, so nothing can be paid here. Nothing was taken for it.
        </p>
        <Link to="/cart" className={buttonClasses('primary', 'mt-2')}>
          Back to your cart
        </Link>
      </EmptyState>
    );
  }

  if (status === 'failed' || status === 'expired') {
    return (
      <div role="alert" className="space-y-3 rounded-lg border border-red-300 bg-red-50 p-4">
        <h1 className="text-2xl font-bold text-red-900">The payment did not go through</h1>
        <p className="text-red-900">
          {status === 'expired'
            ? 'The 30 minutes to pay have passed. Nothing was charged for this checkout.'
            : 'Your bank or card declined it. Nothing was taken for this order.'}{' '}
          Your cart is just as you left it: you can try again with another card.
        </p>
        <Link to="/cart" className={buttonClasses('primary')}>
          Back to your cart
        </Link>
      </div>
    );
  }

  const gaveUp = pollingDone && polling.data?.status === 'awaiting_payment';
  return (
    <div
      role="status"
      aria-live="polite"
      className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4"
    >
      <h1 className="text-2xl font-bold text-amber-950">Confirming your payment…</h1>
      <p className="text-amber-950">
        {gaveUp
          ? 'The payment provider has not confirmed your payment yet. This can take a few minutes; you will also get an email.'
          : 'We are waiting for the payment provider to confirm your payment. This page updates by itself.'}
      </p>
      {gaveUp ? (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => polling.refetch()}>
            Check again
          </Button>
          <Link to="/account/orders" className={buttonClasses('ghost')}>
            See your orders
          </Link>
        </div>
      ) : null}
    </div>
  );
}
