import {
  SERVICE_LEVEL_HOURS_MAX,
  SERVICE_LEVEL_HOURS_MIN,
  type ServiceLevelKind,
  type ServiceLevelLimitsBody,
  serviceLevelKinds,
  serviceLevelLimitsBody,
  serviceLevelNames,
} from '@market/contracts';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { ErrorState, LoadingState } from '../../../components/ui/states';
import { TextField } from '../../../components/ui/text-field';
import { isApiError } from '../../../lib/errors';
import { useSaveServiceLevelLimits, useServiceLevelLimits } from '../api/service-levels';

type Draft = Record<ServiceLevelKind, string>;
const draftOf = (limits: ServiceLevelLimitsBody): Draft =>
  Object.fromEntries(serviceLevelKinds.map((kind) => [kind, String(limits[kind])])) as Draft;

/** The form once the limits are loaded: each limit in whole hours, checked as the server checks them. */
function LimitsForm({ initial }: { initial: ServiceLevelLimitsBody }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(initial));
  const [errors, setErrors] = useState<Partial<Record<ServiceLevelKind, string>>>({});
  const save = useSaveServiceLevelLimits();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = serviceLevelLimitsBody.safeParse(
      // An empty field is no number (Number('') would be 0); anything else is checked as the server checks it.
      Object.fromEntries(
        serviceLevelKinds.map((kind) => [kind, draft[kind].trim() === '' ? Number.NaN : Number(draft[kind])]),
      ),
    );
    if (!parsed.success) {
      const found: Partial<Record<ServiceLevelKind, string>> = {};
      for (const issue of parsed.error.issues) {
        const kind = issue.path[0] as ServiceLevelKind;
        found[kind] ??= draft[kind].trim() === '' ? 'Enter a number of hours' : issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  };

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
          value={draft[kind]}
          error={errors[kind]}
          onChange={(event) => setDraft({ ...draft, [kind]: event.target.value })}
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
