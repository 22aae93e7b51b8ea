import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { useHasPermission } from '../../../features/auth/api/permissions';
import {
  type StaffFilters,
  StaffOrdersList,
} from '../../../features/fulfilment/components/staff-orders-list';
import { useDocumentTitle } from '../../../lib/document-title';

/** `/merchant/orders`: the store's orders, filtered by status and date, searched by order or customer. */
export function Component() {
  useDocumentTitle('Orders');
  const [search, setSearch] = useSearchParams();
  const canMove = useHasPermission('merchant', 'orders:write');
  const filters: StaffFilters = {
    page: Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1),
    status: search.get('status') ?? '',
    from: search.get('from') ?? '',
    to: search.get('to') ?? '',
    search: search.get('search') ?? '',
  };
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
        onChange={(next) => {
          const params = new URLSearchParams();
          for (const key of ['status', 'from', 'to', 'search'] as const)
            if (next[key]) params.set(key, next[key]);
          if (next.page > 1) params.set('page', String(next.page));
          setSearch(params, { replace: true });
        }}
      />
    </>
  );
}
