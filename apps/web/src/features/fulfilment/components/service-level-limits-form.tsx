import {
  SERVICE_LEVEL_HOURS_MAX,
  SERVICE_LEVEL_HOURS_MIN,
  type ServiceLevelKind,
  type ServiceLevelLimitsBody,
  serviceLevelKinds,
  serviceLevelLimitsBody,
  serviceLevelNames,
} from '@market/contracts';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { ErrorState, LoadingState } from '../../../components/ui/states';
import { TextField } from '../../../components/ui/text-field';
import { useContractForm } from '../../../lib/contract-form';
import { isApiError } from '../../../lib/errors';
import { numberOrNaN } from '../../../lib/form-values';
import { useSaveServiceLevelLimits, useServiceLevelLimits } from '../api/service-levels';

type Draft = Record<ServiceLevelKind, string>;
const draftOf = (limits: ServiceLevelLimitsBody): Draft =>
  Object.fromEntries(serviceLevelKinds.map((kind) => [kind, String(limits[kind])])) as Draft;
// An empty field is no number (Number('') would be 0): the contract says "Enter a number of hours".
const hoursOf = (draft: Draft) =>
  Object.fromEntries(
    serviceLevelKinds.map((kind) => [kind, numberOrNaN(draft[kind].trim())]),
  ) as ServiceLevelLimitsBody;

/** The form once the limits are loaded: each limit in whole hours, checked as the server checks them. */
function LimitsForm({ initial }: { initial: ServiceLevelLimitsBody }) {
  const save = useSaveServiceLevelLimits();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useContractForm<typeof serviceLevelLimitsBody, Draft>(serviceLevelLimitsBody, {
    defaultValues: draftOf(initial),
    prepare: hoursOf,
  });
  const submit = handleSubmit((limits) => save.mutate(limits));

  return (
    <form onSubmit={submit} noValidate className="max-w-xl space-y-4">
      {save.isError ? (
        <FormAlert>
          {isApiError(save.error) ? save.error.message : 'Could not save the limits. Check your connection.'}
        </FormAlert>
      ) : null}
      {serviceLevelKinds.map((kind) => (
        <TextField
          key={kind}
          label={`${serviceLevelNames[kind]} (hours)`}
          inputMode="numeric"
          hint={`Late after this many hours, ${SERVICE_LEVEL_HOURS_MIN} to ${SERVICE_LEVEL_HOURS_MAX}.`}
          error={errors[kind]?.message}
          {...register(kind)}
        />
      ))}
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save limits'}
      </Button>
    </form>
  );
}

/**
 * The admin's service-level limits (issue 35): how long an order may wait in each status, and a return for the
 * store's decision, before the store, its carrier and admins are told (once) and the dashboard counts it late.
 */
export function ServiceLevelLimitsForm() {
  const limits = useServiceLevelLimits();
  if (limits.isPending) return <LoadingState label="Loading the limits…" />;
  if (limits.isError)
    return <ErrorState title="Could not get the limits. Try again later." onRetry={() => limits.refetch()} />;
  return <LimitsForm initial={limits.data.limits} />;
}
