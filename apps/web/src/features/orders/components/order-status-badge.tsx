import type { OrderStatus } from '@market/contracts';
import { Badge } from '../../../components/ui/badge';

const tones: Record<string, 'green' | 'red' | 'amber' | 'slate'> = {
  awaiting_payment: 'amber',
  pending: 'amber',
  delivered: 'green',
  completed: 'green',
  cancelled: 'red',
  declined: 'red',
  delivery_failed: 'red',
  returned: 'slate',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <Badge tone={tones[status.code_name] ?? 'slate'}>{status.known_name}</Badge>;
}
