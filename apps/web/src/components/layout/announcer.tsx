import { useSyncExternalStore } from 'react';
import { currentAnnouncement, subscribeToAnnouncements } from '../../lib/announce';

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
