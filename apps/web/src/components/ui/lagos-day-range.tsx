import { reportRangeProblem } from '@market/contracts';
import type { ReactNode } from 'react';
import { DateField } from './date-field';

const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));

/** Why a range of Lagos days cannot be asked for (the server's own words for order and length), or null. */
export function dayRangeProblem(from: string, to: string): string | null {
  if (!from || !to) return 'Choose a start and an end date';
  if (!isDay(from)) return 'Choose a valid start date';
  if (!isDay(to)) return 'Choose a valid end date';
  return reportRangeProblem(from, to)?.message ?? null;
}

/** From / to (Lagos days) of a report, the range's problem announced on the end date; `children` add fields. */
export function LagosDayRangeFields({
  from,
  to,
  problem,
  onChange,
  className,
  children,
}: {
  from: string;
  to: string;
  problem: string | null;
  onChange(range: { from: string; to: string }): void;
  className: string;
  children?: ReactNode;
}) {
  return (
    <div className={className}>
      <DateField
        label="From"
        value={from}
        max={to || undefined}
        onChange={(event) => onChange({ from: event.target.value, to })}
      />
      <DateField
        label="To"
        value={to}
        min={from || undefined}
        error={problem ?? undefined}
        onChange={(event) => onChange({ from, to: event.target.value })}
      />
      {children}
    </div>
  );
}
