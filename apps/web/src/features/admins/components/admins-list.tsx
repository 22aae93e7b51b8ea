import type { AdminRole, AdminSummary } from '@market/contracts';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { SelectField } from '../../../components/ui/select-field';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { SearchField } from '../../../components/ui/text-field';
import { errorToastMessage } from '../../../lib/toast-rules';
import { useDeleteAdmin } from '../api/delete-admin';
import { useAdminsList } from '../api/list-admins';
import { useSetAdminActive } from '../api/set-admin-active';
import { roleLabels, roleOptions } from './role-labels';

const PAGE_SIZE = 10;

function useDebounced<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

function StatusBadge({ admin }: { admin: AdminSummary }) {
  if (!admin.isActive) return <Badge tone="red">Inactive</Badge>;
  if (!admin.passwordSet) return <Badge tone="amber">Invited</Badge>;
  return <Badge tone="green">Active</Badge>;
}

interface RowActionsProps {
  admin: AdminSummary;
  isSelf: boolean;
  busy: boolean;
  onToggle(admin: AdminSummary): void;
  onDelete(admin: AdminSummary): void;
}

function RowActions({ admin, isSelf, busy, onToggle, onDelete }: RowActionsProps) {
  const name = `${admin.firstName} ${admin.lastName}`;
  return (
    <div className="flex flex-wrap gap-2">
      <Link
        to={`/admin/admins/${admin.id}/edit`}
        className={buttonClasses('secondary')}
        aria-label={`Edit ${name}`}
      >
        Edit
      </Link>
      {!isSelf ? (
        <>
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() => onToggle(admin)}
            aria-label={`${admin.isActive ? 'Deactivate' : 'Activate'} ${name}`}
          >
            {admin.isActive ? 'Deactivate' : 'Activate'}
          </Button>
          <Button
            variant="ghost"
            className="text-red-800"
            onClick={() => onDelete(admin)}
            aria-label={`Delete ${name}`}
          >
            Delete
          </Button>
        </>
      ) : null}
    </div>
  );
}

/** The super admin's list of admins: search, role filter, pages, and every action on a row. */
export function AdminsList({ currentAdminId }: { currentAdminId: string }) {
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<AdminRole | ''>('');
  const [page, setPage] = useState(1);
  const [toDelete, setToDelete] = useState<AdminSummary | null>(null);
  const [toDeactivate, setToDeactivate] = useState<AdminSummary | null>(null);
  const debouncedSearch = useDebounced(search.trim(), 300);

  // a new filter starts again at page 1
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the filters change
  useEffect(() => setPage(1), [debouncedSearch, role]);

  const list = useAdminsList({
    page,
    limit: PAGE_SIZE,
    search: debouncedSearch || undefined,
    role: role || undefined,
  });
  const setActive = useSetAdminActive();
  const remove = useDeleteAdmin();

  // Deactivating ends an admin's sessions at once: it asks first (issue 31); activating does not.
  const onToggle = (admin: AdminSummary) =>
    admin.isActive ? setToDeactivate(admin) : setActive.mutate({ id: admin.id, active: true });
  const confirmDeactivate = () => {
    if (!toDeactivate) return;
    setActive.mutate({ id: toDeactivate.id, active: false }, { onSettled: () => setToDeactivate(null) });
  };
  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.id, { onSettled: () => setToDelete(null) });
  };

  const admins = list.data?.admins ?? [];
  const pagination = list.data?.pagination;
  const filtered = Boolean(debouncedSearch || role);

  return (
    <section aria-label="Admins list" className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-[1fr_14rem]">
        <SearchField label="Search by name or email" value={search} onSearch={setSearch} />
        <SelectField
          label="Role"
          value={role}
          onChange={(event) => setRole(event.target.value as AdminRole | '')}
          options={[{ value: '', label: 'All roles' }, ...roleOptions]}
        />
      </div>

      {list.isPending ? (
        <LoadingState label="Loading admins…" />
      ) : list.isError ? (
        <ErrorState message={errorToastMessage(list.error) ?? undefined} onRetry={() => list.refetch()} />
      ) : admins.length === 0 ? (
        <EmptyState title={filtered ? 'No admins match' : 'No admins yet'}>
          {filtered ? 'Try another name, email or role.' : 'Create the first one with “Create admin”.'}
        </EmptyState>
      ) : (
        <>
          <ul className="space-y-3 md:hidden" aria-busy={list.isFetching}>
            {admins.map((admin) => (
              <li key={admin.id} className="rounded-lg border border-slate-200 bg-white p-4">
                <div className="flex items-start justify-between gap-2">
                  <div className="min-w-0">
                    <p className="font-semibold text-slate-900">
                      {admin.firstName} {admin.lastName}
                    </p>
                    <p className="break-all text-sm text-slate-700">{admin.email}</p>
                    <p className="mt-1 text-sm text-slate-700">{roleLabels[admin.accountType]}</p>
                  </div>
                  <StatusBadge admin={admin} />
                </div>
                <div className="mt-3">
                  <RowActions
                    admin={admin}
                    isSelf={admin.id === currentAdminId}
                    busy={setActive.isPending}
                    onToggle={onToggle}
                    onDelete={setToDelete}
                  />
                </div>
              </li>
            ))}
          </ul>
          <div className="hidden overflow-x-auto rounded-lg border border-slate-200 bg-white md:block">
            <table className="w-full text-left text-sm" aria-busy={list.isFetching}>
              <caption className="sr-only">Admins</caption>
              <thead className="bg-slate-50 text-slate-800">
                <tr>
                  <th scope="col" className="px-4 py-3">
                    Name
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Email
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Role
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Status
                  </th>
                  <th scope="col" className="px-4 py-3">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {admins.map((admin) => (
                  <tr key={admin.id} className="border-t border-slate-200">
                    <td className="px-4 py-3 font-medium text-slate-900">
                      {admin.firstName} {admin.lastName}
                    </td>
                    <td className="px-4 py-3 text-slate-700">{admin.email}</td>
                    <td className="px-4 py-3 text-slate-700">{roleLabels[admin.accountType]}</td>
                    <td className="px-4 py-3">
                      <StatusBadge admin={admin} />
                    </td>
                    <td className="px-4 py-3">
                      <RowActions
                        admin={admin}
                        isSelf={admin.id === currentAdminId}
                        busy={setActive.isPending}
                        onToggle={onToggle}
                        onDelete={setToDelete}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {pagination ? (
            <nav aria-label="Pages of admins" className="flex items-center justify-between gap-2">
              <Button variant="secondary" disabled={page <= 1} onClick={() => setPage((value) => value - 1)}>
                Previous
              </Button>
              <p className="text-sm text-slate-700" aria-live="polite">
                Page {pagination.page} of {Math.max(pagination.totalPages, 1)} · {pagination.totalItems}{' '}
                admins
              </p>
              <Button
                variant="secondary"
                disabled={page >= pagination.totalPages}
                onClick={() => setPage((value) => value + 1)}
              >
                Next
              </Button>
            </nav>
          ) : null}
        </>
      )}

      <ConfirmDialog
        open={toDelete !== null}
        title="Delete this admin?"
        description={
          toDelete
            ? `${toDelete.firstName} ${toDelete.lastName} (${toDelete.email}) will lose access at once. This cannot be undone.`
            : ''
        }
        confirmLabel="Delete admin"
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
      <ConfirmDialog
        open={toDeactivate !== null}
        title="Deactivate this admin?"
        description={
          toDeactivate
            ? `${toDeactivate.firstName} ${toDeactivate.lastName} (${toDeactivate.email}) is signed out at once and cannot sign in until activated again.`
            : ''
        }
        confirmLabel="Deactivate admin"
        busy={setActive.isPending}
        onConfirm={confirmDeactivate}
        onCancel={() => setToDeactivate(null)}
      />
    </section>
  );
}
