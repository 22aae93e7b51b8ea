import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderScreen } from '../../../test/render';
import { signedInForEachTest } from '../../../test/session';
import { ServiceLevelsPanel } from './service-levels-panel';

signedInForEachTest('admin');

describe('the late orders panel', () => {
  it('counts late orders against each limit and links the longest waiting', async () => {
    mockFetch(() =>
      jsonResponse(200, {
        message: 'Late orders',
        data: {
          at: '2026-11-29T12:00:00.000Z',
          groups: [
            {
              kind: 'awaiting_acceptance',
              limitHours: 48,
              count: 1,
              orders: [
                {
                  id: 'o1',
                  orderName: 'NM-LATE0001',
                  storeId: 's1',
                  storeName: 'Mama Nkechi Fabrics',
                  carrierName: null,
                  since: '2026-11-27T10:00:00.000Z',
                  hoursLate: 2,
                },
              ],
            },
            { kind: 'ready_not_picked_up', limitHours: 24, count: 0, orders: [] },
            { kind: 'out_for_delivery_too_long', limitHours: 24, count: 0, orders: [] },
          ],
        },
      }),
    );
    renderScreen(<ServiceLevelsPanel kind="admin" />);
    expect(await screen.findByRole('link', { name: 'NM-LATE0001' })).toHaveAttribute(
      'href',
      '/admin/orders/o1',
    );
    expect(screen.getByText(/Mama Nkechi Fabrics · 2 h late/)).toBeInTheDocument();
    expect(screen.getByText('Waiting for acceptance')).toBeInTheDocument();
    expect(screen.getByText('over 48 hours')).toBeInTheDocument();
  });
});
