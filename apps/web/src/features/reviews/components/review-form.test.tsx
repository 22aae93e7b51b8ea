import { reviewEndpoints, urlOf } from '@market/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, renderScreen } from '../../../test/render';
import { ReviewForm } from './review-form';

afterEach(() => vi.unstubAllGlobals());

const productId = '5f0f3c2e-8a51-4c43-9a8e-2f4a7c1b9d10';

describe('ReviewForm', () => {
  it('asks for a rating and words before sending, then sends them for the product', async () => {
    const fetchMock = mockFetch(() =>
      jsonResponse(201, { message: 'Thank you for your review', data: null }),
    );
    const done = vi.fn();
    const person = userEvent.setup();
    renderScreen(
      <ReviewForm
        subject={{ kind: 'product', productId }}
        label="Review Power bank"
        onDone={done}
        onCancel={vi.fn()}
      />,
    );
    await person.click(screen.getByRole('button', { name: 'Send review' }));
    expect(await screen.findByText('Choose a rating from 1 to 5')).toBeInTheDocument();
    expect(screen.getByText('Write at least 3 characters')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    // the stars are radio buttons: keyboard and screen readers reach each one by name
    await person.click(screen.getByRole('radio', { name: '4 stars: Very good' }));
    expect(screen.getByRole('radio', { name: '4 stars: Very good' })).toBeChecked();
    await person.type(screen.getByLabelText('Your review'), '  Works well.  ');
    await person.click(screen.getByRole('button', { name: 'Send review' }));
    await waitFor(() => expect(done).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe(urlOf(reviewEndpoints.reviewProduct));
    expect(JSON.parse(String(init?.body))).toEqual({ productId, rating: 4, text: 'Works well.' });
  });

  it('shows the server’s reason when the order was not delivered', async () => {
    mockFetch(() =>
      jsonResponse(403, {
        message: 'You can review a product only after an order containing it has been delivered to you',
        error: 'FORBIDDEN',
      }),
    );
    const person = userEvent.setup();
    renderScreen(
      <ReviewForm
        subject={{ kind: 'product', productId }}
        label="Review Power bank"
        onDone={vi.fn()}
        onCancel={vi.fn()}
      />,
    );
    await person.click(screen.getByRole('radio', { name: '5 stars: Excellent' }));
    await person.type(screen.getByLabelText('Your review'), 'Great product');
    await person.click(screen.getByRole('button', { name: 'Send review' }));
    expect(
      await screen.findByText(
        'You can review a product only after an order containing it has been delivered to you',
      ),
    ).toBeInTheDocument();
  });
});
