import type { MerchantDashboard } from '@market/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Skeleton } from '../../../components/ui/skeleton';
import { ErrorState } from '../../../components/ui/states';
import { isApiError } from '../../../lib/errors';
import { formatNaira } from '../../../lib/money';
import { useMerchantDashboard } from '../api/get-dashboard';

const count = (value: number, one: string, many: string) => `${value} ${value === 1 ? one : many}`;

function Figure({ label, value, detail }: { label: string; value: string; detail: string }) {
  return (
    <div className="min-w-0 rounded-lg border border-slate-200 bg-white p-3">
      <dt className="text-sm text-slate-700">{label}</dt>
      <dd className="mt-0.5 break-words text-xl font-bold text-slate-900 sm:text-2xl">{value}</dd>
      <dd className="text-sm text-slate-700">{detail}</dd>
    </div>
  );
}

function Panel({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-lg border border-slate-200 bg-white p-4">
      <h3 id={id} className="font-semibold text-slate-900">
        {title}
      </h3>
      <div className="mt-2">{children}</div>
    </section>
  );
}

/** What waits for the merchant; each line links to where it is done. */
function NeedsAction({ needs }: { needs: MerchantDashboard['needsAction'] }) {
  const items = [
    {
      value: needs.ordersToAccept,
      text: count(needs.ordersToAccept, 'order to accept', 'orders to accept'),
      to: '/merchant/orders',
    },
    {
      value: needs.productsRejected,
      text: count(
        needs.productsRejected,
        'product rejected: fix and send again',
        'products rejected: fix and send again',
      ),
      to: '/merchant/products',
    },
    {
      value: needs.productsPendingApproval,
      text: count(
        needs.productsPendingApproval,
        'product waiting for approval',
        'products waiting for approval',
      ),
      to: '/merchant/products',
    },
  ].filter((item) => item.value > 0);
  return (
    <Panel title="Needs action" id="dashboard-needs-action">
      {items.length === 0 ? (
        <p className="text-sm text-slate-700">Nothing is waiting for you.</p>
      ) : (
        <ul className="space-y-1">
          {items.map((item) => (
            <li key={item.text}>
              <Link
                to={item.to}
                className="inline-flex min-h-11 items-center font-medium text-emerald-800 underline"
              >
                {item.text}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

function LowStock({ lowStock }: { lowStock: MerchantDashboard['lowStock'] }) {
  return (
    <Panel title="Low stock" id="dashboard-low-stock">
      {lowStock.count === 0 ? (
        <p className="text-sm text-slate-700">Every product is above its stock alert.</p>
      ) : (
        <>
          <p className="text-sm text-slate-700">
            {count(lowStock.count, 'product is', 'products are')} at or under the stock alert.
          </p>
          <ul className="mt-2 divide-y divide-slate-200">
            {lowStock.products.map((product) => (
              <li key={product.id} className="flex min-h-11 items-center justify-between gap-3 py-1">
                <Link
                  to={`/merchant/products/${product.id}/edit`}
                  className="min-w-0 break-words text-emerald-800 underline"
                >
                  {product.name}
                </Link>
                <span
                  className={`shrink-0 text-sm font-semibold ${product.quantity === 0 ? 'text-red-800' : 'text-slate-900'}`}
                >
                  {product.quantity === 0 ? 'Sold out' : `${product.quantity} left`}
                </span>
              </li>
            ))}
          </ul>
          <Link
            to="/merchant/products/low-stock"
            className="mt-2 inline-flex min-h-11 items-center font-medium text-emerald-800 underline"
          >
            Restock low products
          </Link>
        </>
      )}
    </Panel>
  );
}

function FiguresSkeleton() {
  return (
    <div role="status" aria-label="Loading your store's figures" className="space-y-3">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {[0, 1, 2, 3].map((key) => (
          <Skeleton key={key} className="h-24" />
        ))}
      </div>
      <div className="grid gap-3 md:grid-cols-2">
        <Skeleton className="h-32" />
        <Skeleton className="h-32" />
      </div>
    </div>
  );
}

/** Today's and this week's orders and sales, low stock and what needs action, for the merchant's store. */
export function DashboardFigures() {
  const dashboard = useMerchantDashboard();
  let body: ReactNode;
  if (dashboard.isPending) body = <FiguresSkeleton />;
  else if (dashboard.isError) {
    const refused = isApiError(dashboard.error) && dashboard.error.status === 403;
    body = refused ? (
      <p className="rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-700">
        Your role in this store does not include sales figures. Ask the store owner if you need them.
      </p>
    ) : (
      <ErrorState
        title="Could not load your store's figures"
        message="Could not get orders. Try again later."
        onRetry={() => dashboard.refetch()}
      />
    );
  } else {
    const data = dashboard.data;
    const noSalesYet = data.week.ordersCount === 0;
    body = (
      <div className="space-y-3">
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          <Figure label="Orders today" value={String(data.today.ordersCount)} detail="Paid since midnight" />
          <Figure
            label="Sales today"
            value={formatNaira(data.today.salesKobo)}
            detail="Goods paid for, no shipping"
          />
          <Figure label="Orders this week" value={String(data.week.ordersCount)} detail="Paid since Monday" />
          <Figure
            label="Sales this week"
            value={formatNaira(data.week.salesKobo)}
            detail="Since Monday, no shipping"
          />
        </dl>
        {noSalesYet ? (
          <p className="rounded-lg border border-dashed border-slate-300 px-4 py-3 text-sm text-slate-700">
            No paid orders yet this week. Products customers can see, with clear photos and prices, bring the
            first orders in.{' '}
            <Link to="/merchant/products/new" className="font-medium text-emerald-800 underline">
              Add a product
            </Link>
          </p>
        ) : null}
        <div className="grid gap-3 md:grid-cols-2">
          <NeedsAction needs={data.needsAction} />
          <LowStock lowStock={data.lowStock} />
        </div>
      </div>
    );
  }
  return (
    <section aria-labelledby="dashboard-figures-title" className="mb-6">
      <h2 id="dashboard-figures-title" className="mb-3 text-lg font-semibold text-slate-900">
        Your store at a glance
      </h2>
      {body}
    </section>
  );
}
