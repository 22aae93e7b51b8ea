import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { viewerOfEmptyStore } from '../../../test/fixtures-catalog';
import { renderScreen } from '../../../test/render';
import { signedInForEachTest } from '../../../test/session';
import { Component as ProductsPage } from './products';

signedInForEachTest('merchant');

describe('the products page for a "See"-only role', () => {
  it('gets no "Add product" on the products page', async () => {
    viewerOfEmptyStore(['products:read']);
    renderScreen(<ProductsPage />, { route: '/merchant/products' });
    expect(await screen.findByText('No products yet')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Add/ })).not.toBeInTheDocument();
  });
});
