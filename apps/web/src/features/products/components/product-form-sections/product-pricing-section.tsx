import { FormSection } from '../../../../components/ui/form-section';
import { TextField } from '../../../../components/ui/text-field';
import { numberOrNaN } from '../../../../lib/form-values';
import type { ProductFormApi } from './product-form-values';

/** Cost, selling and regular price of the one pricing entry, in naira. */
export function ProductPricingSection({ form }: { form: ProductFormApi }) {
  const { register, formState } = form;
  const errors = formState.errors.pricing?.[0];
  return (
    <FormSection title="Pricing (naira)">
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          label="Cost price"
          aria-required
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0"
          hint="What you paid; customers never see it."
          error={errors?.costPrice?.message}
          {...register('pricing.0.costPrice', { setValueAs: numberOrNaN })}
        />
        <TextField
          label="Selling price"
          aria-required
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0"
          hint="What the customer pays."
          error={errors?.sellingPrice?.message}
          {...register('pricing.0.sellingPrice', { setValueAs: numberOrNaN })}
        />
        <TextField
          label="Regular price"
          aria-required
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0"
          hint="Shown crossed out when higher."
          error={errors?.price?.message}
          {...register('pricing.0.price', { setValueAs: numberOrNaN })}
        />
      </div>
    </FormSection>
  );
}
