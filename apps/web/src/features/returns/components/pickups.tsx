// Written by hand, not with useContractForm: one of its forms sends a file (multipart), which no contract body schema checks; the others are not converted yet (issue 30).
import type { CarrierPickup, CustomerReturnPickup, ReturnPickup } from '@market/contracts';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FieldLabel } from '../../../components/ui/field-label';
import { Pager } from '../../../components/ui/pager';
import { SelectField } from '../../../components/ui/select-field';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { TextField } from '../../../components/ui/text-field';
import { formatDateTime } from '../../../lib/dates';
import {
  PICKUP_MESSAGES,
  useAdminPickups,
  useAssignPickup,
  useCarrierPickups,
  useCollectPickup,
  useDropOffPickup,
  usePickupCarriers,
} from '../api/pickups';

// Return pickups (ADR 060) on each side's screens: where the goods are, and what this person does next.

const MAX_PHOTO_BYTES = 8 * 1024 * 1024;
const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

const when = (iso: string | null) => (iso ? formatDateTime(iso) : null);

/** What the customer does next, by the pickup's status. */
const customerNext: Record<ReturnPickup['status']['code_name'], string> = {
  requested: 'We are finding a carrier to collect the items. We will send you a pickup token.',
  assigned: 'Keep the items ready. Give the carrier your pickup token only when they take the items.',
  collected: 'The carrier has the items and is taking them to the store.',
  delivered_to_store:
    'The items reached the store. Anything still due to you, a refund or a replacement, follows once the store checks them; refunds already made are listed on this order.',
  cancelled: 'No collection is needed: the store already has the items.',
};

/** What the store does next, by the pickup's status. */
const storeNext: Record<ReturnPickup['status']['code_name'], string> = {
  requested: 'Waiting for the platform to assign a carrier.',
  assigned: 'A carrier will collect the items from the customer.',
  collected: 'The carrier is bringing the items. Mark them received when they arrive.',
  delivered_to_store: 'The carrier left the items with you. Check them, then mark them received.',
  cancelled: 'No carrier collection: you received the items another way.',
};

/** The pickup on a return: status, carrier and times; the customer also sees their token. */
export function PickupCard({
  pickup,
  viewer,
}: {
  pickup: ReturnPickup | CustomerReturnPickup;
  viewer: 'customer' | 'store' | 'admin';
}) {
  const token = 'pickupToken' in pickup ? pickup.pickupToken : null;
  const steps = [
    ['Carrier assigned', when(pickup.assignedAt)],
    ['Collected', when(pickup.collectedAt)],
    ['Delivered to the store', when(pickup.deliveredAt)],
  ].filter((step): step is [string, string] => Boolean(step[1]));
  return (
    <section
      aria-labelledby="pickup-heading"
      className="space-y-2 rounded-lg border border-slate-200 bg-white p-3"
    >
      <h2 id="pickup-heading" className="font-bold text-slate-900">
        Collection of the items: {pickup.status.known_name}
      </h2>
      <p className="text-sm text-slate-700">
        {viewer === 'customer' ? customerNext[pickup.status.code_name] : storeNext[pickup.status.code_name]}
      </p>
      {pickup.carrierName ? <p className="text-sm text-slate-700">Carrier: {pickup.carrierName}</p> : null}
      {token ? (
        <p className="text-sm text-slate-900">
          Your pickup token: <strong className="font-mono text-lg tracking-widest">{token}</strong>
        </p>
      ) : null}
      {viewer !== 'customer' && pickup.collectionLocked ? (
        <p className="text-sm text-red-700">
          Collection is locked after five wrong tokens; an admin must assign it again.
        </p>
      ) : null}
      {steps.length > 0 ? (
        <ul className="text-sm text-slate-700">
          {steps.map(([label, at]) => (
            <li key={label}>
              {label}: {at}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function PickupSummary({ pickup, door }: { pickup: CarrierPickup; door: boolean }) {
  const from = pickup.collectFrom;
  return (
    <div className="space-y-1 text-sm text-slate-700">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-bold text-slate-900">Return on {pickup.orderName}</span>
        <span className="rounded bg-slate-100 px-2 py-0.5 text-slate-800">{pickup.status.known_name}</span>
      </div>
      <p>
        {pickup.status.code_name === 'requested' || pickup.status.code_name === 'assigned'
          ? 'Collect from'
          : 'Collected from'}{' '}
        {from.fullName}
        {door && from.address ? `, ${from.address}` : ''}, {from.lga}, {from.state}
        {door && from.phoneNumber ? ` (${from.phoneNumber})` : ''}
      </p>
      <p>
        Take to {pickup.storeName}: {pickup.dropOff.address}
        {pickup.dropOff.phoneNumber ? ` (${pickup.dropOff.phoneNumber})` : ''}
      </p>
      <p>{pickup.products.map((line) => `${line.quantity} × ${line.productName}`).join(', ')}</p>
      {pickup.carrierName ? <p>Carrier: {pickup.carrierName}</p> : null}
      {pickup.collectionLocked ? (
        <p className="text-red-700">
          Collection is locked after five wrong tokens. Assign it again to issue a new token.
        </p>
      ) : null}
    </div>
  );
}

function AssignPickup({ pickupId }: { pickupId: string }) {
  const carriers = usePickupCarriers();
  const assign = useAssignPickup(pickupId);
  const [choice, setChoice] = useState('');
  const [error, setError] = useState<string>();
  const options = [
    { value: '', label: carriers.isPending ? 'Loading carriers…' : 'Choose a carrier' },
    ...(carriers.data ?? []).map((carrier) => ({
      value: `${carrier.kind}:${carrier.id}`,
      label: `${carrier.name} (${carrier.kind === 'partner' ? 'shipping partner' : 'dispatcher'})`,
    })),
  ];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const [kind, id = ''] = choice.split(':');
    if (!kind) return setError('Choose who collects the items');
    setError(undefined);
    assign.mutate(
      kind === 'partner'
        ? { carrier: 'partner', partnerId: id }
        : { carrier: 'dispatcher', dispatcherId: id },
    );
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-end" noValidate>
      <SelectField
        label="Collect with"
        options={options}
        value={choice}
        error={error}
        onChange={(event) => setChoice(event.target.value)}
      />
      <Button type="submit" disabled={assign.isPending}>
        {assign.isPending ? 'Assigning…' : 'Assign'}
      </Button>
    </form>
  );
}

/** Admins: return pickups waiting for a carrier (or to reassign before collection), and where the others are. */
export function AdminPickupQueue({ page, onPage }: { page: number; onPage(page: number): void }) {
  const pickups = useAdminPickups(page);
  if (pickups.isPending) return <LoadingState label="Loading return pickups…" />;
  if (pickups.isError)
    return <ErrorState title={PICKUP_MESSAGES.pickups} onRetry={() => pickups.refetch()} />;
  if (pickups.data.pickups.length === 0)
    return <EmptyState title="No returned item is waiting for collection" />;
  return (
    <div className="space-y-3">
      <ul className="space-y-3">
        {pickups.data.pickups.map((pickup) => (
          <li key={pickup.id} className="space-y-2 rounded-lg border border-slate-200 bg-white p-3">
            <PickupSummary pickup={pickup} door={false} />
            {pickup.status.code_name === 'requested' || pickup.status.code_name === 'assigned' ? (
              <AssignPickup pickupId={pickup.id} />
            ) : null}
          </li>
        ))}
      </ul>
      <Pager label="Pickup pages" pagination={pickups.data.pagination} noun="pickup" onPage={onPage} />
    </div>
  );
}

function PhotoInput({ label, hint, onPhoto }: { label: string; hint: string; onPhoto(file?: File): void }) {
  const id = useId();
  return (
    <div>
      <FieldLabel htmlFor={id} label={label} required />
      <input
        id={id}
        type="file"
        accept={PHOTO_TYPES.join(',')}
        capture="environment"
        required
        aria-describedby={`${id}-hint`}
        className="block w-full text-sm file:mr-3 file:min-h-11 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:font-semibold"
        onChange={(event) => onPhoto(event.target.files?.[0])}
      />
      <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
        {hint}
      </p>
    </div>
  );
}

const photoProblem = (photo?: File) =>
  !photo
    ? 'Take or choose a photo of the items'
    : !PHOTO_TYPES.includes(photo.type)
      ? 'Choose a JPEG, PNG or WebP photo'
      : photo.size > MAX_PHOTO_BYTES
        ? 'Photos must be 8 MB or smaller'
        : undefined;

function CarrierStep({ viewer, pickup }: { viewer: 'admin' | 'partner'; pickup: CarrierPickup }) {
  const collect = useCollectPickup(viewer, pickup.id);
  const dropOff = useDropOffPickup(viewer, pickup.id);
  const [token, setToken] = useState('');
  const [photo, setPhoto] = useState<File>();
  const [error, setError] = useState<string>();
  const status = pickup.status.code_name;
  if (status !== 'assigned' && status !== 'collected') return null;
  const collecting = status === 'assigned';
  const busy = collect.isPending || dropOff.isPending;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (collecting && !/^[0-9]{6}$/.test(token.trim()))
      return setError("Enter the customer's 6-digit pickup token");
    const problem = photoProblem(photo);
    if (problem) return setError(problem);
    setError(undefined);
    if (collecting) collect.mutate({ pickupToken: token.trim(), photo: photo! });
    else dropOff.mutate({ photo: photo! });
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-2 rounded-lg border border-slate-300 bg-slate-50 p-3"
    >
      {collecting ? (
        <TextField
          label="Customer's pickup token"
          inputMode="numeric"
          autoComplete="off"
          maxLength={6}
          value={token}
          onChange={(event) => setToken(event.target.value)}
        />
      ) : null}
      <PhotoInput
        label={collecting ? 'Photo of the items you collect' : 'Photo of the items at the store'}
        hint="JPEG, PNG or WebP, up to 8 MB."
        onPhoto={setPhoto}
      />
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <Button type="submit" disabled={busy || pickup.collectionLocked}>
        {busy ? 'Sending…' : collecting ? 'Collected' : 'Delivered to the store'}
      </Button>
    </form>
  );
}

/** The carrier's return pickups: collect with the customer's token and a photo, then leave them at the store. */
export function CarrierPickups({
  viewer,
  page,
  onPage,
}: {
  viewer: 'admin' | 'partner';
  page: number;
  onPage(page: number): void;
}) {
  const pickups = useCarrierPickups(viewer, page);
  if (pickups.isPending) return <LoadingState label="Loading your return pickups…" />;
  if (pickups.isError)
    return <ErrorState title={PICKUP_MESSAGES.pickups} onRetry={() => pickups.refetch()} />;
  if (pickups.data.pickups.length === 0) return <EmptyState title="No return to collect" />;
  return (
    <div className="space-y-3">
      <ul className="space-y-3">
        {pickups.data.pickups.map((pickup) => (
          <li key={pickup.id} className="space-y-2 rounded-lg border border-slate-200 bg-white p-3">
            <PickupSummary pickup={pickup} door />
            <CarrierStep viewer={viewer} pickup={pickup} />
          </li>
        ))}
      </ul>
      <Pager label="Pickup pages" pagination={pickups.data.pagination} noun="pickup" onPage={onPage} />
    </div>
  );
}
