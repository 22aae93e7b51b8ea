import { returnStatuses } from '@market/contracts';
import { useLocation } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { StaffReturnsList } from '../../../features/returns/components/staff-returns-list';
import { useDocumentTitle } from '../../../lib/document-title';
import { useListSearch } from '../../../lib/list-search';
import { AreaTabs } from '../../layouts/area-tabs';

/** `/admin/returns` (disputed, waiting for the platform) and `/admin/returns/all`. */
export function Component() {
  const all = useLocation().pathname.endsWith('/all');
  useDocumentTitle(all ? 'All returns' : 'Disputed returns');
  const { page, filters, change } = useListSearch(['status']);
  const query = {
    page,
    status: returnStatuses.find((status) => status === filters.status),
    ...(all ? {} : { disputed: 'true' as const }),
  };
  return (
    <>
      <PageHeader
        title={all ? 'All returns' : 'Disputed returns'}
        description="Decide returns the store rejected and the customer disputed, and who bears each refund."
      />
      <AreaTabs bar="returns" />
      <StaffReturnsList viewer="admin" basePath="/admin/returns" query={query} onChange={change} />
    </>
  );
}
