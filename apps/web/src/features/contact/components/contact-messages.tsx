import { useState } from 'react';
import { Pager } from '../../../components/ui/pager';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { formatDateTime } from '../../../lib/dates';
import { useContactMessages } from '../api/contact';

/** `/admin/contact`: what people sent through the contact form (also mailed to the platform's address). */
export function ContactMessages() {
  const [page, setPage] = useState(1);
  const messages = useContactMessages(page);
  if (messages.isPending) return <LoadingState label="Loading messages…" />;
  if (messages.isError)
    return <ErrorState title="Could not get messages. Try again later." onRetry={() => messages.refetch()} />;
  if (messages.data.messages.length === 0) return <EmptyState title="No messages yet" />;
  return (
    <div className="space-y-4">
      <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white px-4">
        {messages.data.messages.map((message) => (
          <li key={message.id} className="space-y-1 py-3">
            <p className="font-semibold text-slate-900">{message.subject}</p>
            <p className="text-sm text-slate-700">
              {message.name} ·{' '}
              <a className="underline" href={`mailto:${message.email}`}>
                {message.email}
              </a>{' '}
              · {formatDateTime(message.createdAt)}
            </p>
            <p className="whitespace-pre-line break-words text-slate-800">{message.message}</p>
          </li>
        ))}
      </ul>
      <Pager
        label="Pages of messages"
        page={page}
        totalPages={messages.data.pagination.totalPages}
        totalItems={messages.data.pagination.totalItems}
        noun="message"
        onPage={setPage}
      />
    </div>
  );
}
