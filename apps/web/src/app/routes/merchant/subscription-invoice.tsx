import { type StoreProfile, vatIncluded } from '@market/contracts';
import { Link, useParams } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { ErrorState, LoadingState } from '../../../components/ui/states';
import { useStoreProfile } from '../../../features/store-profile/api/get-store-profile';
import { useInvoices } from '../../../features/subscriptions/api/subscription';
import {
  invoiceLabels,
  invoiceTones,
  platformDetails,
} from '../../../features/subscriptions/components/invoice-labels';
import { formatDate } from '../../../lib/dates';
import { useDocumentTitle } from '../../../lib/document-title';
import { formatNaira } from '../../../lib/money';

/** The store's business address as it gave it (office, else where it ships from); never its web slug. */
function storeAddress(store: StoreProfile['store']): string | null {
  if (store.officeAddress) return store.officeAddress;
  const from = store.shippingLocation;
  if (!from) return null;
  return [from.street, from.city, from.state, from.country].filter(Boolean).join(', ');
}

/** Basis points as people write a rate: 750 → "7.5 %". */
const percentOf = (basisPoints: number) => `${(basisPoints / 100).toFixed(2).replace(/\.?0+$/, '')} %`;

/** Printing shows the invoice alone, not the dashboard around it. */
const printOnlyInvoice = `@media print {
  body * { visibility: hidden; }
  #subscription-invoice, #subscription-invoice * { visibility: visible; }
  #subscription-invoice { position: absolute; inset: 0 auto auto 0; width: 100%; border: 0; }
}`;

/** `/merchant/subscription/invoices/:id`: one subscription invoice as a printable document. */
export function Component() {
  const { id } = useParams();
  const invoices = useInvoices();
  // Staff without the store profile permission still get the invoice, without the store's name.
  const profile = useStoreProfile();
  const invoice = invoices.data?.rows.find((row) => row.id === id);
  useDocumentTitle(invoice ? `Invoice ${invoice.reference}` : 'Invoice');

  if (invoices.isPending) return <LoadingState label="Loading the invoice…" />;
  if (invoices.isError)
    return <ErrorState title="Could not get the invoice" onRetry={() => invoices.refetch()} />;
  if (!invoice)
    return (
      <div className="space-y-3">
        <ErrorState title="Invoice not found" message="Your store has no invoice with this link." />
        <Link to="/merchant/subscription" className={buttonClasses('secondary')}>
          Back to your subscription
        </Link>
      </div>
    );

  const store = profile.data?.store;
  // Plan prices include VAT: the lines show the price before VAT and the VAT, adding up to the total charged.
  // The issuer's TIN and the VAT rate are the server's configuration, sent with the invoices.
  const issuer = invoices.data.issuer;
  const split = vatIncluded(invoice.amountKobo, issuer.vatBasisPoints);
  return (
    <div className="space-y-4">
      <style>{printOnlyInvoice}</style>
      <div className="flex flex-wrap gap-2 print:hidden">
        <Link to="/merchant/subscription" className={buttonClasses('ghost')}>
          Back to your subscription
        </Link>
        <Button variant="secondary" onClick={() => window.print()}>
          Print or save as PDF
        </Button>
      </div>
      <article
        id="subscription-invoice"
        aria-labelledby="invoice-title"
        className="max-w-2xl space-y-6 rounded-lg border border-slate-200 bg-white p-5 text-slate-900"
      >
        <header className="flex flex-wrap items-start justify-between gap-4">
          <div>
            <p className="text-lg font-bold">{issuer.legalName}</p>
            <p className="text-sm text-slate-700">{platformDetails.address}</p>
            <p className="text-sm text-slate-700">
              {platformDetails.email} · {platformDetails.phone}
            </p>
            <p className="text-sm text-slate-700">TIN {issuer.tin}</p>
          </div>
          <div className="text-right">
            <h1 id="invoice-title" className="text-xl font-bold">
              Invoice
            </h1>
            <p className="break-all text-sm text-slate-700">{invoice.reference}</p>
            <p className="text-sm text-slate-700">Issued {formatDate(invoice.createdAt)}</p>
          </div>
        </header>
        <section aria-label="Billed to">
          <h2 className="text-sm font-semibold text-slate-700">Billed to</h2>
          <p className="font-semibold">{store?.storeName ?? 'Your store'}</p>
          {store && storeAddress(store) ? (
            <p className="text-sm text-slate-700">{storeAddress(store)}</p>
          ) : null}
        </section>
        <table className="w-full text-left text-sm">
          <caption className="sr-only">What this invoice charges</caption>
          <thead>
            <tr className="border-b border-slate-300">
              <th scope="col" className="py-2">
                Description
              </th>
              <th scope="col" className="py-2 text-right">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            <tr className="border-b border-slate-200">
              <td className="py-2">
                {invoice.planName} plan, one month
                <br />
                <span className="text-slate-700">
                  {formatDate(invoice.periodStart)} to {formatDate(invoice.periodEnd)}
                </span>
              </td>
              <td className="py-2 text-right tabular-nums">{formatNaira(split.netKobo)}</td>
            </tr>
            <tr className="border-b border-slate-200">
              <td className="py-2">VAT at {percentOf(issuer.vatBasisPoints)}</td>
              <td className="py-2 text-right tabular-nums">{formatNaira(split.vatKobo)}</td>
            </tr>
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" className="py-2">
                Total
              </th>
              <td className="py-2 text-right font-bold tabular-nums">{formatNaira(invoice.amountKobo)}</td>
            </tr>
          </tfoot>
        </table>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-slate-700">Status</dt>
          <dd>
            <Badge tone={invoiceTones[invoice.status]}>{invoiceLabels[invoice.status]}</Badge>
          </dd>
          {invoice.paidAt ? (
            <>
              <dt className="text-slate-700">Paid on</dt>
              <dd>{formatDate(invoice.paidAt)}</dd>
            </>
          ) : null}
          <dt className="text-slate-700">Payment reference</dt>
          <dd className="break-all">{invoice.reference}</dd>
        </dl>
      </article>
    </div>
  );
}
