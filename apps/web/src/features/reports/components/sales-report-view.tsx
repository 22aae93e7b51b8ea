import type { LocationSales, ProductSales, SalesReport } from '@market/contracts';
import { lazy, type ReactNode, Suspense } from 'react';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { Skeleton } from '../../../components/ui/skeleton';
import { EmptyState } from '../../../components/ui/states';
import { formatDate, formatDateRange, formatDateTime } from '../../../lib/dates';
import { formatNaira } from '../../../lib/money';
import { pluralize } from '../../../lib/plural';

const SalesChart = lazy(() => import('./sales-chart'));

const periodWord = { day: 'day', week: 'week', month: 'month' } as const;

function Table({
  caption,
  headings,
  children,
}: {
  caption: string;
  headings: string[];
  children: ReactNode;
}) {
  return (
    <ScrollRegion label={caption}>
      <table className="w-full min-w-[20rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-200">
            {headings.map((heading, index) => (
              <th key={heading} scope="col" className={`p-2 ${index > 0 ? 'text-right' : ''}`}>
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </ScrollRegion>
  );
}

function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="min-w-0 rounded-lg border border-slate-200 bg-white p-4">
      <h3 id={id} className="mb-2 font-semibold text-slate-900">
        {title}
      </h3>
      {children}
    </section>
  );
}

const cell = 'p-2 text-right tabular-nums';

/** A figure that wraps rather than overflow at 360 px (naira amounts reach 13 characters). */
function Stat({ label, value }: { label: string; value: number | string }) {
  return (
    <div className="min-w-0 rounded-lg border border-slate-200 bg-white p-3">
      <dt className="text-sm text-slate-700">{label}</dt>
      <dd className="break-words text-lg font-bold text-slate-900 tabular-nums sm:text-2xl">{value}</dd>
    </div>
  );
}

function ProductRows({ products }: { products: ProductSales[] }) {
  return products.map((product) => (
    <tr key={product.productId} className="border-b border-slate-100">
      <th scope="row" className="p-2 font-normal break-words">
        {product.productName}
      </th>
      <td className={cell}>{product.unitsSold}</td>
      <td className={cell}>{formatNaira(product.discountKobo)}</td>
      <td className={cell}>{formatNaira(product.netKobo)}</td>
    </tr>
  ));
}

function PlaceRows({ places }: { places: LocationSales[] }) {
  return places.map((place) => (
    <tr key={`${place.state}/${place.lga}`} className="border-b border-slate-100">
      <th scope="row" className="p-2 font-normal">
        {place.lga ? `${place.lga}, ${place.state}` : place.state || 'Unknown'}
      </th>
      <td className={cell}>{place.ordersCount}</td>
      <td className={cell}>{formatNaira(place.netSalesKobo)}</td>
    </tr>
  ));
}

/** A sales report: totals, a chart of the periods, and sales by product, customer and place. */
export function SalesReportView({ report, busy = false }: { report: SalesReport; busy?: boolean }) {
  const { totals } = report;
  const word = periodWord[report.granularity];
  return (
    <div className="space-y-4" aria-busy={busy}>
      <p className="text-sm text-slate-700">
        {formatDateRange(report.from, report.to)}, Lagos days. Orders count from the day they were placed,
        once paid.
      </p>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Stat label="Net sales" value={formatNaira(totals.netSalesKobo)} />
        <Stat label="Orders" value={totals.ordersCount} />
        <Stat label="Products sold" value={totals.itemsSold} />
        <Stat label="Average order" value={formatNaira(totals.averageOrderKobo)} />
        <Stat label="Gross sales" value={formatNaira(totals.grossSalesKobo)} />
        <Stat label="Discounts" value={formatNaira(totals.discountKobo)} />
        <Stat label="Returned or cancelled" value={formatNaira(totals.returnedKobo)} />
        <Stat label="Customers" value={totals.customersCount} />
      </dl>
      <p className="text-sm text-slate-700">
        {pluralize(totals.cancelledOrdersCount, 'order')} cancelled after payment,{' '}
        {pluralize(totals.returnedOrdersCount, 'order')} returned. Delivery fees on kept orders:{' '}
        {formatNaira(totals.shippingKobo)} (they go to whoever delivers).
      </p>
      {totals.ordersCount === 0 ? (
        <EmptyState title="No paid orders in these days">Choose a wider range.</EmptyState>
      ) : (
        <>
          <figure className="min-w-0 rounded-lg border border-slate-200 bg-white p-3">
            <figcaption className="mb-2 text-sm font-medium text-slate-900">
              Net sales (green bars) and orders (dashed blue line) per {word}
            </figcaption>
            <Suspense fallback={<Skeleton className="h-64 w-full" />}>
              <SalesChart series={report.series} period={report.granularity} />
            </Suspense>
            <details className="mt-3 text-sm">
              <summary className="min-h-11 cursor-pointer py-2 font-medium text-emerald-800">
                Show each {word} as a table
              </summary>
              <div className="max-h-80 overflow-y-auto">
                <Table caption={`Sales per ${word}`} headings={[`${word} from`, 'Orders', 'Net sales']}>
                  {report.series.map((point) => (
                    <tr key={point.start} className="border-b border-slate-100">
                      <th scope="row" className="p-2 font-normal">
                        {formatDate(point.start)}
                      </th>
                      <td className={cell}>{point.ordersCount}</td>
                      <td className={cell}>{formatNaira(point.netSalesKobo)}</td>
                    </tr>
                  ))}
                </Table>
              </div>
            </details>
          </figure>
          <div className="grid gap-4 lg:grid-cols-2">
            <Panel id="report-top-products" title="Top products">
              <Table caption="Top products by units sold" headings={['Product', 'Units', 'Discounts', 'Net']}>
                <ProductRows products={report.topProducts} />
              </Table>
            </Panel>
            <Panel id="report-states" title="By state">
              <Table caption="Sales by delivery state" headings={['State', 'Orders', 'Net sales']}>
                <PlaceRows places={report.byState} />
              </Table>
            </Panel>
          </div>
          <Panel id="report-products" title="By product">
            <Table caption="Sales by product" headings={['Product', 'Units', 'Discounts', 'Net']}>
              <ProductRows products={report.byProduct} />
            </Table>
          </Panel>
          <Panel id="report-customers" title="By customer">
            <Table caption="Sales by customer" headings={['Customer', 'Orders', 'Net sales', 'Last order']}>
              {report.byCustomer.map((customer) => (
                <tr key={customer.customerId} className="border-b border-slate-100">
                  <th scope="row" className="p-2 font-normal break-words">
                    {customer.name}
                  </th>
                  <td className={cell}>{customer.ordersCount}</td>
                  <td className={cell}>{formatNaira(customer.netSalesKobo)}</td>
                  <td className={cell}>{formatDateTime(customer.lastOrderAt)}</td>
                </tr>
              ))}
            </Table>
          </Panel>
          <Panel id="report-lgas" title="By LGA">
            <Table caption="Sales by local government area" headings={['LGA', 'Orders', 'Net sales']}>
              <PlaceRows places={report.byLga} />
            </Table>
          </Panel>
        </>
      )}
    </div>
  );
}
