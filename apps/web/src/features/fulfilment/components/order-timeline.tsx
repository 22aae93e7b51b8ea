import type { TimelineEntry } from '@market/contracts';
import { formatDateTime } from '../../../lib/dates';

/** What happened to an order, oldest first, from its activities (text, who, when). */
export function OrderTimeline({
  entries,
  showActor = false,
}: {
  entries: TimelineEntry[];
  showActor?: boolean;
}) {
  if (entries.length === 0) return <p className="text-sm text-slate-700">Nothing yet.</p>;
  return (
    <ol className="space-y-3 border-l-2 border-slate-200 pl-4" aria-label="Order timeline">
      {entries.map((entry) => (
        <li key={`${entry.createdAt}-${entry.status}-${entry.activity}`} className="text-sm">
          <p className="font-semibold text-slate-900">{entry.knownName}</p>
          <p className="text-slate-800">{entry.activity}</p>
          <p className="text-slate-700">
            <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
            {showActor ? <span> · by {entry.actorType}</span> : null}
          </p>
        </li>
      ))}
    </ol>
  );
}
