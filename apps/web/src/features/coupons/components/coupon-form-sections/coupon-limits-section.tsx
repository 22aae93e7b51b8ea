import { FormSection } from '../../../../components/ui/form-section';
import { TextField } from '../../../../components/ui/text-field';
import { numberOrNaN } from '../../../../lib/form-values';
import type { CouponFormApi } from './coupon-form-values';

/** How often the coupon may be used, in all and by one customer (0 = unlimited). */
export function CouponLimitsSection({ form }: { form: CouponFormApi }) {
  const { register, formState } = form;
  const errors = formState.errors;
  return (
    <FormSection title="Usage limits">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Total uses"
          aria-required
          type="number"
          inputMode="numeric"
          step="1"
          min="0"
          hint="0 = unlimited."
          error={errors.usageLimit?.message}
          {...register('usageLimit', { setValueAs: numberOrNaN })}
        />
        <TextField
          label="Uses per customer"
          aria-required
          type="number"
          inputMode="numeric"
          step="1"
          min="0"
          hint="0 = unlimited."
          error={errors.usageLimitPerUser?.message}
          {...register('usageLimitPerUser', { setValueAs: numberOrNaN })}
        />
      </div>
    </FormSection>
  );
}
