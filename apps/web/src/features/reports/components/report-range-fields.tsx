import { type ReportGranularity, reportGranularities, reportRangeProblem } from '@market/contracts';
import { DateField } from '../../../components/ui/date-field';
import { SelectField } from '../../../components/ui/select-field';

const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));

/** Why a range cannot be asked for (the server's own words for order and length), or null. */
export function rangeProblem(from: string, to: string): string | null {
  if (!from || !to) return 'Choose a start and an end date';
  if (!isDay(from)) return 'Choose a valid start date';
  if (!isDay(to)) return 'Choose a valid end date';
  return reportRangeProblem(from, to)?.message ?? null;
}

const granularityLabels: Record<ReportGranularity, string> = { day: 'Day', week: 'Week', month: 'Month' };

export interface ReportRange {
  from: string;
  to: string;
  granularity: ReportGranularity;
}

/** From / to (Lagos days) and the period of the chart, with the range's problem announced on the end date. */
export function ReportRangeFields({
  range,
  problem,
  onChange,
}: {
  range: ReportRange;
  problem: string | null;
  onChange(range: ReportRange): void;
}) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:max-w-xl sm:grid-cols-3">
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
      <SelectField
        label="Group by"
        className="col-span-2 sm:col-span-1"
        value={range.granularity}
        options={reportGranularities.map((value) => ({ value, label: granularityLabels[value] }))}
        onChange={(event) => onChange({ ...range, granularity: event.target.value as ReportGranularity })}
      />
    </div>
  );
}
