import type { Hub } from '@market/contracts';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { pluralize } from '../../../lib/plural';
import { HUB_MESSAGES, useAdminHubs } from '../api/hubs';
import { HubForm } from './hub-form';

/** Every hub, with a form to create one or edit one. */
export function HubsAdmin() {
  const hubs = useAdminHubs();
  const [editing, setEditing] = useState<Hub | 'new'>();
  return (
    <section aria-labelledby="hubs-heading" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="hubs-heading" className="text-lg font-semibold text-slate-900">
          Hubs
        </h2>
        {editing ? null : <Button onClick={() => setEditing('new')}>New hub</Button>}
      </div>
      {editing ? (
        <HubForm
          key={editing === 'new' ? 'new' : editing.id}
          hub={editing === 'new' ? undefined : editing}
          onDone={() => setEditing(undefined)}
        />
      ) : null}
      {hubs.isPending ? (
        <LoadingState label="Loading hubs…" />
      ) : hubs.isError ? (
        <ErrorState title={HUB_MESSAGES.hubs} onRetry={() => hubs.refetch()} />
      ) : hubs.data.length === 0 ? (
        <EmptyState title="No hub yet">
          Create the first hub: merchants and partners can then apply for it.
        </EmptyState>
      ) : (
        <ul className="space-y-2">
          {hubs.data.map((hub) => (
            <li
              key={hub.id}
              className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0 text-sm">
                <p className="flex flex-wrap items-center gap-2 font-bold text-slate-900">
                  {hub.name}
                  {hub.isActive ? null : <Badge>Closed</Badge>}
                </p>
                <p className="text-slate-700">
                  {hub.address}, {hub.lga}, {hub.state}
                </p>
                <p className="text-slate-700">
                  Holds {pluralize(hub.capacity, 'parcel')} ·{' '}
                  <a className="underline" href={`tel:${hub.contactPhone}`}>
                    {hub.contactPhone}
                  </a>{' '}
                  · <span className="break-all">{hub.contactEmail}</span>
                </p>
              </div>
              <Button variant="secondary" onClick={() => setEditing(hub)} aria-label={`Edit ${hub.name}`}>
                Edit
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
