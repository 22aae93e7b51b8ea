import {
  type CreateProductBody,
  createProductBody,
  dimensionUnits,
  MAX_PRODUCT_IMAGES,
  type MerchantProduct,
  soldOutBehaviours,
  weightUnits,
} from '@market/contracts';
import { useRef, useState } from 'react';
import { type FieldError, type FieldErrors, type Resolver, useFieldArray, useForm } from 'react-hook-form';
import { useCategoryTree } from '../../../api/get-category-tree';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { FormAlert } from '../../../components/ui/form-alert';
import { FormSection } from '../../../components/ui/form-section';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { TextareaField } from '../../../components/ui/textarea-field';
import { contractResolver } from '../../../lib/contract-form';
import { applyServerErrors } from '../../../lib/form-errors';
import { numberOrNaN } from '../../../lib/form-values';
import { serverFieldPaths } from '../../../lib/server-errors';
import { errorToastMessage } from '../../../lib/toast-rules';
import { useCreateProduct } from '../api/create-product';
import { useEditProduct } from '../api/edit-product';
import { useUploadProductImage } from '../api/upload-product-image';

/** The form holds the contract body; empty optional inputs become null before the contract checks them. */
export type ProductFormValues = CreateProductBody;

const soldOutLabels: Record<(typeof soldOutBehaviours)[number], string> = {
  hide: 'Hide the product',
  'show-sold-out': 'Show it as sold out',
  'continue-selling': 'Keep selling',
};

const emptyToNull = (value: unknown) => (value === '' || value === undefined ? null : value);
const numberOrNull = (value: unknown) =>
  value === '' || value === null || value === undefined ? null : Number(value);

/** Turns what the inputs hold into the request body (empty dimension → null, blank paragraphs dropped). */
export function toProductBody(values: ProductFormValues): ProductFormValues {
  const dimension = values.dimension;
  const hasDimension =
    dimension &&
    [dimension.length, dimension.width, dimension.height].some((v) => v !== null && !Number.isNaN(v));
  return {
    ...values,
    description: (values.description ?? []).map((paragraph) => paragraph.trim()).filter(Boolean),
    subCategoryId: emptyToNull(values.subCategoryId) as string | null,
    childCategoryId: emptyToNull(values.childCategoryId) as string | null,
    weight: values.weight === null || Number.isNaN(values.weight) ? null : values.weight,
    dimension: hasDimension ? dimension : null,
    variant: (values.variant ?? []).map((row) => ({
      ...row,
      size: emptyToNull(row.size) as string | null,
      color: emptyToNull(row.color) as string | null,
    })),
    variantProperties: (values.variantProperties ?? []).map((property) => ({
      type: property.type,
      options: Array.isArray(property.options)
        ? property.options
        : String(property.options ?? '')
            .split(',')
            .map((option) => option.trim())
            .filter(Boolean),
    })),
  };
}

const baseResolver = contractResolver<typeof createProductBody, ProductFormValues>(createProductBody);
const productResolver: Resolver<ProductFormValues> = async (values, context, options) => {
  const result = await baseResolver(toProductBody(values), context, options);
  // The contract answers "Must be a valid id" for an empty choice; the person simply has not chosen one yet.
  const categoryError = (result.errors as FieldErrors<ProductFormValues>).categoryId;
  if (!values.categoryId && categoryError) categoryError.message = 'Choose a category';
  return result;
};

function defaultsOf(product?: MerchantProduct): ProductFormValues {
  if (!product) {
    return {
      name: '',
      description: [''],
      categoryId: '',
      subCategoryId: '',
      childCategoryId: '',
      pricing: [{ costPrice: Number.NaN, sellingPrice: Number.NaN, price: Number.NaN }],
      quantity: 0,
      sku: '',
      weight: null,
      weightUnit: 'kg',
      dimension: null,
      dimensionUnit: 'cm',
      whenSoldOut: 'show-sold-out',
      contSalesOutOfStock: false,
      stockAlertUnits: 5,
      IsDigitalProduct: false,
      variant: [],
      variantProperties: [],
      hostedImages: [],
    };
  }
  return {
    name: product.name,
    description: product.description.length > 0 ? product.description : [''],
    categoryId: product.categoryId,
    subCategoryId: product.subCategoryId ?? '',
    childCategoryId: product.childCategoryId ?? '',
    pricing: product.pricing.slice(0, 1),
    quantity: product.quantity,
    sku: product.sku,
    weight: product.weight,
    weightUnit: product.weightUnit,
    dimension: product.dimension,
    dimensionUnit: product.dimensionUnit,
    whenSoldOut: product.whenSoldOut,
    contSalesOutOfStock: product.contSalesOutOfStock,
    stockAlertUnits: product.stockAlertUnits,
    IsDigitalProduct: product.IsDigitalProduct,
    variant: product.variant.map(({ sku, size, color, discount, quantity }) => ({
      sku,
      size,
      color,
      discount,
      quantity,
    })),
    variantProperties: product.variantProperties,
    hostedImages: product.hostedImages,
  };
}

/** Every product field of the contract: details, categories, pricing, stock, shipping, variants and images. */
export function ProductForm({
  product,
  onDone,
}: {
  product?: MerchantProduct;
  onDone(product: MerchantProduct): void;
}) {
  const create = useCreateProduct();
  const edit = useEditProduct(product?.id ?? '');
  const upload = useUploadProductImage();
  const categories = useCategoryTree();
  const [status, setStatus] = useState<string | null>(null);
  const [uploadProblem, setUploadProblem] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const form = useForm<ProductFormValues>({ resolver: productResolver, defaultValues: defaultsOf(product) });
  const { register, handleSubmit, watch, setValue, setError, control, formState } = form;
  const errors = formState.errors;
  const variants = useFieldArray({ control, name: 'variant' });
  const properties = useFieldArray({ control, name: 'variantProperties' });

  const description = watch('description') ?? [];
  const images = watch('hostedImages') ?? [];
  const categoryId = watch('categoryId');
  const subCategoryId = watch('subCategoryId');
  const category = categories.data?.find((item) => item.id === categoryId);
  const subCategory = category?.subCategories.find((item) => item.id === subCategoryId);

  const onSubmit = handleSubmit((values) => {
    setStatus(null);
    const onError = (error: unknown) => {
      const message = applyServerErrors(error, setError, serverFieldPaths(error));
      setStatus(product && !message ? 'Could not update product. Try again later.' : message);
    };
    if (product) edit.mutate(values, { onSuccess: (answer) => onDone(answer.data), onError });
    else create.mutate(values, { onSuccess: (answer) => onDone(answer.data), onError });
  });

  const addImages = async (files: FileList | null) => {
    setUploadProblem(null);
    for (const file of Array.from(files ?? [])) {
      if ((watch('hostedImages') ?? []).length >= MAX_PRODUCT_IMAGES) {
        setUploadProblem(`Use at most ${MAX_PRODUCT_IMAGES} images`);
        break;
      }
      try {
        const answer = await upload.mutateAsync(file);
        setValue('hostedImages', [...(watch('hostedImages') ?? []), answer.data.url], { shouldDirty: true });
      } catch (error) {
        setUploadProblem(errorToastMessage(error) ?? 'Upload failed');
      }
    }
    if (fileInput.current) fileInput.current.value = '';
  };
  const moveImage = (index: number, by: -1 | 1) => {
    const next = [...images];
    const [moved] = next.splice(index, 1);
    next.splice(index + by, 0, moved!);
    setValue('hostedImages', next, { shouldDirty: true });
  };

  const pricingErrors = errors.pricing?.[0];
  const variantError = (errors.variant as FieldError | undefined)?.message ?? errors.variant?.root?.message;

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={product ? 'Edit product' : 'New product'}
      className="space-y-5"
    >
      <div aria-live="assertive">{status ? <FormAlert>{status}</FormAlert> : null}</div>
      <p className="text-sm text-slate-600">
        Fields marked <span className="font-semibold text-red-700">*</span> are required.
      </p>

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

      <FormSection title="Category">
        <div className="grid gap-4 sm:grid-cols-3">
          <SelectField
            label="Category"
            aria-required
            disabled={categories.isPending}
            options={[
              {
                value: '',
                label: categories.isError
                  ? 'Could not get categories. Try again later.'
                  : 'Choose a category',
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

      <FormSection title="Pricing (naira)">
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            label="Cost price"
            aria-required
            type="number"
            inputMode="decimal"
            step="0.01"
            min="0"
            hint="What you paid; customers never see it."
            error={pricingErrors?.costPrice?.message}
            {...register('pricing.0.costPrice', { setValueAs: numberOrNaN })}
          />
          <TextField
            label="Selling price"
            aria-required
            type="number"
            inputMode="decimal"
            step="0.01"
            min="0"
            hint="What the customer pays."
            error={pricingErrors?.sellingPrice?.message}
            {...register('pricing.0.sellingPrice', { setValueAs: numberOrNaN })}
          />
          <TextField
            label="Regular price"
            aria-required
            type="number"
            inputMode="decimal"
            step="0.01"
            min="0"
            hint="Shown crossed out when higher."
            error={pricingErrors?.price?.message}
            {...register('pricing.0.price', { setValueAs: numberOrNaN })}
          />
        </div>
      </FormSection>

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

      <FormSection title="Variants">
        <div aria-live="polite">
          {variantError ? <p className="text-sm text-red-700">{variantError}</p> : null}
        </div>
        {variants.fields.length === 0 ? (
          <p className="text-sm text-slate-700">No variants: the product sells as one item.</p>
        ) : null}
        <ul className="space-y-3">
          {variants.fields.map((field, index) => {
            const rowErrors = errors.variant?.[index];
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

        <h3 className="pt-2 text-sm font-semibold text-slate-900">Variant properties</h3>
        <ul className="space-y-3">
          {properties.fields.map((field, index) => {
            const rowErrors = errors.variantProperties?.[index];
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
                    (rowErrors?.options as FieldError | undefined)?.message ??
                    rowErrors?.options?.root?.message
                  }
                  {...register(`variantProperties.${index}.options`, {
                    setValueAs: (value: unknown) =>
                      Array.isArray(value)
                        ? value
                        : String(value ?? '')
                            .split(',')
                            .map((option) => option.trim())
                            .filter(Boolean),
                  })}
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
      </FormSection>

      <FormSection title="Images">
        <label htmlFor="product-images" className="block text-sm text-slate-700">
          Add JPEG, PNG or WebP images (8 MB each, {MAX_PRODUCT_IMAGES} at most). The first is the cover.
        </label>
        <input
          ref={fileInput}
          id="product-images"
          type="file"
          multiple
          accept="image/jpeg,image/png,image/webp"
          className="block w-full text-sm file:mr-3 file:min-h-11 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:font-semibold"
          onChange={(event) => void addImages(event.target.files)}
        />
        <div aria-live="polite" className="text-sm">
          {upload.isPending ? (
            <div>
              <p className="text-slate-700">Uploading image…</p>
              <progress className="h-2 w-full accent-emerald-700" aria-label="Uploading image" />
            </div>
          ) : null}
          {uploadProblem ? <p className="text-red-700">{uploadProblem}</p> : null}
          {errors.hostedImages?.message ? (
            <p className="text-red-700">{errors.hostedImages.message}</p>
          ) : null}
        </div>
        {images.length > 0 ? (
          <ol className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {images.map((url, index) => (
              <li key={url} className="rounded-md border border-slate-200 p-2">
                <img
                  src={url}
                  alt={`Product view ${index + 1}`}
                  className="aspect-square w-full rounded object-cover"
                />
                <div className="mt-2 flex flex-wrap gap-1">
                  <Button
                    variant="ghost"
                    className="px-2"
                    disabled={index === 0}
                    onClick={() => moveImage(index, -1)}
                    aria-label={`Move image ${index + 1} earlier`}
                  >
                    ↑
                  </Button>
                  <Button
                    variant="ghost"
                    className="px-2"
                    disabled={index === images.length - 1}
                    onClick={() => moveImage(index, 1)}
                    aria-label={`Move image ${index + 1} later`}
                  >
                    ↓
                  </Button>
                  <Button
                    variant="dangerGhost"
                    className="px-2"
                    onClick={() =>
                      setValue(
                        'hostedImages',
                        images.filter((_, i) => i !== index),
                        { shouldDirty: true },
                      )
                    }
                    aria-label={`Remove image ${index + 1}`}
                  >
                    Remove
                  </Button>
                </div>
              </li>
            ))}
          </ol>
        ) : null}
      </FormSection>

      <Button
        type="submit"
        loading={create.isPending || edit.isPending}
        disabled={upload.isPending}
        className="w-full sm:w-auto"
      >
        {product ? 'Save product' : 'Create product'}
      </Button>
    </form>
  );
}
