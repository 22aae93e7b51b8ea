import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { StoreCard } from './store-card';

const store = {
  id: 's1',
  storeName: 'Ada Fabrics',
  storeUrl: 'ada-fabrics',
  logo: null,
  state: 'Lagos',
  followersCount: 1,
  productsCount: 1,
  salesCount: 0,
  ratingAverage: 0,
  ratingCount: 0,
};

describe('StoreCard', () => {
  it('reads "1 follower · 1 product", not "1 followers · 1 products"', () => {
    const router = createMemoryRouter([{ path: '*', element: <StoreCard store={store} /> }]);
    render(<RouterProvider router={router} />);
    expect(screen.getByText('Lagos · 1 follower · 1 product')).toBeInTheDocument();
  });
});
