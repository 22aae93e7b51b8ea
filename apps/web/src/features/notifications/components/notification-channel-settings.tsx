import type { AccountKind } from '@market/contracts';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { ErrorState, LoadingState } from '../../../components/ui/states';
import { TextField } from '../../../components/ui/text-field';
import { useNotificationSettings, useSaveNotificationSettings } from '../api/notifications';

/**
 * The account's WhatsApp opt-in (its own consent, with the number messages go to) and, for admins, the daily
 * digest (issue 36). The WhatsApp column of the list below takes effect only once this is on.
 */
export function NotificationChannelSettings({ kind }: { kind: AccountKind }) {
  const saved = useNotificationSettings(kind);
  const save = useSaveNotificationSettings(kind);
  const [phoneNumber, setPhoneNumber] = useState('');
  const [consent, setConsent] = useState(false);
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
          <form
            className="space-y-3"
            onSubmit={(event) => {
              event.preventDefault();
              if (save.isPending || !consent) return;
              save.mutate({ whatsapp: { phoneNumber, consent: true } });
            }}
          >
            <TextField
              label="WhatsApp number"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              value={phoneNumber}
              onChange={(event) => setPhoneNumber(event.target.value)}
              hint="A Nigerian number, such as 0803 123 4567"
              required
            />
            <CheckboxField
              label="I agree to receive Naija Market messages on WhatsApp at this number"
              hint="Only the news you tick under WhatsApp below. Stop them here at any time."
              checked={consent}
              onChange={(event) => setConsent(event.target.checked)}
            />
            <Button type="submit" loading={save.isPending} disabled={!consent || phoneNumber.trim() === ''}>
              Turn on WhatsApp
            </Button>
          </form>
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
