import { type PodSettings, type PodSettingsBody, podSettingsBody, type Remittance } from '@market/contracts';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { PromptDialog } from '../../../components/ui/prompt-dialog';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { TextField } from '../../../components/ui/text-field';
import { useContractForm } from '../../../lib/contract-form';
import { formatDateTime } from '../../../lib/dates';
import { applyServerErrors } from '../../../lib/form-errors';
import { numberOrNaN } from '../../../lib/form-values';
import { formatApiNaira } from '../../../lib/money';
import {
  useDecideRemittance,
  usePodOverview,
  usePodSettings,
  useSavePodSettings,
  useShippingZonesForPod,
  useWaitingRemittances,
} from '../api/admin';
import { POD_MESSAGES } from '../api/pod-keys';

const DAY_MS = 86_400_000;
const ageOf = (since: string | null) =>
  since === null ? '—' : `${Math.max(0, Math.floor((Date.now() - Date.parse(since)) / DAY_MS))} days`;

/**
 * `/admin/payouts/pay-on-delivery` (ADR 074): each carrier's cash held by the books beside its collections (a
 * difference is a fault), its age, the remittances to confirm when the money is in, and the rules.
 */
export function PodAdminScreen({ canDecide, canEditRules }: { canDecide: boolean; canEditRules: boolean }) {
  const overview = usePodOverview();
  const waiting = useWaitingRemittances();
  const decide = useDecideRemittance();
  const [rejecting, setRejecting] = useState<Remittance | null>(null);
  return (
    <div className="space-y-6">
      <section aria-labelledby="cash-title" className="space-y-3">
        <h2 id="cash-title" className="text-lg font-semibold text-slate-900">
          Carriers’ cash
        </h2>
        {overview.isPending ? (
          <LoadingState label="Loading the carriers’ cash…" />
        ) : overview.isError ? (
          <ErrorState title={POD_MESSAGES.overview} onRetry={() => overview.refetch()} />
        ) : (
          <>
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
              {(
                [
                  ['Collected', overview.data.totals.collected],
                  ['Remitted', overview.data.totals.remitted],
                  ['Outstanding', overview.data.totals.outstanding],
                  ['Fees earned', overview.data.totals.fees],
                ] as const
              ).map(([label, value]) => (
                <div key={label} className="rounded-lg border border-slate-200 bg-white p-3">
                  <dt className="text-sm text-slate-700">{label}</dt>
                  <dd className="text-lg font-bold tabular-nums text-slate-900">{formatApiNaira(value)}</dd>
                </div>
              ))}
            </dl>
            {overview.data.carriers.length === 0 ? (
              <EmptyState title="No carrier has taken cash at the door yet" />
            ) : (
              <ul className="space-y-2" aria-label="Carriers">
                {overview.data.carriers.map((carrier) => (
                  <li
                    key={carrier.carrierId}
                    className="space-y-1 rounded-lg border border-slate-200 bg-white p-3"
                    data-testid="carrier-cash"
                  >
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <span className="font-semibold text-slate-900">{carrier.carrierName}</span>
                      <span className="flex gap-1">
                        {carrier.overLimit ? <Badge tone="red">Over the limit</Badge> : null}
                        {carrier.difference !== 0 ? <Badge tone="red">Books differ</Badge> : null}
                        {carrier.waitingRemittances > 0 ? (
                          <Badge tone="amber">{carrier.waitingRemittances} to confirm</Badge>
                        ) : null}
                      </span>
                    </div>
                    <p className="text-sm text-slate-800">
                      Outstanding{' '}
                      <strong className="tabular-nums">{formatApiNaira(carrier.outstanding)}</strong> (oldest{' '}
                      {ageOf(carrier.oldestHeldAt)}) · collected {formatApiNaira(carrier.collected)} ·
                      remitted {formatApiNaira(carrier.remitted)}
                      {carrier.difference !== 0
                        ? ` · collections say ${formatApiNaira(carrier.outstandingByCollections)} (difference ${formatApiNaira(carrier.difference)})`
                        : ''}
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </section>
      <section aria-labelledby="remittances-title" className="space-y-3">
        <h2 id="remittances-title" className="text-lg font-semibold text-slate-900">
          Remittances to confirm
        </h2>
        {waiting.isPending ? (
          <LoadingState label="Loading remittances…" />
        ) : waiting.isError ? (
          <ErrorState title={POD_MESSAGES.overview} onRetry={() => waiting.refetch()} />
        ) : waiting.data.length === 0 ? (
          <EmptyState title="No remittance waits for confirmation" />
        ) : (
          <ul className="space-y-2">
            {waiting.data.map((remittance) => (
              <li key={remittance.id} className="space-y-2 rounded-lg border border-slate-200 bg-white p-3">
                <p className="break-all text-sm text-slate-900">
                  <strong>{remittance.carrierName}</strong> · transfer {remittance.reference} ·{' '}
                  <span className="tabular-nums font-semibold">{formatApiNaira(remittance.amount)}</span> for{' '}
                  {remittance.orderCount} order{remittance.orderCount === 1 ? '' : 's'} · recorded{' '}
                  {formatDateTime(remittance.submittedAt)}
                </p>
                {canDecide ? (
                  <div className="flex flex-wrap gap-2">
                    <Button
                      disabled={decide.isPending}
                      onClick={() => decide.mutate({ id: remittance.id, decision: 'confirm' })}
                    >
                      Confirm: the money is in
                    </Button>
                    <Button
                      variant="secondary"
                      disabled={decide.isPending}
                      onClick={() => setRejecting(remittance)}
                    >
                      Reject
                    </Button>
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
      {canEditRules ? <RulesSection /> : null}
      <PromptDialog
        open={rejecting !== null}
        title="Reject this remittance?"
        description="Say why (for example: no such transfer in the account). Its collections go back to the carrier's cash held."
        label="Reason"
        confirmLabel="Reject remittance"
        minLength={3}
        tooShort="Say why you reject it"
        busy={decide.isPending}
        onCancel={() => setRejecting(null)}
        onConfirm={(note) => {
          if (!rejecting) return;
          decide.mutate(
            { id: rejecting.id, decision: 'reject', note },
            { onSettled: () => setRejecting(null) },
          );
        }}
      />
    </div>
  );
}

function RulesSection() {
  const settings = usePodSettings();
  return (
    <section aria-labelledby="rules-title" className="space-y-3">
      <h2 id="rules-title" className="text-lg font-semibold text-slate-900">
        Rules
      </h2>
      {settings.isPending ? (
        <LoadingState label="Loading the rules…" />
      ) : settings.isError ? (
        <ErrorState title={POD_MESSAGES.settings} onRetry={() => settings.refetch()} />
      ) : (
        <RulesForm key={settings.data.updatedAt ?? 'defaults'} settings={settings.data} />
      )}
    </section>
  );
}

type RulesValues = Omit<Record<keyof PodSettingsBody, string>, 'enabled' | 'zoneIds'> & {
  enabled: boolean;
  zoneIds: string[];
};
const amountFields = ['maxOrder', 'fee', 'refusalLimit', 'refusalPeriodDays', 'carrierCashLimit'] as const;
const ruleFields = ['enabled', ...amountFields] as const;

function RulesForm({ settings }: { settings: PodSettings }) {
  const save = useSavePodSettings();
  const zones = useShippingZonesForPod();
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors },
  } = useContractForm<typeof podSettingsBody, RulesValues>(podSettingsBody, {
    defaultValues: {
      enabled: settings.enabled,
      zoneIds: settings.zoneIds,
      maxOrder: String(settings.maxOrder),
      fee: String(settings.fee),
      refusalLimit: String(settings.refusalLimit),
      refusalPeriodDays: String(settings.refusalPeriodDays),
      carrierCashLimit: String(settings.carrierCashLimit),
    },
    // The inputs hold text; a blank one is NaN, which the contract answers with its own words.
    prepare: (values) => {
      const amount = (name: (typeof amountFields)[number]) => numberOrNaN(values[name].trim());
      return {
        enabled: values.enabled,
        zoneIds: values.zoneIds,
        maxOrder: amount('maxOrder'),
        fee: amount('fee'),
        refusalLimit: amount('refusalLimit'),
        refusalPeriodDays: amount('refusalPeriodDays'),
        carrierCashLimit: amount('carrierCashLimit'),
      };
    },
  });
  const zoneIds = watch('zoneIds');
  const submit = handleSubmit((body) =>
    // The toast says what went wrong; a 422 about a rule is also said under its field.
    save.mutate(body, { onError: (error) => applyServerErrors<RulesValues>(error, setError, ruleFields) }),
  );
  const field = (name: (typeof amountFields)[number], label: string, hint?: string) => (
    <TextField
      label={label}
      hint={hint}
      inputMode="decimal"
      error={errors[name]?.message}
      {...register(name)}
    />
  );
  return (
    <form className="grid grid-cols-1 gap-3 sm:grid-cols-2" noValidate onSubmit={submit}>
      <CheckboxField
        className="sm:col-span-2"
        label="Customers may pay on delivery"
        hint="For stores that opted in, delivering to the zones chosen below."
        {...register('enabled')}
      />
      <fieldset className="space-y-1 sm:col-span-2">
        <legend className="text-sm font-semibold text-slate-900">
          Zones where customers may pay on delivery
        </legend>
        {zones.isPending ? (
          <LoadingState label="Loading zones…" />
        ) : zones.isError ? (
          <ErrorState title="Could not load the shipping zones" onRetry={() => zones.refetch()} />
        ) : zones.data.length === 0 ? (
          <p className="text-sm text-slate-700">Create shipping zones first.</p>
        ) : (
          zones.data.map((zone) => (
            <CheckboxField
              key={zone.id}
              label={zone.name}
              checked={zoneIds.includes(zone.id)}
              onChange={(event) =>
                setValue(
                  'zoneIds',
                  event.target.checked ? [...zoneIds, zone.id] : zoneIds.filter((id) => id !== zone.id),
                )
              }
            />
          ))
        )}
      </fieldset>
      {field('maxOrder', 'Largest order paid on delivery (₦)')}
      {field('fee', 'Fee per order (₦)')}
      {field('refusalLimit', 'Refusals at the door before a customer loses it')}
      {field('refusalPeriodDays', 'Counted over this many days')}
      {field(
        'carrierCashLimit',
        'Cash a carrier may hold (₦)',
        'At this much, no new pay-on-delivery orders.',
      )}
      <div className="sm:col-span-2">
        <Button type="submit" loading={save.isPending}>
          Save rules
        </Button>
      </div>
    </form>
  );
}
