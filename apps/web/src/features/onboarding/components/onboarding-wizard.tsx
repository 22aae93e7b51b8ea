import {
  idDocumentTypes,
  idTypeLabels,
  type OnboardingBody,
  type OnboardingState,
  type OnboardingStepKey,
  onboardingBody,
  onboardingSteps,
  type PricingPlan,
  pricingPlanDetails,
  pricingPlans,
  staffSizeLabels,
  staffSizes,
} from '@market/contracts';
import { type ReactNode, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { useCategoryTree } from '../../../api/get-category-tree';
import { Button, buttonClasses } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { DateField } from '../../../components/ui/date-field';
import { FormAlert } from '../../../components/ui/form-alert';
import { SelectField } from '../../../components/ui/select-field';
import { ErrorState, LoadingState } from '../../../components/ui/states';
import { TextField } from '../../../components/ui/text-field';
import { contractResolver } from '../../../lib/contract-form';
import { applyServerErrors } from '../../../lib/form-errors';
import { formatNaira } from '../../../lib/money';
import { serverFieldPaths } from '../../../lib/server-errors';
import { errorToastMessage } from '../../../lib/toast-rules';
import { useOnboarding } from '../api/get-onboarding';
import { useSaveOnboarding } from '../api/save-onboarding';
import { useSavePricing } from '../api/save-pricing';
import { AddressFields } from './address-fields';
import { DocumentUpload } from './document-upload';

/** The contract schema with the step's files made required (the body itself lets any subset through). */
type Pick = (values: OnboardingBody) => OnboardingBody;
type Required = { key: keyof OnboardingBody; message: string }[];

/** Checks only the step's own answers (picked from the form) against the contract schema. */
function stepResolver(required: Required, pick: Pick): Resolver<OnboardingBody> {
  const schema = onboardingBody.superRefine((value, context) => {
    for (const { key, message } of required) {
      if (value[key] === undefined || value[key] === null)
        context.addIssue({ code: 'custom', path: [key], message });
    }
  });
  const base = contractResolver<typeof schema, OnboardingBody>(schema);
  return (values, context, options) => {
    // "Use my home address" copies the home address to the pickup location before checking
    const prepared =
      values.useHomeAddress && values.homeAddress?.[0]
        ? { ...values, pickupLocation: { ...values.homeAddress[0] } }
        : values;
    return base(pick(prepared), context, options);
  };
}

function blankAddress() {
  return { street: '', state: '', lga: '', country: 'Nigeria' as const };
}

interface StepProps {
  state: OnboardingState;
  onDone(next: OnboardingState): void;
}

function useStepForm(state: OnboardingState, required: Required, pick: Pick) {
  const form = useForm<OnboardingBody>({
    resolver: stepResolver(required, pick),
    defaultValues: {
      dateOfBirth: state.dateOfBirth ?? '',
      nationality: state.nationality ?? 'Nigerian',
      idDocumentType: state.idDocumentType ?? ('' as never),
      idDocumentNumber: state.idDocumentNumber ?? '',
      idDocumentFileId: state.idDocumentFileId ?? undefined,
      homeAddress: [state.homeAddress[0] ? { ...state.homeAddress[0], country: 'Nigeria' } : blankAddress()],
      useHomeAddress: state.useHomeAddress,
      proofOfAddressFileId: state.proofOfAddressFileId ?? undefined,
      pickupLocation: state.pickupLocation ? { ...state.pickupLocation, country: 'Nigeria' } : blankAddress(),
      staffSize: state.staffSize ?? ('' as never),
      category: state.category ?? '',
      physicalLocation: state.physicalLocation ?? '',
      subCategoryIds: state.subCategoryIds,
    },
  });
  const save = useSaveOnboarding();
  const [status, setStatus] = useState<string | null>(null);
  const submit = (onDone: StepProps['onDone']) =>
    form.handleSubmit((values) => {
      setStatus(null);
      save.mutate(values, {
        onSuccess: (answer) => onDone(answer.data),
        onError: (error) => setStatus(applyServerErrors(error, form.setError, serverFieldPaths(error))),
      });
    });
  return { form, save, status, submit };
}

function StepForm({
  label,
  status,
  busy,
  onSubmit,
  children,
}: {
  label: string;
  status: string | null;
  busy: boolean;
  onSubmit(): void;
  children: ReactNode;
}) {
  return (
    <form
      aria-label={label}
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <div aria-live="assertive">{status ? <FormAlert>{status}</FormAlert> : null}</div>
      {children}
      <Button type="submit" loading={busy} className="w-full sm:w-auto">
        Save and continue
      </Button>
    </form>
  );
}

function IdentityStep({ state, onDone }: StepProps) {
  const { form, save, status, submit } = useStepForm(
    state,
    [{ key: 'idDocumentFileId', message: 'Upload your ID document' }],
    (v) => ({
      dateOfBirth: v.dateOfBirth,
      nationality: v.nationality,
      idDocumentType: v.idDocumentType,
      idDocumentNumber: v.idDocumentNumber,
      idDocumentFileId: v.idDocumentFileId,
    }),
  );
  const { register, setValue, formState } = form;
  const errors = formState.errors;
  const onSubmit = submit(onDone);
  return (
    <StepForm label="Identity" status={status} busy={save.isPending} onSubmit={onSubmit}>
      <div className="grid gap-4 sm:grid-cols-2">
        <DateField label="Date of birth" error={errors.dateOfBirth?.message} {...register('dateOfBirth')} />
        <TextField label="Nationality" error={errors.nationality?.message} {...register('nationality')} />
        <SelectField
          label="ID document type"
          options={[
            { value: '', label: 'Choose a document' },
            ...idDocumentTypes.map((type) => ({ value: type, label: idTypeLabels[type] })),
          ]}
          error={errors.idDocumentType?.message}
          {...register('idDocumentType')}
        />
        <TextField
          label="ID document number"
          error={errors.idDocumentNumber?.message}
          {...register('idDocumentNumber')}
        />
      </div>
      <DocumentUpload
        kind="id-document"
        label="ID document"
        fileId={state.idDocumentFileId}
        error={errors.idDocumentFileId?.message}
        onUploaded={(fileId) =>
          setValue('idDocumentFileId', fileId, { shouldValidate: formState.isSubmitted })
        }
      />
    </StepForm>
  );
}

function AddressStep({ state, onDone }: StepProps) {
  const { form, save, status, submit } = useStepForm(
    state,
    [
      { key: 'proofOfAddressFileId', message: 'Upload a proof of address' },
      { key: 'pickupLocation', message: 'Add a pickup address' },
    ],
    (v) => ({
      homeAddress: v.homeAddress,
      useHomeAddress: v.useHomeAddress,
      proofOfAddressFileId: v.proofOfAddressFileId,
      pickupLocation: v.pickupLocation,
    }),
  );
  const { register, setValue, watch, formState } = form;
  const sameAsHome = watch('useHomeAddress');
  const onSubmit = submit(onDone);
  return (
    <StepForm label="Address" status={status} busy={save.isPending} onSubmit={onSubmit}>
      <AddressFields form={form} prefix="homeAddress.0" legend="Home address" />
      <DocumentUpload
        kind="proof-of-address"
        label="Proof of address"
        fileId={state.proofOfAddressFileId}
        error={formState.errors.proofOfAddressFileId?.message}
        onUploaded={(fileId) =>
          setValue('proofOfAddressFileId', fileId, { shouldValidate: formState.isSubmitted })
        }
      />
      <CheckboxField
        label="Use my home address for pickups"
        hint="Couriers collect your orders from this address."
        {...register('useHomeAddress')}
      />
      {sameAsHome ? null : <AddressFields form={form} prefix="pickupLocation" legend="Pickup address" />}
    </StepForm>
  );
}

function BusinessStep({ state, onDone }: StepProps) {
  const categories = useCategoryTree();
  const { form, save, status, submit } = useStepForm(
    state,
    [{ key: 'category', message: 'Choose what you sell' }],
    (v) => ({
      staffSize: v.staffSize,
      category: v.category || undefined,
      physicalLocation: v.physicalLocation,
      subCategoryIds: v.subCategoryIds ?? [],
    }),
  );
  const { register, watch, setValue, formState } = form;
  const errors = formState.errors;
  const categoryId = watch('category');
  const chosen = watch('subCategoryIds') ?? [];
  const subCategories = categories.data?.find((category) => category.id === categoryId)?.subCategories ?? [];
  const onSubmit = submit(onDone);
  return (
    <StepForm label="Business" status={status} busy={save.isPending} onSubmit={onSubmit}>
      <SelectField
        label="Staff size"
        options={[
          { value: '', label: 'Choose a staff size' },
          ...staffSizes.map((size) => ({ value: size, label: staffSizeLabels[size] })),
        ]}
        error={errors.staffSize?.message}
        {...register('staffSize')}
      />
      {categories.isError ? (
        <ErrorState title="Could not get categories. Try again later." onRetry={() => categories.refetch()} />
      ) : (
        <SelectField
          label="What do you sell?"
          disabled={categories.isPending}
          options={[
            { value: '', label: categories.isPending ? 'Loading categories…' : 'Choose a category' },
            ...(categories.data ?? []).map((category) => ({ value: category.id, label: category.name })),
          ]}
          error={errors.category?.message}
          {...register('category', {
            setValueAs: (value: string) => (value === '' ? undefined : value),
            onChange: () => setValue('subCategoryIds', []),
          })}
        />
      )}
      {subCategories.length > 0 ? (
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-800">Sub-categories (optional)</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {subCategories.map((sub) => (
              <CheckboxField
                key={sub.id}
                label={sub.name}
                checked={chosen.includes(sub.id)}
                onChange={(event) =>
                  setValue(
                    'subCategoryIds',
                    event.target.checked ? [...chosen, sub.id] : chosen.filter((id) => id !== sub.id),
                  )
                }
              />
            ))}
          </div>
        </fieldset>
      ) : null}
      <TextField
        label="Where is the business?"
        hint="A market, shop or office customers would recognise."
        error={errors.physicalLocation?.message}
        {...register('physicalLocation')}
      />
    </StepForm>
  );
}

/**
 * One plan as a card: the radio is named by the plan and its monthly price; the summary and what it includes
 * describe it (read after the name by screen readers). The whole card selects the plan.
 */
function PlanOption({
  plan,
  checked,
  onChoose,
}: {
  plan: PricingPlan;
  checked: boolean;
  onChoose(plan: PricingPlan): void;
}) {
  const details = pricingPlanDetails[plan];
  const price = formatNaira(details.monthlyPriceKobo);
  const describedBy = `plan-${plan}-details`;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a larger target for the radio inside; the radio itself takes the keyboard
    // biome-ignore lint/a11y/useKeyWithClickEvents: the radio inside is the keyboard control
    <div
      onClick={() => onChoose(plan)}
      className={`cursor-pointer rounded-md border p-3 ${checked ? 'border-emerald-700 bg-emerald-50' : 'border-slate-300'}`}
    >
      <label className="flex min-h-11 cursor-pointer items-start gap-3">
        <input
          type="radio"
          name="plan"
          value={plan}
          checked={checked}
          onChange={() => onChoose(plan)}
          aria-describedby={describedBy}
          className="mt-1 h-5 w-5 shrink-0 accent-emerald-700"
        />
        <span className="flex min-w-0 flex-1 flex-wrap items-baseline justify-between gap-x-3">
          <span className="text-base font-semibold text-slate-900">{details.name}</span>
          <span className="sr-only">, </span>
          <span className="font-semibold text-slate-900">{`${price} a month`}</span>
        </span>
      </label>
      <div id={describedBy} className="mt-1 pl-8 text-sm text-slate-800">
        <p>{details.summary}</p>
        <ul className="mt-1 space-y-0.5">
          {details.includes.map((item) => (
            <li key={item} className="flex gap-2">
              <span aria-hidden="true" className="text-emerald-800">
                ✓
              </span>
              <span>{item}</span>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

function PricingStep({ state, onDone }: StepProps) {
  const [plan, setPlan] = useState(state.pricingPlan ?? '');
  const [status, setStatus] = useState<string | null>(null);
  const save = useSavePricing();
  return (
    <form
      aria-label="Pricing plan"
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (!plan) {
          setStatus('Choose a pricing plan');
          return;
        }
        setStatus(null);
        save.mutate(plan as PricingPlan, {
          onSuccess: (answer) => onDone(answer.data),
          onError: (error) => setStatus(errorToastMessage(error)),
        });
      }}
    >
      <div aria-live="assertive">{status ? <FormAlert>{status}</FormAlert> : null}</div>
      <fieldset className="space-y-2">
        <legend className="font-semibold text-slate-900">Choose a plan</legend>
        {pricingPlans.map((value) => (
          <PlanOption key={value} plan={value} checked={plan === value} onChoose={setPlan} />
        ))}
      </fieldset>
      <Button type="submit" loading={save.isPending} className="w-full sm:w-auto">
        Save and continue
      </Button>
    </form>
  );
}

const stepViews: Record<OnboardingStepKey, (props: StepProps) => ReactNode> = {
  identity: IdentityStep,
  address: AddressStep,
  business: BusinessStep,
  pricing: PricingStep,
};

export function firstOpenStep(state: OnboardingState): OnboardingStepKey {
  return onboardingSteps.find((step) => !state.completedSteps.includes(step.key))?.key ?? 'pricing';
}

function Progress({ percent }: { percent: number }) {
  return (
    <div className="space-y-1">
      <div className="flex justify-between text-sm font-medium text-slate-800">
        <span id="onboarding-progress-label">Onboarding progress</span>
        <span aria-hidden="true">{percent}% complete</span>
      </div>
      <div
        role="progressbar"
        aria-labelledby="onboarding-progress-label"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}% complete`}
        className="h-3 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-emerald-700" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

function Wizard({ initial }: { initial: OnboardingState }) {
  const [state, setState] = useState(initial);
  const [step, setStep] = useState<OnboardingStepKey>(() => firstOpenStep(initial));
  const [finished, setFinished] = useState(initial.isComplete);
  const View = stepViews[step];
  const current = onboardingSteps.find((item) => item.key === step)!;

  const onDone = (next: OnboardingState) => {
    setState(next);
    const open = onboardingSteps.find((item) => !next.completedSteps.includes(item.key));
    if (next.isComplete || !open) setFinished(true);
    else setStep(open.key);
  };

  return (
    <div className="space-y-5">
      <Progress percent={state.percentageComplete} />
      <nav aria-label="Onboarding steps">
        <ol className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {onboardingSteps.map((item, index) => {
            const done = state.completedSteps.includes(item.key);
            const active = !finished && item.key === step;
            return (
              <li key={item.key}>
                <button
                  type="button"
                  aria-current={active ? 'step' : undefined}
                  onClick={() => {
                    setFinished(false);
                    setStep(item.key);
                  }}
                  className={`flex min-h-11 w-full items-center gap-2 rounded-md border px-2 text-left text-sm ${
                    active
                      ? 'border-emerald-700 bg-emerald-50 font-semibold text-emerald-900'
                      : 'border-slate-300 text-slate-800'
                  }`}
                >
                  <span
                    aria-hidden="true"
                    className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-white ring-1 ring-slate-300"
                  >
                    {done ? '✓' : index + 1}
                  </span>
                  <span>
                    {item.label}
                    <span className="sr-only">{done ? ' (done)' : ' (to do)'}</span>
                  </span>
                </button>
              </li>
            );
          })}
        </ol>
      </nav>
      {finished ? (
        <div role="status" className="rounded-lg border border-green-300 bg-green-50 p-4 text-green-900">
          <p className="font-semibold">Onboarding complete</p>
          <p className="mt-1 text-sm">
            Two approvers now review your store. We mail you when they decide. Meanwhile, finish your store
            profile and add products.
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Link to="/merchant/store-profile" className={buttonClasses('primary')}>
              Store profile
            </Link>
            <Link to="/merchant/products/new" className={buttonClasses('secondary')}>
              Add a product
            </Link>
          </div>
        </div>
      ) : (
        <section
          aria-labelledby="onboarding-step-title"
          className="rounded-lg border border-slate-200 bg-white p-4 sm:p-5"
        >
          <h2 id="onboarding-step-title" className="mb-4 text-lg font-bold text-slate-900">
            Step {onboardingSteps.indexOf(current) + 1} of {onboardingSteps.length}: {current.label}
          </h2>
          <View key={step} state={state} onDone={onDone} />
        </section>
      )}
    </div>
  );
}

/** The merchant onboarding wizard: resumes at the first step not yet done and shows the percentage. */
export function OnboardingWizard() {
  const onboarding = useOnboarding();
  if (onboarding.isPending) return <LoadingState label="Loading your onboarding…" />;
  if (onboarding.isError)
    return (
      <ErrorState
        message={errorToastMessage(onboarding.error) ?? undefined}
        onRetry={() => onboarding.refetch()}
      />
    );
  return <Wizard initial={onboarding.data} />;
}
