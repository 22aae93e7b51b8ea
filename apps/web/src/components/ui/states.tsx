import type { ReactNode } from 'react';
import { Button } from './button';
import { Spinner } from './spinner';

export function LoadingState({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="flex items-center justify-center gap-3 py-12 text-slate-700">
      <Spinner label={label} />
      <span aria-hidden="true">{label}</span>
    </div>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 px-4 py-10 text-center">
      <p className="font-semibold text-slate-900">{title}</p>
      {children ? <div className="mt-2 text-sm text-slate-700">{children}</div> : null}
    </div>
  );
}

export function ErrorState({
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
      <p className="font-semibold text-red-800">{title}</p>
      {message ? <p className="mt-1 text-sm text-red-800">{message}</p> : null}
      {onRetry ? (
        <Button variant="secondary" className="mt-4" onClick={onRetry}>
          Try again
        </Button>
      ) : null}
    </div>
  );
}
