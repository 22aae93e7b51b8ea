import { PageHeader } from '../../../components/ui/page-header';
import { CardDisputes } from '../../../features/returns/components/card-disputes';
import { useDocumentTitle } from '../../../lib/document-title';
import { useListSearch } from '../../../lib/list-search';
import { AreaTabs } from '../../layouts/area-tabs';

/** `/admin/returns/card-disputes`: card-holder disputes Paystack told us of; who bears each, and what it moved. */
export function Component() {
  useDocumentTitle('Card disputes');
  const { page, change } = useListSearch([]);
  return (
    <>
      <PageHeader
        title="Card disputes"
        description="Customers who disputed a card payment with their bank. Answer each in the Paystack dashboard before its due date; decide here who bears the money."
      />
      <AreaTabs bar="returns" />
      <CardDisputes page={page} onPage={(next) => change({ page: next })} />
    </>
  );
}
