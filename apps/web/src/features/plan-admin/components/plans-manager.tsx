import { createPlanBody, type Plan } from '@market/contracts';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { FormAlert } from '../../../components/ui/form-alert';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { TextField } from '../../../components/ui/text-field';
import { TextareaField } from '../../../components/ui/textarea-field';
import { useContractForm } from '../../../lib/contract-form';
import { applyServerErrors } from '../../../lib/form-errors';
import { formatNaira, koboToNaira, nairaToKobo } from '../../../lib/money';
import { pluralize } from '../../../lib/plural';
import { errorToastMessage } from '../../../lib/toast-rules';
import { useAdminPlans, useCreatePlan, useUpdatePlan } from '../api/plans';

/** What the form holds: inputs as strings, in naira and percent; sent as kobo and basis points. */
interface PlanValues {
  code: string;
  name: string;
  summary: string;
  includes: string;
  monthlyPrice: string;
  productLimit: string;
  isDefault: boolean;
  isActive: boolean;
  sortOrder: string;
}

const toNumber = (value: string) => (value.trim() === '' ? Number.NaN : Number(value));

function prepare(values: PlanValues) {
  const price = toNumber(values.monthlyPrice);
  return {
    code: values.code,
    name: values.name,
    summary: values.summary,
    includes: values.includes
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
    monthlyPriceKobo: Number.isFinite(price) ? nairaToKobo(price) : price,
    productLimit: values.productLimit.trim() === '' ? null : toNumber(values.productLimit),
    isDefault: values.isDefault,
    isActive: values.isActive,
    sortOrder: toNumber(values.sortOrder || '0'),
  };
}

function valuesOf(plan?: Plan): PlanValues {
  return {
    code: plan?.code ?? '',
    name: plan?.name ?? '',
    summary: plan?.summary ?? '',
    includes: plan?.includes.join('\n') ?? '',
    monthlyPrice: plan ? String(koboToNaira(plan.monthlyPriceKobo)) : '',
    productLimit: plan?.productLimit === null || !plan ? '' : String(plan.productLimit),
    isDefault: plan?.isDefault ?? false,
    isActive: plan?.isActive ?? true,
    sortOrder: String(plan?.sortOrder ?? 0),
  };
}

const SERVER_FIELDS = ['code', 'name', 'summary', 'includes', 'isDefault', 'isActive'] as const;

function PlanForm({ plan, onDone }: { plan?: Plan; onDone(): void }) {
  const create = useCreatePlan();
  const update = useUpdatePlan();
  const [status, setStatus] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useContractForm<typeof createPlanBody, PlanValues>(
    createPlanBody,
    { defaultValues: valuesOf(plan), prepare },
  );
  const errors = formState.errors as Partial<Record<string, { message?: string }>>;
  const onError = (error: unknown) => setStatus(applyServerErrors(error, setError, SERVER_FIELDS));
  return (
    <form
      aria-label={plan ? `Edit ${plan.name}` : 'New plan'}
      noValidate
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
      onSubmit={handleSubmit((body) => {
        setStatus(null);
        if (plan) {
          const { code: _code, ...changes } = body;
          update.mutate({ id: plan.id, body: changes }, { onSuccess: onDone, onError });
        } else create.mutate(body, { onSuccess: onDone, onError });
      })}
    >
      <div aria-live="assertive">{status ? <FormAlert>{status}</FormAlert> : null}</div>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <TextField label="Name" aria-required="true" error={errors.name?.message} {...register('name')} />
        <TextField
          label="Code"
          aria-required="true"
          hint="Lower-case; cannot change later"
          disabled={Boolean(plan)}
          error={errors.code?.message}
          {...register('code')}
        />
        <TextField
          label="Monthly price (₦)"
          inputMode="decimal"
          aria-required="true"
          error={errors.monthlyPriceKobo?.message}
          {...register('monthlyPrice')}
        />
        <TextField
          label="Product limit"
          inputMode="numeric"
          hint="Empty: unlimited"
          error={errors.productLimit?.message}
          {...register('productLimit')}
        />
        <TextField
          label="Order"
          inputMode="numeric"
          error={errors.sortOrder?.message}
          {...register('sortOrder')}
        />
      </div>
      <TextField label="Summary" error={errors.summary?.message} {...register('summary')} />
      <TextareaField
        label="What it includes (one per line)"
        rows={4}
        error={errors.includes?.message}
        {...register('includes')}
      />
      <div className="flex flex-col gap-2 sm:flex-row sm:gap-6">
        <CheckboxField label="On offer" {...register('isActive')} />
        <CheckboxField label="Default plan (stores that pay for none)" {...register('isDefault')} />
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" loading={create.isPending || update.isPending}>
          {plan ? 'Save plan' : 'Add plan'}
        </Button>
      </div>
    </form>
  );
}

/**
 * Plans stores subscribe to: price and product limit; add, change, retire, choose the default. Plans carry no
 * commission: a sale's commission is the store's payment category's (ADR 046).
 */
export function PlansManager() {
  const plans = useAdminPlans();
  const [editing, setEditing] = useState<Plan | 'new' | null>(null);
  if (plans.isPending) return <LoadingState label="Loading plans…" />;
  if (plans.isError)
    return (
      <ErrorState
        title="Could not get plans"
        message={errorToastMessage(plans.error) ?? undefined}
        onRetry={() => plans.refetch()}
      />
    );
  return (
    <section aria-label="Plans" className="space-y-4">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-slate-700">{pluralize(plans.data.length, 'plan')}</p>
        {editing === null ? <Button onClick={() => setEditing('new')}>New plan</Button> : null}
      </div>
      {editing === 'new' ? <PlanForm onDone={() => setEditing(null)} /> : null}
      {plans.data.length === 0 ? (
        <EmptyState title="No plans yet" />
      ) : (
        <ul className="space-y-3">
          {plans.data.map((plan) =>
            editing !== 'new' && editing?.id === plan.id ? (
              <li key={plan.id}>
                <PlanForm plan={plan} onDone={() => setEditing(null)} />
              </li>
            ) : (
              <li
                key={plan.id}
                className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between"
              >
                <div>
                  <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
                    {plan.name}
                    {plan.isDefault ? <Badge tone="green">Default</Badge> : null}
                    {plan.isActive ? null : <Badge>Retired</Badge>}
                  </p>
                  <p className="text-sm text-slate-700">
                    {plan.monthlyPriceKobo === 0 ? 'Free' : `${formatNaira(plan.monthlyPriceKobo)} a month`} ·{' '}
                    {plan.productLimit === null
                      ? 'unlimited products'
                      : pluralize(plan.productLimit, 'product')}
                  </p>
                </div>
                <Button variant="secondary" onClick={() => setEditing(plan)} disabled={editing !== null}>
                  Edit<span className="sr-only"> {plan.name}</span>
                </Button>
              </li>
            ),
          )}
        </ul>
      )}
    </section>
  );
}
