import type { ReturnStatus } from '@market/contracts';
import { returnStatuses } from '@market/contracts';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { StaffReturnsList } from '../../../features/returns/components/staff-returns-list';
import { useDocumentTitle } from '../../../lib/document-title';

function statusParam(value: string | null): ReturnStatus | undefined {
  return returnStatuses.find((status) => status === value);
}

/** `/merchant/returns`: the store's returns and replacements, by status. */
export function Component() {
  useDocumentTitle('Returns');
  const [search, setSearch] = useSearchParams();
  const query = {
    page: Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1),
    status: statusParam(search.get('status')),
  };
  return (
    <>
      <PageHeader
        title="Returns"
        description="Approve or reject returns, mark items received, then refund or send a replacement."
      />
      <StaffReturnsList
        viewer="merchant"
        basePath="/merchant/returns"
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
