import { toast } from 'sonner';
import { createToastDeduper, type ErrorToastOptions, errorToastMessage } from './toast-rules';

const shouldShow = createToastDeduper();

export function notifySuccess(message: string): void {
  if (message && shouldShow(message)) toast.success(message);
}

/** Shows the error toast for a failure, following the rules of `toast-rules.ts`. */
export function notifyError(error: unknown, options?: ErrorToastOptions): void {
  const message = errorToastMessage(error, options);
  if (message && shouldShow(message)) toast.error(message);
}
