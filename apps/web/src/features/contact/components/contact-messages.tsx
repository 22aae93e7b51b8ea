import {
  type ContactMessage,
  type ContactStatus,
  contactStatuses,
  contactStatusLabels,
} from '@market/contracts';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Pager } from '../../../components/ui/pager';
import { PromptDialog } from '../../../components/ui/prompt-dialog';
import { SelectField } from '../../../components/ui/select-field';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { formatDateTime } from '../../../lib/dates';
import { useContactMessages, useReplyToContact, useSetContactStatus } from '../api/contact';

const statusTones = { new: 'amber', answered: 'green', closed: 'slate' } as const;

/** `/admin/contact`: what people sent through the contact form (also mailed to the platform's address). */
export function ContactMessages() {
  const [page, setPage] = useState(1);
  const messages = useContactMessages(page);
  const reply = useReplyToContact();
  const [replyingTo, setReplyingTo] = useState<ContactMessage | null>(null);
  if (messages.isPending) return <LoadingState label="Loading messages…" />;
  if (messages.isError)
    return <ErrorState title="Could not get messages. Try again later." onRetry={() => messages.refetch()} />;
  if (messages.data.messages.length === 0) return <EmptyState title="No messages yet" />;
  return (
    <div className="space-y-4">
      <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white px-4">
        {messages.data.messages.map((message) => (
          <li key={message.id} className="space-y-1 py-3">
            <div className="flex flex-wrap items-center gap-2">
              <p className="font-semibold text-slate-900">{message.subject}</p>
              <Badge tone={statusTones[message.status]}>{contactStatusLabels[message.status]}</Badge>
            </div>
            <p className="text-sm text-slate-700">
              {message.name} ·{' '}
              <a className="underline" href={`mailto:${message.email}`}>
                {message.email}
              </a>{' '}
              · {formatDateTime(message.createdAt)}
            </p>
            <p className="whitespace-pre-line break-words text-slate-800">{message.message}</p>
            {message.reply ? (
              <div className="rounded-md bg-slate-50 p-3 text-sm">
                <p className="font-semibold text-slate-900">
                  Your team replied{message.repliedAt ? ` ${formatDateTime(message.repliedAt)}` : ''}
                </p>
                <p className="whitespace-pre-line break-words text-slate-800">{message.reply}</p>
              </div>
            ) : null}
            <MessageActions message={message} onReply={() => setReplyingTo(message)} />
          </li>
        ))}
      </ul>
      <PromptDialog
        open={replyingTo !== null}
        title={replyingTo ? `Reply to ${replyingTo.name}` : 'Reply'}
        description={
          replyingTo
            ? `Your one reply is emailed to ${replyingTo.email} and the message is marked answered. ${replyingTo.emailConfirmed ? 'The sender confirmed this address, so the reply quotes their message.' : 'The sender has not confirmed this address, so the reply does not quote their message.'}`
            : ''
        }
        label="Your reply"
        confirmLabel="Send reply"
        minLength={2}
        tooShort="Write a reply of at least 2 characters"
        busy={reply.isPending}
        onCancel={() => setReplyingTo(null)}
        onConfirm={(text) =>
          replyingTo &&
          reply.mutate({ id: replyingTo.id, reply: text }, { onSuccess: () => setReplyingTo(null) })
        }
      />
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

function MessageActions({ message, onReply }: { message: ContactMessage; onReply(): void }) {
  const setStatus = useSetContactStatus();
  return (
    <div className="flex flex-wrap items-end gap-2 pt-1">
      {/* One reply per message (issue 31): the form is not a thread the platform keeps mailing. */}
      {message.repliedAt ? null : (
        <Button variant="secondary" onClick={onReply}>
          Reply by email<span className="sr-only"> to {message.name}</span>
        </Button>
      )}
      <SelectField
        label={`Status of "${message.subject}"`}
        className="min-w-40"
        value={message.status}
        disabled={setStatus.isPending}
        options={contactStatuses.map((status) => ({ value: status, label: contactStatusLabels[status] }))}
        onChange={(event) =>
          setStatus.mutate({ id: message.id, status: event.target.value as ContactStatus })
        }
      />
    </div>
  );
}
