import { type DiscountMode, type DiscountType, discountModes, discountTypes } from '@market/contracts';
import { CheckboxField } from '../../../../components/ui/checkbox-field';
import { FormSection } from '../../../../components/ui/form-section';
import { SelectField } from '../../../../components/ui/select-field';
import { TextField } from '../../../../components/ui/text-field';
import { TextareaField } from '../../../../components/ui/textarea-field';
import { numberOrNaN } from '../../../../lib/form-values';
import type { CouponFormApi } from './coupon-form-values';

const modeLabels: Record<DiscountMode, string> = {
  Automatic: 'Automatic (no code)',
  Code: 'Code (customer enters it)',
};
const typeLabels: Record<DiscountType, string> = {
  Percent: 'Percent off',
  Fixed: 'Fixed amount off (₦)',
  BuyXGetY: 'Buy X get Y',
};

/** How the coupon is given (automatic or by code), what it is called, and its kind and value. */
export function CouponDiscountSection({ form }: { form: CouponFormApi }) {
  return (
    <FormSection title="Discount">
      <CodeFields form={form} />
      <TextareaField
        label="Description"
        error={form.formState.errors.description?.message}
        {...form.register('description')}
      />
      <TypeAndValueFields form={form} />
    </FormSection>
  );
}

/** Mode, and for a Code coupon its code and whether customers see it listed. */
function CodeFields({ form }: { form: CouponFormApi }) {
  const { register, watch, formState } = form;
  const errors = formState.errors;
  return (
    <>
      <SelectField
        label="Discount mode"
        options={discountModes.map((value) => ({ value, label: modeLabels[value] }))}
        error={errors.discountMode?.message}
        {...register('discountMode')}
      />
      {watch('discountMode') === 'Code' ? (
        <>
          <TextField
            label="Coupon code"
            aria-required
            autoComplete="off"
            autoCapitalize="characters"
            hint="3 to 30 letters, digits, - or _. Saved in capitals; customers may type it in any case."
            error={errors.code?.message}
            {...register('code')}
          />
          <CheckboxField
            label="List this code to customers"
            hint="Otherwise the code stays a secret you hand out yourself."
            {...register('isPublic')}
          />
        </>
      ) : null}
    </>
  );
}

/** Discount type, and the percent or amount off (Buy X get Y has its own section). */
function TypeAndValueFields({ form }: { form: CouponFormApi }) {
  const { register, watch, setValue, formState } = form;
  const errors = formState.errors;
  const type = watch('discountType');
  return (
    <>
      <SelectField
        label="Discount type"
        options={discountTypes.map((value) => ({ value, label: typeLabels[value] }))}
        error={errors.discountType?.message}
        {...register('discountType', {
          onChange: (event: { target: { value: string } }) => {
            if (event.target.value === 'BuyXGetY') {
              setValue('minRequireType', 'Quantity');
              const x = watch('minRequireValue');
              if (!Number.isInteger(x) || x < 1) setValue('minRequireValue', Number.NaN);
            }
          },
        })}
      />
      {type === 'Percent' ? (
        <TextField
          label="Percent off"
          aria-required
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0"
          max="100"
          hint="More than 0 and at most 100, with up to 2 decimals."
          error={errors.discountValue?.message}
          {...register('discountValue', { setValueAs: numberOrNaN })}
        />
      ) : null}
      {type === 'Fixed' ? (
        <TextField
          label="Amount off (₦)"
          aria-required
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0"
          hint="Naira off the eligible items, never more than they cost."
          error={errors.discountValue?.message}
          {...register('discountValue', { setValueAs: numberOrNaN })}
        />
      ) : null}
    </>
  );
}
