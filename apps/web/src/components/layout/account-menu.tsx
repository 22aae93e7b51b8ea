import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';

interface AccountMenuProps {
  name: string;
  changePasswordTo: string;
  onSignOut(): void;
  /** Links of the account's own pages, shown above Change password. */
  links?: readonly { to: string; label: string }[];
}

/** A disclosure with the account's actions; Escape or a click outside closes it. */
export function AccountMenu({ name, changePasswordTo, onSignOut, links = [] }: AccountMenuProps) {
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

  const first = name.split(' ')[0] || 'Account';
  return (
    <div ref={container} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className="inline-flex min-h-11 items-center gap-2 rounded-md border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-900 hover:bg-slate-50"
      >
        <span className="sr-only">Account menu for </span>
        <span className="max-w-[8rem] truncate">{first}</span>
        <span aria-hidden="true">▾</span>
      </button>
      {open ? (
        <div
          id={panelId}
          className="absolute right-0 z-30 mt-2 w-56 rounded-md border border-slate-200 bg-white p-1 shadow-lg"
        >
          <p className="truncate px-3 py-2 text-sm text-slate-700">Signed in as {name}</p>
          {links.map((link) => (
            <Link
              key={link.to}
              to={link.to}
              className="flex min-h-11 items-center rounded px-3 text-sm text-slate-900 hover:bg-slate-100"
            >
              {link.label}
            </Link>
          ))}
          <Link
            to={changePasswordTo}
            className="block rounded px-3 py-2 text-sm text-slate-900 hover:bg-slate-100"
          >
            Change password
          </Link>
          <button
            type="button"
            onClick={onSignOut}
            className="block w-full rounded px-3 py-2 text-left text-sm text-slate-900 hover:bg-slate-100"
          >
            Sign out
          </button>
        </div>
      ) : null}
    </div>
  );
}
