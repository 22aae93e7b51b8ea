import { type GiftCardStatus, giftCardStatuses } from '@market/contracts';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Pager } from '../../../components/ui/pager';
import { SelectField } from '../../../components/ui/select-field';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { formatDate } from '../../../lib/dates';
import { formatApiNaira } from '../../../lib/money';
import { GIFT_CARD_MESSAGES } from '../api/gift-cards-keys';
import { useMyGiftCards } from '../api/my-gift-cards';
import { usePayGiftCard } from '../api/pay-gift-card';
import { GiftCardCode } from './gift-card-code';
import { paymentPage } from './payment-page';

export const giftCardStatusLabels: Record<GiftCardStatus, string> = {
  pending_payment: 'Waiting for payment',
  active: 'Active',
  used: 'Used up',
};
const tones = { pending_payment: 'amber', active: 'green', used: 'slate' } as const;

interface MyGiftCardsProps {
  page: number;
  status: GiftCardStatus | '';
  onChange(next: { page: number; status: GiftCardStatus | '' }): void;
}

/** Gift cards the customer bought, newest first: code (once paid) with copy, balance, status filter. */
export function MyGiftCards({ page, status, onChange }: MyGiftCardsProps) {
  const cards = useMyGiftCards({ page, limit: 10, status: status || undefined });
  const pay = usePayGiftCard();
  return (
    <div className="space-y-4">
      <SelectField
        label="Status"
        className="max-w-xs"
        value={status}
        options={[
          { value: '', label: 'All cards' },
          ...giftCardStatuses.map((value) => ({ value, label: giftCardStatusLabels[value] })),
        ]}
        onChange={(event) => onChange({ page: 1, status: event.target.value as GiftCardStatus | '' })}
      />
      {cards.isPending ? (
        <LoadingState label="Loading your gift cards…" />
      ) : cards.isError ? (
        <ErrorState title={GIFT_CARD_MESSAGES.list} onRetry={() => cards.refetch()} />
      ) : cards.data.cards.length === 0 ? (
        <EmptyState title={status ? 'No gift cards with this status' : 'You have not bought a gift card yet'}>
          <Link to="/gift-cards" className={buttonClasses('primary', 'mt-2')}>
            Buy a gift card
          </Link>
        </EmptyState>
      ) : (
        <>
          <ul className="space-y-3">
            {cards.data.cards.map((card) => (
              <li key={card.id} className="space-y-2 rounded-lg border border-slate-200 bg-white p-4">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-bold text-slate-900">
                    {formatApiNaira(card.amount)} card ending {card.last4}
                  </span>
                  <Badge tone={tones[card.status]}>{giftCardStatusLabels[card.status]}</Badge>
                </div>
                <p className="text-sm text-slate-700">
                  Balance <span className="font-semibold text-slate-900">{formatApiNaira(card.balance)}</span>{' '}
                  · bought {formatDate(card.createdAt)}
                  {card.recipientName ? ` · for ${card.recipientName}` : ''}
                </p>
                {card.code ? <GiftCardCode code={card.code} /> : null}
                {card.status === 'pending_payment' ? (
                  <Button
                    variant="secondary"
                    loading={pay.isPending && pay.variables === card.id}
                    onClick={() =>
                      pay.mutate(card.id, {
                        onSuccess: (payment) => paymentPage.assign(payment.authorizationUrl),
                      })
                    }
                  >
                    Pay now<span className="sr-only"> for the card ending {card.last4}</span>
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
          <Pager
            label="Gift card pages"
            pagination={cards.data.pagination}
            noun="card"
            onPage={(next) => onChange({ page: next, status })}
          />
        </>
      )}
    </div>
  );
}
