import type { Invoice, Plan, Subscription } from '@market/contracts';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { formatDate } from '../../../lib/dates';
import { isApiError } from '../../../lib/errors';
import { formatNaira } from '../../../lib/money';
import { errorToastMessage } from '../../../lib/toast-rules';
import {
  useInvoices,
  usePlans,
  useSetAutoRenew,
  useSubscribe,
  useSubscription,
  useVerifyInvoice,
} from '../api/subscription';
import { invoiceLabels, invoiceTones } from './invoice-labels';
import { paymentPage } from './payment-page';
import { planPrice, planProducts } from './plan-terms';

/** Settles the invoice the merchant comes back to (`?reference=` from the payment page) once. */
function ReturnFromPayment() {
  const [params, setParams] = useSearchParams();
  const reference = params.get('reference');
  const verify = useVerifyInvoice();
  const asked = useRef<string | null>(null);
  useEffect(() => {
    if (!reference || asked.current === reference) return;
    asked.current = reference;
    verify.mutate(reference);
  }, [reference, verify]);
  if (!reference && !verify.data && !verify.error) return null;
  if (verify.isPending) return <FormAlert tone="info">Checking your payment…</FormAlert>;
  if (verify.error)
    return <FormAlert>{errorToastMessage(verify.error) ?? 'Could not check your payment'}</FormAlert>;
  if (!verify.data) return null;
  const invoice = verify.data.data;
  return (
    <FormAlert tone={invoice.status === 'paid' ? 'success' : 'info'}>
      {invoice.status === 'paid'
        ? `Payment received: ${invoice.planName} until ${formatDate(invoice.periodEnd)}.`
        : 'We have not received the payment yet. If you paid, check again in a minute.'}{' '}
      <button
        type="button"
        className="min-h-11 font-semibold underline"
        onClick={() => {
          setParams({}, { replace: true });
          verify.reset();
        }}
      >
        Dismiss
      </button>
    </FormAlert>
  );
}

function PlanCard({
  plan,
  current,
  activeUntil,
}: {
  plan: Plan;
  current: boolean;
  activeUntil: string | null;
}) {
  const subscribe = useSubscribe();
  const label =
    current && activeUntil ? 'Pay the next month' : plan.monthlyPriceKobo === 0 ? 'Switch' : 'Subscribe';
  return (
    <li
      className={`flex flex-col rounded-lg border bg-white p-4 ${current ? 'border-emerald-700' : 'border-slate-200'}`}
    >
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-lg font-bold text-slate-900">{plan.name}</h3>
        {current ? <Badge tone="green">Your plan</Badge> : null}
      </div>
      <p className="text-xl font-bold text-slate-900">{planPrice(plan)}</p>
      {plan.summary ? <p className="mt-1 text-sm text-slate-700">{plan.summary}</p> : null}
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
        <li>{planProducts(plan)}</li>
        {plan.includes.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <div className="mt-auto pt-3">
        {subscribe.error ? (
          <FormAlert>{errorToastMessage(subscribe.error) ?? 'Something went wrong.'}</FormAlert>
        ) : null}
        <Button
          className="mt-2 w-full"
          variant={current ? 'secondary' : 'primary'}
          loading={subscribe.isPending}
          aria-label={`${label}: ${plan.name}`}
          onClick={() =>
            subscribe.mutate(plan.id, {
              onSuccess: (answer) => {
                if (answer.data.authorizationUrl) paymentPage.assign(answer.data.authorizationUrl);
              },
            })
          }
        >
          {label}
        </Button>
      </div>
    </li>
  );
}

function cardName(card: NonNullable<Subscription['card']>): string {
  const brand = card.brand?.trim();
  const named = brand ? brand.charAt(0).toUpperCase() + brand.slice(1) : 'Card';
  return card.last4 ? `${named} ending ${card.last4}` : named;
}

/** The saved card, when the next month is charged, and the auto-renew switch. */
function Renewal({ subscription }: { subscription: Subscription }) {
  const setAutoRenew = useSetAutoRenew();
  const { card, autoRenew, renewsAt, currentPeriodEnd, planName } = subscription;
  let line: string;
  if (renewsAt && card)
    line = `Renews on ${formatDate(currentPeriodEnd)}: we charge your ${cardName(card)} on ${formatDate(renewsAt)}.`;
  else if (!card)
    line = `No card is saved, so ${planName} ends on ${formatDate(currentPeriodEnd)} unless you pay the next month.`;
  else if (!autoRenew)
    line = `Automatic renewal is off: ${planName} ends on ${formatDate(currentPeriodEnd)} unless you pay the next month.`;
  else
    line = `We could not charge your card for the next month: ${planName} ends on ${formatDate(currentPeriodEnd)} unless you pay it.`;
  return (
    <div className="mt-3 border-t border-slate-100 pt-3">
      <h3 className="font-semibold text-slate-900">Renewal</h3>
      <p className="text-slate-700">
        Saved card: {card ? cardName(card) : 'none (the card you pay with next is saved)'}
      </p>
      <p className="text-slate-700">{line}</p>
      <label className="mt-2 flex min-h-11 items-center gap-3 text-slate-900">
        <input
          type="checkbox"
          className="size-5 accent-emerald-700"
          checked={autoRenew}
          disabled={setAutoRenew.isPending}
          onChange={(event) => setAutoRenew.mutate(event.target.checked)}
        />
        Renew automatically with the saved card
      </label>
      {setAutoRenew.error ? (
        <FormAlert>{errorToastMessage(setAutoRenew.error) ?? 'Could not change automatic renewal'}</FormAlert>
      ) : null}
    </div>
  );
}

function Invoices() {
  const invoices = useInvoices();
  if (invoices.isPending) return <LoadingState label="Loading invoices…" />;
  if (invoices.isError)
    return <ErrorState title="Could not get invoices" onRetry={() => invoices.refetch()} />;
  if (invoices.data.count === 0)
    return <EmptyState title="No invoices yet">Invoices appear when you subscribe.</EmptyState>;
  return (
    <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
      {invoices.data.rows.map((invoice: Invoice) => (
        <li
          key={invoice.id}
          className="flex flex-col gap-1 p-3 sm:flex-row sm:items-center sm:justify-between"
        >
          <div>
            <p className="font-semibold text-slate-900">
              {invoice.planName} · {formatNaira(invoice.amountKobo)}
            </p>
            <p className="text-sm text-slate-600">
              {formatDate(invoice.periodStart)} to {formatDate(invoice.periodEnd)} ·{' '}
              <span className="break-all">{invoice.reference}</span>
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <Badge tone={invoiceTones[invoice.status]}>{invoiceLabels[invoice.status]}</Badge>
            <Link
              to={`/merchant/subscription/invoices/${invoice.id}`}
              className="inline-flex min-h-11 items-center text-sm font-semibold text-green-800 underline"
            >
              Open invoice<span className="sr-only"> {invoice.reference}</span>
            </Link>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The store's plan, the plans on offer (subscribe, pay), and invoices. */
export function SubscriptionPanel() {
  const current = useSubscription();
  const plans = usePlans();
  if (current.isPending || plans.isPending) return <LoadingState label="Loading your plan…" />;
  if (current.isError) {
    if (isApiError(current.error) && current.error.status === 403)
      return (
        <EmptyState title="Only the store owner manages the subscription">
          Ask the owner of the store.
        </EmptyState>
      );
    return <ErrorState title="Could not get your plan" onRetry={() => current.refetch()} />;
  }
  if (plans.isError) return <ErrorState title="Could not get the plans" onRetry={() => plans.refetch()} />;
  const { plan, subscription } = current.data;
  const activeUntil = subscription?.status === 'active' ? subscription.currentPeriodEnd : null;
  return (
    <div className="space-y-6">
      <ReturnFromPayment />
      <section aria-labelledby="current-plan" className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="current-plan" className="font-semibold text-slate-900">
          You are on {plan.name}
        </h2>
        <p className="text-slate-700">
          {activeUntil
            ? `Paid until ${formatDate(activeUntil)}.`
            : subscription
              ? `Your ${subscription.planName} plan ended on ${formatDate(subscription.currentPeriodEnd)}: the store is back on ${plan.name}.`
              : `Every store starts on ${plan.name}.`}{' '}
          {planProducts(plan)}.
        </p>
        <p className="text-sm text-slate-700">
          Plans do not change the commission on your sales: it is set by your store's payment category and
          shown on your payment report.
        </p>
        {subscription && activeUntil ? <Renewal subscription={subscription} /> : null}
      </section>
      <section aria-labelledby="plans-heading">
        <h2 id="plans-heading" className="mb-2 text-lg font-bold text-slate-900">
          Plans
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {plans.data.map((offer) => (
            <PlanCard
              key={offer.id}
              plan={offer}
              current={subscription?.planId === offer.id && activeUntil !== null}
              activeUntil={activeUntil}
            />
          ))}
        </ul>
      </section>
      <section aria-labelledby="invoices-heading">
        <h2 id="invoices-heading" className="mb-2 text-lg font-bold text-slate-900">
          Invoices
        </h2>
        <Invoices />
      </section>
    </div>
  );
}
