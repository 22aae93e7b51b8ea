import { createProductBody, type MerchantProduct } from '@market/contracts';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { RequiredFieldsNote } from '../../../components/ui/field-label';
import { FormAlert } from '../../../components/ui/form-alert';
import { useContractForm } from '../../../lib/contract-form';
import { applyServerErrors } from '../../../lib/form-errors';
import { serverFieldPaths } from '../../../lib/server-errors';
import { useCreateProduct } from '../api/create-product';
import { useEditProduct } from '../api/edit-product';
import { useUploadProductImage } from '../api/upload-product-image';
import { ProductBasicsSection } from './product-form-sections/product-basics-section';
import { ProductCategorySection } from './product-form-sections/product-category-section';
import {
  type ProductFormValues,
  productDefaults,
  toProductBody,
} from './product-form-sections/product-form-values';
import { ProductImagesSection } from './product-form-sections/product-images-section';
import { ProductPricingSection } from './product-form-sections/product-pricing-section';
import { ProductShippingSection } from './product-form-sections/product-shipping-section';
import { ProductStockSection } from './product-form-sections/product-stock-section';
import { ProductVariantsSection } from './product-form-sections/product-variants-section';

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
  const [status, setStatus] = useState<string | null>(null);
  // The inputs hold the body with empty choices; `toProductBody` makes them the contract's nulls before the check.
  const form = useContractForm<typeof createProductBody, ProductFormValues>(createProductBody, {
    prepare: toProductBody,
    defaultValues: productDefaults(product),
  });

  const onSubmit = form.handleSubmit((values) => {
    setStatus(null);
    const onError = (error: unknown) => {
      const message = applyServerErrors(error, form.setError, serverFieldPaths(error));
      setStatus(product && !message ? 'Could not update product. Try again later.' : message);
    };
    if (product) edit.mutate(values, { onSuccess: (answer) => onDone(answer.data), onError });
    else create.mutate(values, { onSuccess: (answer) => onDone(answer.data), onError });
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={product ? 'Edit product' : 'New product'}
      className="space-y-5"
    >
      <div aria-live="assertive">{status ? <FormAlert>{status}</FormAlert> : null}</div>
      <RequiredFieldsNote />
      <ProductBasicsSection form={form} />
      <ProductCategorySection form={form} />
      <ProductPricingSection form={form} />
      <ProductStockSection form={form} />
      <ProductShippingSection form={form} />
      <ProductVariantsSection form={form} />
      <ProductImagesSection form={form} upload={upload} />
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
