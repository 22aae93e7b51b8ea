import type { ParcelLabel } from '@market/contracts';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { useDownloadLabelsPdf, useParcelLabels } from '../api/parcels';

/** One parcel: the shipping label (to, from, QR code) over the packing slip, one printed page each. */
function Label({ label }: { label: ParcelLabel }) {
  const weight = label.weightGrams === null ? null : `${(label.weightGrams / 1000).toFixed(2)} kg`;
  return (
    <article
      aria-label={`Label for ${label.orderName}`}
      className="break-after-page space-y-3 rounded-lg border-2 border-slate-900 bg-white p-4 text-slate-900 print:rounded-none print:border-0"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="space-y-1">
          <p className="text-2xl font-bold tracking-wide">{label.orderName}</p>
          <p className="text-sm">From: {label.storeName}</p>
          <p className="pt-2 text-lg font-semibold">To: {label.recipientName}</p>
          <p>{label.address}</p>
          <p className="font-semibold">
            {label.lga}, {label.state}
          </p>
          <p>{label.recipientPhone}</p>
          <p className="text-sm">
            {[weight, label.carrierName ? `Carrier: ${label.carrierName}` : null].filter(Boolean).join(' · ')}
          </p>
        </div>
        <figure className="w-40 shrink-0">
          <img
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(label.qrSvg)}`}
            alt={`QR code of parcel ${label.orderName}: carriers scan it at every hand-over`}
            className="h-40 w-40"
          />
          <figcaption className="break-all font-mono text-[10px] leading-tight">
            {label.parcelReference}
          </figcaption>
        </figure>
      </div>
      <table className="w-full border-t border-slate-400 text-left text-sm">
        <caption className="pt-2 text-left font-semibold">Packing slip</caption>
        <thead>
          <tr>
            <th scope="col" className="py-1 pr-2">
              Item
            </th>
            <th scope="col" className="py-1 pr-2">
              Variant
            </th>
            <th scope="col" className="py-1 text-right">
              Qty
            </th>
          </tr>
        </thead>
        <tbody>
          {label.items.map((item) => (
            <tr key={`${item.sku}-${item.variant}`} className="border-t border-slate-200">
              <td className="py-1 pr-2">
                {item.productName} <span className="font-mono text-xs">({item.sku})</span>
              </td>
              <td className="py-1 pr-2">{item.variant ?? '—'}</td>
              <td className="py-1 text-right tabular-nums">{item.quantity}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </article>
  );
}

/** The labels of the chosen orders as a print-ready sheet: the page's own Print button prints them, one a page. */
export function ParcelLabels({ kind, orderIds }: { kind: 'merchant' | 'admin'; orderIds: string[] }) {
  const labels = useParcelLabels(kind, orderIds);
  const pdf = useDownloadLabelsPdf(kind);
  if (orderIds.length === 0)
    return (
      <EmptyState title="No orders chosen">
        Select orders on the orders page, then print their labels.
      </EmptyState>
    );
  if (labels.isPending) return <LoadingState label="Preparing labels…" />;
  if (labels.isError)
    return <ErrorState title="Could not prepare the labels" onRetry={() => labels.refetch()} />;
  const { labels: printed, refused } = labels.data;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3 print:hidden">
        <Button onClick={() => window.print()} disabled={printed.length === 0}>
          Print {printed.length} label{printed.length === 1 ? '' : 's'}
        </Button>
        <Button
          variant="secondary"
          onClick={() => pdf.mutate(printed.map((label) => label.orderId))}
          disabled={printed.length === 0 || pdf.isPending}
        >
          {pdf.isPending ? 'Preparing the PDF…' : 'Download as PDF'}
        </Button>
      </div>
      {refused.length > 0 ? (
        <div className="print:hidden">
          <FormAlert tone="info">
            {refused.length} order{refused.length === 1 ? ' has' : 's have'} no label:{' '}
            {refused.map((item) => item.message).join('; ')}
          </FormAlert>
        </div>
      ) : null}
      {printed.map((label) => (
        <Label key={label.orderId} label={label} />
      ))}
    </div>
  );
}
