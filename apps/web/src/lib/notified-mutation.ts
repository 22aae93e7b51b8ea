import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { notifyError, notifySuccess } from './notify';

/**
 * A feature's write: the server's message is shown, the queries under `invalidate` are read again, and a failure is
 * a toast (with `fallback` where the error brings no words of its own). `toastErrors: false` leaves the failure to
 * the form that shows it under its fields.
 */
export function useNotifiedMutation<T>(
  run: (input: T) => Promise<{ message: string }>,
  {
    invalidate,
    fallback,
    toastErrors = true,
  }: { invalidate: QueryKey; fallback?: string; toastErrors?: boolean },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async (answer) => {
      notifySuccess(answer.message);
      await queryClient.invalidateQueries({ queryKey: invalidate });
    },
    onError: toastErrors ? (error) => notifyError(error, fallback ? { fallback } : undefined) : undefined,
  });
}
