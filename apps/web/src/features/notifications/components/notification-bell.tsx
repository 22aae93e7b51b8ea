import type { AccountKind } from '@market/contracts';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { announce } from '../../../lib/announce';
import { useLiveNotifications } from '../api/live';
import { notificationsPath, useUnreadCount } from '../api/notifications';

/** The bell: a link to the account's notifications with the unread count, announced to screen readers. */
export function NotificationBell({ kind }: { kind: AccountKind }) {
  useLiveNotifications(kind);
  const unread = useUnreadCount(kind);
  const count = unread.data ?? 0;
  const label = count === 0 ? 'Notifications' : `Notifications, ${count} unread`;
  // A count that grows while the page is open is said, not only written into the bell's label.
  const previous = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (unread.data === undefined) return;
    if (previous.current !== undefined && unread.data > previous.current)
      announce(
        unread.data === 1 ? 'You have a new notification' : `You have ${unread.data} unread notifications`,
      );
    previous.current = unread.data;
  }, [unread.data]);
  return (
    <Link
      to={notificationsPath[kind]}
      aria-label={label}
      title={label}
      className="relative inline-flex min-h-11 min-w-11 items-center justify-center rounded-md text-slate-800 hover:bg-slate-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-emerald-700"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="h-6 w-6"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <path
          strokeLinecap="round"
          strokeLinejoin="round"
          d="M15 17h5l-1.4-1.4A2 2 0 0 1 18 14.2V11a6 6 0 1 0-12 0v3.2a2 2 0 0 1-.6 1.4L4 17h5m6 0a3 3 0 1 1-6 0m6 0H9"
        />
      </svg>
      {count > 0 ? (
        <span
          aria-hidden="true"
          className="absolute right-0.5 top-0.5 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs font-bold leading-5 text-white"
        >
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </Link>
  );
}
