import { type AdminTransaction, type TransactionStatus, transactionStatuses } from '@market/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { DateField } from '../../../components/ui/date-field';
import { dayRangeProblem } from '../../../components/ui/lagos-day-range';
import { Pager } from '../../../components/ui/pager';
import { SelectField } from '../../../components/ui/select-field';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { SearchField } from '../../../components/ui/text-field';
import { formatDateTime } from '../../../lib/dates';
import { formatNaira } from '../../../lib/money';
import { errorToastMessage } from '../../../lib/toast-rules';
import { useDebounced } from '../../../lib/use-debounced';
import { type TransactionFilters, useTransactions } from '../api/finance';
import { paymentChannelLabel, transactionStatusLabel } from '../labels';

export const statusTone: Record<TransactionStatus, 'green' | 'red' | 'amber' | 'slate'> = {
  success: 'green',
  failed: 'red',
  mismatch: 'red',
  abandoned: 'amber',
  initialized: 'slate',
};

/** The channels Paystack reports; any other value still filters through the API. */
const channels = ['card', 'bank', 'bank_transfer', 'ussd', 'qr', 'mobile_money'] as const;

function TransactionRow({ transaction }: { transaction: AdminTransaction }) {
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <Link
          to={`/admin/finance/transactions/${transaction.id}`}
          className="font-medium break-all text-emerald-800 underline"
        >
          {transaction.reference}
        </Link>
        <p className="text-sm break-words text-slate-700">
          {transaction.customerName ?? transaction.customerEmail} · {formatDateTime(transaction.date)}
          {transaction.orderName ? ` · ${transaction.orderName}` : ''}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <Badge tone={statusTone[transaction.status]}>{transactionStatusLabel(transaction.status)}</Badge>
        {transaction.paymentChannel ? (
          <span className="text-slate-700">{paymentChannelLabel(transaction.paymentChannel)}</span>
        ) : null}
        <span className="font-semibold tabular-nums text-slate-900">
          {formatNaira(transaction.amountKobo)}
        </span>
      </div>
    </li>
  );
}

/** Every payment, newest first: filter by status, channel and Lagos days, search, and page. */
export function TransactionsList() {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<TransactionStatus | ''>('');
  const [channel, setChannel] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(1);
  const debounced = useDebounced(search.trim());
  const rangeGiven = from !== '' || to !== '';
  const problem = rangeGiven ? dayRangeProblem(from, to) : null;
  const filters: TransactionFilters = {
    page,
    ...(status ? { status } : {}),
    ...(channel ? { channel } : {}),
    ...(rangeGiven && !problem ? { from, to } : {}),
    ...(debounced ? { search: debounced } : {}),
  };
  const list = useTransactions(filters);
  const filtered = Boolean(status || channel || debounced || (rangeGiven && !problem));
  const reset =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  return (
    <section aria-labelledby="transactions-list" className="space-y-3">
      <h2 id="transactions-list" className="text-lg font-semibold text-slate-900">
        Transactions
      </h2>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-5">
        <SearchField
          label="Search transactions"
          placeholder="Reference, customer or order"
          value={search}
          className="col-span-2 lg:col-span-1"
          onSearch={reset(setSearch)}
        />
        <SelectField
          label="Status"
          value={status}
          options={[
            { value: '', label: 'All' },
            ...transactionStatuses.map((value) => ({ value, label: transactionStatusLabel(value) })),
          ]}
          onChange={(event) => reset(setStatus)(event.target.value as TransactionStatus | '')}
        />
        <SelectField
          label="Channel"
          value={channel}
          options={[
            { value: '', label: 'All' },
            ...channels.map((value) => ({ value, label: paymentChannelLabel(value) })),
          ]}
          onChange={(event) => reset(setChannel)(event.target.value)}
        />
        <DateField label="From" value={from} onChange={(event) => reset(setFrom)(event.target.value)} />
        <DateField
          label="To"
          value={to}
          error={problem ?? undefined}
          onChange={(event) => reset(setTo)(event.target.value)}
        />
      </div>
      {list.isPending ? (
        <LoadingState label="Loading transactions…" />
      ) : list.isError ? (
        <ErrorState
          title="Could not get transactions. Try again later."
          message={errorToastMessage(list.error) ?? undefined}
          onRetry={() => list.refetch()}
        />
      ) : list.data.transactions.length === 0 ? (
        <EmptyState title={filtered ? 'No transaction matches these filters' : 'No transactions yet'} />
      ) : (
        <>
          <ul
            aria-label="Transactions found"
            aria-busy={list.isFetching}
            className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white px-3"
          >
            {list.data.transactions.map((transaction) => (
              <TransactionRow key={transaction.id} transaction={transaction} />
            ))}
          </ul>
          <Pager
            label="Transaction pages"
            pagination={list.data.pagination}
            noun="transaction"
            estimated={list.data.countIsEstimate}
            onPage={setPage}
          />
        </>
      )}
    </section>
  );
}
