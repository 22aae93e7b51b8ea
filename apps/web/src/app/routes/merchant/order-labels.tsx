import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { ParcelLabels } from '../../../features/fulfilment/components/parcel-labels';
import { useDocumentTitle } from '../../../lib/document-title';

/** `/merchant/orders/labels?ids=a,b`: the chosen orders' labels, ready to print. */
export function Component() {
  useDocumentTitle('Parcel labels');
  const ids = (useSearchParams()[0].get('ids') ?? '').split(',').filter(Boolean).slice(0, 50);
  return (
    <section className="space-y-4">
      <div className="print:hidden">
        <PageHeader
          title="Parcel labels"
          description="Stick one on each parcel: carriers scan it at every hand-over."
        />
      </div>
      <ParcelLabels kind="merchant" orderIds={ids} />
    </section>
  );
}
