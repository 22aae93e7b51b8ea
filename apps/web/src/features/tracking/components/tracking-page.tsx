import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { buttonClasses } from '../../../components/ui/button';
import { ErrorPage } from '../../../components/ui/message-page';
import { NoIndex } from '../../../components/ui/no-index';
import { LoadingState } from '../../../components/ui/states';
import { formatDateTime } from '../../../lib/dates';
import { isApiError } from '../../../lib/errors';
import { useTracking } from '../api/get-tracking';

/**
 * `/t/:token` (issue 36): the order's status, timeline and delivery token from the link in its SMS or mail, on any
 * phone, without signing in. It names the recipient by first name and LGA only.
 */
export function TrackingPage({ token }: { token: string }) {
  const tracking = useTracking(token);
  if (tracking.isPending) return <LoadingState label="Finding your order…" />;
  if (tracking.isError) {
    const refused = isApiError(tracking.error) && tracking.error.status === 404;
    return (
      <div className="space-y-4">
        <NoIndex />
        <ErrorPage
          title={refused ? tracking.error.message : 'Could not load this order'}
          onRetry={refused ? undefined : () => tracking.refetch()}
        />
        <Link to="/customer/login" className={buttonClasses('secondary', 'w-full sm:w-auto')}>
          Sign in to see your orders
        </Link>
      </div>
    );
  }
  const data = tracking.data;
  return (
    <article className="space-y-4" aria-labelledby="tracking-title">
      <NoIndex />
      <header className="space-y-1">
        <h1 id="tracking-title" className="text-2xl font-bold text-slate-900">
          Order {data.orderName}
        </h1>
        <p className="text-slate-700">
          For {data.firstName} in {data.lga}, from {data.storeName}
        </p>
        <Badge tone="green">{data.orderStatus.known_name}</Badge>
      </header>
      {data.deliveryToken ? (
        <div className="rounded-md bg-emerald-50 p-3">
          <p className="text-sm text-emerald-950">Delivery token</p>
          <p
            className="font-mono text-3xl font-bold tracking-widest text-emerald-950"
            data-testid="delivery-token"
          >
            {data.deliveryToken}
          </p>
          <p className="text-xs text-emerald-950">
            Give it to the rider only when the parcel is in your hands.
          </p>
        </div>
      ) : null}
      <section aria-labelledby="timeline-title" className="space-y-2">
        <h2 id="timeline-title" className="text-lg font-semibold text-slate-900">
          What happened
        </h2>
        <ol className="space-y-2">
          {[...data.timeline].reverse().map((step) => (
            <li
              key={`${step.createdAt}-${step.status}`}
              className="rounded-lg border border-slate-200 bg-white p-3"
            >
              <p className="text-sm text-slate-900">{step.activity}</p>
              <p className="text-xs text-slate-700">{formatDateTime(step.createdAt)}</p>
            </li>
          ))}
        </ol>
      </section>
      <p className="text-xs text-slate-700">This link works until {formatDateTime(data.expiresAt)}.</p>
    </article>
  );
}
