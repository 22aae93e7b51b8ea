import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { customerSignedInForEachTest, tracker } from '../../../test/fixtures-checkout';
import { jsonResponse, mockFetch, renderScreen } from '../../../test/render';
import { OrderDetail } from './order-detail';

const base = tracker().orders[0]!;

function answerOrder(code: string, known: string) {
  mockFetch((url) =>
    url.includes('/order-statuses') || url.includes('statuses')
      ? jsonResponse(200, { message: 'Statuses', data: [] })
      : jsonResponse(200, {
          message: 'Order',
          data: { ...base, orderStatus: { id: 9, code_name: code, known_name: known } },
        }),
  );
}

customerSignedInForEachTest();

describe("the customer's delivery token", () => {
  it('shows while the order is on its way', async () => {
    answerOrder('out_for_delivery', 'Out for delivery');
    renderScreen(<OrderDetail id={base.id} />);
    expect(await screen.findByTestId('delivery-token')).toHaveTextContent('482913');
  });

  it.each([
    ['delivered', 'Delivered'],
    ['cancelled', 'Cancelled'],
  ])('is gone once the order is %s', async (code, known) => {
    answerOrder(code, known);
    renderScreen(<OrderDetail id={base.id} />);
    expect(await screen.findByRole('heading', { name: `Order ${base.orderName}` })).toBeInTheDocument();
    expect(screen.queryByTestId('delivery-token')).not.toBeInTheDocument();
  });
});

describe("the customer's words", () => {
  it("names a carrier's decline by what happens next, in the timeline too", async () => {
    mockFetch(() =>
      jsonResponse(200, {
        message: 'Order',
        data: {
          ...base,
          orderStatus: { id: 13, code_name: 'declined', known_name: 'Finding a new carrier' },
          orderActivities: [
            {
              status: 'declined',
              activity: 'We are finding another carrier to bring your order.',
              createdAt: '2026-11-23T10:00:00.000Z',
            },
          ],
        },
      }),
    );
    renderScreen(<OrderDetail id={base.id} />);
    expect(await screen.findByRole('list', { name: 'Order timeline' })).toHaveTextContent(
      'Finding a new carrier',
    );
    expect(document.body).not.toHaveTextContent('Declined by partner');
  });
});

describe('a page that is only a message', () => {
  it('has the message as its main heading when the order is not found (issue 34, item 26)', async () => {
    mockFetch(() => jsonResponse(404, { message: 'Order not found', error: 'NOT_FOUND' }));
    renderScreen(<OrderDetail id={base.id} />);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This order was not found' }),
    ).toBeInTheDocument();
  });
});
