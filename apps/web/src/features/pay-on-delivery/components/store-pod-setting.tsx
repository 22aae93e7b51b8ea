import { CheckboxField } from '../../../components/ui/checkbox-field';
import { ErrorState, LoadingState } from '../../../components/ui/states';
import { POD_MESSAGES } from '../api/pod-keys';
import { useSaveStorePodSetting, useStorePodSetting } from '../api/store-setting';

/** A store's opt-in to pay on delivery (ADR 074); the admin's zones and limits still apply. */
export function StorePodSetting({ canChange }: { canChange: boolean }) {
  const setting = useStorePodSetting();
  const save = useSaveStorePodSetting();
  return (
    <section
      aria-labelledby="pod-title"
      className="space-y-2 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id="pod-title" className="text-lg font-semibold text-slate-900">
        Pay on delivery
      </h2>
      {setting.isPending ? (
        <LoadingState label="Loading…" />
      ) : setting.isError ? (
        <ErrorState title={POD_MESSAGES.store} onRetry={() => setting.refetch()} />
      ) : (
        <CheckboxField
          label="Customers may pay for my store's orders at the door"
          hint="Where the platform offers it. Your share becomes payable once the rider's cash reaches the platform."
          checked={setting.data.enabled}
          disabled={!canChange || save.isPending}
          onChange={(event) => save.mutate(event.target.checked)}
        />
      )}
    </section>
  );
}
