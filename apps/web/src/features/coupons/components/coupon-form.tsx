import { type Coupon, createCouponBody } from '@market/contracts';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { RequiredFieldsNote } from '../../../components/ui/field-label';
import { FormAlert } from '../../../components/ui/form-alert';
import { FormSection } from '../../../components/ui/form-section';
import { useContractForm } from '../../../lib/contract-form';
import { applyServerErrors } from '../../../lib/form-errors';
import { serverFieldPaths } from '../../../lib/server-errors';
import { useCreateCoupon } from '../api/create-coupon';
import { useUpdateCoupon } from '../api/update-coupon';
import { CouponBuyXGetYSection } from './coupon-form-sections/coupon-buy-x-get-y-section';
import { CouponDatesSection } from './coupon-form-sections/coupon-dates-section';
import { CouponDiscountSection } from './coupon-form-sections/coupon-discount-section';
import { CouponEligibilitySection } from './coupon-form-sections/coupon-eligibility-section';
import {
  type CouponFormValues,
  couponDefaults,
  type ProductNames,
  toCouponBody,
} from './coupon-form-sections/coupon-form-values';
import { CouponLimitsSection } from './coupon-form-sections/coupon-limits-section';
import { CouponMinimumSection } from './coupon-form-sections/coupon-minimum-section';
import { CouponTargetsSection } from './coupon-form-sections/coupon-targets-section';

/** Create or edit a coupon: every field of the contract with its defaults, checked by the contract schema. */
export function CouponForm({ coupon, onDone }: { coupon?: Coupon; onDone(coupon: Coupon): void }) {
  const create = useCreateCoupon();
  const update = useUpdateCoupon(coupon?.id ?? '');
  const [status, setStatus] = useState<string | null>(null);
  const [productNames, setProductNames] = useState<Record<string, string>>(() =>
    Object.fromEntries((coupon?.products ?? []).map((product) => [product.id, product.name])),
  );
  const products: ProductNames = { names: productNames, setNames: setProductNames };
  // The inputs hold every field; `toCouponBody` drops what the chosen mode and type leave out before the check.
  const form = useContractForm<typeof createCouponBody, CouponFormValues>(createCouponBody, {
    prepare: toCouponBody,
    defaultValues: couponDefaults(coupon),
  });
  const buyXGetY = form.watch('discountType') === 'BuyXGetY';

  const onSubmit = form.handleSubmit((body) => {
    setStatus(null);
    const onError = (error: unknown) =>
      setStatus(applyServerErrors(error, form.setError, serverFieldPaths(error)));
    if (coupon) update.mutate(body, { onSuccess: (answer) => onDone(answer.data), onError });
    else create.mutate(body, { onSuccess: (answer) => onDone(answer.data), onError });
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={coupon ? 'Edit coupon' : 'New coupon'}
      className="space-y-5"
    >
      <div aria-live="assertive">{status ? <FormAlert>{status}</FormAlert> : null}</div>
      <RequiredFieldsNote />
      <CouponDiscountSection form={form} />
      {buyXGetY ? <CouponBuyXGetYSection form={form} products={products} /> : null}
      <CouponDatesSection form={form} />
      <CouponTargetsSection form={form} products={products} />
      {buyXGetY ? null : <CouponMinimumSection form={form} />}
      <CouponLimitsSection form={form} />
      <CouponEligibilitySection form={form} />
      <FormSection title="Status">
        <CheckboxField
          label="Switched on"
          hint="A switched-off coupon is kept but never applies."
          {...form.register('isActive')}
        />
      </FormSection>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button type="submit" loading={create.isPending || update.isPending} className="w-full sm:w-auto">
          {coupon ? 'Save coupon' : 'Create coupon'}
        </Button>
      </div>
    </form>
  );
}
