import type { AccountKind, Notification } from '@market/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Pager } from '../../../components/ui/pager';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { formatDateTime } from '../../../lib/dates';
import { useMarkAllRead, useMarkRead, useNotifications } from '../api/notifications';

function Entry({ kind, entry }: { kind: AccountKind; entry: Notification }) {
  const markRead = useMarkRead(kind);
  const unread = entry.readAt === null;
  const open = () => {
    if (unread) markRead.mutate(entry.id);
  };
  return (
    <li
      className={`flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:justify-between ${unread ? '' : 'opacity-80'}`}
    >
      <div className="min-w-0 space-y-1">
        <p className="font-semibold text-slate-900">
          {unread ? (
            <span
              className="mr-2 inline-block h-2 w-2 rounded-full bg-emerald-700 align-middle"
              aria-hidden="true"
            />
          ) : null}
          {unread ? <span className="sr-only">Unread: </span> : null}
          {entry.link ? (
            <Link
              to={entry.link}
              onClick={open}
              className="underline decoration-slate-400 underline-offset-2"
            >
              {entry.title}
            </Link>
          ) : (
            entry.title
          )}
        </p>
        <p className="break-words text-sm text-slate-800">{entry.body}</p>
        <p className="text-xs text-slate-700">{formatDateTime(entry.createdAt)}</p>
      </div>
      {unread ? (
        <Button variant="secondary" className="shrink-0" loading={markRead.isPending} onClick={open}>
          Mark read
        </Button>
      ) : null}
    </li>
  );
}

/** The account's notifications, newest first, with unread ones marked and a way to mark them read. */
export function NotificationList({ kind }: { kind: AccountKind }) {
  const [page, setPage] = useState(1);
  const [unreadOnly, setUnreadOnly] = useState(false);
  const list = useNotifications(kind, page, unreadOnly);
  const markAll = useMarkAllRead(kind);
  const filter = (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <label className="inline-flex min-h-11 items-center gap-2 text-sm text-slate-900">
        <input
          type="checkbox"
          className="h-5 w-5"
          checked={unreadOnly}
          onChange={(event) => {
            setUnreadOnly(event.target.checked);
            setPage(1);
          }}
        />
        Unread only
      </label>
      <Button
        variant="secondary"
        loading={markAll.isPending}
        disabled={!list.data || list.data.unreadCount === 0}
        onClick={() => markAll.mutate()}
      >
        Mark all read
      </Button>
    </div>
  );
  if (list.isPending) return <LoadingState label="Loading notifications…" />;
  if (list.isError)
    return (
      <ErrorState title="Could not get your notifications. Try again later." onRetry={() => list.refetch()} />
    );
  return (
    <div className="space-y-4">
      {filter}
      {list.data.notifications.length === 0 ? (
        <EmptyState title={unreadOnly ? 'Nothing unread' : 'No notifications yet'}>
          {unreadOnly
            ? null
            : 'When something needs you, it shows here, and by mail or SMS as you choose below.'}
        </EmptyState>
      ) : (
        <>
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white px-4">
            {list.data.notifications.map((entry) => (
              <Entry key={entry.id} kind={kind} entry={entry} />
            ))}
          </ul>
          <Pager
            label="Pages of notifications"
            page={page}
            totalPages={list.data.pagination.totalPages}
            totalItems={list.data.pagination.totalItems}
            noun="notification"
            onPage={setPage}
          />
        </>
      )}
    </div>
  );
}
