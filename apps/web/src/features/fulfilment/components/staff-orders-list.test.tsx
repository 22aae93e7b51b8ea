import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderScreen } from '../../../test/render';
import { signedInForEachTest } from '../../../test/session';
import { StaffOrdersList } from './staff-orders-list';

// The store's and the admins' order lists count their total exactly up to a bound and estimate it beyond
// (`countIsEstimate`, ADR 114): the pager says which, so nobody reads an estimate as a count.

const order = {
  id: 'o1',
  orderName: 'NM-ESTIMATE1',
  orderStatus: { id: 2, code_name: 'pending', known_name: 'Pending' },
  total: 12500,
  storeId: 's1',
  storeName: 'Mama Nkechi Fabrics',
  customerName: 'Amaka Nwachukwu',
  itemCount: 1,
  carrierName: null,
  createdAt: '2026-11-29T10:00:00.000Z',
};

function answer(totalItems: number, countIsEstimate: boolean) {
  mockFetch(() =>
    jsonResponse(200, {
      message: 'Orders',
      data: {
        orders: [order],
        pagination: { page: 1, limit: 20, totalItems, totalPages: Math.ceil(totalItems / 20) },
        countIsEstimate,
      },
    }),
  );
}

signedInForEachTest('admin');

describe("the staff's order list total", () => {
  it('reads an estimated total as "about"', async () => {
    answer(12_400, true);
    renderScreen(
      <StaffOrdersList viewer="admin" basePath="/admin/orders" filters={{ page: 1 }} onChange={() => {}} />,
    );
    expect(await screen.findByText(/about 12,400 orders/)).toBeInTheDocument();
  });

  it('reads an exact total as it is', async () => {
    answer(34, false);
    renderScreen(
      <StaffOrdersList viewer="admin" basePath="/admin/orders" filters={{ page: 1 }} onChange={() => {}} />,
    );
    expect(await screen.findByText(/· 34 orders/)).toBeInTheDocument();
    expect(screen.queryByText(/about/)).not.toBeInTheDocument();
  });
});
