import { type RewardAppliesTo, rewardAppliesToValues } from '@market/contracts';
import { FormSection } from '../../../../components/ui/form-section';
import { SelectField } from '../../../../components/ui/select-field';
import { TextField } from '../../../../components/ui/text-field';
import { numberOrNaN } from '../../../../lib/form-values';
import { CategoryPicker } from '../category-picker';
import { ProductPicker } from '../product-picker';
import { type CouponFormApi, type ProductNames, setIds } from './coupon-form-values';

const rewardLabels: Record<RewardAppliesTo, string> = {
  Product: 'Products',
  Category: 'Categories',
};

/** X items bought, Y reward items, their discount, and which items are rewards. */
export function CouponBuyXGetYSection({ form, products }: { form: CouponFormApi; products: ProductNames }) {
  const { register, watch, formState } = form;
  const errors = formState.errors;
  const rewardAppliesTo = watch('rewardAppliesTo');
  return (
    <FormSection title="Buy X get Y">
      <p id="bxgy-help" className="text-sm text-slate-700">
        When a cart holds X of the items this coupon applies to, the customer gets Y reward items at the
        discount below. The cheapest reward items of the cart are the ones discounted, and no item counts both
        as bought and as given. The offer repeats for every full set: with “buy 2 get 1 free” on a ₦5,000
        shirt, 3 shirts take ₦5,000 off, 5 shirts still ₦5,000, 6 shirts ₦10,000.
      </p>
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          label="Customer buys (X items)"
          aria-required
          type="number"
          inputMode="numeric"
          min="1"
          step="1"
          aria-describedby="bxgy-help"
          error={errors.minRequireValue?.message}
          {...register('minRequireValue', { setValueAs: numberOrNaN })}
        />
        <TextField
          label="Customer gets (Y items)"
          aria-required
          type="number"
          inputMode="numeric"
          min="1"
          step="1"
          error={errors.discountValue?.message}
          {...register('discountValue', { setValueAs: numberOrNaN })}
        />
        <TextField
          label="Discount on each reward item (%)"
          aria-required
          type="number"
          inputMode="numeric"
          min="1"
          max="100"
          step="1"
          hint="100 makes them free."
          error={errors.rewardValue?.message}
          {...register('rewardValue', { setValueAs: numberOrNaN })}
        />
      </div>
      <SelectField
        label="Reward items"
        options={rewardAppliesToValues.map((value) => ({ value, label: rewardLabels[value] }))}
        error={errors.rewardAppliesTo?.message}
        {...register('rewardAppliesTo', { onChange: () => setIds(form, 'rewardAppliesToId', []) })}
      />
      <p className="text-sm text-slate-700">
        {rewardAppliesTo === 'Product'
          ? 'With no reward product chosen, the items bought are the reward items.'
          : 'Any product of the chosen categories can be a reward item.'}
      </p>
      {rewardAppliesTo === 'Product' ? (
        <ProductPicker
          label="Reward products"
          value={watch('rewardAppliesToId')}
          names={products.names}
          error={errors.rewardAppliesToId?.message}
          onChange={(ids, names) => {
            products.setNames(names);
            setIds(form, 'rewardAppliesToId', ids);
          }}
        />
      ) : (
        <CategoryPicker
          label="Reward categories"
          value={watch('rewardAppliesToId')}
          error={errors.rewardAppliesToId?.message}
          onChange={(ids) => setIds(form, 'rewardAppliesToId', ids)}
        />
      )}
      <TextField
        label="Customer reward (₦)"
        aria-required
        type="number"
        inputMode="decimal"
        step="0.01"
        min="0"
        hint="Kept with the coupon and shown to you; it does not change the discount."
        error={errors.customerReward?.message}
        {...register('customerReward', { setValueAs: numberOrNaN })}
      />
    </FormSection>
  );
}
