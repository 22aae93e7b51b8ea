import { announce } from './announce';
import { createToastDeduper, type ErrorToastOptions, errorToastMessage } from './toast-rules';

type Sonner = typeof import('sonner');

let sonner: Promise<Sonner> | undefined;
/**
 * The toast library (about 9 KiB compressed) loads with the first toast, not with the page: most visits show none,
 * and a phone on a slow network should not download it before the page it opened is usable (ADR 056).
 */
export const loadSonner = (): Promise<Sonner> => {
  // The colours that give its toasts 4.5:1 come with it (toast-colours.css), not with every page.
  sonner ??= import('./toast-colours.css').then(() => import('sonner'));
  return sonner;
};

/** Whether a toast has been asked for: the toaster is mounted from then on (`AppProvider`). */
let toasterWanted = false;
const toasterListeners = new Set<() => void>();
export const isToasterWanted = (): boolean => toasterWanted;
export function subscribeToToaster(listener: () => void): () => void {
  toasterListeners.add(listener);
  return () => toasterListeners.delete(listener);
}

function show(text: string, toast: (api: Sonner['toast']) => void): void {
  if (!toasterWanted) {
    toasterWanted = true;
    for (const listener of toasterListeners) listener();
    // The toaster's own live region is added with this first toast, too late to be read out: the page's region,
    // there from the first paint, says it instead. Later toasts are read by the toaster's region.
    announce(text);
  }
  // A toast made before the toaster has subscribed is shown when it does (sonner replays the active ones).
  void loadSonner().then((module) => toast(module.toast));
}

let shouldShow = createToastDeduper();

/**
 * Back to a page that has shown no toast: the test set-up calls it after each test, since test files share this
 * module (`isolate: false` in vite.config.ts) and a page's first toast is announced differently from later ones.
 */
export function forgetToasts(): void {
  toasterWanted = false;
  shouldShow = createToastDeduper();
  // A test file's mock of sonner may have no `dismiss`.
  void sonner?.then((module) => module.toast.dismiss?.()).catch(() => undefined);
  // Loaded again when next wanted: a test file may mock sonner.
  sonner = undefined;
}

export function notifySuccess(message: string): void {
  if (message && shouldShow(message)) show(message, (toast) => toast.success(message));
}

/** Shows the error toast for a failure, following the rules of `toast-rules.ts`. */
export function notifyError(error: unknown, options?: ErrorToastOptions): void {
  const message = errorToastMessage(error, options);
  if (message && shouldShow(message)) show(message, (toast) => toast.error(message));
}

/**
 * A failure toast with a screen's own title (section 8, e.g. 'Failed to update cart item') and the server's
 * reason underneath; nothing for aborted requests and 401 answers, like every other error toast.
 */
export function notifyFailure(title: string, error: unknown): void {
  const reason = errorToastMessage(error);
  if (reason === null || !shouldShow(title)) return;
  const description = reason && reason !== title ? reason : undefined;
  show(description ? `${title}. ${description}` : title, (toast) =>
    toast.error(title, description ? { description } : undefined),
  );
}
