import { type BulkCatalogSummary, bulkCatalogEndpoints } from '@market/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/open-file';
import { myProductsKeys } from './list-my-products';

export type CatalogueFile = 'template' | 'templateXlsx' | 'allowedValues' | 'export' | 'exportXlsx';

const fileNames: Record<CatalogueFile, string> = {
  template: 'catalogue-template.csv',
  templateXlsx: 'catalogue-template.xlsx',
  allowedValues: 'catalogue-allowed-values.csv',
  export: 'catalogue.csv',
  exportXlsx: 'catalogue.xlsx',
};

/** Which file, and for a template the category branch it is for (the whole tree when left out). */
export interface CatalogueDownload {
  file: CatalogueFile;
  category?: string;
}

/** The endpoints answer the file itself (CSV or a workbook), fetched with the session's token, so not a plain link. */
export async function downloadCatalogueFile({ file, category }: CatalogueDownload): Promise<void> {
  const options = { kind: 'merchant', responseType: 'blob' } as const;
  const blob = (file === 'template' || file === 'templateXlsx'
    ? await api(bulkCatalogEndpoints[file], { ...options, query: category ? { category } : {} })
    : await api(bulkCatalogEndpoints[file], options)) as unknown as Blob;
  saveBlob(blob, fileNames[file]);
}

export function useDownloadCatalogueFile() {
  return useMutation({ mutationFn: downloadCatalogueFile });
}

/** The sheet and, if chosen, the zip of images named by SKU. */
export interface CatalogueUpload {
  file: File;
  images?: File | null;
}

function formOf({ file, images }: CatalogueUpload): FormData {
  const form = new FormData();
  form.append('file', file);
  if (images) form.append('images', images);
  return form;
}

/** The dry run: every problem by row and column; nothing is written. */
export async function previewCatalogue(upload: CatalogueUpload): Promise<BulkCatalogSummary> {
  return (await api(bulkCatalogEndpoints.preview, { kind: 'merchant', form: formOf(upload) })).data;
}

export function usePreviewCatalogue() {
  return useMutation({ mutationFn: previewCatalogue });
}

/** All rows or none; the product lists are stale afterwards. */
export async function applyCatalogue(upload: CatalogueUpload): Promise<BulkCatalogSummary> {
  return (await api(bulkCatalogEndpoints.apply, { kind: 'merchant', form: formOf(upload) })).data;
}

export function useApplyCatalogue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyCatalogue,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myProductsKeys.all }),
  });
}
