import { payOnDeliveryEndpoints, urlOf } from '@market/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { customerSignedInForEachTest } from '../../../test/fixtures-checkout';
import { jsonResponse, mockFetch, renderScreen } from '../../../test/render';
import { onDeliveryTotal, PaymentChoice } from './payment-choice';

customerSignedInForEachTest();

const options = [
  {
    storeId: 's1',
    storeName: 'Mama Put Fashion',
    orderTotal: 14_000.5,
    allowed: true,
    fee: 500,
    reason: null,
  },
  {
    storeId: 's2',
    storeName: 'Ikeja Gadgets',
    orderTotal: 30_000,
    allowed: false,
    fee: null,
    reason: 'Ikeja Gadgets does not take payment at the door',
  },
];

function Harness({ onChosen }: { onChosen(ids: string[]): void }) {
  const [chosen, setChosen] = useState<string[]>([]);
  return (
    <PaymentChoice
      addressId="a1"
      chosen={chosen}
      onChange={(next) => {
        setChosen(next);
        onChosen(next);
      }}
    />
  );
}

describe('PaymentChoice', () => {
  it('names the Paystack channels and offers pay on delivery only where the server allows it', async () => {
    const fetchMock = mockFetch(() =>
      jsonResponse(200, { message: 'Pay-on-delivery options', data: options }),
    );
    const onChosen = vi.fn();
    renderScreen(<Harness onChosen={onChosen} />);
    expect(screen.getByTestId('paystack-channels')).toHaveTextContent(/card.*bank transfer.*USSD/);
    const box = await screen.findByRole('checkbox', { name: 'Pay Mama Put Fashion’s order on delivery' });
    expect(screen.getByText(/₦14,500\.50 at the door, including a ₦500\.00 fee/)).toBeVisible();
    expect(screen.queryByRole('checkbox', { name: /Ikeja Gadgets/ })).toBeNull();
    expect(screen.getByText(/Ikeja Gadgets does not take payment at the door/)).toBeVisible();
    await userEvent.setup().click(box);
    expect(onChosen).toHaveBeenLastCalledWith(['s1']);
    expect(String(fetchMock.mock.calls[0]![0])).toBe(
      urlOf(payOnDeliveryEndpoints.options, { query: { addressId: 'a1' } }),
    );
  });

  it('keeps online payment when the check fails', async () => {
    mockFetch(() => jsonResponse(500, { message: 'Something went wrong', error: 'INTERNAL_ERROR' }));
    renderScreen(<Harness onChosen={vi.fn()} />);
    // After the query's two retries (section 9), the page still offers online payment.
    expect(await screen.findByRole('alert', {}, { timeout: 8_000 })).toHaveTextContent(
      'You can still pay online',
    );
  });

  it('adds up only the allowed stores the customer chose, to the kobo', () => {
    expect(onDeliveryTotal(options, ['s1', 's2'])).toBe(14_000.5);
    expect(onDeliveryTotal(undefined, ['s1'])).toBe(0);
  });
});
