import type { ReactNode } from 'react';
import { Button } from './button';

/**
 * A page that is only a message (not found, not for your role, could not load): its title is the page's main
 * heading, so the page is announced and navigable by heading like any other (issue 34, items 26 and 27). Inside a
 * page that has its own heading, use `EmptyState` / `ErrorState` instead.
 */
export function EmptyPage({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 px-4 py-10 text-center">
      <h1 className="text-lg font-semibold text-slate-900">{title}</h1>
      {children ? <div className="mt-2 text-sm text-slate-700">{children}</div> : null}
    </div>
  );
}

export function ErrorPage({
  title = 'Could not load this page',
  message,
  onRetry,
}: {
  title?: string;
  message?: string;
  onRetry?: () => void;
}) {
  return (
    <div role="alert" className="rounded-lg border border-red-300 bg-red-50 px-4 py-8 text-center">
      <h1 className="text-lg font-semibold text-red-800">{title}</h1>
      {message ? <p className="mt-1 text-sm text-red-800">{message}</p> : null}
      {onRetry ? (
        <Button variant="secondary" className="mt-4" onClick={onRetry}>
          Try again
        </Button>
      ) : null}
    </div>
  );
}
