import type { SmsHeld } from '@market/contracts';
import { useState } from 'react';
import { SelectField } from '../../../components/ui/select-field';
import { StatCard } from '../../../components/ui/stat-card';
import { ErrorState, LoadingState } from '../../../components/ui/states';
import { useSmsHeld } from '../api/sms-held';

const windows = [
  { value: '24', label: 'Last 24 hours' },
  { value: '168', label: 'Last 7 days' },
  { value: '720', label: 'Last 30 days' },
];

/**
 * The SMS budget as the super admin sees it (issue 31): how many texts were kept unsent, by which cap, and the caps.
 * A held text's notice still reached the app and mail; this says how often the budget bit.
 */
export function SmsHeldPanel() {
  const [hours, setHours] = useState(24);
  const held = useSmsHeld(hours);
  return (
    <section
      aria-labelledby="sms-held-title"
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id="sms-held-title" className="text-lg font-semibold text-slate-900">
        Texts the SMS budget held back
      </h2>
      <SelectField
        label="Period"
        options={windows}
        value={String(hours)}
        onChange={(event) => setHours(Number(event.target.value))}
        className="max-w-xs"
      />
      {held.isPending ? (
        <LoadingState label="Loading the SMS budget…" />
      ) : held.isError ? (
        <ErrorState title="Could not read the SMS budget" onRetry={() => held.refetch()} />
      ) : (
        <SmsHeldFigures data={held.data} />
      )}
    </section>
  );
}

export function SmsHeldFigures({ data }: { data: SmsHeld }) {
  const { held, budget } = data;
  const total = held.recipientHour + held.order + held.platformDay + held.superseded;
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">
        {total === 0
          ? 'No text was held back: every SMS that was due went out.'
          : `${total} ${total === 1 ? 'text was' : 'texts were'} held back. Each one's notice still reached the app and mail.`}
      </p>
      <dl className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        <StatCard
          label={`Over ${budget.perRecipientHour} texts to one number in an hour`}
          value={held.recipientHour}
        />
        <StatCard label={`Over ${budget.perOrder} texts about one order`} value={held.order} />
        <StatCard label={`Over the platform's ${budget.perDay} texts a day`} value={held.platformDay} />
        <StatCard
          label={`Replaced by a newer text within ${budget.settleSeconds} seconds`}
          value={held.superseded}
        />
      </dl>
    </div>
  );
}
