import { Button } from '../../../components/ui/button';
import { pluralize } from '../../../lib/plural';
import { useSession } from '../../../lib/session';
import { useFollowersCount, useFollowState } from '../api/follow-state';
import { useToggleFollow } from '../api/toggle-follow';

interface FollowButtonProps {
  storeId: string;
  className?: string;
}

/**
 * "Follow store" / "Following" for a signed-in customer (a toggle button, aria-pressed): it flips at once and
 * rolls back on failure. Loaded once a customer session is there (`follow-button.tsx`).
 */
export function SignedInFollowButton({ storeId, className = '' }: FollowButtonProps) {
  const session = useSession('customer');
  const customerId = session?.user.id;
  const state = useFollowState(storeId, customerId);
  const toggle = useToggleFollow(storeId, customerId ?? '');
  const following = state.data?.following ?? false;
  return (
    <Button
      variant={following ? 'secondary' : 'primary'}
      className={
        following
          ? className
          : `bg-[var(--sf-primary-button,#047857)] text-[var(--sf-primary-label,#ffffff)] ${className}`
      }
      aria-pressed={following}
      disabled={state.isPending}
      aria-busy={toggle.isPending || undefined}
      onClick={() => toggle.mutate(!following)}
    >
      {following ? 'Following' : 'Follow store'}
    </Button>
  );
}

/** "12 followers", kept in step with the signed-in customer's follow state. */
export function SignedInFollowersCount({ storeId, fallback }: { storeId: string; fallback: number }) {
  return <>{pluralize(useFollowersCount(storeId, fallback), 'follower')}</>;
}
