import { DateField } from '../../../components/ui/date-field';

/** A UTC day `days` before today, as YYYY-MM-DD. */
export function utcDaysAgo(days: number, now: Date = new Date()): string {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - days));
  return day.toISOString().slice(0, 10);
}

const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));

/** Why a range cannot be asked for, or null when it can (both ends optional unless `required`). */
export function rangeProblem(startDate: string, endDate: string, required = false): string | null {
  if (required && (!startDate || !endDate)) return 'Choose a start and an end date';
  if (startDate && !isDate(startDate)) return 'Choose a valid start date';
  if (endDate && !isDate(endDate)) return 'Choose a valid end date';
  if (startDate && endDate && endDate < startDate) return 'The end date cannot be before the start date';
  return null;
}

/** From / to date inputs (UTC days), with the range's problem announced. */
export function DateRangeFields({
  startDate,
  endDate,
  problem,
  onChange,
}: {
  startDate: string;
  endDate: string;
  problem: string | null;
  onChange(range: { startDate: string; endDate: string }): void;
}) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:max-w-md">
      <DateField
        label="From (UTC)"
        value={startDate}
        max={endDate || undefined}
        onChange={(event) => onChange({ startDate: event.target.value, endDate })}
      />
      <DateField
        label="To (UTC)"
        value={endDate}
        min={startDate || undefined}
        error={problem ?? undefined}
        onChange={(event) => onChange({ startDate, endDate: event.target.value })}
      />
    </div>
  );
}
