import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { usePermissions } from '../../auth/api/permissions';
import { useIssueToken } from '../api/fulfilment';

/**
 * Replaces the customer's delivery token (and lifts a lock after five wrong tries). Only admins holding
 * `orders:tokens` see it; the old token stops working, so it asks first.
 */
export function IssueTokenButton({ orderId }: { orderId: string }) {
  const permissions = usePermissions('admin');
  const issueToken = useIssueToken(orderId);
  const [confirming, setConfirming] = useState(false);
  if (!permissions.data?.permissions.includes('orders:tokens')) return null;
  return (
    <>
      <Button variant="secondary" onClick={() => setConfirming(true)} disabled={issueToken.isPending}>
        Issue a new delivery token
      </Button>
      <ConfirmDialog
        open={confirming}
        title="Issue a new delivery token?"
        description="The customer's current token stops working and they are sent a new one. Do this only if they lost it or delivery is locked."
        confirmLabel="Issue new token"
        tone="primary"
        busy={issueToken.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => issueToken.mutate(undefined, { onSettled: () => setConfirming(false) })}
      />
    </>
  );
}
