import { productAdminEndpoints, storeAdminEndpoints, urlOf } from '@market/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ids, merchantProduct, recordFetch } from '../../../test/fixtures-catalog';
import { jsonResponse, renderScreen } from '../../../test/render';
import { ProductQueue } from './product-queue';

afterEach(() => vi.unstubAllGlobals());

function serve(
  approve: () => Response = () =>
    jsonResponse(200, { message: 'Product approved', data: merchantProduct({ approvalStatus: 'approved' }) }),
) {
  const recorder = recordFetch(({ url, method }) => {
    if (url.startsWith(urlOf(storeAdminEndpoints.list)))
      return jsonResponse(200, {
        message: 'Stores',
        data: {
          stores: [{ id: ids.store, storeName: 'Bisi Gadgets' }],
          pagination: { page: 1, limit: 100, totalItems: 1, totalPages: 1 },
          metrics: { pending: 0, approved: 1, rejected: 0 },
        },
      });
    if (url.endsWith('/approve-product') && method === 'POST') return approve();
    if (url.endsWith('/reject-product') && method === 'POST')
      return jsonResponse(200, {
        message: 'Product rejected',
        data: merchantProduct({ approvalStatus: 'rejected' }),
      });
    return jsonResponse(200, {
      message: 'Products',
      data: {
        products: [merchantProduct()],
        pagination: { page: 1, limit: 12, totalItems: 1, totalPages: 1 },
        metrics: { approved: 41, pending: 7, rejected: 2 },
      },
    });
  });
  vi.stubGlobal('fetch', recorder.fetchMock);
  return recorder;
}

const listCalls = (calls: { url: string }[]) =>
  calls
    .filter((call) => call.url.startsWith(urlOf(productAdminEndpoints.list)))
    .map((call) => new URL(call.url, 'http://x').searchParams);

describe('ProductQueue', () => {
  it('shows the metrics and sends page 1, 12 per page, pending first', async () => {
    const { calls } = serve();
    renderScreen(<ProductQueue />);
    expect(await screen.findByText('Tecno Spark 20')).toBeInTheDocument();
    expect(screen.getByText('41')).toBeInTheDocument();
    expect(screen.getByText('7')).toBeInTheDocument();
    const [first] = listCalls(calls);
    expect(first?.get('page')).toBe('1');
    expect(first?.get('limit')).toBe('12');
    expect(first?.get('approvalStatus')).toBe('pending');
  });

  it('puts search, store and status filters in the query', async () => {
    const { calls } = serve();
    const person = userEvent.setup();
    renderScreen(<ProductQueue />);
    await screen.findByText('Tecno Spark 20');
    await screen.findByRole('option', { name: 'Bisi Gadgets' });
    await person.selectOptions(screen.getByLabelText('Approval status'), 'approved');
    await person.selectOptions(screen.getByLabelText('Store'), ids.store);
    await person.type(screen.getByLabelText('Search products'), 'tecno');
    await waitFor(() => {
      const last = listCalls(calls).at(-1);
      expect(last?.get('search')).toBe('tecno');
      expect(last?.get('storeId')).toBe(ids.store);
      expect(last?.get('approvalStatus')).toBe('approved');
    });
    await person.selectOptions(screen.getByLabelText('Approval status'), '');
    await waitFor(() => expect(listCalls(calls).at(-1)?.has('approvalStatus')).toBe(false));
  });

  it('approves with the product and merchant ids, and rejects with a reason', async () => {
    const { calls } = serve();
    const person = userEvent.setup();
    renderScreen(<ProductQueue />);
    await person.click(await screen.findByRole('button', { name: 'Approve Tecno Spark 20' }));
    await waitFor(() =>
      expect(calls.find((call) => call.url.endsWith('/approve-product'))?.body).toEqual({
        productId: ids.product,
        merchantId: ids.merchant,
      }),
    );
    await person.click(screen.getByRole('button', { name: 'Reject Tecno Spark 20' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject this product?' });
    expect(screen.getByLabelText('Reason')).toHaveFocus();
    await person.type(screen.getByLabelText('Reason'), 'Blurry photos');
    await person.click(screen.getByRole('button', { name: 'Reject product' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(calls.find((call) => call.url.endsWith('/reject-product'))?.body).toEqual({
      productId: ids.product,
      merchantId: ids.merchant,
      reason: 'Blurry photos',
    });
  });
});
