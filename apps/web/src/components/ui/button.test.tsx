import { useMutation } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, renderScreen } from '../../test/render';
import { Button } from './button';

afterEach(() => vi.unstubAllGlobals());

function SaveButton({ onSaved }: { onSaved(): void }) {
  const save = useMutation({
    mutationFn: async () => (await fetch('/api/things', { method: 'POST' })).json(),
    onSuccess: onSaved,
  });
  return (
    <Button loading={save.isPending} onClick={() => save.mutate()}>
      Save
    </Button>
  );
}

describe('Button', () => {
  it('sends one request for two clicks in the same tick, and takes the next click once the work ends', async () => {
    const fetchMock = mockFetch(() => jsonResponse(200, { message: 'Saved', data: {} }));
    const onSaved = vi.fn();
    renderScreen(<SaveButton onSaved={onSaved} />);
    const save = await screen.findByRole('button', { name: 'Save' });
    fireEvent.click(save);
    fireEvent.click(save);
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await waitFor(() => expect(save).toBeEnabled());
    fireEvent.click(save);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
  });

  it('blocks the second submit of a form too', async () => {
    const onSubmit = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    renderScreen(
      <form onSubmit={onSubmit}>
        <Button type="submit" loading={false}>
          Send
        </Button>
      </form>,
    );
    const send = await screen.findByRole('button', { name: 'Send' });
    fireEvent.click(send);
    fireEvent.click(send);
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('leaves buttons that start no work alone', async () => {
    const onClick = vi.fn();
    renderScreen(<Button onClick={onClick}>Next photo</Button>);
    const next = await screen.findByRole('button', { name: 'Next photo' });
    fireEvent.click(next);
    fireEvent.click(next);
    expect(onClick).toHaveBeenCalledTimes(2);
  });
});
