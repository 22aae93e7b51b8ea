import { returnStatuses } from '@market/contracts';
import { useLocation, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { StaffReturnsList } from '../../../features/returns/components/staff-returns-list';
import { useDocumentTitle } from '../../../lib/document-title';
import { AreaTabs } from '../../layouts/area-tabs';

/** `/admin/returns` (disputed, waiting for the platform) and `/admin/returns/all`. */
export function Component() {
  const all = useLocation().pathname.endsWith('/all');
  useDocumentTitle(all ? 'All returns' : 'Disputed returns');
  const [search, setSearch] = useSearchParams();
  const query = {
    page: Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1),
    status: returnStatuses.find((status) => status === search.get('status')),
    ...(all ? {} : { disputed: 'true' as const }),
  };
  return (
    <>
      <PageHeader
        title={all ? 'All returns' : 'Disputed returns'}
        description="Decide returns the store rejected and the customer disputed, and who bears each refund."
      />
      <AreaTabs bar="returns" />
      <StaffReturnsList
        viewer="admin"
        basePath="/admin/returns"
        query={query}
        onChange={(next) => {
          const params = new URLSearchParams();
          if (next.status) params.set('status', next.status);
          if (next.page > 1) params.set('page', String(next.page));
          setSearch(params, { replace: true });
        }}
      />
    </>
  );
}
