import { type MerchantProduct, updateInventoryBody } from '@market/contracts';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { inputClasses } from '../../../components/ui/text-field';
import { useContractForm } from '../../../lib/contract-form';
import { numberOrNaN } from '../../../lib/form-values';
import { useUpdateInventory } from '../api/update-inventory';

/** A quick stock edit: PATCH update-product-inventory, no new approval. */
export function QuantityEditor({ product }: { product: MerchantProduct }) {
  const id = useId();
  const update = useUpdateInventory();
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors, isValid },
  } = useContractForm<typeof updateInventoryBody, { quantity: string }>(updateInventoryBody, {
    defaultValues: { quantity: String(product.quantity) },
    // Checked as the merchant types: Save stays off while the number is not a stock the contract takes.
    mode: 'onChange',
    prepare: ({ quantity }) => ({ productId: product.id, quantity: numberOrNaN(quantity.trim()) }),
  });
  const unchanged = Number(watch('quantity')) === product.quantity;
  const submit = handleSubmit((body) => update.mutate(body));
  return (
    <form className="flex items-end gap-2" onSubmit={submit} noValidate>
      <div>
        <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-800">
          Quantity of {product.name}
        </label>
        <input
          id={id}
          type="number"
          min="0"
          inputMode="numeric"
          aria-invalid={errors.quantity ? true : undefined}
          className={`${inputClasses} w-24 border-slate-400`}
          {...register('quantity')}
        />
      </div>
      <Button type="submit" variant="secondary" loading={update.isPending} disabled={!isValid || unchanged}>
        Save
      </Button>
    </form>
  );
}
