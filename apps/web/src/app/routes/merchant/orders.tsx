import { PageHeader } from '../../../components/ui/page-header';
import { useHasPermission } from '../../../features/auth/api/permissions';
import {
  type StaffFilters,
  StaffOrdersList,
} from '../../../features/fulfilment/components/staff-orders-list';
import { useDocumentTitle } from '../../../lib/document-title';
import { useListSearch } from '../../../lib/list-search';

/** `/merchant/orders`: the store's orders, filtered by status and date, searched by order or customer. */
export function Component() {
  useDocumentTitle('Orders');
  const { page, filters: query, change } = useListSearch(['status', 'from', 'to', 'search']);
  const canMove = useHasPermission('merchant', 'orders:write');
  const filters: StaffFilters = { page, ...query };
  return (
    <>
      <PageHeader
        title="Orders"
        description="Accept new orders, mark them ready for pickup, follow their delivery."
      />
      <StaffOrdersList
        viewer="merchant"
        basePath="/merchant/orders"
        batch={canMove}
        filters={filters}
        onChange={change}
      />
    </>
  );
}
