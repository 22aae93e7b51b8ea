import { type ReportGranularity, reportGranularities } from '@market/contracts';
import { LagosDayRangeFields } from '../../../components/ui/lagos-day-range';
import { SelectField } from '../../../components/ui/select-field';

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
    <LagosDayRangeFields
      from={range.from}
      to={range.to}
      problem={problem}
      onChange={(days) => onChange({ ...range, ...days })}
      className="grid grid-cols-2 gap-3 sm:max-w-xl sm:grid-cols-3"
    >
      <SelectField
        label="Group by"
        className="col-span-2 sm:col-span-1"
        value={range.granularity}
        options={reportGranularities.map((value) => ({ value, label: granularityLabels[value] }))}
        onChange={(event) => onChange({ ...range, granularity: event.target.value as ReportGranularity })}
      />
    </LagosDayRangeFields>
  );
}
