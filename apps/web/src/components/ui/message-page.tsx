import type { ReactNode } from 'react';
import { EmptyState, ErrorState } from './states';

/**
 * A page that is only a message (not found, not for your role, could not load): its title is the page's main
 * heading, so the page is announced and navigable by heading like any other (issue 34, items 26 and 27). Inside a
 * page that has its own heading, use `EmptyState` / `ErrorState` instead.
 */
export function EmptyPage({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <EmptyState title={title} asPage>
      {children}
    </EmptyState>
  );
}

export function ErrorPage(props: { title?: string; message?: string; onRetry?: () => void }) {
  return <ErrorState {...props} asPage />;
}
