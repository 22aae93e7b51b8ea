import type { AccountKind } from '@market/contracts';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { loginPath } from '../lib/account';
import { useSession } from '../lib/session';

/** Signed-in areas send visitors without a session of that account type to its sign-in page. */
export function RequireSession({ kind, children }: { kind: AccountKind; children: ReactNode }) {
  const session = useSession(kind);
  const location = useLocation();
  if (!session) return <Navigate to={loginPath(kind, `${location.pathname}${location.search}`)} replace />;
  return children;
}
