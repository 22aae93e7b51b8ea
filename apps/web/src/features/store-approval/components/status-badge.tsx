import { Badge } from '../../../components/ui/badge';

export function StoreStatusBadge({ status }: { status: 'pending' | 'approved' | 'rejected' }) {
  if (status === 'approved') return <Badge tone="green">Approved</Badge>;
  if (status === 'rejected') return <Badge tone="red">Rejected</Badge>;
  return <Badge tone="amber">Pending</Badge>;
}
