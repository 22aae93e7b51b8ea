import type { StaffMember } from '@market/contracts';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { SelectField } from '../../../components/ui/select-field';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { formatDateTime } from '../../../lib/dates';
import { pluralize } from '../../../lib/plural';
import { errorToastMessage } from '../../../lib/toast-rules';
import { useChangeStaff } from '../api/change-staff';
import { useStaffList } from '../api/list-staff';
import { roleLabel } from './role-options';

function StatusBadge({ member }: { member: StaffMember }) {
  if (!member.isActive) return <Badge tone="red">Deactivated</Badge>;
  if (!member.passwordSet) return <Badge tone="amber">Invited</Badge>;
  return <Badge tone="green">Active</Badge>;
}

interface StaffListProps {
  currentUserId: string;
  canManage: boolean;
  roleOptions: { value: string; label: string }[];
}

/** The store's people: role (changeable by those who manage staff), state, last sign-in, and the actions. */
export function StaffList({ currentUserId, canManage, roleOptions }: StaffListProps) {
  const list = useStaffList();
  const change = useChangeStaff();
  const [toRemove, setToRemove] = useState<StaffMember | null>(null);
  const [toDeactivate, setToDeactivate] = useState<StaffMember | null>(null);

  if (list.isPending) return <LoadingState label="Loading staff…" />;
  if (list.isError)
    return <ErrorState message={errorToastMessage(list.error) ?? undefined} onRetry={() => list.refetch()} />;
  const staff = list.data;
  const others = staff.filter((member) => !member.isOwner);

  return (
    <section aria-label="Staff list" className="space-y-3">
      <p className="text-sm text-slate-700" aria-live="polite">
        {pluralize(others.length, ['staff member', 'staff members'])} besides the owner
      </p>
      {others.length === 0 ? (
        <EmptyState title="No staff yet">
          Invite someone with “Invite staff”; they choose their password from the mail.
        </EmptyState>
      ) : null}
      <ul className="space-y-3">
        {staff.map((member) => {
          const name = `${member.firstName} ${member.lastName}`;
          const changeable = canManage && !member.isOwner && member.id !== currentUserId;
          return (
            <li
              key={member.id}
              className="rounded-lg border border-slate-200 bg-white p-4"
              aria-label={`${name}, ${roleLabel(member.role)}`}
            >
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="font-semibold text-slate-900">{name}</p>
                  <p className="break-all text-sm text-slate-700">{member.email}</p>
                  <p className="text-sm text-slate-700">
                    {member.lastLogin
                      ? `Last signed in ${formatDateTime(member.lastLogin)}`
                      : 'Never signed in'}
                  </p>
                </div>
                <div className="flex items-center gap-2">
                  {member.isOwner ? <Badge>Owner</Badge> : null}
                  <StatusBadge member={member} />
                </div>
              </div>
              <div className="mt-3 flex flex-wrap items-end gap-2">
                {changeable ? (
                  <SelectField
                    label={`Role of ${name}`}
                    className="min-w-48"
                    value={member.roleRef}
                    disabled={change.isPending}
                    options={roleOptions}
                    onChange={(event) =>
                      change.mutate({ id: member.id, action: 'edit', body: { role: event.target.value } })
                    }
                  />
                ) : (
                  <p className="text-sm text-slate-800">
                    Role: <span className="font-medium">{roleLabel(member.role)}</span>
                  </p>
                )}
                {changeable ? (
                  <>
                    <Button
                      variant="secondary"
                      disabled={change.isPending}
                      aria-label={`${member.isActive ? 'Deactivate' : 'Reactivate'} ${name}`}
                      onClick={() =>
                        // Deactivating signs the member out at once: it asks first (issue 31).
                        member.isActive
                          ? setToDeactivate(member)
                          : change.mutate({ id: member.id, action: 'activate' })
                      }
                    >
                      {member.isActive ? 'Deactivate' : 'Reactivate'}
                    </Button>
                    <Button
                      variant="ghost"
                      className="text-red-800"
                      aria-label={`Remove ${name}`}
                      onClick={() => setToRemove(member)}
                    >
                      Remove
                    </Button>
                  </>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={toRemove !== null}
        title="Remove this staff member?"
        description={
          toRemove
            ? `${toRemove.firstName} ${toRemove.lastName} (${toRemove.email}) loses access at once and their account is closed.`
            : ''
        }
        confirmLabel="Remove"
        busy={change.isPending}
        onConfirm={() => {
          if (toRemove)
            change.mutate({ id: toRemove.id, action: 'remove' }, { onSettled: () => setToRemove(null) });
        }}
        onCancel={() => setToRemove(null)}
      />
      <ConfirmDialog
        open={toDeactivate !== null}
        title="Deactivate this staff member?"
        description={
          toDeactivate
            ? `${toDeactivate.firstName} ${toDeactivate.lastName} (${toDeactivate.email}) is signed out at once and cannot sign in until reactivated.`
            : ''
        }
        confirmLabel="Deactivate"
        busy={change.isPending}
        onConfirm={() => {
          if (toDeactivate)
            change.mutate(
              { id: toDeactivate.id, action: 'deactivate' },
              { onSettled: () => setToDeactivate(null) },
            );
        }}
        onCancel={() => setToDeactivate(null)}
      />
    </section>
  );
}
