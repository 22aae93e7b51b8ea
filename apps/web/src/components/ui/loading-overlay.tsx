import { Spinner } from './spinner';

/** Covers the screen while saved state is restored. */
export function LoadingOverlay({ label = 'Loading Naija Market' }: { label?: string }) {
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-white text-emerald-700">
      <Spinner size="lg" label={label} />
    </div>
  );
}
