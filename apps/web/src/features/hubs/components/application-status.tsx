import type { HubApplication } from '@market/contracts';
import { Badge } from '../../../components/ui/badge';

const tones = { pending: 'amber', approved: 'green', rejected: 'red' } as const;
const words = { pending: 'Pending', approved: 'Approved', rejected: 'Rejected' } as const;
export const kindWords = { run: 'Run the hub', use: 'Use the hub' } as const;

export function ApplicationStatus({ status }: { status: HubApplication['status'] }) {
  return <Badge tone={tones[status]}>{words[status]}</Badge>;
}
