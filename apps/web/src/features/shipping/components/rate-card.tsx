import { ErrorState, LoadingState } from '../../../components/ui/states';
import { errorToastMessage } from '../../../lib/toast-rules';
import { usePricing } from '../api/get-pricing';
import { useZones } from '../api/list-zones';
import { RateCardEditor } from './rate-card-editor';

/** Loads the rate card and the zones, then shows the editor. */
export function RateCard() {
  const pricing = usePricing();
  const zones = useZones();
  if (pricing.isPending || zones.isPending) return <LoadingState label="Loading rate card…" />;
  if (pricing.isError || zones.isError)
    return (
      <ErrorState
        title="Could not get the rate card"
        message={errorToastMessage(pricing.error ?? zones.error) ?? undefined}
        onRetry={() => {
          void pricing.refetch();
          void zones.refetch();
        }}
      />
    );
  const key = `${pricing.dataUpdatedAt}-${zones.dataUpdatedAt}`;
  return <RateCardEditor key={key} pricing={pricing.data} zones={zones.data.zones} />;
}
