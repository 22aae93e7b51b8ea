import { FormSection } from '../../../../components/ui/form-section';
import { TextField } from '../../../../components/ui/text-field';
import { numberOrNaN } from '../../../../lib/form-values';
import type { ProductFormApi } from './product-form-values';

/** An empty date input means "no limit on this side". */
const dayOrNull = (value: unknown) =>
  value === '' || value === undefined || value === null ? null : String(value);

/** Cost, selling and regular price of the one pricing entry, in naira, and the sale's days. */
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
          hint="What the customer pays (during the sale's days, if you set them)."
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
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Sale starts (optional)"
          type="date"
          hint="First day of the sale, Lagos time. Empty: the sale is on now."
          error={errors?.saleStartDate?.message}
          {...register('pricing.0.saleStartDate', { setValueAs: dayOrNull })}
        />
        <TextField
          label="Sale ends (optional)"
          type="date"
          hint="Last day of the sale, included. After it customers pay the regular price."
          error={errors?.saleEndDate?.message}
          {...register('pricing.0.saleEndDate', { setValueAs: dayOrNull })}
        />
      </div>
    </FormSection>
  );
}
