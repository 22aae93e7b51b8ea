import type {
  AccountKind,
  NotificationChannel,
  NotificationKind,
  NotificationPreference,
} from '@market/contracts';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ErrorState, LoadingState } from '../../../components/ui/states';
import { useNotificationPreferences, useSaveNotificationPreferences } from '../api/notifications';

const channelLabels: Record<NotificationChannel, string> = {
  inApp: 'In the app',
  email: 'E-mail',
  sms: 'SMS',
  whatsapp: 'WhatsApp',
};
const channels: NotificationChannel[] = ['inApp', 'email', 'sms', 'whatsapp'];

/** Per kind of event, the channels it reaches the account on; what cannot be turned off says so. */
export function NotificationPreferences({ kind }: { kind: AccountKind }) {
  const saved = useNotificationPreferences(kind);
  const save = useSaveNotificationPreferences(kind);
  const [draft, setDraft] = useState<NotificationPreference[]>([]);
  useEffect(() => {
    if (saved.data) setDraft(saved.data);
  }, [saved.data]);
  if (saved.isPending) return <LoadingState label="Loading your notification settings…" />;
  if (saved.isError)
    return (
      <ErrorState
        title="Could not get your notification settings. Try again later."
        onRetry={() => saved.refetch()}
      />
    );
  const changed = JSON.stringify(draft) !== JSON.stringify(saved.data);
  const toggle = (index: number, channel: NotificationChannel) =>
    setDraft((rows) => rows.map((row, at) => (at === index ? { ...row, [channel]: !row[channel] } : row)));
  return (
    <form
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (save.isPending || !changed) return;
        save.mutate({
          preferences: draft.map(({ kind: what, inApp, email, sms, whatsapp }) => ({
            kind: what as NotificationKind,
            inApp,
            email,
            sms,
            whatsapp,
          })),
        });
      }}
    >
      <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white px-4">
        {draft.map((row, index) => (
          <li key={row.kind} className="py-3">
            <fieldset>
              <legend className="font-semibold text-slate-900">{row.label}</legend>
              <div className="mt-1 flex flex-wrap gap-x-6 gap-y-1">
                {channels.map((channel) =>
                  row.offered.includes(channel) ? (
                    <label
                      key={channel}
                      className="inline-flex min-h-11 items-center gap-2 text-sm text-slate-900"
                    >
                      <input
                        type="checkbox"
                        className="h-5 w-5"
                        checked={row[channel]}
                        onChange={() => toggle(index, channel)}
                      />
                      {channelLabels[channel]}
                    </label>
                  ) : channel === 'email' ? (
                    <p key={channel} className="inline-flex min-h-11 items-center text-sm text-slate-700">
                      E-mail: always sent
                    </p>
                  ) : null,
                )}
              </div>
            </fieldset>
          </li>
        ))}
      </ul>
      <Button type="submit" loading={save.isPending} disabled={!changed}>
        Save notification settings
      </Button>
    </form>
  );
}
