import { MAX_PRODUCT_IMAGES } from '@market/contracts';
import { useRef, useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { FormSection } from '../../../../components/ui/form-section';
import { errorToastMessage } from '../../../../lib/toast-rules';
import type { useUploadProductImage } from '../../api/upload-product-image';
import type { ProductFormApi } from './product-form-values';

/**
 * Uploads images one by one (the first is the cover) and lets the merchant reorder or remove them. The upload is
 * the form's, so the form can hold its submit button while an image is still on its way.
 */
export function ProductImagesSection({
  form,
  upload,
}: {
  form: ProductFormApi;
  upload: ReturnType<typeof useUploadProductImage>;
}) {
  const { watch, setValue, formState } = form;
  const [problem, setProblem] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const images = watch('hostedImages') ?? [];
  const setImages = (next: string[]) => setValue('hostedImages', next, { shouldDirty: true });

  const addImages = async (files: FileList | null) => {
    setProblem(null);
    for (const file of Array.from(files ?? [])) {
      if ((watch('hostedImages') ?? []).length >= MAX_PRODUCT_IMAGES) {
        setProblem(`Use at most ${MAX_PRODUCT_IMAGES} images`);
        break;
      }
      try {
        const answer = await upload.mutateAsync(file);
        setImages([...(watch('hostedImages') ?? []), answer.data.url]);
      } catch (error) {
        setProblem(errorToastMessage(error) ?? 'Upload failed');
      }
    }
    if (fileInput.current) fileInput.current.value = '';
  };
  const moveImage = (index: number, by: -1 | 1) => {
    const next = [...images];
    const [moved] = next.splice(index, 1);
    next.splice(index + by, 0, moved!);
    setImages(next);
  };

  return (
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
        {problem ? <p className="text-red-700">{problem}</p> : null}
        {formState.errors.hostedImages?.message ? (
          <p className="text-red-700">{formState.errors.hostedImages.message}</p>
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
                  onClick={() => setImages(images.filter((_, i) => i !== index))}
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
  );
}
