import { useEffect, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import { useLocation, useNavigation } from 'react-router';
import { announce, currentAnnouncement, subscribeToAnnouncements } from '../../lib/announce';
import { SITE_NAME, titleWrites } from '../../lib/document-title';

const quiet = { text: '', serial: 0 };

/** The page's polite live region; a new serial re-renders it so repeated words are read again. */
export function Announcer() {
  const announcement = useSyncExternalStore(subscribeToAnnouncements, currentAnnouncement, () => quiet);
  return (
    <div className="sr-only" role="status" aria-live="polite" aria-atomic="true">
      <span key={announcement.serial}>{announcement.text}</span>
    </div>
  );
}

/**
 * After an in-app navigation has settled: the page gets a title if its screen set none (its main heading's words),
 * focus moves to that heading, and the live region says the new page's name (WCAG 2.4.2, 2.4.3, 4.1.3). The first
 * page of a visit is left alone: the browser announces it.
 */
export function RouteFocus() {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const seen = useRef<string | null>(null);
  // Layout effects run before any screen's title effect of the same commit: what was written before the new page.
  const writesBefore = useRef(0);
  useLayoutEffect(() => {
    if (seen.current !== pathname) writesBefore.current = titleWrites();
  }, [pathname]);
  useEffect(() => {
    if (navigation.state !== 'idle') return;
    if (seen.current === null) {
      seen.current = pathname;
      return;
    }
    if (seen.current === pathname) return;
    seen.current = pathname;
    // Lazy screens and their titles settle a frame or two after the route does.
    const timer = setTimeout(() => {
      const heading =
        document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1');
      const headingText = heading?.textContent?.trim();
      if (headingText && (titleWrites() === writesBefore.current || document.title === SITE_NAME))
        document.title = `${headingText} · ${SITE_NAME}`;
      const target = heading ?? document.querySelector<HTMLElement>('main');
      if (target) {
        if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
        target.focus();
      }
      announce(document.title.replace(` · ${SITE_NAME}`, ''));
    }, 120);
    return () => clearTimeout(timer);
  }, [pathname, navigation.state]);
  return null;
}
