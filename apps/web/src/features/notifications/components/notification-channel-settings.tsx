import { type AccountKind, updateNotificationSettingsBody } from '@market/contracts';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { ErrorState, LoadingState } from '../../../components/ui/states';
import { TextField } from '../../../components/ui/text-field';
import { useContractForm } from '../../../lib/contract-form';
import { applyServerErrors } from '../../../lib/form-errors';
import { useNotificationSettings, useSaveNotificationSettings } from '../api/notifications';

type OptInValues = { whatsapp: { phoneNumber: string; consent: boolean } };

/** The WhatsApp number and the account's own consent: Turn on stays off until both are given. */
function WhatsAppOptIn({ kind }: { kind: AccountKind }) {
  const save = useSaveNotificationSettings(kind);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useContractForm<typeof updateNotificationSettingsBody, OptInValues>(updateNotificationSettingsBody, {
    defaultValues: { whatsapp: { phoneNumber: '', consent: false } },
    // Checked as given: the contract takes a consent of true and nothing else.
    prepare: ({ whatsapp }) => ({ whatsapp: { ...whatsapp, consent: whatsapp.consent as true } }),
  });
  const [phoneNumber, consent] = watch(['whatsapp.phoneNumber', 'whatsapp.consent']);
  const submit = handleSubmit((body) =>
    save.mutate(body, {
      // The toast says what went wrong; a 422 about the number is also said under it.
      onError: (error) => applyServerErrors<OptInValues>(error, setError, ['whatsapp.phoneNumber']),
    }),
  );
  return (
    <form className="space-y-3" onSubmit={submit} noValidate>
      <TextField
        label="WhatsApp number"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        hint="A Nigerian number, such as 0803 123 4567"
        required
        error={errors.whatsapp?.phoneNumber?.message}
        {...register('whatsapp.phoneNumber')}
      />
      <CheckboxField
        label="I agree to receive Naija Market messages on WhatsApp at this number"
        hint="Only the news you tick under WhatsApp below. Stop them here at any time."
        {...register('whatsapp.consent')}
      />
      <Button type="submit" loading={save.isPending} disabled={!consent || phoneNumber.trim() === ''}>
        Turn on WhatsApp
      </Button>
    </form>
  );
}

/**
 * The account's WhatsApp opt-in (its own consent, with the number messages go to) and, for admins, the daily
 * digest (issue 36). The WhatsApp column of the list below takes effect only once this is on.
 */
export function NotificationChannelSettings({ kind }: { kind: AccountKind }) {
  const saved = useNotificationSettings(kind);
  const save = useSaveNotificationSettings(kind);
  if (saved.isPending) return <LoadingState label="Loading your WhatsApp settings…" />;
  if (saved.isError)
    return (
      <ErrorState
        title="Could not get your WhatsApp settings. Try again later."
        onRetry={() => saved.refetch()}
      />
    );
  const { whatsapp, dailyDigest, whatsappAvailable } = saved.data;
  return (
    <div className="space-y-6 rounded-lg border border-slate-200 bg-white p-4">
      <section aria-labelledby="whatsapp-heading" className="space-y-3">
        <h3 id="whatsapp-heading" className="font-semibold text-slate-900">
          WhatsApp
        </h3>
        {whatsappAvailable ? null : (
          <p className="text-sm text-slate-700">
            WhatsApp is not switched on for Naija Market yet: what you choose for WhatsApp comes by SMS to
            this number instead.
          </p>
        )}
        {whatsapp ? (
          <div className="space-y-2">
            <p className="text-slate-800">
              Messages you choose for WhatsApp go to <strong>{whatsapp.phoneNumber}</strong>.
            </p>
            <Button
              type="button"
              variant="secondary"
              loading={save.isPending}
              onClick={() => save.mutate({ whatsapp: null })}
            >
              Stop WhatsApp messages
            </Button>
          </div>
        ) : (
          <WhatsAppOptIn kind={kind} />
        )}
      </section>
      {kind === 'admin' ? (
        <section aria-labelledby="digest-heading" className="space-y-2">
          <h3 id="digest-heading" className="font-semibold text-slate-900">
            Daily digest
          </h3>
          <CheckboxField
            label="One message a day about approvals, orders waiting for a carrier and failed refunds"
            hint="Instead of a message for each. Each still shows in your notifications here."
            checked={dailyDigest}
            disabled={save.isPending}
            onChange={(event) => save.mutate({ dailyDigest: event.target.checked })}
          />
        </section>
      ) : null}
    </div>
  );
}
