import { Link } from 'react-router';
import {
  menuItemClasses,
  menuPanelClasses,
  menuTriggerClasses,
  useMenuDisclosure,
} from './use-menu-disclosure';

export interface MenuLink {
  to: string;
  label: string;
}

interface AccountMenuProps {
  name: string;
  changePasswordTo: string;
  onSignOut(): void;
  /** Links of the account's own pages, shown above Change password. */
  links?: readonly MenuLink[];
  /** Links the header shows by itself on wide screens (md and up); below that they come first in this menu. */
  phoneLinks?: readonly MenuLink[];
}

export function PersonIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="h-5 w-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c0-4 4-6 8-6s8 2 8 6" strokeLinecap="round" />
    </svg>
  );
}

/**
 * A disclosure with the account's actions; Escape or a click outside closes it. On a phone its button is an
 * icon (the header has one row there) and it also carries the header's own links.
 */
export function AccountMenu({
  name,
  changePasswordTo,
  onSignOut,
  links = [],
  phoneLinks = [],
}: AccountMenuProps) {
  const { open, setOpen, panelId, container, button } = useMenuDisclosure();
  const first = name.split(' ')[0] || 'Account';
  return (
    <div ref={container} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={`Account menu for ${first}`}
        onClick={() => setOpen((value) => !value)}
        className={menuTriggerClasses}
      >
        <span className="sm:hidden">
          <PersonIcon />
        </span>
        <span aria-hidden="true" className="hidden max-w-[8rem] truncate sm:inline">
          {first}
        </span>
        <span aria-hidden="true" className="hidden sm:inline">
          ▾
        </span>
      </button>
      {open ? (
        <div id={panelId} className={menuPanelClasses}>
          <p className="truncate px-3 py-2 text-sm text-slate-700">Signed in as {name}</p>
          {phoneLinks.map((link) => (
            <Link
              key={link.to}
              to={link.to}
              className={`${menuItemClasses} border-b border-slate-200 font-semibold md:hidden`}
            >
              {link.label}
            </Link>
          ))}
          {links.map((link) => (
            <Link key={link.to} to={link.to} className={menuItemClasses}>
              {link.label}
            </Link>
          ))}
          <Link to={changePasswordTo} className={menuItemClasses}>
            Change password
          </Link>
          <button type="button" onClick={onSignOut} className={menuItemClasses}>
            Sign out
          </button>
        </div>
      ) : null}
    </div>
  );
}

/** The phone header's menu for a visitor who is not signed in: the header's links, sign in and sign up. */
export function GuestMenu({
  links,
  signInTo,
  signUpTo,
}: {
  links: readonly MenuLink[];
  signInTo: string;
  signUpTo: string;
}) {
  const { open, setOpen, panelId, container, button } = useMenuDisclosure();
  return (
    <div ref={container} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className={menuTriggerClasses}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-5 w-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M4 6h16M4 12h16M4 18h16" strokeLinecap="round" />
        </svg>
        <span className="sr-only">Menu</span>
      </button>
      {open ? (
        <nav id={panelId} aria-label="Menu" className={menuPanelClasses}>
          {links.map((link) => (
            <Link key={link.to} to={link.to} className={menuItemClasses}>
              {link.label}
            </Link>
          ))}
          <Link to={signInTo} className={menuItemClasses}>
            Sign in
          </Link>
          <Link to={signUpTo} className={`${menuItemClasses} font-semibold text-emerald-800`}>
            Sign up
          </Link>
        </nav>
      ) : null}
    </div>
  );
}
