import { orderBatchEndpoints, urlOf } from '@market/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, renderScreen } from '../../../test/render';
import { signedInForEachTest } from '../../../test/session';
import { BatchOrderBar } from './batch-order-bar';

signedInForEachTest('merchant');

describe('the batch order bar', () => {
  it('accepts the selected orders and shows each order’s own result', async () => {
    const fetchMock = mockFetch((url) =>
      url.endsWith(urlOf(orderBatchEndpoints.merchantMove))
        ? jsonResponse(200, {
            message: '1 order moved; 1 could not be',
            data: {
              moved: 1,
              refused: 1,
              results: [
                {
                  orderId: 'o1',
                  ok: true,
                  orderStatus: { id: 3, code_name: 'accepted', known_name: 'Accepted' },
                  error: null,
                  message: 'Order is now accepted',
                },
                {
                  orderId: 'o2',
                  ok: false,
                  orderStatus: null,
                  error: 'CONFLICT',
                  message: 'Order is Accepted; it cannot move to Accepted',
                },
              ],
            },
          })
        : jsonResponse(404, { message: 'Not found', error: 'NOT_FOUND' }),
    );
    const onDone = vi.fn();
    const user = userEvent.setup();
    renderScreen(
      <BatchOrderBar
        viewer="merchant"
        selected={['o1', 'o2']}
        names={
          new Map([
            ['o1', 'ORD-1'],
            ['o2', 'ORD-2'],
          ])
        }
        onDone={onDone}
      />,
    );
    expect(screen.getByRole('heading', { name: '2 orders selected' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Accept selected' }));
    expect(await screen.findByText(/1 done, 1 could not be moved/)).toBeInTheDocument();
    expect(screen.getByText('ORD-2')).toBeInTheDocument();
    expect(screen.getByText(/it cannot move to Accepted/)).toBeInTheDocument();
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).includes('/batch/'))!;
    expect(JSON.parse(String(init?.body))).toEqual({ orderIds: ['o1', 'o2'], status: 'accepted' });
    expect(onDone).toHaveBeenCalled();
  });

  it('keeps the actions off with nothing selected', () => {
    mockFetch(() => jsonResponse(404, { message: 'Not found', error: 'NOT_FOUND' }));
    renderScreen(<BatchOrderBar viewer="merchant" selected={[]} names={new Map()} onDone={() => {}} />);
    expect(screen.getByRole('button', { name: 'Accept selected' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Mark selected ready' })).toBeDisabled();
  });

  it('assigns the selected orders to the carrier an admin chose, checked by the contract', async () => {
    const first = 'a1000000-0000-4000-8000-000000000001';
    const second = 'a2000000-0000-4000-8000-000000000002';
    const partnerId = 'c0000000-0000-4000-8000-00000000000c';
    const fetchMock = mockFetch((url) =>
      url.endsWith(urlOf(orderBatchEndpoints.adminAssign))
        ? jsonResponse(200, {
            message: '2 orders assigned',
            data: {
              moved: 2,
              refused: 0,
              results: [
                { orderId: first, ok: true, message: 'Assigned' },
                { orderId: second, ok: true, message: 'Assigned' },
              ],
            },
          })
        : jsonResponse(200, {
            message: 'Carriers',
            data: [{ id: partnerId, kind: 'partner', name: 'Swift Riders', phoneNumber: null }],
          }),
    );
    const onDone = vi.fn();
    const person = userEvent.setup();
    renderScreen(
      <BatchOrderBar viewer="admin" selected={[first, second]} names={new Map()} onDone={onDone} />,
    );
    const assign = screen.getByRole('button', { name: 'Assign selected' });
    expect(assign).toBeDisabled();
    await screen.findByRole('option', { name: 'Swift Riders (shipping partner)' });
    await person.selectOptions(
      screen.getByLabelText('Carrier for the selected orders'),
      `partner:${partnerId}`,
    );
    await person.click(assign);
    expect(await screen.findByText('2 done.')).toBeInTheDocument();
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).includes('/batch/'))!;
    expect(JSON.parse(String(init?.body))).toEqual({
      orderIds: [first, second],
      assignment: { carrier: 'partner', partnerId },
    });
    expect(onDone).toHaveBeenCalled();
  });
});
