import type { Review } from '@market/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderScreen } from '../../../test/render';
import { forgetSessionsAfterEach, signIn } from '../../../test/session';
import { AdminReviews } from './admin-reviews';
import { MerchantReviews } from './merchant-reviews';

// The store's inbox and the admins' moderation list share one list of reviews (review-list.tsx, issue 30); each keeps
// its own subject line, actions and empty state. (jsdom joins a button's word and its sr-only words without the
// space a browser keeps, hence the \s* in the names.)

const reviewOf = (over: Partial<Review>): Review => ({
  id: 'r1',
  kind: 'product',
  rating: 4,
  text: 'Sturdy and well packed.',
  authorName: 'Ngozi',
  verifiedPurchase: true,
  reply: null,
  repliedAt: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  productId: 'p1',
  productName: 'Ankara tote',
  storeId: 's1',
  storeName: 'Ankara Palace',
  hidden: false,
  hiddenReason: null,
  hiddenAt: null,
  ...over,
});

function answering(reviews: Review[], totalItems = reviews.length) {
  return mockFetch(() =>
    jsonResponse(200, {
      message: 'Reviews',
      data: {
        reviews,
        pagination: { page: 1, limit: 10, totalItems, totalPages: Math.ceil(totalItems / 10) },
      },
    }),
  );
}

beforeEach(() => {
  signIn('merchant');
  signIn('admin', { accountType: 'admin' });
});

forgetSessionsAfterEach();

describe('the store’s review inbox', () => {
  it('lists each review under its product or the store, with Reply, a hidden mark and the pages', async () => {
    answering(
      [
        reviewOf({}),
        reviewOf({
          id: 'r2',
          kind: 'merchant',
          productId: null,
          productName: null,
          authorName: 'Tunde',
          hidden: true,
        }),
      ],
      12,
    );
    renderScreen(<MerchantReviews />);
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Ankara tote');
    expect(items[1]).toHaveTextContent('Your store, Ankara Palace');
    expect(within(items[1]!).getByText('Hidden by an admin')).toBeInTheDocument();
    await userEvent.click(within(items[0]!).getByRole('button', { name: /^Reply\s*to Ngozi$/ }));
    expect(screen.getByLabelText('Your reply (the customer is told by email)')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Pages of reviews' })).toHaveTextContent(
      'Page 1 of 2 · 12 reviews',
    );
  });

  it('says when there is no review yet', async () => {
    answering([]);
    renderScreen(<MerchantReviews />);
    expect(await screen.findByText('No reviews yet')).toBeInTheDocument();
    expect(
      screen.getByText('Customers can review what they received once it is delivered.'),
    ).toBeInTheDocument();
  });
});

describe('the admins’ review moderation', () => {
  it('names the product or the store and its store, and offers Hide or Show again', async () => {
    answering([
      reviewOf({}),
      reviewOf({ id: 'r2', productName: null, authorName: 'Tunde', hidden: true, hiddenReason: 'Insults' }),
    ]);
    renderScreen(<AdminReviews />);
    const items = await screen.findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Ankara tote · Ankara Palace');
    expect(
      within(items[0]!).getByRole('button', { name: /^Hide\s*the review by Ngozi$/ }),
    ).toBeInTheDocument();
    expect(items[1]).toHaveTextContent('Store review · Ankara Palace');
    expect(items[1]).toHaveTextContent('Reason: Insults');
    expect(
      within(items[1]!).getByRole('button', { name: /^Show again\s*the review by Tunde$/ }),
    ).toBeInTheDocument();
  });

  it('says when no review matches', async () => {
    answering([]);
    renderScreen(<AdminReviews />);
    expect(await screen.findByText('No reviews here')).toBeInTheDocument();
  });
});
