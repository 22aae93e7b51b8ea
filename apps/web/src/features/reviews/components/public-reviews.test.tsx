import { reviewEndpoints, urlOf } from '@market/contracts';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, renderScreen } from '../../../test/render';
import { StoreReviews } from './public-reviews';

afterEach(() => vi.unstubAllGlobals());

const storeId = '0c1f2d3e-4a5b-4c6d-8e7f-8091a2b3c4d5';

describe("a store's reviews", () => {
  it('lists what customers said about the store, with its rating summary', async () => {
    const fetchMock = mockFetch(() =>
      jsonResponse(200, {
        message: 'Store reviews',
        data: {
          summary: { average: 4.5, count: 2, breakdown: [0, 0, 0, 1, 1] },
          reviews: [
            {
              id: 'r1',
              kind: 'merchant',
              rating: 5,
              text: 'Packed well and delivered to Yaba in two days.',
              authorName: 'Tunde A.',
              verifiedPurchase: true,
              reply: 'Thank you, Tunde!',
              repliedAt: '2026-11-02T10:00:00.000Z',
              createdAt: '2026-11-01T10:00:00.000Z',
            },
          ],
          pagination: { page: 1, limit: 5, totalItems: 2, totalPages: 1 },
        },
      }),
    );
    renderScreen(<StoreReviews storeId={storeId} storeName="Ankara Palace" />);
    expect(await screen.findByText('Packed well and delivered to Yaba in two days.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Reviews of Ankara Palace' })).toBeInTheDocument();
    expect(screen.getByText('Thank you, Tunde!')).toBeInTheDocument();
    expect(screen.getByText('1 star:', { exact: false })).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain(
      urlOf(reviewEndpoints.storeReviews, { params: { storeId }, query: { page: 1, limit: 5 } }),
    );
  });
});
