import { type CreatePromotionBody, createPromotionBody, type Promotion } from '@market/contracts';
import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { DateField } from '../../../components/ui/date-field';
import { FormAlert } from '../../../components/ui/form-alert';
import { GroupProductsEditor, ProductGroupList } from '../../../components/ui/product-group';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { TextField } from '../../../components/ui/text-field';
import { TextareaField } from '../../../components/ui/textarea-field';
import { contractResolver } from '../../../lib/contract-form';
import { formatDateTime } from '../../../lib/dates';
import { applyServerErrors } from '../../../lib/form-errors';
import { pluralize } from '../../../lib/plural';
import { errorToastMessage } from '../../../lib/toast-rules';
import { useDebounced } from '../../../lib/use-debounced';
import {
  useAddPromotionProducts,
  useCreatePromotion,
  useDeletePromotion,
  useProductSearch,
  usePromotions,
  useRemovePromotionProduct,
  useRunningPromotionProducts,
} from '../api/promotions';

/** `datetime-local` text (local time) to an ISO instant; empty stays empty. */
const toIso = (value: unknown) =>
  typeof value === 'string' && value ? new Date(value).toISOString() : undefined;
const base = contractResolver<typeof createPromotionBody, CreatePromotionBody>(createPromotionBody);
const resolver: Resolver<CreatePromotionBody> = (values, context, options) =>
  base(
    {
      ...values,
      startsAt: toIso(values.startsAt),
      endsAt: toIso(values.endsAt),
      description: values.description || undefined,
    },
    context,
    options,
  );

function CreatePromotionForm() {
  const create = useCreatePromotion();
  const [status, setStatus] = useState<string | null>(null);
  const { register, handleSubmit, reset, setError, formState } = useForm<CreatePromotionBody>({
    resolver,
    defaultValues: { name: '', description: '', startsAt: '', endsAt: '' },
  });
  const errors = formState.errors;
  return (
    <form
      aria-label="New promotion"
      noValidate
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
      onSubmit={handleSubmit((values) => {
        setStatus(null);
        create.mutate(values, {
          onSuccess: () => reset(),
          onError: (error) =>
            setStatus(applyServerErrors(error, setError, ['name', 'description', 'startsAt', 'endsAt'])),
        });
      })}
    >
      <h2 className="font-semibold text-slate-900">New promotion</h2>
      <div aria-live="assertive">{status ? <FormAlert>{status}</FormAlert> : null}</div>
      <TextField label="Name" error={errors.name?.message} {...register('name')} />
      <TextareaField label="Description" error={errors.description?.message} {...register('description')} />
      <div className="grid gap-3 sm:grid-cols-2">
        <DateField
          label="Starts"
          type="datetime-local"
          error={errors.startsAt?.message}
          {...register('startsAt')}
        />
        <DateField
          label="Ends"
          type="datetime-local"
          error={errors.endsAt?.message}
          {...register('endsAt')}
        />
      </div>
      <Button type="submit" loading={create.isPending}>
        Create promotion
      </Button>
    </form>
  );
}

function PromotionProducts({ promotion }: { promotion: Promotion }) {
  const running = useRunningPromotionProducts();
  const add = useAddPromotionProducts();
  const remove = useRemovePromotionProduct();
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search.trim());
  const found = useProductSearch(debounced);
  const products = running.data?.find((item) => item.id === promotion.id)?.products ?? [];
  return (
    <GroupProductsEditor
      groupName={promotion.name}
      members={products}
      keyOf={(product) => product.promotionProductId}
      instead={
        running.isPending ? (
          <LoadingState label="Loading products…" />
        ) : products.length === 0 ? (
          <p className="text-sm text-slate-700">
            {promotion.productCount > 0
              ? `${pluralize(promotion.productCount, 'product')} (shown here while the promotion runs).`
              : 'No products yet.'}
          </p>
        ) : null
      }
      removing={remove.isPending}
      onRemove={(product) => remove.mutate(product.promotionProductId)}
      searchLabel={`Find products for ${promotion.name}`}
      search={search}
      onSearch={setSearch}
      found={found.data}
      noMatch="No approved products match."
      describeFound={(product) => (
        <>
          {product.name} <span className="text-slate-700">· {product.storeName}</span>
        </>
      )}
      adding={add.isPending}
      onAdd={(product) => add.mutate({ promotionId: promotion.id, productIds: [product.id] })}
    />
  );
}

const when = (value: string | null) => (value ? formatDateTime(value) : null);

/** Promotions: create with dates, add products by search, remove a product, delete a promotion. */
export function PromotionsManager() {
  const list = usePromotions();
  const remove = useDeletePromotion();
  return (
    <div className="space-y-5">
      <CreatePromotionForm />
      <ProductGroupList
        groups={list.data ?? []}
        instead={
          list.isPending ? (
            <LoadingState label="Loading promotions…" />
          ) : list.isError ? (
            <ErrorState message={errorToastMessage(list.error) ?? undefined} onRetry={() => list.refetch()} />
          ) : list.data.length === 0 ? (
            <EmptyState title="No promotions yet" />
          ) : null
        }
        nameOf={(promotion) => promotion.name}
        summaryOf={(promotion) => (
          <>
            <p className="text-sm text-slate-700">
              {[when(promotion.startsAt), when(promotion.endsAt)].filter(Boolean).join(' – ') ||
                'No end date'}{' '}
              · {pluralize(promotion.productCount, 'product')}
            </p>
            <Badge tone={promotion.isActive ? 'green' : 'slate'}>
              {promotion.isActive ? 'Running' : 'Not running'}
            </Badge>
          </>
        )}
        productsOf={(promotion) => <PromotionProducts promotion={promotion} />}
        deleting={{
          title: 'Delete this promotion?',
          describe: (promotion) =>
            `“${promotion.name}” and its product list are deleted. The products stay in their stores.`,
          confirmLabel: 'Delete promotion',
          busy: remove.isPending,
          remove: (promotion, done) => remove.mutate(promotion.id, { onSettled: done }),
        }}
      />
    </div>
  );
}
