import type { ShippingAddress, ShippingAddressBody } from '@market/contracts';
import { useId, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorState, LoadingState } from '../../../components/ui/states';
import { ADDRESS_MESSAGES } from '../api/addresses-keys';
import { useDeleteAddress } from '../api/delete-address';
import { useAddresses } from '../api/list-addresses';
import { useMakeDefaultAddress } from '../api/make-default-address';
import { AddressForm } from './address-form';

interface AddressBookProps {
  /** With a chooser: the address the cart delivers to. */
  selectedId?: string | null;
  onSelect?(addressId: string): void;
  /** An address was added, changed or removed (the cart may need pricing again). */
  onChanged?(): void;
  /** Prefill for a new address. */
  prefill?: Partial<ShippingAddressBody>;
  busy?: boolean;
}

const smallAction =
  'inline-flex min-h-11 items-center rounded-md px-3 text-sm font-semibold hover:bg-slate-100 disabled:opacity-60';

/** The customer's addresses: choose one (at checkout), add, edit, delete and make default. */
export function AddressBook({ selectedId, onSelect, onChanged, prefill, busy = false }: AddressBookProps) {
  const addresses = useAddresses();
  const remove = useDeleteAddress();
  const makeDefault = useMakeDefaultAddress();
  const [editing, setEditing] = useState<ShippingAddress | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ShippingAddress | null>(null);
  const groupName = useId();

  if (addresses.isPending) return <LoadingState label="Loading your addresses…" />;
  if (addresses.isError)
    return <ErrorState title={ADDRESS_MESSAGES.list} onRetry={() => addresses.refetch()} />;
  const rows = addresses.data.rows;
  const formOpen = editing !== null || rows.length === 0;

  const done = (address: ShippingAddress) => {
    setEditing(null);
    onChanged?.();
    if (onSelect && (rows.length === 0 || editing === 'new')) onSelect(address.id);
  };

  return (
    <div className="space-y-3">
      {rows.length > 0 ? (
        <fieldset disabled={busy} className="space-y-2">
          <legend className="sr-only">{onSelect ? 'Deliver to' : 'Your addresses'}</legend>
          <ul className="space-y-2">
            {rows.map((address) => {
              const chosen = address.id === selectedId;
              const labelId = `${groupName}-${address.id}`;
              return (
                <li
                  key={address.id}
                  className={`rounded-lg border bg-white p-3 ${chosen ? 'border-emerald-700 ring-1 ring-emerald-700' : 'border-slate-200'}`}
                >
                  <div className="flex items-start gap-3">
                    {onSelect ? (
                      <input
                        type="radio"
                        name={groupName}
                        checked={chosen}
                        onChange={() => onSelect(address.id)}
                        aria-labelledby={labelId}
                        className="mt-1 h-6 w-6 shrink-0 accent-emerald-700"
                      />
                    ) : null}
                    <div id={labelId} className="min-w-0 flex-1 text-sm text-slate-800">
                      <p className="font-semibold text-slate-900">
                        {address.fullName} {address.default ? <Badge tone="green">Default</Badge> : null}
                      </p>
                      <p>{address.address}</p>
                      <p>
                        {address.lga}, {address.stateOrRegion}
                      </p>
                      <p>{address.phoneNumber}</p>
                    </div>
                  </div>
                  <div className="mt-1 flex flex-wrap gap-1">
                    <button
                      type="button"
                      className={`${smallAction} text-slate-900`}
                      onClick={() => setEditing(address)}
                    >
                      Edit<span className="sr-only"> address of {address.fullName}</span>
                    </button>
                    {address.default ? null : (
                      <button
                        type="button"
                        className={`${smallAction} text-slate-900`}
                        disabled={makeDefault.isPending}
                        onClick={() => makeDefault.mutate(address.id)}
                      >
                        Make default<span className="sr-only"> ({address.address})</span>
                      </button>
                    )}
                    <button
                      type="button"
                      className={`${smallAction} text-red-800 hover:bg-red-50`}
                      onClick={() => setDeleting(address)}
                    >
                      Delete<span className="sr-only"> address {address.address}</span>
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
        </fieldset>
      ) : (
        <p className="text-sm text-slate-700">You have no saved addresses yet. Add one below.</p>
      )}
      {formOpen ? (
        <AddressForm
          key={editing === null || editing === 'new' ? 'new' : editing.id}
          address={editing && editing !== 'new' ? editing : undefined}
          prefill={prefill}
          onDone={done}
          onCancel={() => setEditing(null)}
        />
      ) : (
        <Button variant="secondary" onClick={() => setEditing('new')}>
          Add a new address
        </Button>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this address?"
        description={deleting ? `${deleting.address}, ${deleting.lga}, ${deleting.stateOrRegion}` : ''}
        confirmLabel="Delete address"
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => onChanged?.(),
            onSettled: () => setDeleting(null),
          })
        }
      />
    </div>
  );
}
