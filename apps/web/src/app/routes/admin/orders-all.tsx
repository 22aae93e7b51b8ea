import { useLocation } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { useHasPermission } from '../../../features/auth/api/permissions';
import {
  type StaffFilters,
  StaffOrdersList,
} from '../../../features/fulfilment/components/staff-orders-list';
import { useDocumentTitle } from '../../../lib/document-title';
import { useListSearch } from '../../../lib/list-search';
import { AreaTabs } from '../../layouts/area-tabs';
import { ReadAllOnly } from './orders-nav';

/** `/admin/orders/all` (every store) and `/admin/orders/mine` (a dispatcher's own deliveries). */
export function Component() {
  const mine = useLocation().pathname.endsWith('/mine');
  useDocumentTitle(mine ? 'My deliveries' : 'All orders');
  const { page, filters: query, change } = useListSearch(['status', 'from', 'to', 'search']);
  const canAssign = useHasPermission('admin', 'orders:assign');
  const filters: StaffFilters = { page, ...query, ...(mine ? { mine: 'true' as const } : {}) };
  return (
    <ReadAllOnly carrier={mine}>
      <PageHeader title={mine ? 'My deliveries' : 'All orders'} />
      <AreaTabs bar="orders" />
      <StaffOrdersList
        viewer="admin"
        basePath="/admin/orders"
        batch={canAssign && !mine}
        filters={filters}
        onChange={change}
      />
    </ReadAllOnly>
  );
}
