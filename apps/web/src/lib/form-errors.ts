import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './errors';
import { errorToastMessage, type NetworkContext } from './toast-rules';

/**
 * Puts the server's 422 details on the matching fields and returns the text for the whole form:
 * the first detail on a 422 (specification, section 5), otherwise the server's message.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
  network: NetworkContext = 'default',
): string | null {
  if (error instanceof ApiError && error.status === 422) {
    for (const detail of error.details) {
      if (fields.includes(detail.path))
        setError(detail.path as Path<T>, { type: 'server', message: detail.message });
    }
  }
  return errorToastMessage(error, { network });
}
