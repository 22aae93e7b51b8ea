import type { ReturnStatus } from '@market/contracts';
import { returnStatuses } from '@market/contracts';
import { PageHeader } from '../../../components/ui/page-header';
import { StaffReturnsList } from '../../../features/returns/components/staff-returns-list';
import { useDocumentTitle } from '../../../lib/document-title';
import { useListSearch } from '../../../lib/list-search';

function statusParam(value: string | null): ReturnStatus | undefined {
  return returnStatuses.find((status) => status === value);
}

/** `/merchant/returns`: the store's returns and replacements, by status. */
export function Component() {
  useDocumentTitle('Returns');
  const { page, filters, change } = useListSearch(['status']);
  const query = {
    page,
    status: statusParam(filters.status),
  };
  return (
    <>
      <PageHeader
        title="Returns"
        description="Approve or reject returns, mark items received, then refund or send a replacement."
      />
      <StaffReturnsList viewer="merchant" basePath="/merchant/returns" query={query} onChange={change} />
    </>
  );
}
