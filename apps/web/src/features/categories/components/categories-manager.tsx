import { type Category, createCategoryBody } from '@market/contracts';
import { useState } from 'react';
import { useCategoryTree } from '../../../api/get-category-tree';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormAlert } from '../../../components/ui/form-alert';
import { SelectField } from '../../../components/ui/select-field';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { TextField } from '../../../components/ui/text-field';
import { useContractForm } from '../../../lib/contract-form';
import { applyServerErrors } from '../../../lib/form-errors';
import { useCreateCategory, useEditCategory, useRetireCategory } from '../api/manage-category';

interface Node {
  id: string;
  name: string;
  position: number;
  children: Node[];
}

function toNodes(tree: Category[]): Node[] {
  return tree.map((category) => ({
    id: category.id,
    name: category.name,
    position: category.position,
    children: category.subCategories.map((sub) => ({
      id: sub.id,
      name: sub.name,
      position: sub.position,
      children: sub.childCategories.map((child) => ({
        id: child.id,
        name: child.name,
        position: child.position,
        children: [],
      })),
    })),
  }));
}

function CreateForm({ tree }: { tree: Category[] }) {
  const create = useCreateCategory();
  const [status, setStatus] = useState<string | null>(null);
  const { register, handleSubmit, reset, setError, formState } = useContractForm(createCategoryBody, {
    defaultValues: { name: '', parentId: undefined },
  });
  const parents = tree.flatMap((category) => [
    { value: category.id, label: category.name },
    ...category.subCategories.map((sub) => ({ value: sub.id, label: `${category.name} › ${sub.name}` })),
  ]);
  return (
    <form
      aria-label="New category"
      noValidate
      className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
      onSubmit={handleSubmit((values) => {
        setStatus(null);
        create.mutate(values, {
          onSuccess: () => reset({ name: '', parentId: values.parentId }),
          onError: (error) => setStatus(applyServerErrors(error, setError, ['name', 'parentId'])),
        });
      })}
    >
      <div aria-live="assertive" className="sm:col-span-3">
        {status ? <FormAlert>{status}</FormAlert> : null}
      </div>
      <TextField label="Name" error={formState.errors.name?.message} {...register('name')} />
      <SelectField
        label="Inside"
        options={[{ value: '', label: 'Top level (a category)' }, ...parents]}
        error={formState.errors.parentId?.message}
        {...register('parentId', { setValueAs: (value: string) => (value === '' ? undefined : value) })}
      />
      <Button type="submit" loading={create.isPending}>
        Add
      </Button>
    </form>
  );
}

function Row({
  node,
  siblings,
  index,
  depth,
  onRetire,
}: {
  node: Node;
  siblings: Node[];
  index: number;
  depth: number;
  onRetire(node: Node): void;
}) {
  const edit = useEditCategory();
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(node.name);
  /** Swaps positions with a neighbour (equal positions: this one steps past it). */
  const swap = (other: Node | undefined, direction: -1 | 1) => {
    if (!other) return;
    if (other.position === node.position) {
      edit.mutate({ id: node.id, body: { position: Math.max(0, other.position + direction) } });
      return;
    }
    edit.mutate({ id: node.id, body: { position: other.position } });
    edit.mutate({ id: other.id, body: { position: node.position } });
  };
  return (
    <li className={depth > 0 ? 'ml-3 border-l border-slate-200 pl-3 sm:ml-6' : ''}>
      <div className="flex flex-col gap-1 py-2 sm:flex-row sm:items-center">
        {renaming ? (
          <form
            className="flex flex-1 flex-wrap items-end gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              if (name.trim())
                edit.mutate(
                  { id: node.id, body: { name: name.trim() } },
                  { onSuccess: () => setRenaming(false) },
                );
            }}
          >
            <TextField
              label={`New name for ${node.name}`}
              value={name}
              onChange={(event) => setName(event.target.value)}
            />
            <Button type="submit" loading={edit.isPending}>
              Save
            </Button>
            <Button variant="ghost" onClick={() => setRenaming(false)}>
              Cancel
            </Button>
          </form>
        ) : (
          <>
            <span
              className={`min-w-0 flex-1 break-words ${depth === 0 ? 'font-semibold' : ''} text-slate-900`}
            >
              {node.name}
            </span>
            <div className="flex flex-wrap gap-1">
              <Button
                variant="ghost"
                className="px-2"
                disabled={index === 0 || edit.isPending}
                onClick={() => swap(siblings[index - 1], -1)}
                aria-label={`Move ${node.name} up`}
              >
                ↑
              </Button>
              <Button
                variant="ghost"
                className="px-2"
                disabled={index === siblings.length - 1 || edit.isPending}
                onClick={() => swap(siblings[index + 1], 1)}
                aria-label={`Move ${node.name} down`}
              >
                ↓
              </Button>
              <Button
                variant="ghost"
                className="px-2"
                onClick={() => setRenaming(true)}
                aria-label={`Rename ${node.name}`}
              >
                Rename
              </Button>
              <Button
                variant="dangerGhost"
                className="px-2"
                onClick={() => onRetire(node)}
                aria-label={`Retire ${node.name}`}
              >
                Retire
              </Button>
            </div>
          </>
        )}
      </div>
      {node.children.length > 0 ? (
        <ul>
          {node.children.map((child, childIndex) => (
            <Row
              key={child.id}
              node={child}
              siblings={node.children}
              index={childIndex}
              depth={depth + 1}
              onRetire={onRetire}
            />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** The three-level category tree: create, rename, reorder, retire. */
export function CategoriesManager() {
  const tree = useCategoryTree();
  const retire = useRetireCategory();
  const [toRetire, setToRetire] = useState<Node | null>(null);
  if (tree.isPending) return <LoadingState label="Loading categories…" />;
  if (tree.isError)
    return <ErrorState message="Could not get categories. Try again later." onRetry={() => tree.refetch()} />;
  const nodes = toNodes(tree.data);
  return (
    <div className="space-y-4">
      <CreateForm tree={tree.data} />
      {nodes.length === 0 ? (
        <EmptyState title="No categories yet">Add the first one above.</EmptyState>
      ) : (
        <ul aria-label="Category tree" className="rounded-lg border border-slate-200 bg-white px-3">
          {nodes.map((node, index) => (
            <Row key={node.id} node={node} siblings={nodes} index={index} depth={0} onRetire={setToRetire} />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={toRetire !== null}
        title="Retire this category?"
        description={
          toRetire
            ? `“${toRetire.name}” and everything under it disappear from the marketplace. This is refused while products use it.`
            : ''
        }
        confirmLabel="Retire category"
        busy={retire.isPending}
        onConfirm={() => toRetire && retire.mutate(toRetire.id, { onSettled: () => setToRetire(null) })}
        onCancel={() => setToRetire(null)}
      />
    </div>
  );
}
