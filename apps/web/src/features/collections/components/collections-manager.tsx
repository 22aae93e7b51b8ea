import { type CreateCollectionBody, createCollectionBody, type FeaturedCollection } from '@market/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { GroupProductsEditor, ProductGroupList } from '../../../components/ui/product-group';
import { SelectField } from '../../../components/ui/select-field';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { TextField } from '../../../components/ui/text-field';
import { TextareaField } from '../../../components/ui/textarea-field';
import { contractResolver } from '../../../lib/contract-form';
import { applyServerErrors } from '../../../lib/form-errors';
import { pluralize } from '../../../lib/plural';
import { errorToastMessage } from '../../../lib/toast-rules';
import { useDebounced } from '../../../lib/use-debounced';
import { useChangeCollectionProducts, useCollectionProducts } from '../api/collection-products';
import { useCreateCollection } from '../api/create-collection';
import { useDeleteCollection } from '../api/delete-collection';
import { type CollectionStatus, useCollections } from '../api/list-collections';
import { useSearchMyProducts } from '../api/search-my-products';

const resolver = contractResolver<typeof createCollectionBody, CreateCollectionBody>(createCollectionBody);

function CreateCollectionForm() {
  const create = useCreateCollection();
  const [status, setStatus] = useState<string | null>(null);
  const { register, handleSubmit, reset, setError, formState } = useForm<CreateCollectionBody>({
    resolver,
    defaultValues: { title: '', description: '', status: 'active' },
  });
  const onSubmit = handleSubmit((values) => {
    setStatus(null);
    create.mutate(values, {
      onSuccess: () => reset(),
      onError: (error) => setStatus(applyServerErrors(error, setError, ['title', 'description', 'status'])),
    });
  });
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="New collection"
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 className="font-semibold text-slate-900">New collection</h2>
      <div aria-live="assertive">{status ? <FormAlert>{status}</FormAlert> : null}</div>
      <TextField label="Title" error={formState.errors.title?.message} {...register('title')} />
      <TextareaField
        label="Description"
        error={formState.errors.description?.message}
        {...register('description')}
      />
      <SelectField
        label="Status"
        options={[
          { value: 'active', label: 'Active (shown on your storefront)' },
          { value: 'inactive', label: 'Inactive' },
        ]}
        {...register('status')}
      />
      <Button type="submit" loading={create.isPending}>
        Create collection
      </Button>
    </form>
  );
}

function CollectionProducts({ collection }: { collection: FeaturedCollection }) {
  const products = useCollectionProducts(collection.id);
  const change = useChangeCollectionProducts(collection.id);
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search.trim());
  const found = useSearchMyProducts(debounced, debounced.length > 0);
  return (
    <GroupProductsEditor
      groupName={collection.title}
      members={products.data ?? []}
      instead={
        products.isPending ? (
          <LoadingState label="Loading products…" />
        ) : products.isError ? (
          <ErrorState message="Could not get products. Try again later." onRetry={() => products.refetch()} />
        ) : products.data.length === 0 ? (
          <p className="text-sm text-slate-700">No products in this collection yet.</p>
        ) : null
      }
      removing={change.isPending}
      onRemove={(product) => change.mutate({ productIds: [product.id], add: false })}
      searchLabel={`Find products to add to ${collection.title}`}
      search={search}
      onSearch={setSearch}
      found={found.data}
      noMatch="No products match."
      adding={change.isPending}
      onAdd={(product) => change.mutate({ productIds: [product.id], add: true })}
    />
  );
}

/** Featured collections: create, list by status, open to add/remove products, delete. */
export function CollectionsManager() {
  const [filter, setFilter] = useState<CollectionStatus | ''>('');
  const list = useCollections(filter || undefined);
  const remove = useDeleteCollection();
  return (
    <div className="space-y-5">
      <CreateCollectionForm />
      <SelectField
        label="Show"
        className="max-w-xs"
        value={filter}
        onChange={(event) => setFilter(event.target.value as CollectionStatus | '')}
        options={[
          { value: '', label: 'All collections' },
          { value: 'active', label: 'Active' },
          { value: 'inactive', label: 'Inactive' },
        ]}
      />
      <ProductGroupList
        groups={list.data ?? []}
        instead={
          list.isPending ? (
            <LoadingState label="Loading collections…" />
          ) : list.isError ? (
            <ErrorState message={errorToastMessage(list.error) ?? undefined} onRetry={() => list.refetch()} />
          ) : list.data.length === 0 ? (
            <EmptyState title="No collections yet">
              Group products for your storefront with the form above.
            </EmptyState>
          ) : null
        }
        nameOf={(collection) => collection.title}
        summaryOf={(collection) => (
          <>
            <p className="text-sm text-slate-700">{pluralize(collection.productCount, 'product')}</p>
            <Badge tone={collection.status === 'active' ? 'green' : 'slate'}>
              {collection.status === 'active' ? 'Active' : 'Inactive'}
            </Badge>
          </>
        )}
        productsOf={(collection) => <CollectionProducts collection={collection} />}
        deleting={{
          title: 'Delete this collection?',
          describe: (collection) =>
            `“${collection.title}” leaves your storefront. The products stay in your store.`,
          confirmLabel: 'Delete collection',
          busy: remove.isPending,
          remove: (collection, done) => remove.mutate(collection.id, { onSettled: done }),
        }}
      />
    </div>
  );
}
