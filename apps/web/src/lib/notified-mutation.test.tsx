import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { currentAnnouncement } from './announce';
import { useNotifiedMutation } from './notified-mutation';

// What the person is told is read from the page's announcement (a page's first toast is announced there, and the
// set-up forgets toasts after each test), not from a mock of `notify`: test files share their worker's modules
// (`isolate: false`), so a mock of a module another file already loaded does not reach the hook.

function withClient() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const invalidated = vi.spyOn(client, 'invalidateQueries');
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { wrapper, invalidated };
}

describe('a feature’s write', () => {
  it('shows the server’s message and reads the queries under its key again', async () => {
    const { wrapper, invalidated } = withClient();
    const { result } = renderHook(
      () =>
        useNotifiedMutation(async (name: string) => ({ message: `${name} saved` }), { invalidate: ['hubs'] }),
      { wrapper },
    );
    await act(() => result.current.mutateAsync('Ikeja hub'));
    expect(currentAnnouncement().text).toBe('Ikeja hub saved');
    expect(invalidated).toHaveBeenCalledWith({ queryKey: ['hubs'] });
  });

  it('toasts a failure with its fallback', async () => {
    const fails = async (_input: string): Promise<{ message: string }> => {
      throw new Error('offline');
    };
    const { wrapper, invalidated } = withClient();
    const toasted = renderHook(
      () =>
        useNotifiedMutation(fails, { invalidate: ['returns'], fallback: 'Something went wrong. Try again.' }),
      { wrapper },
    );
    act(() => toasted.result.current.mutate('x'));
    await waitFor(() => expect(toasted.result.current.isError).toBe(true));
    expect(currentAnnouncement().text).toBe('Something went wrong. Try again.');
    expect(invalidated).not.toHaveBeenCalled();
  });

  it('leaves a failure to the form when told to: nothing is toasted', async () => {
    const fails = async (_input: string): Promise<{ message: string }> => {
      throw new Error('offline');
    };
    const { wrapper, invalidated } = withClient();
    const before = currentAnnouncement();
    const formShowsIt = renderHook(
      () => useNotifiedMutation(fails, { invalidate: ['returns'], toastErrors: false }),
      { wrapper },
    );
    act(() => formShowsIt.result.current.mutate('x'));
    await waitFor(() => expect(formShowsIt.result.current.isError).toBe(true));
    expect(currentAnnouncement()).toBe(before);
    expect(invalidated).not.toHaveBeenCalled();
  });
});
