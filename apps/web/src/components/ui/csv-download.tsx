// Written by hand, not with useContractForm: a download button (a GET of a CSV file), no fields and no body.
import { useState } from 'react';
import { Button } from './button';
import { SelectField } from './select-field';

/** "CSV of [view] [Download CSV]": picks one of a report's CSV views and asks for it. */
export function CsvDownload<View extends string>({
  views,
  labels,
  initial,
  pending,
  onDownload,
  selectClassName,
}: {
  views: readonly View[];
  labels: Record<View, string>;
  initial: View;
  pending: boolean;
  onDownload(view: View): void;
  /** Wide enough for the longest label. */
  selectClassName: string;
}) {
  const [view, setView] = useState<View>(initial);
  return (
    <form
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        onDownload(view);
      }}
    >
      <SelectField
        label="CSV of"
        className={selectClassName}
        value={view}
        options={views.map((value) => ({ value, label: labels[value] }))}
        onChange={(event) => setView(event.target.value as View)}
      />
      <Button type="submit" variant="secondary" disabled={pending}>
        {pending ? 'Preparing CSV…' : 'Download CSV'}
      </Button>
    </form>
  );
}
