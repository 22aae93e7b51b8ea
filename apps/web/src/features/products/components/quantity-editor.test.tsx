import type { MerchantProduct } from '@market/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, renderScreen } from '../../../test/render';
import { QuantityEditor } from './quantity-editor';

afterEach(() => vi.unstubAllGlobals());

const productId = 'd0000000-0000-4000-8000-00000000000d';
// The editor reads the product's id, name and stock only.
const product = { id: productId, name: 'Oraimo Power Bank', quantity: 3 } as MerchantProduct;

describe('the quick stock edit', () => {
  it('keeps Save off while the stock is unchanged or not one the contract takes, then saves it', async () => {
    const fetchMock = mockFetch(() =>
      jsonResponse(200, { message: 'Product updated successfully', data: {} }),
    );
    const person = userEvent.setup();
    renderScreen(<QuantityEditor product={product} />);
    const quantity = screen.getByLabelText('Quantity of Oraimo Power Bank');
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await person.clear(quantity);
    await person.type(quantity, '-2');
    await waitFor(() => expect(quantity).toHaveAttribute('aria-invalid', 'true'));
    expect(save).toBeDisabled();
    await person.clear(quantity);
    await waitFor(() => expect(quantity).toHaveAttribute('aria-invalid', 'true'));
    expect(save).toBeDisabled();

    await person.type(quantity, '12');
    await waitFor(() => expect(save).toBeEnabled());
    expect(quantity).not.toHaveAttribute('aria-invalid');
    await person.click(save);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toEqual({ productId, quantity: 12 });
  });
});
