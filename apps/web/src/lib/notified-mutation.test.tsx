import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useNotifiedMutation } from './notified-mutation';
import { notifyError, notifySuccess } from './notify';

vi.mock('./notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));

function withClient() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const invalidated = vi.spyOn(client, 'invalidateQueries');
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { wrapper, invalidated };
}

afterEach(() => vi.clearAllMocks());

describe('a feature’s write', () => {
  it('shows the server’s message and reads the queries under its key again', async () => {
    const { wrapper, invalidated } = withClient();
    const { result } = renderHook(
      () =>
        useNotifiedMutation(async (name: string) => ({ message: `${name} saved` }), { invalidate: ['hubs'] }),
      { wrapper },
    );
    await act(() => result.current.mutateAsync('Ikeja hub'));
    expect(notifySuccess).toHaveBeenCalledWith('Ikeja hub saved');
    expect(invalidated).toHaveBeenCalledWith({ queryKey: ['hubs'] });
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('toasts a failure with its fallback, or leaves it to the form when told to', async () => {
    const failure = new Error('offline');
    const fails = async (_input: string): Promise<{ message: string }> => {
      throw failure;
    };
    const { wrapper, invalidated } = withClient();
    const toasted = renderHook(
      () =>
        useNotifiedMutation(fails, { invalidate: ['returns'], fallback: 'Something went wrong. Try again.' }),
      { wrapper },
    );
    act(() => toasted.result.current.mutate('x'));
    await waitFor(() => expect(toasted.result.current.isError).toBe(true));
    expect(notifyError).toHaveBeenCalledWith(failure, { fallback: 'Something went wrong. Try again.' });

    vi.mocked(notifyError).mockClear();
    const formShowsIt = renderHook(
      () => useNotifiedMutation(fails, { invalidate: ['returns'], toastErrors: false }),
      { wrapper },
    );
    act(() => formShowsIt.result.current.mutate('x'));
    await waitFor(() => expect(formShowsIt.result.current.isError).toBe(true));
    expect(notifyError).not.toHaveBeenCalled();
    expect(notifySuccess).not.toHaveBeenCalled();
    expect(invalidated).not.toHaveBeenCalled();
  });
});
