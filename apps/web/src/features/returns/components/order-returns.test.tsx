import { customerReturnEndpoints, urlOf } from '@market/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { customerSignedInForEachTest, tracker } from '../../../test/fixtures-checkout';
import { orderReturn } from '../../../test/fixtures-returns';
import { jsonResponse, mockFetch, renderScreen } from '../../../test/render';
import { OrderReturns } from './order-returns';

customerSignedInForEachTest();

describe("the customer's return window", () => {
  it('says when returns close on a delivered order', async () => {
    mockFetch(() => jsonResponse(200, { message: 'Returns', data: { returns: [] } }));
    const order = {
      ...tracker().orders[0]!,
      orderStatus: { id: 10, code_name: 'delivered', known_name: 'Delivered' },
      deliveredAt: '2030-01-03T09:00:00.000Z',
      returnWindowEndsAt: '2030-01-10T09:00:00.000Z',
    };
    renderScreen(<OrderReturns order={order} />);
    expect(await screen.findByTestId('return-window')).toHaveTextContent('Returns close on 10 Jan 2030');
  });
});

describe('a dispute of the store’s refusal', () => {
  const returnId = 'e0000000-0000-4000-8000-00000000000e';
  const rejected = orderReturn({
    id: returnId,
    storeName: 'Ada Gadgets',
    customerName: 'Chidi Okafor',
    status: { code_name: 'rejected', known_name: 'Rejected' },
    orderName: '#1001',
    merchantNote: 'Used beyond repair',
    allowedNextStatuses: [],
  });

  it('checks the reason with the contract, then sends it to the platform', async () => {
    const fetchMock = mockFetch((url) =>
      url.includes('/dispute')
        ? jsonResponse(200, { message: 'Sent to the platform', data: { ...rejected } })
        : jsonResponse(200, { message: 'Returns', data: { returns: [rejected] } }),
    );
    const person = userEvent.setup();
    renderScreen(<OrderReturns order={{ ...tracker().orders[0]!, orderReturnId: returnId }} />);
    await person.click(await screen.findByRole('button', { name: 'Ask the platform to review' }));
    const reason = screen.getByLabelText('Why the store’s decision is wrong');
    await person.type(reason, 'bad');
    await person.click(screen.getByRole('button', { name: 'Send to the platform' }));
    expect(await screen.findByText('Say why you disagree (at least 5 characters)')).toBeVisible();
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(reason).toHaveFocus();
    const disputes = () => fetchMock.mock.calls.filter(([url]) => String(url).includes('/dispute'));
    expect(disputes()).toHaveLength(0);
    await person.type(reason, 'ly packed, it arrived broken');
    await person.click(screen.getByRole('button', { name: 'Send to the platform' }));
    await waitFor(() => expect(disputes()).toHaveLength(1));
    expect(String(disputes()[0]![0])).toContain(
      urlOf(customerReturnEndpoints.dispute, { params: { id: returnId } }),
    );
    expect(JSON.parse(String(disputes()[0]![1]?.body))).toEqual({
      reason: 'badly packed, it arrived broken',
    });
  });
});
