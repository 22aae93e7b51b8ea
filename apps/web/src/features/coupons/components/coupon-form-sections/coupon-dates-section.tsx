import { FormSection } from '../../../../components/ui/form-section';
import { TextField } from '../../../../components/ui/text-field';
import type { CouponFormApi } from './coupon-form-values';

/** Whole UTC days: a start, and an optional end that is included. */
export function CouponDatesSection({ form }: { form: CouponFormApi }) {
  const { register, formState } = form;
  const errors = formState.errors;
  return (
    <FormSection title="Dates (UTC)">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Start date"
          aria-required
          type="date"
          hint="Whole days in UTC; the coupon works from the start of this day."
          error={errors.startDate?.message}
          {...register('startDate')}
        />
        <TextField
          label="End date"
          type="date"
          hint="Included. Leave empty for no end."
          error={errors.endDate?.message}
          {...register('endDate')}
        />
      </div>
    </FormSection>
  );
}
