import { useLocation, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { useHasPermission } from '../../../features/auth/api/permissions';
import {
  type StaffFilters,
  StaffOrdersList,
} from '../../../features/fulfilment/components/staff-orders-list';
import { useDocumentTitle } from '../../../lib/document-title';
import { AreaTabs } from '../../layouts/area-tabs';
import { ReadAllOnly } from './orders-nav';

/** `/admin/orders/all` (every store) and `/admin/orders/mine` (a dispatcher's own deliveries). */
export function Component() {
  const mine = useLocation().pathname.endsWith('/mine');
  useDocumentTitle(mine ? 'My deliveries' : 'All orders');
  const [search, setSearch] = useSearchParams();
  const canAssign = useHasPermission('admin', 'orders:assign');
  const filters: StaffFilters = {
    page: Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1),
    status: search.get('status') ?? '',
    from: search.get('from') ?? '',
    to: search.get('to') ?? '',
    search: search.get('search') ?? '',
    ...(mine ? { mine: 'true' as const } : {}),
  };
  return (
    <ReadAllOnly carrier={mine}>
      <PageHeader title={mine ? 'My deliveries' : 'All orders'} />
      <AreaTabs bar="orders" />
      <StaffOrdersList
        viewer="admin"
        basePath="/admin/orders"
        batch={canAssign && !mine}
        filters={filters}
        onChange={(next) => {
          const params = new URLSearchParams();
          for (const key of ['status', 'from', 'to', 'search'] as const)
            if (next[key]) params.set(key, next[key]);
          if (next.page > 1) params.set('page', String(next.page));
          setSearch(params, { replace: true });
        }}
      />
    </ReadAllOnly>
  );
}
