import type { ShippingZone } from '@market/contracts';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { pluralize } from '../../../lib/plural';
import { errorToastMessage } from '../../../lib/toast-rules';
import { useDeleteZone } from '../api/delete-zone';
import { useZones } from '../api/list-zones';
import { ZoneForm } from './zone-form';

/** Zones: list with their states, create, rename or change states, delete (with its zone rates). */
export function ZonesManager() {
  const zones = useZones();
  const remove = useDeleteZone();
  const [editing, setEditing] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [toDelete, setToDelete] = useState<ShippingZone | null>(null);

  if (zones.isPending) return <LoadingState label="Loading zones…" />;
  if (zones.isError)
    return (
      <ErrorState
        title="Could not get shipping zones"
        message={errorToastMessage(zones.error) ?? undefined}
        onRetry={() => zones.refetch()}
      />
    );
  const { zones: list, unzonedStates } = zones.data;

  return (
    <div className="space-y-5">
      {adding ? (
        <ZoneForm zones={list} onDone={() => setAdding(false)} onCancel={() => setAdding(false)} />
      ) : (
        <Button onClick={() => setAdding(true)}>New zone</Button>
      )}
      <section aria-label="States in no zone" className="rounded-lg border border-amber-300 bg-amber-50 p-3">
        <h2 className="text-sm font-semibold text-amber-900">States in no zone ({unzonedStates.length})</h2>
        <p className="text-sm text-amber-900">
          {unzonedStates.length === 0
            ? 'Every state is in a zone.'
            : `${unzonedStates.join(', ')}. Deliveries to these states cannot be priced.`}
        </p>
      </section>
      {list.length === 0 ? (
        <EmptyState title="No zones yet">Create a zone and give it its states.</EmptyState>
      ) : (
        <ul className="grid gap-3 lg:grid-cols-2">
          {list.map((zone) =>
            editing === zone.id ? (
              <li key={zone.id} className="lg:col-span-2">
                <ZoneForm
                  zone={zone}
                  zones={list}
                  onDone={() => setEditing(null)}
                  onCancel={() => setEditing(null)}
                />
              </li>
            ) : (
              <li key={zone.id} className="rounded-lg border border-slate-200 bg-white p-4">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="min-w-0">
                    <h2 className="font-semibold text-slate-900">{zone.name}</h2>
                    <p className="text-sm text-slate-700">
                      {pluralize(zone.states.length, 'state')}: {zone.states.join(', ')}
                    </p>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    <Button
                      variant="secondary"
                      onClick={() => setEditing(zone.id)}
                      aria-label={`Edit ${zone.name}`}
                    >
                      Edit
                    </Button>
                    <Button
                      variant="dangerGhost"
                      onClick={() => setToDelete(zone)}
                      aria-label={`Delete ${zone.name}`}
                    >
                      Delete
                    </Button>
                  </div>
                </div>
              </li>
            ),
          )}
        </ul>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete this zone?"
        description={
          toDelete
            ? `“${toDelete.name}” and its zone rates are deleted. Its states are left in no zone until you add them elsewhere.`
            : ''
        }
        confirmLabel="Delete zone"
        busy={remove.isPending}
        onConfirm={() => toDelete && remove.mutate(toDelete.id, { onSettled: () => setToDelete(null) })}
        onCancel={() => setToDelete(null)}
      />
    </div>
  );
}
