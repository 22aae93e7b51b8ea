import {
  type AccountKind,
  type NotificationChannel,
  type NotificationKind,
  type NotificationPreference,
  updateNotificationPreferencesBody,
} from '@market/contracts';
import { Button } from '../../../components/ui/button';
import { ErrorState, LoadingState } from '../../../components/ui/states';
import { useContractForm } from '../../../lib/contract-form';
import { useNotificationPreferences, useSaveNotificationPreferences } from '../api/notifications';

const channelLabels: Record<NotificationChannel, string> = {
  inApp: 'In the app',
  email: 'E-mail',
  sms: 'SMS',
  whatsapp: 'WhatsApp',
};
const channels: NotificationChannel[] = ['inApp', 'email', 'sms', 'whatsapp'];

/** The switches of each kind, as the contract's body holds them (label and offered channels stay on screen). */
const bodyOf = (rows: NotificationPreference[]) => ({
  preferences: rows.map(({ kind, inApp, email, sms, whatsapp }) => ({
    kind: kind as NotificationKind,
    inApp,
    email,
    sms,
    whatsapp,
  })),
});

/** Per kind of event, the channels it reaches the account on; what cannot be turned off says so. */
export function NotificationPreferences({ kind }: { kind: AccountKind }) {
  const saved = useNotificationPreferences(kind);
  if (saved.isPending) return <LoadingState label="Loading your notification settings…" />;
  if (saved.isError)
    return (
      <ErrorState
        title="Could not get your notification settings. Try again later."
        onRetry={() => saved.refetch()}
      />
    );
  return <PreferencesForm kind={kind} rows={saved.data} />;
}

function PreferencesForm({ kind, rows }: { kind: AccountKind; rows: NotificationPreference[] }) {
  const save = useSaveNotificationPreferences(kind);
  const {
    register,
    handleSubmit,
    formState: { isDirty },
  } = useContractForm(updateNotificationPreferencesBody, {
    // The saved switches, again each time they are read anew (after a save): Save is on only once one changes.
    values: bodyOf(rows),
  });
  const submit = handleSubmit((body) => save.mutate(body));
  return (
    <form className="space-y-4" onSubmit={submit} noValidate>
      <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white px-4">
        {rows.map((row, index) => (
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
                        {...register(`preferences.${index}.${channel}`)}
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
      <Button type="submit" loading={save.isPending} disabled={!isDirty}>
        Save notification settings
      </Button>
    </form>
  );
}
