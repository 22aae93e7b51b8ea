import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useIssueToken } from '../api/fulfilment';

/**
 * Replaces the customer's delivery token (and lifts a lock after five wrong tries); the old token stops working,
 * so it asks first. Shown only to admins holding `orders:tokens` (the page says whether they do).
 */
export function IssueTokenButton({ orderId }: { orderId: string }) {
  const issueToken = useIssueToken(orderId);
  const [confirming, setConfirming] = useState(false);
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
