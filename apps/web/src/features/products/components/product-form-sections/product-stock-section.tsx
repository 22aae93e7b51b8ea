import { soldOutBehaviours } from '@market/contracts';
import { CheckboxField } from '../../../../components/ui/checkbox-field';
import { FormSection } from '../../../../components/ui/form-section';
import { SelectField } from '../../../../components/ui/select-field';
import { TextField } from '../../../../components/ui/text-field';
import { numberOrNaN } from '../../../../lib/form-values';
import type { ProductFormApi } from './product-form-values';

const soldOutLabels: Record<(typeof soldOutBehaviours)[number], string> = {
  hide: 'Hide the product',
  'show-sold-out': 'Show it as sold out',
  'continue-selling': 'Keep selling',
};

/** SKU, quantity, low-stock alert and what happens when the product sells out. */
export function ProductStockSection({ form }: { form: ProductFormApi }) {
  const { register, formState } = form;
  const errors = formState.errors;
  return (
    <FormSection title="Stock">
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          label="SKU"
          aria-required
          autoComplete="off"
          error={errors.sku?.message}
          {...register('sku')}
        />
        <TextField
          label="Quantity"
          aria-required
          type="number"
          inputMode="numeric"
          min="0"
          error={errors.quantity?.message}
          {...register('quantity', { setValueAs: numberOrNaN })}
        />
        <TextField
          label="Stock alert at"
          type="number"
          inputMode="numeric"
          min="0"
          hint="Low-stock warning at this many units."
          error={errors.stockAlertUnits?.message}
          {...register('stockAlertUnits', { setValueAs: numberOrNaN })}
        />
      </div>
      <SelectField
        label="When sold out"
        options={soldOutBehaviours.map((value) => ({ value, label: soldOutLabels[value] }))}
        error={errors.whenSoldOut?.message}
        {...register('whenSoldOut')}
      />
      <CheckboxField label="Continue selling when out of stock" {...register('contSalesOutOfStock')} />
      <CheckboxField label="Digital product" hint="Nothing is shipped." {...register('IsDigitalProduct')} />
    </FormSection>
  );
}
