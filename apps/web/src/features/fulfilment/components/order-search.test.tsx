import { orderSearchEndpoints, urlOf } from '@market/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderScreen } from '../../../test/render';
import { signedInForEachTest } from '../../../test/session';
import { OrderSearch } from './order-search';

function Harness() {
  const [q, setQ] = useState('');
  return <OrderSearch q={q} onChange={setQ} />;
}

signedInForEachTest('admin');

describe('admin order search', () => {
  it('searches as the admin types and links each order found', async () => {
    const fetchMock = mockFetch(() =>
      jsonResponse(200, {
        message: '1 order found',
        data: {
          matchedBy: 'phone',
          orders: [
            {
              id: 'o1',
              orderName: 'NM-TARGET01',
              orderStatus: { id: 2, code_name: 'pending', known_name: 'Pending' },
              total: 12500,
              storeId: 's1',
              storeName: 'Mama Nkechi Fabrics',
              customerName: 'Amaka Nwachukwu',
              itemCount: 1,
              carrierName: null,
              createdAt: '2026-11-29T10:00:00.000Z',
            },
          ],
        },
      }),
    );
    const user = userEvent.setup();
    renderScreen(<Harness />);
    expect(screen.getByText('Type at least 2 characters')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search orders across stores' }), '0803555');
    const link = await screen.findByRole('link', { name: /NM-TARGET01/ });
    expect(link).toHaveAttribute('href', '/admin/orders/o1');
    expect(screen.getByText(/found by customer phone/)).toBeInTheDocument();
    const url = String(fetchMock.mock.calls.at(-1)?.[0]);
    expect(url).toContain(`${urlOf(orderSearchEndpoints.search)}?`);
    expect(url).toContain('q=0803555');
  });
});
