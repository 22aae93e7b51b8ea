import { createToastDeduper, type ErrorToastOptions, errorToastMessage } from './toast-rules';

type Sonner = typeof import('sonner');

let sonner: Promise<Sonner> | undefined;
/** The toast library is loaded after the first paint (and on the first toast): no page needs it to show. */
export const loadSonner = (): Promise<Sonner> => {
  sonner ??= import('sonner');
  return sonner;
};

function show(toast: (api: Sonner['toast']) => void): void {
  void loadSonner().then((module) => toast(module.toast));
}

const shouldShow = createToastDeduper();

export function notifySuccess(message: string): void {
  if (message && shouldShow(message)) show((toast) => toast.success(message));
}

/** Shows the error toast for a failure, following the rules of `toast-rules.ts`. */
export function notifyError(error: unknown, options?: ErrorToastOptions): void {
  const message = errorToastMessage(error, options);
  if (message && shouldShow(message)) show((toast) => toast.error(message));
}

/**
 * A failure toast with a screen's own title (section 8, e.g. 'Failed to update cart item') and the server's
 * reason underneath; nothing for aborted requests and 401 answers, like every other error toast.
 */
export function notifyFailure(title: string, error: unknown): void {
  const reason = errorToastMessage(error);
  if (reason === null || !shouldShow(title)) return;
  show((toast) => toast.error(title, reason && reason !== title ? { description: reason } : undefined));
}
