import { useLocation, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { loginPath } from '../../../lib/account';
import { pluralize } from '../../../lib/plural';
import { useSession } from '../../../lib/session';
import { useFollowersCount, useFollowState } from '../api/follow-state';
import { useToggleFollow } from '../api/toggle-follow';

/** A storefront theme's button colours win over the marketplace green. */
const themed = {
  backgroundColor: 'var(--sf-primary-button, #047857)',
  color: 'var(--sf-primary-label, #ffffff)',
} as const;

interface FollowButtonProps {
  storeId: string;
  storeName: string;
  className?: string;
}

/**
 * "Follow store" / "Following" (a toggle button, aria-pressed). Signed out, it sends the visitor to the
 * customer sign-in page and back here afterwards. Signed in, it flips at once and rolls back on failure.
 */
export function FollowButton({ storeId, storeName, className = '' }: FollowButtonProps) {
  const session = useSession('customer');
  const navigate = useNavigate();
  const location = useLocation();
  const customerId = session?.user.id;
  const state = useFollowState(storeId, customerId);
  const toggle = useToggleFollow(storeId, customerId ?? '');

  if (!session) {
    return (
      <Button
        variant="primary"
        className={className}
        style={themed}
        onClick={() => navigate(loginPath('customer', `${location.pathname}${location.search}`))}
        aria-description={`Sign in to follow ${storeName}`}
      >
        Follow store
      </Button>
    );
  }
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
export function FollowersCount({ storeId, fallback }: { storeId: string; fallback: number }) {
  return <>{pluralize(useFollowersCount(storeId, fallback), 'follower')}</>;
}
