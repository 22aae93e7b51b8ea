import { PageHeader } from '../../../components/ui/page-header';
import { AssignmentQueue } from '../../../features/fulfilment/components/assignment-queue';
import { useDocumentTitle } from '../../../lib/document-title';
import { useListSearch } from '../../../lib/list-search';
import { AreaTabs } from '../../layouts/area-tabs';
import { useCanReadAllOrders } from './orders-nav';

/** `/admin/orders`: paid orders waiting for a carrier. */
export function Component() {
  useDocumentTitle('Assignment queue');
  const { page, change } = useListSearch([], { push: true });
  return (
    <>
      <PageHeader
        title="Assignment queue"
        description="Orders ready for pickup, declined by a partner or at a hub, waiting for a carrier."
      />
      <AreaTabs bar="orders" />
      <AssignmentQueue
        page={page}
        canOpen={useCanReadAllOrders()}
        onPage={(next) => change({ page: next })}
      />
    </>
  );
}
