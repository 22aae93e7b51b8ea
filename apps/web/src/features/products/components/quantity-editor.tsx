import type { MerchantProduct } from '@market/contracts';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { inputClasses } from '../../../components/ui/text-field';
import { useUpdateInventory } from '../api/update-inventory';

/** A quick stock edit: PATCH update-product-inventory, no new approval. */
export function QuantityEditor({ product }: { product: MerchantProduct }) {
  const id = useId();
  const [value, setValue] = useState(String(product.quantity));
  const update = useUpdateInventory();
  const parsed = Number(value);
  const valid = value !== '' && Number.isInteger(parsed) && parsed >= 0;
  return (
    <form
      className="flex items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (valid) update.mutate({ productId: product.id, quantity: parsed });
      }}
    >
      <div>
        <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-800">
          Quantity of {product.name}
        </label>
        <input
          id={id}
          type="number"
          min="0"
          inputMode="numeric"
          value={value}
          aria-invalid={valid ? undefined : true}
          onChange={(event) => setValue(event.target.value)}
          className={`${inputClasses} w-24 border-slate-400`}
        />
      </div>
      <Button
        type="submit"
        variant="secondary"
        loading={update.isPending}
        disabled={!valid || parsed === product.quantity}
      >
        Save
      </Button>
    </form>
  );
}
