import { refundStatuses } from '@market/contracts';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { type RefundFilter, RefundRequests } from '../../../features/returns/components/refund-requests';
import { useDocumentTitle } from '../../../lib/document-title';
import { AreaTabs } from '../../layouts/area-tabs';

/** `/admin/returns/refunds`: refund requests of returns and cancellations; retry failed ones, decide them with a reason. */
export function Component() {
  useDocumentTitle('Refund requests');
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
  const wanted = search.get('status');
  const status: RefundFilter | undefined =
    wanted === 'needs_attention' ? wanted : refundStatuses.find((value) => value === wanted);
  return (
    <>
      <PageHeader
        title="Refund requests"
        description="Every refund: sent, processing, failed (retried automatically) or decided with a reason."
      />
      <AreaTabs bar="returns" />
      <RefundRequests
        page={page}
        status={status}
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
