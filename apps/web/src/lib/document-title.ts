import { useEffect } from 'react';

export const SITE_NAME = 'Naija Market';

let writes = 0;
/** How many times a screen has named the page: the route announcer tells a screen that named itself from one that did not. */
export const titleWrites = (): number => writes;

/** Names the page in the browser tab and for screen readers (WCAG 2.4.2). */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    writes += 1;
    document.title = title ? `${title} · ${SITE_NAME}` : SITE_NAME;
  }, [title]);
}
