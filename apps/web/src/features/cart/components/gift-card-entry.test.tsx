import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { cartState, customerSignedInForEachTest } from '../../../test/fixtures-checkout';
import { jsonResponse, mockFetch, renderScreen } from '../../../test/render';
import { GiftCardEntry } from './gift-card-entry';

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

customerSignedInForEachTest();

describe('GiftCardEntry', () => {
  it('says the contract’s words under the code and sends nothing', async () => {
    const fetchMock = mockFetch(() => jsonResponse(500, {}));
    const person = userEvent.setup();
    renderScreen(<GiftCardEntry cart={cartState()} />);
    const field = screen.getByLabelText('Gift card code');
    await person.type(field, 'ABC');
    await person.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Enter the 16-character gift card code')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the code the contract normalised, and shows the server’s refusal under the field', async () => {
    const sent: unknown[] = [];
    mockFetch((url, _method, body) => {
      if (url.includes('gift-card')) sent.push(body);
      return jsonResponse(404, { message: 'No gift card has this code', details: [] });
    });
    const person = userEvent.setup();
    renderScreen(<GiftCardEntry cart={cartState()} />);
    await person.type(screen.getByLabelText('Gift card code'), 'efke 9qkb-sdbp vc2r');
    await person.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(sent).toEqual([{ code: 'EFKE9QKBSDBPVC2R' }]));
    expect(await screen.findByText('No gift card has this code')).toBeInTheDocument();
  });
});
