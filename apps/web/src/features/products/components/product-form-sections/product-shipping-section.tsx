import { dimensionUnits, weightUnits } from '@market/contracts';
import { FormSection } from '../../../../components/ui/form-section';
import { SelectField } from '../../../../components/ui/select-field';
import { TextField } from '../../../../components/ui/text-field';
import { numberOrNull, type ProductFormApi } from './product-form-values';

/** Weight and dimensions with their units; all optional. */
export function ProductShippingSection({ form }: { form: ProductFormApi }) {
  const { register, formState } = form;
  const errors = formState.errors;
  return (
    <FormSection title="Shipping">
      <div className="grid grid-cols-[1fr_6rem] gap-3">
        <TextField
          label="Weight"
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0"
          error={errors.weight?.message}
          {...register('weight', { setValueAs: numberOrNull })}
        />
        <SelectField
          label="Weight unit"
          options={weightUnits.map((value) => ({ value, label: value }))}
          {...register('weightUnit')}
        />
      </div>
      <div className="grid grid-cols-3 gap-3">
        <TextField
          label="Length"
          type="number"
          inputMode="decimal"
          min="0"
          error={errors.dimension?.length?.message}
          {...register('dimension.length', { setValueAs: numberOrNull })}
        />
        <TextField
          label="Width"
          type="number"
          inputMode="decimal"
          min="0"
          error={errors.dimension?.width?.message}
          {...register('dimension.width', { setValueAs: numberOrNull })}
        />
        <TextField
          label="Height"
          type="number"
          inputMode="decimal"
          min="0"
          error={errors.dimension?.height?.message}
          {...register('dimension.height', { setValueAs: numberOrNull })}
        />
      </div>
      <SelectField
        label="Dimension unit"
        className="max-w-40"
        options={dimensionUnits.map((value) => ({ value, label: value }))}
        {...register('dimensionUnit')}
      />
    </FormSection>
  );
}
