/**
 * What the page's one polite live region says next (WCAG 4.1.3). The region is in the page from the first paint
 * (`Announcer`), so the first message of a page is read out too: a region added with its first message is not.
 */
let current = '';
let serial = 0;
const listeners = new Set<() => void>();

export interface Announcement {
  text: string;
  /** Changes with every call, so the same words said twice are read twice. */
  serial: number;
}

let snapshot: Announcement = { text: current, serial };

export function announce(text: string): void {
  current = text;
  serial += 1;
  snapshot = { text: current, serial };
  for (const listener of listeners) listener();
}

export const currentAnnouncement = (): Announcement => snapshot;

export function subscribeToAnnouncements(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
