import { refundStatuses } from '@market/contracts';
import { PageHeader } from '../../../components/ui/page-header';
import { type RefundFilter, RefundRequests } from '../../../features/returns/components/refund-requests';
import { useDocumentTitle } from '../../../lib/document-title';
import { useListSearch } from '../../../lib/list-search';
import { AreaTabs } from '../../layouts/area-tabs';

/** `/admin/returns/refunds`: refund requests of returns and cancellations; retry failed ones, decide them with a reason. */
export function Component() {
  useDocumentTitle('Refund requests');
  const { page, filters, change } = useListSearch(['status']);
  const wanted = filters.status;
  const status: RefundFilter | undefined =
    wanted === 'needs_attention' ? wanted : refundStatuses.find((value) => value === wanted);
  return (
    <>
      <PageHeader
        title="Refund requests"
        description="Every refund: sent, processing, failed (retried automatically) or decided with a reason."
      />
      <AreaTabs bar="returns" />
      <RefundRequests page={page} status={status} onChange={change} />
    </>
  );
}
