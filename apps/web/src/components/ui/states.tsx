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

/**
 * The message's title: on a page that is only a message (`asPage`, see message-page.tsx) the page's main heading,
 * otherwise a paragraph under the page's own heading.
 */
function MessageTitle({
  asPage,
  tone,
  children,
}: {
  asPage: boolean;
  tone: 'slate' | 'red';
  children: string;
}) {
  const colour = tone === 'red' ? 'text-red-800' : 'text-slate-900';
  return asPage ? (
    <h1 className={`text-lg font-semibold ${colour}`}>{children}</h1>
  ) : (
    <p className={`font-semibold ${colour}`}>{children}</p>
  );
}

export function EmptyState({
  title,
  children,
  asPage = false,
}: {
  title: string;
  children?: ReactNode;
  /** The title is the page's main heading (EmptyPage). */
  asPage?: boolean;
}) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 px-4 py-10 text-center">
      <MessageTitle asPage={asPage} tone="slate">
        {title}
      </MessageTitle>
      {children ? <div className="mt-2 text-sm text-slate-700">{children}</div> : null}
    </div>
  );
}

export function ErrorState({
  title = 'Could not load this page',
  message,
  onRetry,
  asPage = false,
}: {
  title?: string;
  message?: string;
  onRetry?: () => void;
  /** The title is the page's main heading (ErrorPage). */
  asPage?: boolean;
}) {
  return (
    <div role="alert" className="rounded-lg border border-red-300 bg-red-50 px-4 py-8 text-center">
      <MessageTitle asPage={asPage} tone="red">
        {title}
      </MessageTitle>
      {message ? <p className="mt-1 text-sm text-red-800">{message}</p> : null}
      {onRetry ? (
        <Button variant="secondary" className="mt-4" onClick={onRetry}>
          Try again
        </Button>
      ) : null}
    </div>
  );
}
