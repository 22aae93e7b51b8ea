import {
  type BulkCatalogSummary,
  type BulkImport,
  type BulkImportSummary,
  bulkCatalogEndpoints,
} from '@market/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

/** Checks the whole file, then queues it: answers the import the background job writes (ADR 094). */
export async function applyCatalogue(upload: CatalogueUpload): Promise<BulkImportSummary> {
  return (await api(bulkCatalogEndpoints.apply, { kind: 'merchant', form: formOf(upload) })).data;
}

export const catalogueImportKeys = {
  all: ['catalogue-imports'] as const,
  one: (id: string) => ['catalogue-imports', id] as const,
};

export function useApplyCatalogue(options: { onQueued?: (queued: BulkImportSummary) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyCatalogue,
    onSuccess: async (queued) => {
      options.onQueued?.(queued);
      await queryClient.invalidateQueries({ queryKey: catalogueImportKeys.all, exact: true });
    },
  });
}

/** How often a running import is read again: often enough for the bar to move, cheap (one row by its key). */
export const IMPORT_POLL_MS = 1_000;

export const importEnded = (found: Pick<BulkImportSummary, 'status'> | undefined) =>
  found?.status === 'done' || found?.status === 'failed';

/**
 * One import, read again every second until it ends; when it ends, the product lists are stale. `enabled` off
 * until an apply has answered.
 */
export function useCatalogueImport(id: string | undefined) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: catalogueImportKeys.one(id ?? ''),
    enabled: !!id,
    queryFn: async ({ signal }): Promise<BulkImport> => {
      const found = (
        await api(bulkCatalogEndpoints.importById, { kind: 'merchant', params: { id: id! }, signal })
      ).data;
      if (importEnded(found)) {
        await queryClient.invalidateQueries({ queryKey: myProductsKeys.all });
        await queryClient.invalidateQueries({ queryKey: catalogueImportKeys.all, exact: true });
      }
      return found;
    },
    refetchInterval: (query) => (importEnded(query.state.data) ? false : IMPORT_POLL_MS),
  });
}

/** The store's latest imports, newest first. */
export function useCatalogueImports() {
  return useQuery({
    queryKey: catalogueImportKeys.all,
    queryFn: async ({ signal }) =>
      (await api(bulkCatalogEndpoints.imports, { kind: 'merchant', signal })).data,
  });
}
