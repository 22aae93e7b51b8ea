import type { OrderStatus } from '@market/contracts';
import { Badge } from '../../../components/ui/badge';

const tones: Record<string, 'green' | 'red' | 'amber' | 'slate'> = {
  pending: 'amber',
  ready_for_pickup: 'amber',
  declined: 'red',
  delivered: 'green',
  completed: 'green',
  cancelled: 'red',
  delivery_failed: 'red',
};

export function ChainStatusBadge({ status }: { status: OrderStatus }) {
  return <Badge tone={tones[status.code_name] ?? 'slate'}>{status.known_name}</Badge>;
}
