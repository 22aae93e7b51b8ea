import { partnerOrderEndpoints, urlOf } from '@market/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, renderScreen } from '../../../test/render';
import { DispatcherForm } from './dispatcher-form';

afterEach(() => vi.unstubAllGlobals());

const orderId = 'f0000000-0000-4000-8000-00000000000f';

describe('the partner’s dispatcher on an order', () => {
  it('checks the name and phone with the contract, then sends them trimmed', async () => {
    const fetchMock = mockFetch(() =>
      jsonResponse(200, { message: 'Dispatcher saved', data: { id: orderId } }),
    );
    const person = userEvent.setup();
    renderScreen(<DispatcherForm orderId={orderId} name="" phone="" />);
    const name = screen.getByLabelText("Dispatcher's name");
    const phone = screen.getByLabelText("Dispatcher's phone number");
    await person.type(name, 'T');
    await person.type(phone, '12');
    await person.click(screen.getByRole('button', { name: 'Save dispatcher' }));
    expect(await screen.findByText("Enter the dispatcher's name")).toBeVisible();
    expect(screen.getByText('Enter a valid phone number')).toBeVisible();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();

    await person.type(name, 'unde ');
    await person.clear(phone);
    await person.type(phone, '0803 123 4567');
    await person.click(screen.getByRole('button', { name: 'Save dispatcher' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toContain(urlOf(partnerOrderEndpoints.dispatcher, { params: { id: orderId } }));
    expect(JSON.parse(String(init?.body))).toEqual({
      dispatcherName: 'Tunde',
      dispatchPhoneNumber: '0803 123 4567',
    });
  });
});
