import { type MinRequireType, minRequireTypes } from '@market/contracts';
import { FormSection } from '../../../../components/ui/form-section';
import { SelectField } from '../../../../components/ui/select-field';
import { TextField } from '../../../../components/ui/text-field';
import { numberOrNaN } from '../../../../lib/form-values';
import type { CouponFormApi } from './coupon-form-values';

const minimumLabels: Record<MinRequireType, string> = {
  Amount: 'Minimum amount spent (₦)',
  Quantity: 'Minimum number of items',
  None: 'No minimum',
};

/** A minimum spend or number of items before the coupon applies (Buy X get Y uses its X instead). */
export function CouponMinimumSection({ form }: { form: CouponFormApi }) {
  const { register, watch, formState } = form;
  const errors = formState.errors;
  const minRequireType = watch('minRequireType');
  return (
    <FormSection title="Minimum requirement">
      <SelectField
        label="Minimum requirement"
        options={minRequireTypes.map((value) => ({ value, label: minimumLabels[value] }))}
        error={errors.minRequireType?.message}
        {...register('minRequireType')}
      />
      {minRequireType === 'Amount' ? (
        <TextField
          label="Minimum amount (₦)"
          aria-required
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0"
          hint="Of the items the coupon applies to."
          error={errors.minRequireValue?.message}
          {...register('minRequireValue', { setValueAs: numberOrNaN })}
        />
      ) : null}
      {minRequireType === 'Quantity' ? (
        <TextField
          label="Minimum quantity"
          aria-required
          type="number"
          inputMode="numeric"
          step="1"
          min="0"
          hint="Items the coupon applies to."
          error={errors.minRequireValue?.message}
          {...register('minRequireValue', { setValueAs: numberOrNaN })}
        />
      ) : null}
    </FormSection>
  );
}
