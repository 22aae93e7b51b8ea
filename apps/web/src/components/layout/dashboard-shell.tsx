import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { Brand } from './brand';
import { SkipLink } from './skip-link';
import { useMenuDisclosure } from './use-menu-disclosure';

export interface NavItem {
  to: string;
  label: string;
  end?: boolean;
}

interface DashboardShellProps {
  title: string;
  home: string;
  nav: readonly NavItem[];
  userName: string;
  userRole?: string;
  changePasswordTo: string;
  /** The account link's words: "Your account" where the page holds more than the password (data rights). */
  accountLinkLabel?: string;
  onSignOut(): void;
  /** The notification bell, beside the brand on phones and above the navigation on wide screens. */
  bell?: ReactNode;
  children: ReactNode;
}

const linkClasses = ({ isActive }: { isActive: boolean }) =>
  `flex min-h-11 items-center rounded-md px-3 text-sm font-medium ${
    isActive ? 'bg-emerald-50 text-emerald-900 font-semibold' : 'text-slate-800 hover:bg-slate-100'
  }`;

function Navigation({ nav, label }: { nav: readonly NavItem[]; label: string }) {
  return (
    <nav aria-label={label}>
      <ul className="space-y-1">
        {nav.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} end={item.end} className={linkClasses}>
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function UserBox({
  userName,
  userRole,
  changePasswordTo,
  accountLinkLabel = 'Change password',
  onSignOut,
}: Omit<DashboardShellProps, 'title' | 'home' | 'nav' | 'children' | 'bell'>) {
  return (
    <div className="space-y-1 border-t border-slate-200 pt-3">
      <p className="truncate px-3 text-sm font-semibold text-slate-900">{userName}</p>
      {userRole ? <p className="px-3 text-xs text-slate-700">{userRole}</p> : null}
      <Link
        to={changePasswordTo}
        className="flex min-h-11 items-center rounded-md px-3 text-sm text-slate-800 hover:bg-slate-100"
      >
        {accountLinkLabel}
      </Link>
      <button
        type="button"
        onClick={onSignOut}
        className="flex min-h-11 w-full items-center rounded-md px-3 text-left text-sm text-slate-800 hover:bg-slate-100"
      >
        Sign out
      </button>
    </div>
  );
}

/** The frame of the merchant, admin and partner areas: a sidebar on wide screens, a menu on phones. */
export function DashboardShell(props: DashboardShellProps) {
  const { title, home, nav, bell, children } = props;
  // The phone menu closes after a navigation, on Escape (focus back on its button) and on a click outside.
  const { open: menuOpen, setOpen: setMenuOpen, panelId: menuId, container, button } = useMenuDisclosure();

  return (
    <div className="min-h-dvh lg:flex">
      <SkipLink />
      <aside className="hidden w-64 shrink-0 flex-col gap-4 border-r border-slate-200 bg-white p-4 lg:flex">
        <div className="flex items-center justify-between gap-2">
          <Brand to={home} />
          {bell}
        </div>
        <p className="px-3 text-xs font-semibold uppercase tracking-wide text-slate-700">{title}</p>
        <div className="flex-1">
          <Navigation nav={nav} label={title} />
        </div>
        <UserBox {...props} />
      </aside>

      <header className="sticky top-0 z-20 border-b border-slate-200 bg-white lg:hidden">
        <div ref={container}>
          <div className="flex items-center justify-between gap-2 px-4 py-2">
            <Brand to={home} />
            <div className="flex items-center gap-1">
              {bell}
              <button
                ref={button}
                type="button"
                aria-expanded={menuOpen}
                aria-controls={menuId}
                onClick={() => setMenuOpen((value) => !value)}
                className="inline-flex min-h-11 items-center rounded-md border border-slate-300 px-3 text-sm font-semibold text-slate-900"
              >
                {menuOpen ? 'Close' : 'Menu'}
              </button>
            </div>
          </div>
          {menuOpen ? (
            <div
              id={menuId}
              className="max-h-[calc(100dvh-4rem)] space-y-3 overflow-y-auto border-t border-slate-200 p-3"
            >
              <p className="px-3 text-xs font-semibold uppercase tracking-wide text-slate-700">{title}</p>
              <Navigation nav={nav} label={`${title} (menu)`} />
              <UserBox {...props} />
            </div>
          ) : null}
        </div>
      </header>

      <main id="main" tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 sm:px-6 lg:px-10 lg:py-8">
        {children}
      </main>
    </div>
  );
}
