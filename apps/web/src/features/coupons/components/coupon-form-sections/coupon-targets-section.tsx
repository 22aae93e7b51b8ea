import { type SpendAppliesTo, spendAppliesToValues } from '@market/contracts';
import { FormSection } from '../../../../components/ui/form-section';
import { SelectField } from '../../../../components/ui/select-field';
import { CategoryPicker } from '../category-picker';
import { ProductPicker } from '../product-picker';
import { type CouponFormApi, type ProductNames, setIds } from './coupon-form-values';

const spendLabels: Record<SpendAppliesTo, string> = {
  AllProducts: 'All your products',
  SpecificProducts: 'Specific products',
  SpecificCategories: 'Specific categories',
};

/** The items the coupon applies to: all of the store's, chosen products or chosen categories. */
export function CouponTargetsSection({ form, products }: { form: CouponFormApi; products: ProductNames }) {
  const { register, watch, formState } = form;
  const errors = formState.errors;
  const spendAppliesTo = watch('spendAppliesTo');
  return (
    <FormSection title="Applies to">
      <SelectField
        label="Items the coupon applies to"
        options={spendAppliesToValues.map((value) => ({ value, label: spendLabels[value] }))}
        error={errors.spendAppliesTo?.message}
        {...register('spendAppliesTo', { onChange: () => setIds(form, 'spendAppliesToId', []) })}
      />
      {spendAppliesTo === 'SpecificProducts' ? (
        <ProductPicker
          label="Products"
          required
          value={watch('spendAppliesToId')}
          names={products.names}
          error={errors.spendAppliesToId?.message}
          onChange={(ids, names) => {
            products.setNames(names);
            setIds(form, 'spendAppliesToId', ids);
          }}
        />
      ) : null}
      {spendAppliesTo === 'SpecificCategories' ? (
        <CategoryPicker
          label="Categories"
          required
          value={watch('spendAppliesToId')}
          error={errors.spendAppliesToId?.message}
          onChange={(ids) => setIds(form, 'spendAppliesToId', ids)}
        />
      ) : null}
    </FormSection>
  );
}
