import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../../lib/session';
import { signInCustomer, tracker } from '../../../test/fixtures-checkout';
import { jsonResponse, mockFetch, renderScreen } from '../../../test/render';
import { OrderReturns } from './order-returns';

beforeEach(() => signInCustomer());
afterEach(() => {
  vi.unstubAllGlobals();
  useSessionStore.setState({ sessions: {} });
});

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
