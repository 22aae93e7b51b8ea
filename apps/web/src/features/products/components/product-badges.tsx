import type { MerchantProduct } from '@market/contracts';
import { Badge } from '../../../components/ui/badge';

export function ApprovalBadge({ status }: { status: MerchantProduct['approvalStatus'] }) {
  if (status === 'approved') return <Badge tone="green">Approved</Badge>;
  if (status === 'rejected') return <Badge tone="red">Rejected</Badge>;
  return <Badge tone="amber">Pending approval</Badge>;
}

export function StockBadge({ status }: { status: MerchantProduct['stockStatus'] }) {
  if (status === 'out') return <Badge tone="red">Out of stock</Badge>;
  if (status === 'low') return <Badge tone="amber">Low stock</Badge>;
  return <Badge tone="green">In stock</Badge>;
}
