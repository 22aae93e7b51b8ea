import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';

/**
 * The open state of a header menu (a disclosure): it closes after every navigation, on Escape (focus goes back
 * to its button) and on a click outside its container.
 */
export function useMenuDisclosure() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const container = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: close after every navigation
  useEffect(() => setOpen(false), [location.pathname]);
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return { open, setOpen, panelId, container, button };
}

export const menuTriggerClasses =
  'inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-md border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-900 hover:bg-slate-50';
export const menuPanelClasses =
  'absolute right-0 z-30 mt-2 w-56 max-w-[calc(100vw-2rem)] rounded-md border border-slate-200 bg-white p-1 shadow-lg';
export const menuItemClasses =
  'flex min-h-11 w-full items-center rounded px-3 text-left text-sm text-slate-900 hover:bg-slate-100';
