import { categoryEndpoints, customerProductEndpoints, urlOf } from '@market/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, renderScreen } from '../../../test/render';
import { productFixture } from './product-fixture';
import { ProductListing } from './product-listing';

afterEach(() => vi.unstubAllGlobals());

function catalogApi(
  total: { count: number; countIsEstimate: boolean } = { count: 45, countIsEstimate: false },
) {
  return mockFetch((url) => {
    if (url.includes(urlOf(categoryEndpoints.all))) return jsonResponse(200, { message: 'ok', data: [] });
    return jsonResponse(200, {
      message: 'ok',
      data: { data: [productFixture({ name: 'Ofada rice 5kg' })], ...total },
    });
  });
}

describe('ProductListing', () => {
  it('keeps sort, stock and page in the URL and asks the API for them', async () => {
    const fetchMock = catalogApi();
    const person = userEvent.setup();
    const { router } = renderScreen(<ProductListing label="Results" />, { route: '/search?q=rice' });

    expect(await screen.findByText('Ofada rice 5kg')).toBeInTheDocument();
    expect(screen.getByText('45 products')).toBeInTheDocument();
    // The product cards' h3 sit under the results' h2, not straight under the page's h1 (issue 34, item 26).
    expect(screen.getByRole('heading', { level: 2, name: 'Results' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: /Ofada rice 5kg/ })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Results' })).toBeInTheDocument();

    await person.selectOptions(screen.getByLabelText('Sort by'), 'price_asc');
    await waitFor(() => expect(router.state.location.search).toBe('?q=rice&sort=price_asc'));

    await person.click(screen.getByLabelText('In stock only'));
    await waitFor(() => expect(router.state.location.search).toBe('?q=rice&inStock=true&sort=price_asc'));

    await person.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?q=rice&inStock=true&sort=price_asc&page=2'),
    );
    await waitFor(() => {
      const last = new URL(String(fetchMock.mock.calls.at(-1)?.[0]), 'http://localhost');
      expect(last.pathname).toBe(urlOf(customerProductEndpoints.list));
      expect(Object.fromEntries(last.searchParams)).toEqual({
        limit: '20',
        offset: '20',
        search: 'rice',
        inStock: 'true',
        sortBy: 'price_asc',
      });
    });

    // the back button walks back through the filters
    await router.navigate(-1);
    await waitFor(() => expect(router.state.location.search).toBe('?q=rice&inStock=true&sort=price_asc'));
    expect(screen.getByLabelText('In stock only')).toBeChecked();
  });

  it('says "about" when the server estimated the total, and the exact count when it counted', async () => {
    catalogApi({ count: 12_437, countIsEstimate: true });
    renderScreen(<ProductListing label="Results" />, { route: '/search?q=rice' });
    expect(await screen.findByText('about 12,400 products')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 501 · about 12,400 products')).toBeInTheDocument();
    expect(screen.queryByText(/12,437/)).not.toBeInTheDocument();
  });

  it('applies a price range in naira and refuses a reversed one', async () => {
    catalogApi();
    const person = userEvent.setup();
    const { router } = renderScreen(<ProductListing label="Results" />, { route: '/search' });
    await screen.findByText('Ofada rice 5kg');
    await person.type(screen.getByLabelText('Minimum price (₦)'), '5000');
    await person.type(screen.getByLabelText('Maximum price (₦)'), '100');
    await person.click(screen.getByRole('button', { name: 'Apply price' }));
    expect(await screen.findByText('Minimum price cannot be above the maximum price')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    await person.clear(screen.getByLabelText('Maximum price (₦)'));
    await person.type(screen.getByLabelText('Maximum price (₦)'), '12500.50');
    await person.click(screen.getByRole('button', { name: 'Apply price' }));
    await waitFor(() => expect(router.state.location.search).toBe('?min=5000&max=12500.5'));
  });

  it('shows the failure message with a retry', async () => {
    mockFetch(() => jsonResponse(500, { message: 'boom', error: 'INTERNAL_ERROR' }));
    renderScreen(<ProductListing label="Results" />, { route: '/search' });
    expect(
      await screen.findByText('Could not get products. Try again later.', {}, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Try again' }).length).toBeGreaterThan(0);
  }, 15_000);
});
