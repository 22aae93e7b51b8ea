import { type FieldError, useFieldArray } from 'react-hook-form';
import { Button } from '../../../../components/ui/button';
import { FormSection } from '../../../../components/ui/form-section';
import { TextField } from '../../../../components/ui/text-field';
import { numberOrNaN } from '../../../../lib/form-values';
import { type ProductFormApi, splitOptions } from './product-form-values';

/** The variants (each with its own SKU, options, discount and stock) and the option lists they pick from. */
export function ProductVariantsSection({ form }: { form: ProductFormApi }) {
  return (
    <FormSection title="Variants">
      <VariantRows form={form} />
      <VariantProperties form={form} />
    </FormSection>
  );
}

function VariantRows({ form }: { form: ProductFormApi }) {
  const { register, control, formState } = form;
  const errors = formState.errors.variant;
  const variants = useFieldArray({ control, name: 'variant' });
  const listError = (errors as FieldError | undefined)?.message ?? errors?.root?.message;
  return (
    <>
      <div aria-live="polite">{listError ? <p className="text-sm text-red-700">{listError}</p> : null}</div>
      {variants.fields.length === 0 ? (
        <p className="text-sm text-slate-700">No variants: the product sells as one item.</p>
      ) : null}
      <ul className="space-y-3">
        {variants.fields.map((field, index) => {
          const rowErrors = errors?.[index];
          return (
            <li key={field.id} className="rounded-md border border-slate-200 p-3">
              <fieldset>
                <legend className="mb-2 text-sm font-semibold text-slate-900">Variant {index + 1}</legend>
                <div className="grid grid-cols-2 gap-3 sm:grid-cols-5">
                  <TextField
                    label="Variant SKU"
                    error={rowErrors?.sku?.message}
                    {...register(`variant.${index}.sku`)}
                  />
                  <TextField
                    label="Size"
                    error={rowErrors?.size?.message}
                    {...register(`variant.${index}.size`)}
                  />
                  <TextField
                    label="Color"
                    error={rowErrors?.color?.message}
                    {...register(`variant.${index}.color`)}
                  />
                  <TextField
                    label="Discount (₦)"
                    type="number"
                    inputMode="decimal"
                    min="0"
                    step="0.01"
                    error={rowErrors?.discount?.message}
                    {...register(`variant.${index}.discount`, { setValueAs: numberOrNaN })}
                  />
                  <TextField
                    label="Variant quantity"
                    type="number"
                    inputMode="numeric"
                    min="0"
                    error={rowErrors?.quantity?.message}
                    {...register(`variant.${index}.quantity`, { setValueAs: numberOrNaN })}
                  />
                </div>
                <Button
                  variant="dangerGhost"
                  className="mt-2"
                  onClick={() => variants.remove(index)}
                  aria-label={`Remove variant ${index + 1}`}
                >
                  Remove variant
                </Button>
              </fieldset>
            </li>
          );
        })}
      </ul>
      <Button
        variant="secondary"
        onClick={() => variants.append({ sku: '', size: '', color: '', discount: 0, quantity: 0 })}
      >
        Add variant
      </Button>
    </>
  );
}

function VariantProperties({ form }: { form: ProductFormApi }) {
  const { register, control, formState } = form;
  const errors = formState.errors.variantProperties;
  const properties = useFieldArray({ control, name: 'variantProperties' });
  return (
    <>
      <h3 className="pt-2 text-sm font-semibold text-slate-900">Variant properties</h3>
      <ul className="space-y-3">
        {properties.fields.map((field, index) => {
          const rowErrors = errors?.[index];
          return (
            <li
              key={field.id}
              className="grid gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-[1fr_2fr_auto] sm:items-end"
            >
              <TextField
                label={`Property ${index + 1} type`}
                placeholder="Size"
                error={rowErrors?.type?.message}
                {...register(`variantProperties.${index}.type`)}
              />
              <TextField
                label={`Property ${index + 1} options`}
                placeholder="S, M, L"
                hint="Separate options with commas."
                error={
                  (rowErrors?.options as FieldError | undefined)?.message ?? rowErrors?.options?.root?.message
                }
                {...register(`variantProperties.${index}.options`, { setValueAs: splitOptions })}
              />
              <Button
                variant="dangerGhost"
                onClick={() => properties.remove(index)}
                aria-label={`Remove property ${index + 1}`}
              >
                Remove
              </Button>
            </li>
          );
        })}
      </ul>
      <Button variant="secondary" onClick={() => properties.append({ type: '', options: [] })}>
        Add property
      </Button>
    </>
  );
}
