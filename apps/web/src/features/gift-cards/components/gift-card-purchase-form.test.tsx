import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { customerSignedInForEachTest } from '../../../test/fixtures-checkout';
import { jsonResponse, mockFetch, renderScreen } from '../../../test/render';
import { GiftCardPurchaseForm } from './gift-card-purchase-form';
import { paymentPage } from './payment-page';

customerSignedInForEachTest();
afterEach(() => {
  vi.restoreAllMocks();
});

describe('GiftCardPurchaseForm', () => {
  it('says the contract’s words under the amount, focuses it and sends nothing', async () => {
    const fetchMock = mockFetch(() => jsonResponse(500, {}));
    const person = userEvent.setup();
    renderScreen(<GiftCardPurchaseForm />);
    const amount = screen.getByLabelText('Or another amount in naira');
    await person.clear(amount);
    await person.type(amount, '500');
    await person.click(screen.getByRole('button', { name: 'Buy and pay' }));
    expect(await screen.findByText('The smallest gift card is ₦1,000')).toBeInTheDocument();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(amount).toHaveFocus();
    await person.clear(amount);
    await person.click(screen.getByRole('button', { name: 'Buy and pay' }));
    expect(await screen.findByText('Enter an amount in naira')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the amount as naira and leaves blank recipient fields out', async () => {
    const assign = vi.spyOn(paymentPage, 'assign').mockImplementation(() => {});
    const sent: unknown[] = [];
    mockFetch((url, _method, body) => {
      if (url.endsWith('/purchase')) sent.push(body);
      return jsonResponse(201, {
        message: 'Gift card payment started',
        data: { authorizationUrl: 'https://pay.example/abc', reference: 'ref-1' },
      });
    });
    const person = userEvent.setup();
    renderScreen(<GiftCardPurchaseForm />);
    await person.click(screen.getByRole('button', { name: 'Buy and pay' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.example/abc'));
    expect(sent).toEqual([{ amount: 10000 }]);
  });
});
