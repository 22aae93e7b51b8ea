import { type PaymentCategory, updatePaymentCategoryBody } from '@market/contracts';
import { Button } from '../../../components/ui/button';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { TextField } from '../../../components/ui/text-field';
import { useContractForm } from '../../../lib/contract-form';
import { isApiError } from '../../../lib/errors';
import { numberOrNaN } from '../../../lib/form-values';
import { formatNumber } from '../../../lib/numbers';
import { pluralize } from '../../../lib/plural';
import { PAYOUT_MESSAGES, usePaymentCategories, useUpdatePaymentCategory } from '../api/payouts';

/** `/admin/payouts/categories`: each payment category's commission, editable by admins who approve payouts. */
/** `canEdit` is undefined until the account's permissions are known: nothing is editable meanwhile. */
export function PaymentCategories({ canEdit }: { canEdit: boolean | undefined }) {
  const categories = usePaymentCategories();
  if (categories.isPending) return <LoadingState label="Loading payment categories…" />;
  if (categories.isError)
    return <ErrorState title={PAYOUT_MESSAGES.categories} onRetry={() => categories.refetch()} />;
  if (categories.data.length === 0) return <EmptyState title="No payment categories" />;
  return (
    <>
      {canEdit !== false ? null : (
        <p className="text-sm text-slate-700" data-testid="read-only">
          Your role can see the commissions but not change them.
        </p>
      )}
      <ul className="space-y-3">
        {categories.data.map((category) => (
          <CategoryRow key={category.slug} category={category} canEdit={canEdit === true} />
        ))}
      </ul>
    </>
  );
}

function CategoryRow({ category, canEdit }: { category: PaymentCategory; canEdit: boolean }) {
  const update = useUpdatePaymentCategory();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useContractForm<typeof updatePaymentCategoryBody, { commissionPercentage: string }>(
    updatePaymentCategoryBody,
    {
      defaultValues: { commissionPercentage: String(category.commissionPercentage) },
      // The input holds text; a blank one is NaN, which the contract answers with its own words.
      prepare: (values) => ({ commissionPercentage: numberOrNaN(values.commissionPercentage.trim()) }),
    },
  );
  const submit = handleSubmit(({ commissionPercentage }) => {
    update.mutate(
      { slug: category.slug, commissionPercentage },
      {
        onError: (failure) =>
          setError('commissionPercentage', {
            message: isApiError(failure) ? failure.message : 'Could not save the commission; try again',
          }),
      },
    );
  });
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-3" data-testid="payment-category">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="font-semibold text-slate-900">{category.name}</h2>
        <p className="text-sm text-slate-700">
          {formatNumber(category.commissionPercentage)} % · {pluralize(category.storeCount, 'store')}
        </p>
      </div>
      {canEdit ? (
        <form className="mt-2 flex flex-wrap items-end gap-2" onSubmit={submit} noValidate>
          <TextField
            className="w-40"
            label={`${category.name} commission (%)`}
            inputMode="decimal"
            error={errors.commissionPercentage?.message}
            {...register('commissionPercentage')}
          />
          <Button type="submit" variant="secondary" disabled={update.isPending}>
            Save
          </Button>
        </form>
      ) : null}
    </li>
  );
}
