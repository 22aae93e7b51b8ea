import { DateField } from '../../../../components/ui/date-field';
import { FormSection } from '../../../../components/ui/form-section';
import type { CouponFormApi } from './coupon-form-values';

/** Whole UTC days: a start, and an optional end that is included. */
export function CouponDatesSection({ form }: { form: CouponFormApi }) {
  const { register, formState } = form;
  const errors = formState.errors;
  return (
    <FormSection title="Dates (UTC)">
      <div className="grid gap-4 sm:grid-cols-2">
        <DateField
          label="Start date"
          aria-required
          type="date"
          hint="Coupon days are UTC days: it works from 1:00 a.m. Lagos time on this day."
          error={errors.startDate?.message}
          {...register('startDate')}
        />
        <DateField
          label="End date"
          type="date"
          hint="Included: it works until 12:59 a.m. Lagos time the day after. Leave empty for no end."
          error={errors.endDate?.message}
          {...register('endDate')}
        />
      </div>
    </FormSection>
  );
}
