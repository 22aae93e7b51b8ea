import { LagosDayRangeFields } from '../../../components/ui/lagos-day-range';
import { lagosDaysAgo } from '../../../lib/dates';
import type { FinanceRange } from '../api/finance';

/** The last 30 Lagos days. */
export function defaultFinanceRange(now: Date = new Date()): FinanceRange {
  return { from: lagosDaysAgo(29, now), to: lagosDaysAgo(0, now) };
}

/** From / to (Lagos days), the range's problem announced on the end date. */
export function RangeFields({
  range,
  problem,
  onChange,
}: {
  range: FinanceRange;
  problem: string | null;
  onChange(range: FinanceRange): void;
}) {
  return (
    <LagosDayRangeFields
      {...range}
      problem={problem}
      onChange={(days) => onChange({ ...range, ...days })}
      className="grid grid-cols-2 gap-3 sm:max-w-md"
    />
  );
}
