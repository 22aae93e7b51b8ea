import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { LoadingOverlay } from '../components/ui/loading-overlay';
import { RESTORE_TIMEOUT_MS } from '../lib/config';
import { isToasterWanted, loadSonner, subscribeToToaster } from '../lib/notify';
import { createQueryClient } from '../lib/query-client';
import { useSessionStore } from '../lib/session';
import { useServerRendered } from '../lib/ssr';
import { TOAST_DURATION_MS, TOAST_TOP_OFFSET } from '../lib/toast-rules';

export const queryClient = createQueryClient();

// Its own chunk, mounted with the first toast: a page that shows none never downloads the toast library.
const Toaster = lazy(() => loadSonner().then((module) => ({ default: module.Toaster })));

/** Shows the loading overlay until saved sessions are restored, and never longer than 5 s. */
function SessionGate({ children }: { children: ReactNode }) {
  // A server-rendered public page shows what a signed-out visitor sees at once; sessions apply once hydrated.
  const serverRendered = useServerRendered();
  const restored = useSessionStore((state) => state.restored) || serverRendered;
  const [gaveUp, setGaveUp] = useState(false);
  useEffect(() => {
    if (restored) return;
    useSessionStore.getState().restore();
    const timer = setTimeout(() => setGaveUp(true), RESTORE_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [restored]);
  return restored || gaveUp ? children : <LoadingOverlay />;
}

export function AppProvider({
  children,
  client = queryClient,
}: {
  children: ReactNode;
  client?: QueryClient;
}) {
  return (
    <QueryClientProvider client={client}>
      <SessionGate>{children}</SessionGate>
      <LazyToaster />
    </QueryClientProvider>
  );
}

/** The toaster, from the first toast on (never on the server nor while a server-rendered page hydrates). */
function LazyToaster() {
  const wanted = useSyncExternalStore(subscribeToToaster, isToasterWanted, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      {/* Top right as the specification says, below the sticky headers (at most 64 px) so a toast never covers the
          cart or menu buttons (ADR 058). */}
      <Toaster
        position="top-right"
        offset={{ top: TOAST_TOP_OFFSET }}
        mobileOffset={{ top: TOAST_TOP_OFFSET }}
        duration={TOAST_DURATION_MS}
        richColors
        closeButton
      />
    </Suspense>
  );
}
