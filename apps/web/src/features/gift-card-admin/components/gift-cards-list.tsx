import { useEffect, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Pager } from '../../../components/ui/pager';
import { SelectField } from '../../../components/ui/select-field';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { formatNaira, nairaToKobo } from '../../../lib/money';
import { errorToastMessage } from '../../../lib/toast-rules';
import { type GiftCardsParams, useGiftCards } from '../api/list-gift-cards';
import { DateRangeFields, rangeProblem } from './date-range';
import { cardStatusLabels, cardStatusTones, utcDateTime } from './status-labels';

const PAGE_SIZE = 20;
const naira = (value: number) => formatNaira(nairaToKobo(value));
const sortLabels: Record<GiftCardsParams['sortBy'], string> = {
  createdAt: 'Newest first',
  amount: 'Largest amount first',
  balance: 'Largest balance first',
};

/** All gift cards (codes are never shown to admins), by creation date range, newest first, in pages. */
export function GiftCardsList() {
  const [range, setRange] = useState({ startDate: '', endDate: '' });
  const [sortBy, setSortBy] = useState<GiftCardsParams['sortBy']>('createdAt');
  const [page, setPage] = useState(1);
  const problem = rangeProblem(range.startDate, range.endDate);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new filter starts at page 1
  useEffect(() => setPage(1), [range.startDate, range.endDate, sortBy]);
  const list = useGiftCards({
    page,
    limit: PAGE_SIZE,
    sortBy,
    startDate: problem ? undefined : range.startDate || undefined,
    endDate: problem ? undefined : range.endDate || undefined,
  });
  const cards = list.data?.cards ?? [];
  const filtered = Boolean(range.startDate || range.endDate);

  return (
    <section aria-label="Gift cards" className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <DateRangeFields {...range} problem={problem} onChange={setRange} />
        <SelectField
          label="Order"
          className="sm:w-56"
          value={sortBy}
          onChange={(event) => setSortBy(event.target.value as GiftCardsParams['sortBy'])}
          options={Object.entries(sortLabels).map(([value, label]) => ({ value, label }))}
        />
      </div>
      {list.isPending ? (
        <LoadingState label="Loading gift cards…" />
      ) : list.isError ? (
        <ErrorState
          title="Could not get gift cards"
          message={errorToastMessage(list.error) ?? undefined}
          onRetry={() => list.refetch()}
        />
      ) : cards.length === 0 ? (
        <EmptyState title={filtered ? 'No gift cards bought in these days' : 'No gift cards yet'} />
      ) : (
        <>
          <div aria-busy={list.isFetching}>
            <table className="hidden w-full border-collapse bg-white text-left text-sm md:table">
              <caption className="sr-only">Gift cards</caption>
              <thead>
                <tr className="border-b border-slate-200 text-slate-700">
                  <th scope="col" className="p-3">
                    Card
                  </th>
                  <th scope="col" className="p-3">
                    Status
                  </th>
                  <th scope="col" className="p-3">
                    Amount
                  </th>
                  <th scope="col" className="p-3">
                    Balance
                  </th>
                  <th scope="col" className="p-3">
                    Recipient
                  </th>
                  <th scope="col" className="p-3">
                    Bought
                  </th>
                </tr>
              </thead>
              <tbody>
                {cards.map((card) => (
                  <tr key={card.id} className="border-b border-slate-100 align-top">
                    <td className="p-3 font-mono">•••• {card.last4}</td>
                    <td className="p-3">
                      <Badge tone={cardStatusTones[card.status]}>{cardStatusLabels[card.status]}</Badge>
                    </td>
                    <td className="p-3">{naira(card.amount)}</td>
                    <td className="p-3">{naira(card.balance)}</td>
                    <td className="p-3 break-all">{card.recipientName ?? card.recipientEmail ?? '—'}</td>
                    <td className="p-3">{utcDateTime(card.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <ul className="space-y-3 md:hidden">
              {cards.map((card) => (
                <li key={card.id} className="rounded-lg border border-slate-200 bg-white p-4 text-sm">
                  <div className="flex items-center justify-between gap-2">
                    <p className="font-mono font-semibold text-slate-900">•••• {card.last4}</p>
                    <Badge tone={cardStatusTones[card.status]}>{cardStatusLabels[card.status]}</Badge>
                  </div>
                  <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3">
                    <dt className="text-slate-600">Amount</dt>
                    <dd>{naira(card.amount)}</dd>
                    <dt className="text-slate-600">Balance</dt>
                    <dd>{naira(card.balance)}</dd>
                    <dt className="text-slate-600">Recipient</dt>
                    <dd className="break-all">{card.recipientName ?? card.recipientEmail ?? '—'}</dd>
                    <dt className="text-slate-600">Bought</dt>
                    <dd>{utcDateTime(card.createdAt)}</dd>
                  </dl>
                </li>
              ))}
            </ul>
          </div>
          {list.data ? (
            <Pager
              label="Pages of gift cards"
              pagination={list.data.pagination}
              noun="card"
              onPage={setPage}
            />
          ) : null}
        </>
      )}
    </section>
  );
}
