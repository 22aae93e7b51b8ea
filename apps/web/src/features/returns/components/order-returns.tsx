import { type CustomerOrder, type CustomerOrderReturn, disputeBody } from '@market/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button';
import { ErrorState, LoadingState } from '../../../components/ui/states';
import { TextareaField } from '../../../components/ui/textarea-field';
import { useContractForm } from '../../../lib/contract-form';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { applyServerErrors } from '../../../lib/form-errors';
import { formatApiNaira } from '../../../lib/money';
import { pluralize } from '../../../lib/plural';
import { useCustomerReturns, useDisputeReturn, useOrderRefunds } from '../api/customer-returns';
import { RETURN_MESSAGES } from '../api/returns-keys';
import { PickupCard } from './pickups';
import { CustomerRefundList, ReturnStatusBadge } from './return-status-badge';

function DisputeForm({ id }: { id: string }) {
  const [open, setOpen] = useState(false);
  const dispute = useDisputeReturn(id);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useContractForm(disputeBody, { defaultValues: { reason: '' } });
  if (!open) {
    return (
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Ask the platform to review
      </Button>
    );
  }
  const submit = handleSubmit(({ reason }) =>
    dispute.mutate(reason, {
      onSuccess: () => setOpen(false),
      // The toast says what went wrong; a 422 about the reason is also said under it.
      onError: (error) => applyServerErrors(error, setError, ['reason']),
    }),
  );
  return (
    <form className="space-y-2" onSubmit={submit} noValidate>
      <TextareaField
        label="Why the store’s decision is wrong"
        required
        error={errors.reason?.message}
        {...register('reason')}
      />
      <div className="flex gap-2">
        <Button type="submit" loading={dispute.isPending}>
          Send to the platform
        </Button>
        <Button variant="ghost" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function ReturnCard({ item }: { item: CustomerOrderReturn }) {
  const units = item.products.reduce((acc, product) => acc + product.quantity, 0);
  return (
    <article className="space-y-2 rounded-md border border-slate-200 p-3" data-testid="order-return">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold text-slate-900">
          {item.type === 'replace' ? 'Replacement' : 'Return'} of {pluralize(units, 'item')}
        </h3>
        <ReturnStatusBadge status={item.status} refunds={item.refund?.history} />
      </div>
      <p className="text-sm text-slate-700">
        Asked {formatDate(item.createdAt)}: {item.reason}
      </p>
      <ul className="text-sm text-slate-800">
        {item.products.map((product) => (
          <li key={`${product.productId}-${product.variantId ?? ''}`}>
            {product.quantity} × {product.productName}
          </li>
        ))}
      </ul>
      {item.merchantNote ? (
        <p className="text-sm text-slate-700">The store says: {item.merchantNote}</p>
      ) : null}
      {item.pickup ? <PickupCard pickup={item.pickup} viewer="customer" /> : null}
      {item.refund ? (
        <div>
          <p className="text-sm font-semibold text-slate-900">Refund: {formatApiNaira(item.refund.amount)}</p>
          <CustomerRefundList refunds={item.refund.history} label="Refund history" />
        </div>
      ) : null}
      {item.replace ? (
        <p className="text-sm text-slate-800">
          Replacement order:{' '}
          <Link className="underline" to={`/account/orders/${item.replace.orderId}`}>
            {item.replace.orderName}
          </Link>
        </p>
      ) : null}
      {item.dispute.status === 'open' ? (
        <p className="rounded-md bg-amber-50 p-2 text-sm text-amber-950">
          The platform is reviewing this return.
        </p>
      ) : null}
      {item.dispute.status === 'upheld' || item.dispute.status === 'dismissed' ? (
        <p className="rounded-md bg-slate-50 p-2 text-sm text-slate-900" data-testid="dispute-decision">
          {item.dispute.status === 'upheld'
            ? 'The platform reviewed your dispute and decided in your favour'
            : 'The platform reviewed your dispute and closed it without a refund'}
          {item.dispute.decisionNote ? `: ${item.dispute.decisionNote}` : '.'}
        </p>
      ) : null}
      {item.status.code_name === 'rejected' && item.dispute.status === 'none' ? (
        <DisputeForm id={item.id} />
      ) : null}
    </article>
  );
}

/** The order page's returns: each return's status and refunds, and the way to start one while it is allowed. */
export function OrderReturns({ order }: { order: CustomerOrder }) {
  const returns = useCustomerReturns(order.id);
  const canStart = order.orderStatus.code_name === 'delivered' && !order.orderReturnId;
  if (!canStart && returns.data?.returns.length === 0) return null;
  return (
    <section
      aria-labelledby="returns-heading"
      className="space-y-2 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id="returns-heading" className="text-lg font-bold text-slate-900">
        Returns and replacements
      </h2>
      {returns.isPending ? (
        <LoadingState label="Loading returns…" />
      ) : returns.isError ? (
        <ErrorState title={RETURN_MESSAGES.returns} onRetry={() => returns.refetch()} />
      ) : returns.data.returns.length === 0 ? (
        <p className="text-sm text-slate-700">
          Something wrong with your order? You can return or replace items until the return window closes.
        </p>
      ) : (
        <div className="space-y-2">
          {returns.data.returns.map((item) => (
            <ReturnCard key={item.id} item={item} />
          ))}
        </div>
      )}
      {canStart && order.returnWindowEndsAt ? (
        <p className="text-sm font-semibold text-slate-900" data-testid="return-window">
          Returns close on {formatDateTime(order.returnWindowEndsAt)}.
        </p>
      ) : null}
      {canStart ? (
        <Link to={`/account/orders/${order.id}/return`} className={buttonClasses('primary')}>
          Return or replace items
        </Link>
      ) : null}
    </section>
  );
}

/**
 * The order page's refunds, cancellations and returns alike: each refund's amount and where it stands, including
 * an admin's decision and its reason (ADR 049). Nothing shows while the order has no refund.
 */
export function OrderRefunds({ order }: { order: CustomerOrder }) {
  const refunds = useOrderRefunds(order.id);
  if (refunds.isPending || (refunds.isSuccess && refunds.data.refunds.length === 0)) return null;
  return (
    <section
      aria-labelledby="refunds-heading"
      className="space-y-2 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id="refunds-heading" className="text-lg font-bold text-slate-900">
        Refunds
      </h2>
      {refunds.isError ? (
        <ErrorState title={RETURN_MESSAGES.refunds} onRetry={() => refunds.refetch()} />
      ) : (
        <CustomerRefundList refunds={refunds.data.refunds} label="Refunds of this order" />
      )}
    </section>
  );
}
