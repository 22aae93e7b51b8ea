import { type CreateCategoryBody, categoryEndpoints, type EditCategoryBody } from '@market/contracts';

import { categoryTreeKey } from '../../../api/get-category-tree';
import { api } from '../../../lib/api-client';
import { useNotifiedMutation } from '../../../lib/notified-mutation';

export function createCategory(body: CreateCategoryBody) {
  return api(categoryEndpoints.create, { kind: 'admin', body });
}

export function editCategory(id: string, body: EditCategoryBody) {
  return api(categoryEndpoints.edit, { kind: 'admin', params: { id }, body });
}

/** Retires a category and everything under it; 409 while products use it (the toast shows the server's reason). */
export function retireCategory(id: string) {
  return api(categoryEndpoints.retire, { kind: 'admin', params: { id } });
}

function useCategoryMutation<T>(run: (input: T) => Promise<{ message: string }>, toastErrors = true) {
  // Every screen reads the tree under this one key, so the edit shows everywhere at once.
  return useNotifiedMutation(run, {
    invalidate: categoryTreeKey,
    fallback: 'Could not get categories. Try again later.',
    toastErrors,
  });
}

export function useCreateCategory() {
  return useCategoryMutation(createCategory, false);
}

export function useEditCategory() {
  return useCategoryMutation(({ id, body }: { id: string; body: EditCategoryBody }) =>
    editCategory(id, body),
  );
}

export function useRetireCategory() {
  return useCategoryMutation(retireCategory);
}
