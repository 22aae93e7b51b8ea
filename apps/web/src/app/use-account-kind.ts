import type { AccountKind } from '@market/contracts';
import { useLocation } from 'react-router';
import { accountKindFromPath } from '../lib/account';

/** The account type of the current page, from its first path segment. */
export function useAccountKind(): AccountKind {
  return accountKindFromPath(useLocation().pathname);
}
