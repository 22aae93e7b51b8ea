import { useCategoryTree } from '../../../../api/get-category-tree';
import { FormSection } from '../../../../components/ui/form-section';
import { SelectField } from '../../../../components/ui/select-field';
import type { ProductFormApi } from './product-form-values';

/** The three category levels; choosing a level clears the levels under it. */
export function ProductCategorySection({ form }: { form: ProductFormApi }) {
  const { register, watch, setValue, formState } = form;
  const errors = formState.errors;
  const categories = useCategoryTree();
  const categoryId = watch('categoryId');
  const subCategoryId = watch('subCategoryId');
  const category = categories.data?.find((item) => item.id === categoryId);
  const subCategory = category?.subCategories.find((item) => item.id === subCategoryId);
  return (
    <FormSection title="Category">
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField
          label="Category"
          aria-required
          disabled={categories.isPending}
          options={[
            {
              value: '',
              label: categories.isError ? 'Could not get categories. Try again later.' : 'Choose a category',
            },
            ...(categories.data ?? []).map((item) => ({ value: item.id, label: item.name })),
          ]}
          error={errors.categoryId?.message}
          {...register('categoryId', {
            onChange: () => {
              setValue('subCategoryId', '');
              setValue('childCategoryId', '');
            },
          })}
        />
        <SelectField
          label="Sub-category"
          disabled={!category}
          options={[
            { value: '', label: 'None' },
            ...(category?.subCategories ?? []).map((item) => ({ value: item.id, label: item.name })),
          ]}
          error={errors.subCategoryId?.message}
          {...register('subCategoryId', { onChange: () => setValue('childCategoryId', '') })}
        />
        <SelectField
          label="Child category"
          disabled={!subCategory}
          options={[
            { value: '', label: 'None' },
            ...(subCategory?.childCategories ?? []).map((item) => ({ value: item.id, label: item.name })),
          ]}
          error={errors.childCategoryId?.message}
          {...register('childCategoryId')}
        />
      </div>
    </FormSection>
  );
}
