import { fulfilmentEndpoints, urlOf } from '@market/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, renderScreen } from '../../../test/render';
import { OrderActions } from './order-actions';

afterEach(() => vi.unstubAllGlobals());

const status = (id: number, code_name: string, known_name: string) => ({ id, code_name, known_name });
const orderId = 'f0000000-0000-4000-8000-00000000000f';

/** The one call of a move: a PATCH of this order; its request. */
function sentPatch(fetchMock: ReturnType<typeof mockFetch>) {
  const [url, init] = fetchMock.mock.calls[0]!;
  expect(String(url)).toContain(urlOf(fulfilmentEndpoints.updateOrder, { params: { id: orderId } }));
  expect(init?.method).toBe('PATCH');
  return init;
}

/** The server accepting every move: the order is now in `now`, with nothing further to do. */
const serverMoves = (now: ReturnType<typeof status>, message: string) =>
  mockFetch(() =>
    jsonResponse(200, { message, data: { id: orderId, orderStatus: now, allowedNextStatuses: [] } }),
  );

describe('order actions', () => {
  it('offers only the moves the server allows, never assignment', () => {
    mockFetch(() => jsonResponse(200, {}));
    renderScreen(
      <OrderActions
        viewer="merchant"
        orderId={orderId}
        allowed={[
          status(3, 'accepted', 'Accepted'),
          status(12, 'cancelled', 'Cancelled'),
          status(5, 'assigned', 'Assigned'),
        ]}
      />,
    );
    expect(screen.getByRole('button', { name: 'Accept order' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Cancel order' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /assign/i })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Mark delivered' })).toBeNull();
  });

  it('says when there is nothing to do', () => {
    renderScreen(<OrderActions viewer="partner" orderId={orderId} allowed={[]} />);
    expect(screen.getByText('Nothing for you to do on this order now.')).toBeVisible();
  });

  it('sends the customer’s token with the delivered move and checks its shape first', async () => {
    const fetchMock = serverMoves(status(10, 'delivered', 'Delivered'), 'Order is now Delivered');
    const person = userEvent.setup();
    renderScreen(
      <OrderActions
        viewer="partner"
        orderId={orderId}
        allowed={[status(10, 'delivered', 'Delivered'), status(14, 'delivery_failed', 'Delivery failed')]}
      />,
    );
    await person.type(screen.getByLabelText("Customer's delivery token"), '12a3');
    await person.click(screen.getByRole('button', { name: 'Mark delivered' }));
    expect(await screen.findByText('The delivery token is 6 digits')).toBeVisible();
    expect(fetchMock).not.toHaveBeenCalled();
    await person.type(screen.getByLabelText("Customer's delivery token"), '456');
    await person.click(screen.getByRole('button', { name: 'Mark delivered' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const init = sentPatch(fetchMock);
    expect(JSON.parse(String(init?.body))).toEqual({ status: 'delivered', deliveryToken: '123456' });
  });
});

describe('order actions: a photo where the move asks for one', () => {
  it('opens the camera form for picked up, refuses without a photo, then sends multipart', async () => {
    const fetchMock = serverMoves(status(6, 'picked_up', 'Picked up'), 'Order is now Picked up');
    const person = userEvent.setup();
    renderScreen(
      <OrderActions
        viewer="partner"
        orderId={orderId}
        allowed={[status(6, 'picked_up', 'Picked up'), status(13, 'declined', 'Declined by partner')]}
      />,
    );
    await person.click(screen.getByRole('button', { name: 'Mark picked up' }));
    const input = screen.getByLabelText('Photo of the parcel');
    expect(input).toHaveAttribute('capture', 'environment');
    const form = screen.getByRole('form', { name: 'Photo for Picked up' });
    await person.click(within(form).getByRole('button', { name: 'Mark picked up' }));
    expect(screen.getByText('Take or choose a photo of the parcel')).toBeVisible();
    expect(fetchMock).not.toHaveBeenCalled();

    const photo = new File([new Uint8Array([137, 80, 78, 71])], 'parcel.png', { type: 'image/png' });
    await person.upload(input, photo);
    await person.type(screen.getByLabelText('Note (optional)'), 'Two boxes');
    await person.click(within(form).getByRole('button', { name: 'Mark picked up' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const init = sentPatch(fetchMock);
    const body = init?.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(body.get('status')).toBe('picked_up');
    expect(body.get('note')).toBe('Two boxes');
    expect((body.get('evidence') as File).name).toBe('parcel.png');
  });

  it('moves without a photo where none is needed', async () => {
    const fetchMock = serverMoves(status(8, 'in_transit', 'In transit'), 'Order is now In transit');
    const person = userEvent.setup();
    renderScreen(
      <OrderActions viewer="partner" orderId={orderId} allowed={[status(8, 'in_transit', 'In transit')]} />,
    );
    await person.click(screen.getByRole('button', { name: 'Mark in transit' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toEqual({ status: 'in_transit' });
  });

  it('takes a partner who declines back to their orders, not to an order no longer theirs', async () => {
    mockFetch(() =>
      jsonResponse(200, {
        message: 'Order declined',
        data: { id: orderId, orderStatus: status(13, 'declined', 'Declined') },
      }),
    );
    const person = userEvent.setup();
    const { router } = renderScreen(
      <OrderActions viewer="partner" orderId={orderId} allowed={[status(13, 'declined', 'Declined')]} />,
      { route: `/shipping-partner/orders/${orderId}` },
    );
    await person.click(screen.getByRole('button', { name: 'Decline order' }));
    const dialog = within(screen.getByRole('dialog'));
    await person.type(dialog.getByLabelText('Reason'), 'Vehicle broke down at Ojota');
    await person.click(dialog.getByRole('button', { name: 'Decline order' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/shipping-partner/orders'));
  });
});

describe('order actions: cancelling names the refund', () => {
  it('shows the amount the customer gets back before the store confirms, and sends the cancel once', async () => {
    const fetchMock = serverMoves(status(15, 'cancelled', 'Cancelled'), 'Order is now cancelled');
    const person = userEvent.setup();
    renderScreen(
      <OrderActions
        viewer="merchant"
        orderId={orderId}
        allowed={[status(3, 'accepted', 'Accepted'), status(15, 'cancelled', 'Cancelled')]}
        cancelRefund="₦61,200.00"
      />,
    );
    await person.click(screen.getByRole('button', { name: 'Cancel order' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this order?' });
    expect(within(dialog).getByTestId('money-dialog-amount')).toHaveTextContent('₦61,200.00');
    expect(fetchMock).not.toHaveBeenCalled();
    await person.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toEqual({ status: 'cancelled' });
  });
});

describe('order actions for an order paid on delivery', () => {
  it('asks how the customer paid and sends the exact amount due with the token', async () => {
    const fetchMock = serverMoves(status(10, 'delivered', 'Delivered'), 'Order is now delivered');
    const person = userEvent.setup();
    renderScreen(
      <OrderActions
        viewer="partner"
        orderId={orderId}
        allowed={[status(10, 'delivered', 'Delivered')]}
        payOnDelivery={{ fee: 500, dueAtDoor: 14_500.5 }}
      />,
    );
    expect(screen.getByTestId('collect-at-door')).toHaveTextContent('₦14,500.50');
    await person.selectOptions(screen.getByLabelText('How the customer paid'), 'pos');
    await person.type(screen.getByLabelText("Customer's delivery token"), '482913');
    await person.click(screen.getByRole('button', { name: 'Mark delivered' }));
    expect(await screen.findByText('Enter the POS slip or transfer reference')).toBeVisible();
    expect(fetchMock).not.toHaveBeenCalled();
    await person.type(screen.getByLabelText('POS slip reference'), 'POS-7781');
    await person.click(screen.getByRole('button', { name: 'Mark delivered' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toEqual({
      status: 'delivered',
      deliveryToken: '482913',
      collectionMethod: 'pos',
      collectedAmount: 14_500.5,
      collectionReference: 'POS-7781',
    });
  });
});
