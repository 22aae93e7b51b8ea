import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderScreen } from '../../../test/render';
import { mockFetchHolding, signedInForEachTest } from '../../../test/session';
import { Component as ProductsPage } from './products';

const merchantHolding = (permissions: string[]) =>
  mockFetchHolding(
    permissions,
    () =>
      jsonResponse(200, {
        message: 'Products',
        data: { products: [], pagination: { page: 1, limit: 20, total: 0, totalPages: 1 } },
      }),
    { role: 'Viewer' },
  );

signedInForEachTest('merchant');

describe('the products page for a "See"-only role', () => {
  it('gets no "Add product" on the products page', async () => {
    merchantHolding(['products:read']);
    renderScreen(<ProductsPage />, { route: '/merchant/products' });
    expect(await screen.findByText('No products yet')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Add/ })).not.toBeInTheDocument();
  });
});
