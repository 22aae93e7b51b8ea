import { formatDateTime } from '../../lib/dates';
import { imageAt } from '../../lib/images';
import { labelFrom } from '../../lib/labels';

/** One line of an order's history; `actorType` is shown to staff only. */
export interface TimelineItem {
  status: string;
  knownName: string;
  activity: string;
  createdAt: string;
  actorType?: string;
  /** The photo taken at this step (shipping evidence); staff and carrier views only. */
  evidence?: string | null;
  /** The move was confirmed by scanning the parcel's label (ADR 078); staff and carrier views only. */
  parcelScanned?: boolean;
}

/** What happened to an order, oldest first, from its activities (text, who, when). */
/** Who moved an order, as the timeline's `actorType` stores it (a role or a system step). */
const actorLabels: Record<string, string> = {
  customer: 'the customer',
  merchant: 'the store',
  partner: 'the shipping partner',
  admin: 'an admin',
  superadmin: 'a super admin',
  dispatcher: 'a dispatcher',
  scheduler: 'a scheduler',
  hub: 'the hub',
  payment: 'the payment',
  checkout: 'checkout',
  system: 'the system',
};

const actorLabel = (actor: string) => actorLabels[actor] ?? labelFrom({}, actor).toLowerCase();

export function OrderTimeline({
  entries,
  showActor = false,
}: {
  entries: readonly TimelineItem[];
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
            {showActor && entry.actorType ? <span> · by {actorLabel(entry.actorType)}</span> : null}
          </p>
          {entry.parcelScanned ? (
            <p className="font-medium text-emerald-800">Parcel label scanned at this hand-over</p>
          ) : null}
          {entry.evidence ? (
            <a href={entry.evidence} target="_blank" rel="noreferrer" className="mt-1 inline-block rounded">
              <img
                src={imageAt(entry.evidence, 160)}
                alt={`Parcel at ${entry.knownName} (opens full size)`}
                width={80}
                height={60}
                loading="lazy"
                className="h-15 w-20 rounded border border-slate-300 object-cover"
              />
            </a>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

/** Where the order goes: name, street, LGA and state, phone, and the customer's note. */
export function DeliveryAddressBlock({
  address,
  note,
}: {
  address: { fullName: string; address: string; lga: string; state: string; phoneNumber: string };
  note?: string | null;
}) {
  return (
    <>
      <address className="text-sm not-italic text-slate-800">
        <span className="block font-semibold text-slate-900">{address.fullName}</span>
        <span className="block">{address.address}</span>
        <span className="block">
          {address.lga}, {address.state}
        </span>
        <span className="block">{address.phoneNumber}</span>
      </address>
      {note ? <p className="text-sm text-slate-700">Note: {note}</p> : null}
    </>
  );
}
