import { type Review, reviewEndpoints, urlOf } from '@market/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, renderScreen } from '../../../test/render';
import { ReplyForm } from './reply-form';

afterEach(() => vi.unstubAllGlobals());

const reviewId = 'b0000000-0000-4000-8000-00000000000b';
// The form reads the review's id, author and current reply only.
const review = { id: reviewId, authorName: 'Ngozi', reply: null } as unknown as Review;

describe('the store’s reply to a review', () => {
  it('asks for a reply first, sends it trimmed, and closes', async () => {
    const fetchMock = mockFetch(() => jsonResponse(200, { message: 'Reply saved', data: {} }));
    const onDone = vi.fn();
    const person = userEvent.setup();
    renderScreen(<ReplyForm review={review} onDone={onDone} />);
    const reply = screen.getByLabelText('Your reply (the customer is told by email)');
    await person.type(reply, '   ');
    await person.click(screen.getByRole('button', { name: 'Save reply' }));
    expect(await screen.findByText('Write a reply')).toBeVisible();
    expect(reply).toHaveAttribute('aria-invalid', 'true');
    expect(reply).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();

    await person.type(reply, 'Thank you, Ngozi! ');
    await person.click(screen.getByRole('button', { name: 'Save reply' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toContain(urlOf(reviewEndpoints.reply, { params: { id: reviewId } }));
    expect(JSON.parse(String(init?.body))).toEqual({ reply: 'Thank you, Ngozi!' });
  });

  it('says a refusal of the server under the reply, and stays open', async () => {
    mockFetch(() => jsonResponse(404, { message: 'This review is no longer there', error: 'NOT_FOUND' }));
    const onDone = vi.fn();
    const person = userEvent.setup();
    renderScreen(<ReplyForm review={review} onDone={onDone} />);
    await person.type(screen.getByLabelText('Your reply (the customer is told by email)'), 'Thanks');
    await person.click(screen.getByRole('button', { name: 'Save reply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This review is no longer there');
    expect(onDone).not.toHaveBeenCalled();
  });
});
