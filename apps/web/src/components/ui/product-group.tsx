import { type ReactNode, useState } from 'react';
import { Button } from './button';
import { ConfirmDialog } from './confirm-dialog';
import { SearchField } from './text-field';

/**
 * A dashboard list of product groups (a store's featured collections, the platform's promotions): one group open at
 * a time to show its products, and Delete asking first.
 */
export function ProductGroupList<G extends { id: string }>({
  groups,
  instead,
  nameOf,
  summaryOf,
  productsOf,
  deleting,
}: {
  groups: readonly G[];
  /** Shown in place of the list while there is none to show (loading, could not load, none yet). */
  instead: ReactNode;
  nameOf(group: G): string;
  summaryOf(group: G): ReactNode;
  /** The open group's products, and what adds and removes them. */
  productsOf(group: G): ReactNode;
  deleting: {
    title: string;
    describe(group: G): string;
    confirmLabel: string;
    busy: boolean;
    /** Deletes the group; `done` closes the question, whatever the answer. */
    remove(group: G, done: () => void): void;
  };
}) {
  const [open, setOpen] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<G | null>(null);
  return (
    <>
      {instead ?? (
        <ul className="space-y-3">
          {groups.map((group) => (
            <ProductGroupItem
              key={group.id}
              name={nameOf(group)}
              summary={summaryOf(group)}
              open={open === group.id}
              onToggle={() => setOpen(open === group.id ? null : group.id)}
              onDelete={() => setToDelete(group)}
            >
              {productsOf(group)}
            </ProductGroupItem>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title={deleting.title}
        description={toDelete ? deleting.describe(toDelete) : ''}
        confirmLabel={deleting.confirmLabel}
        busy={deleting.busy}
        onConfirm={() => toDelete && deleting.remove(toDelete, () => setToDelete(null))}
        onCancel={() => setToDelete(null)}
      />
    </>
  );
}

/**
 * One group of products in a dashboard list (a store's featured collection, a platform promotion): its name and
 * summary, a button that shows its products below (`children`, drawn only while open) and Delete.
 */
export function ProductGroupItem({
  name,
  summary,
  open,
  onToggle,
  onDelete,
  children,
}: {
  name: string;
  /** Under the name: the count of products, the dates, the status badge. */
  summary: ReactNode;
  open: boolean;
  onToggle: () => void;
  onDelete: () => void;
  children: ReactNode;
}) {
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold text-slate-900">{name}</p>
          {summary}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" aria-expanded={open} onClick={onToggle}>
            {open ? 'Hide products' : 'Products'}
          </Button>
          <Button variant="dangerGhost" onClick={onDelete} aria-label={`Delete ${name}`}>
            Delete
          </Button>
        </div>
      </div>
      {open ? children : null}
    </li>
  );
}

/** A product in a short list, with the one thing to do to it (Add, Remove) at the end of the line. */
export function ProductRow({ children, action }: { children: ReactNode; action: ReactNode }) {
  return (
    <li className="flex items-center justify-between gap-2 text-sm">
      <span className="min-w-0 break-words">{children}</span>
      {action}
    </li>
  );
}

/**
 * The products of an open group (a featured collection, a promotion): each with Remove, then a search whose matches
 * not yet in the group each have Add. The caller owns the search text and its query, so each group searches its own
 * products (a store's own, or every approved one).
 */
export function GroupProductsEditor<
  M extends { id: string; name: string },
  F extends { id: string; name: string },
>({
  groupName,
  members,
  keyOf = (member) => member.id,
  instead,
  removing,
  onRemove,
  searchLabel,
  search,
  onSearch,
  found,
  noMatch,
  describeFound = (product) => product.name,
  adding,
  onAdd,
}: {
  /** Names the group in each button's label: "Remove Rice from Weekend deals". */
  groupName: string;
  members: readonly M[];
  keyOf?(member: M): string;
  /** Shown in place of the members while there are none to show (loading, could not load, none yet). */
  instead: ReactNode;
  removing: boolean;
  onRemove(member: M): void;
  searchLabel: string;
  search: string;
  onSearch(text: string): void;
  /** The search's matches; undefined until there is an answer to a search. */
  found: readonly F[] | undefined;
  noMatch: string;
  describeFound?(product: F): ReactNode;
  adding: boolean;
  onAdd(product: F): void;
}) {
  const inside = new Set(members.map((member) => member.id));
  return (
    <div className="mt-3 space-y-3 border-t border-slate-200 pt-3">
      {instead ?? (
        <ul className="space-y-2">
          {members.map((member) => (
            <ProductRow
              key={keyOf(member)}
              action={
                <Button
                  variant="dangerGhost"
                  disabled={removing}
                  onClick={() => onRemove(member)}
                  aria-label={`Remove ${member.name} from ${groupName}`}
                >
                  Remove
                </Button>
              }
            >
              {member.name}
            </ProductRow>
          ))}
        </ul>
      )}
      <SearchField label={searchLabel} value={search} onSearch={onSearch} />
      {found ? (
        <ul className="space-y-2" aria-live="polite">
          {found.length === 0 ? <li className="text-sm text-slate-700">{noMatch}</li> : null}
          {found
            .filter((product) => !inside.has(product.id))
            .map((product) => (
              <ProductRow
                key={product.id}
                action={
                  <Button
                    variant="secondary"
                    disabled={adding}
                    onClick={() => onAdd(product)}
                    aria-label={`Add ${product.name} to ${groupName}`}
                  >
                    Add
                  </Button>
                }
              >
                {describeFound(product)}
              </ProductRow>
            ))}
        </ul>
      ) : null}
    </div>
  );
}
