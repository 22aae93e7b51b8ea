import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { formatApiNaira } from '../../../lib/money';
import { useGiftCardStatus } from '../api/gift-card-status';
import { GIFT_CARD_MESSAGES } from '../api/gift-cards-keys';
import { GiftCardCode } from './gift-card-code';

/** Where the payment page sends a gift card buyer back: the code once the server confirms the payment. */
export function GiftCardReturn({ reference }: { reference: string }) {
  const { query: card, gaveUp } = useGiftCardStatus(reference);
  if (reference.length < 6) {
    return (
      <EmptyState title="This payment link is not complete">
        <Link to="/account/gift-cards" className={buttonClasses('secondary', 'mt-2')}>
          See your gift cards
        </Link>
      </EmptyState>
    );
  }
  if (card.isPending) return <LoadingState label="Checking your payment…" />;
  if (card.isError) return <ErrorState title={GIFT_CARD_MESSAGES.status} onRetry={() => card.refetch()} />;
  const data = card.data;
  if (data.status !== 'pending_payment' && data.code) {
    return (
      <div role="status" className="space-y-3 rounded-lg border border-emerald-300 bg-emerald-50 p-4">
        <h1 className="text-2xl font-bold text-emerald-950">Your gift card is ready</h1>
        <p className="text-emerald-950">
          {formatApiNaira(data.amount)}
          {data.recipientName ? ` for ${data.recipientName}` : ''}. Keep the code safe: anyone with it can
          spend it.
        </p>
        <GiftCardCode code={data.code} />
        <Link to="/account/gift-cards" className={buttonClasses('secondary')}>
          See all your gift cards
        </Link>
      </div>
    );
  }
  return (
    <div role="status" className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4">
      <h1 className="text-2xl font-bold text-amber-950">
        {gaveUp ? 'The payment is not confirmed' : 'Confirming your payment…'}
      </h1>
      <p className="text-amber-950">
        {gaveUp
          ? 'If the payment did not go through, you can pay for this card again from your gift cards.'
          : 'This page updates by itself.'}
      </p>
      {gaveUp ? (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => card.refetch()}>
            Check again
          </Button>
          <Link to="/account/gift-cards" className={buttonClasses('ghost')}>
            See your gift cards
          </Link>
        </div>
      ) : null}
    </div>
  );
}
