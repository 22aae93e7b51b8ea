import {
  authEndpoints,
  customerProductEndpoints,
  merchantOrderEndpoints,
  systemEndpoints,
} from '@market/contracts';
import { describe, expect, it } from 'vitest';
import { requestOf, urlOf } from '../support/contract-requests.js';

// The URLs the tests' requests are built with (ADR 112): the surface's base, the contract's path with its parameters
// URI-encoded, and the query as the web client writes it, but for an empty value, which a test may send on purpose.
describe('requests built from the contract', () => {
  it('puts the path under its surface and fills its parameters, encoded', () => {
    expect(requestOf(merchantOrderEndpoints.one, { params: { id: 'a1' } })).toEqual({
      method: 'GET',
      url: '/api/orders/merchant/a1',
    });
    expect(urlOf(authEndpoints.customer.resetPassword, { params: { token: 'a/b c' } })).toBe(
      '/api/auth/customer/resetpassword/a%2Fb%20c',
    );
    expect(urlOf(systemEndpoints.shippingHealth)).toBe('/shipping-api/health');
  });

  it('writes the query: undefined left out, an empty value kept, an array repeated', () => {
    const url = urlOf(customerProductEndpoints.storeCatalog, {
      query: { storeName: 'Ada & Co', storeId: undefined, categoryId: '', limit: 5 },
    });
    expect(url).toBe('/api/products?storeName=Ada+%26+Co&categoryId=&limit=5');
    expect(urlOf(customerProductEndpoints.storeCatalog)).toBe('/api/products');
  });
});
