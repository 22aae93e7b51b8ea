import type { KeyboardEvent, RefObject } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), textarea:not([disabled]), select:not([disabled])';

/**
 * Keyboard rules every modal panel shares (dialogs, the mini-cart drawer): Escape closes unless the panel is busy,
 * and Tab cycles inside the panel instead of escaping to the page behind it.
 */
export function dialogKeyHandler(panel: RefObject<HTMLElement | null>, onEscape: () => void, busy = false) {
  return (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape') {
      if (busy) return;
      event.stopPropagation();
      onEscape();
      return;
    }
    if (event.key !== 'Tab' || !panel.current) return;
    const focusable = Array.from(panel.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };
}
