import { type AccountKind, accountSegments } from '@market/contracts';

const kindBySegment: Record<string, AccountKind> = {
  customer: 'customer',
  storefront: 'customer',
  merchant: 'merchant',
  admin: 'admin',
  'shipping-partner': 'partner',
};

/** The account type of a location: its first path segment; storefront counts as customer; default customer. */
export function accountKindFromPath(pathname: string): AccountKind {
  const first = pathname.split('/').find((part) => part.length > 0) ?? '';
  return kindBySegment[first.toLowerCase()] ?? 'customer';
}

export function segmentOf(kind: AccountKind): string {
  return accountSegments[kind];
}

export function loginPath(kind: AccountKind, next?: string): string {
  const base = `/${segmentOf(kind)}/login`;
  return next ? `${base}?next=${encodeURIComponent(next)}` : base;
}

/** Where each account type lands after signing in. */
export function homePath(kind: AccountKind): string {
  return kind === 'customer' ? '/' : `/${segmentOf(kind)}`;
}

/** A `next` target is followed only when it is a path inside this app that belongs to the same account type. */
export function safeNextPath(kind: AccountKind, next: string | null): string {
  if (!next?.startsWith('/') || next.startsWith('//')) return homePath(kind);
  return accountKindFromPath(next) === kind ? next : homePath(kind);
}

export const accountLabels: Record<AccountKind, string> = {
  customer: 'Customer',
  merchant: 'Merchant',
  admin: 'Admin',
  partner: 'Shipping partner',
};
