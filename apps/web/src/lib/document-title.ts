import { useEffect } from 'react';

/** Names the page in the browser tab and for screen readers (WCAG 2.4.2). */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · Naija Market` : 'Naija Market';
  }, [title]);
}
