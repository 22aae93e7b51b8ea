import { payOnDeliveryEndpoints, urlOf } from '@market/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderScreen } from '../../../test/render';
import { signedInForEachTest } from '../../../test/session';
import { CarrierCashScreen } from './carrier-cash-screen';

signedInForEachTest('partner');

const first = 'a1000000-0000-4000-8000-000000000001';
const second = 'a2000000-0000-4000-8000-000000000002';
const collection = (orderId: string, orderName: string, amount: number) => ({
  orderId,
  orderName,
  method: 'cash',
  reference: null,
  amount,
  fee: 500,
  collectedAt: '2030-01-02T10:00:00.000Z',
  remittanceId: null,
  remittedAt: null,
});

describe('a carrier’s remittance of the cash taken at the door', () => {
  it('checks the collections and the reference with the contract, then records the transfer', async () => {
    const fetchMock = mockFetch((_url, method) =>
      method === 'POST'
        ? jsonResponse(201, { message: 'Remittance recorded', data: {} })
        : jsonResponse(200, {
            message: 'Your cash',
            data: {
              held: 20_500,
              limit: 200_000,
              collections: [collection(first, 'NM-1', 12_500), collection(second, 'NM-2', 8_000)],
              remittances: [],
            },
          }),
    );
    const person = userEvent.setup();
    renderScreen(<CarrierCashScreen kind="partner" />);
    const reference = await screen.findByLabelText('Transfer reference');
    await person.type(reference, 'TR1');
    await person.click(screen.getByRole('button', { name: /Record remittance of/ }));
    expect(await screen.findByText('Choose at least one collection')).toBeVisible();
    expect(screen.getByText('The transfer reference is at least 4 characters')).toBeVisible();
    expect(reference).toHaveAttribute('aria-invalid', 'true');
    const remits = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(remits()).toHaveLength(0);

    await person.click(screen.getByLabelText(/NM-2/));
    await person.type(reference, '-778 ');
    expect(screen.getByRole('button', { name: 'Record remittance of ₦8,000.00' })).toBeVisible();
    await person.click(screen.getByRole('button', { name: /Record remittance of/ }));
    await waitFor(() => expect(remits()).toHaveLength(1));
    expect(String(remits()[0]![0])).toContain(urlOf(payOnDeliveryEndpoints.remit));
    expect(JSON.parse(String(remits()[0]![1]?.body))).toEqual({ reference: 'TR1-778', orderIds: [second] });
  });
});
