import type { CarrierPickup } from '@market/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderScreen } from '../../../test/render';
import { CarrierPickups, PickupCard } from './pickups';

afterEach(() => vi.unstubAllGlobals());

const pickup: CarrierPickup = {
  id: 'b0000000-0000-4000-8000-00000000000b',
  returnId: 'r1',
  orderId: 'o1',
  orderName: 'NM-DEMO0006',
  storeName: 'Chinedu Gadgets',
  status: { code_name: 'assigned', known_name: 'Carrier assigned' },
  carrierKind: 'partner',
  carrierName: 'Test Riders',
  collectionLocked: false,
  collectFrom: {
    fullName: 'Ada Obi',
    phoneNumber: '+2348031234567',
    state: 'Lagos',
    lga: 'Ikeja',
    address: '12 Allen Avenue',
  },
  dropOff: { address: '3 Broad Street, Lagos', phoneNumber: null },
  products: [{ productName: 'Oraimo Power Bank', quantity: 1 }],
  createdAt: '2030-01-01T10:00:00.000Z',
  updatedAt: '2030-01-01T10:00:00.000Z',
};

describe('return pickups', () => {
  it('collects with the customer token and a photo as multipart, and refuses a short token first', async () => {
    const calls: { url: string; init?: RequestInit }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        calls.push({ url: String(input), init });
        return String(input).includes('/collect')
          ? jsonResponse(200, { message: 'Collected. Take the goods to the store.', data: pickup })
          : jsonResponse(200, {
              message: 'Your return pickups',
              data: { pickups: [pickup], pagination: { page: 1, limit: 20, totalItems: 1, totalPages: 1 } },
            });
      }),
    );
    const person = userEvent.setup();
    renderScreen(<CarrierPickups viewer="partner" page={1} onPage={() => undefined} />);
    expect(await screen.findByText(/12 Allen Avenue/)).toBeInTheDocument();
    await person.type(screen.getByLabelText("Customer's pickup token"), '123');
    await person.click(screen.getByRole('button', { name: 'Collected' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("Enter the customer's 6-digit pickup token");
    expect(calls.some((call) => call.url.includes('/collect'))).toBe(false);

    await person.type(screen.getByLabelText("Customer's pickup token"), '456');
    const photo = new File([new Uint8Array([137, 80, 78, 71])], 'goods.png', { type: 'image/png' });
    await person.upload(screen.getByLabelText(/Photo of the items you collect/), photo);
    await person.click(screen.getByRole('button', { name: 'Collected' }));
    await waitFor(() => expect(calls.some((call) => call.url.includes('/collect'))).toBe(true));
    const sent = calls.find((call) => call.url.includes('/collect'))!;
    expect(sent.init?.method).toBe('PATCH');
    const form = sent.init?.body as FormData;
    expect(form.get('pickupToken')).toBe('123456');
    expect((form.get('evidence') as File).name).toBe('goods.png');
  });

  it('shows the customer their token while a carrier is to collect, and the store what it does next', () => {
    const base = {
      id: 'p1',
      status: { code_name: 'assigned' as const, known_name: 'Carrier assigned' },
      carrierKind: 'partner' as const,
      carrierName: 'Test Riders',
      collectionLocked: false,
      collectEvidence: null,
      dropOffEvidence: null,
      assignedAt: '2030-01-01T10:00:00.000Z',
      collectedAt: null,
      deliveredAt: null,
    };
    const { unmount } = renderScreen(
      <PickupCard pickup={{ ...base, pickupToken: '042917' }} viewer="customer" />,
    );
    expect(screen.getByText('042917')).toBeInTheDocument();
    unmount();
    renderScreen(<PickupCard pickup={base} viewer="store" />);
    expect(screen.getByText('A carrier will collect the items from the customer.')).toBeInTheDocument();
    expect(screen.queryByText(/pickup token/)).not.toBeInTheDocument();
  });
});
