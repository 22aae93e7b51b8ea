import { reportRangeProblem } from '@market/contracts';
import { DateField } from '../../../components/ui/date-field';
import { lagosDaysAgo } from '../../../lib/dates';
import type { FinanceRange } from '../api/finance';

const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));

/** Why a range cannot be asked for (the server's own words for order and length), or null. */
export function financeRangeProblem(from: string, to: string): string | null {
  if (!from || !to) return 'Choose a start and an end date';
  if (!isDay(from)) return 'Choose a valid start date';
  if (!isDay(to)) return 'Choose a valid end date';
  return reportRangeProblem(from, to)?.message ?? null;
}

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
    <div className="grid grid-cols-2 gap-3 sm:max-w-md">
      <DateField
        label="From"
        value={range.from}
        max={range.to || undefined}
        onChange={(event) => onChange({ ...range, from: event.target.value })}
      />
      <DateField
        label="To"
        value={range.to}
        min={range.from || undefined}
        error={problem ?? undefined}
        onChange={(event) => onChange({ ...range, to: event.target.value })}
      />
    </div>
  );
}
