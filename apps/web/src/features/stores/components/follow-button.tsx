import { lazy, Suspense } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button';
import { loginPath } from '../../../lib/account';
import { pluralize } from '../../../lib/plural';
import { useSession } from '../../../lib/session';

// The follow state and its mutation load only for a signed-in customer: a visitor's button is a link to sign in,
// and the public pages that carry it download none of that code (ADR 056).
const signedIn = () => import('./follow-button-signed-in');
const SignedInFollowButton = lazy(() =>
  signedIn().then((module) => ({ default: module.SignedInFollowButton })),
);
const SignedInFollowersCount = lazy(() =>
  signedIn().then((module) => ({ default: module.SignedInFollowersCount })),
);

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
  // Until its code arrives, a same-sized stand-in that is not a control (nothing to press yet).
  const standIn = (
    <span aria-hidden="true" className={buttonClasses('primary', className)} style={themed}>
      Follow store
    </span>
  );
  return (
    <Suspense fallback={standIn}>
      <SignedInFollowButton storeId={storeId} className={className} />
    </Suspense>
  );
}

/** "12 followers", kept in step with the signed-in customer's follow state. */
export function FollowersCount({ storeId, fallback }: { storeId: string; fallback: number }) {
  const session = useSession('customer');
  const count = pluralize(fallback, 'follower');
  if (!session) return <>{count}</>;
  return (
    <Suspense fallback={count}>
      <SignedInFollowersCount storeId={storeId} fallback={fallback} />
    </Suspense>
  );
}
