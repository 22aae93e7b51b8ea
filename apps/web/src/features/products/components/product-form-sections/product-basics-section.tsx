import { Button } from '../../../../components/ui/button';
import { FormSection } from '../../../../components/ui/form-section';
import { TextField } from '../../../../components/ui/text-field';
import { TextareaField } from '../../../../components/ui/textarea-field';
import type { ProductFormApi } from './product-form-values';

/** Name and description paragraphs. */
export function ProductBasicsSection({ form }: { form: ProductFormApi }) {
  const { register, watch, setValue, formState } = form;
  const errors = formState.errors;
  const description = watch('description') ?? [];
  return (
    <FormSection title="Details">
      <TextField label="Product name" aria-required error={errors.name?.message} {...register('name')} />
      <div className="space-y-3">
        {description.map((_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs are plain texts without ids
          <div key={`paragraph-${index}`} className="flex items-end gap-2">
            <TextareaField
              className="flex-1"
              label={`Description paragraph ${index + 1}`}
              error={errors.description?.[index]?.message}
              {...register(`description.${index}`)}
            />
            {description.length > 1 ? (
              <Button
                variant="dangerGhost"
                aria-label={`Remove paragraph ${index + 1}`}
                onClick={() =>
                  setValue(
                    'description',
                    description.filter((__, i) => i !== index),
                  )
                }
              >
                Remove
              </Button>
            ) : null}
          </div>
        ))}
        <Button variant="secondary" onClick={() => setValue('description', [...description, ''])}>
          Add paragraph
        </Button>
      </div>
    </FormSection>
  );
}
