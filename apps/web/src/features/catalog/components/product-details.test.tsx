import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render';
import { ProductDetails } from './product-details';
import { productFixture } from './product-fixture';

const product = productFixture({
  variantProperties: [
    { type: 'Size', options: ['M', 'L', 'XL'] },
    { type: 'Color', options: ['Red'] },
  ],
  variant: [
    { id: 'v1', sku: 'ANK-M-RED', size: 'M', color: 'Red', discount: 0, quantity: 3 },
    { id: 'v2', sku: 'ANK-L-RED', size: 'L', color: 'Red', discount: 500.5, quantity: 9 },
    { id: 'v3', sku: 'ANK-XL-RED', size: 'XL', color: 'Red', discount: 0, quantity: 0 },
  ],
});

describe('ProductDetails and the variant picker', () => {
  it('shows naira prices and updates price, stock and SKU with the chosen variant', async () => {
    const person = userEvent.setup();
    renderScreen(<ProductDetails product={product} />);

    const group = screen.getByRole('group', { name: 'Choose size / colour' });
    const medium = within(group).getByRole('radio', { name: 'M / Red' });
    expect(medium).toBeChecked(); // the first variant in stock
    expect(screen.getByText('₦12,500.00')).toBeInTheDocument();
    expect(screen.getByText('₦15,625.00')).toBeInTheDocument(); // regular price, struck through
    expect(screen.getByText('In stock (3 left)')).toBeInTheDocument();
    expect(screen.getByText('SKU: ANK-M-RED')).toBeInTheDocument();

    await person.click(within(group).getByRole('radio', { name: 'L / Red' }));
    // a variant's discount is naira off the selling price: 12,500.00 − 500.50
    expect(screen.getByText('₦11,999.50')).toBeInTheDocument();
    expect(screen.getByText('In stock (9 left)')).toBeInTheDocument();
    expect(screen.getByText('SKU: ANK-L-RED')).toBeInTheDocument();
  });

  it("labels the percent off from the chosen variant's own price, rounded down", async () => {
    const person = userEvent.setup();
    renderScreen(
      <ProductDetails
        product={productFixture({
          pricing: [{ sellingPrice: 86_000, price: 100_000 }],
          discountPercentage: 14, // the product's own, as the API reports it
          variantProperties: [{ type: 'Size', options: ['M', 'L'] }],
          variant: [
            { id: 'v1', sku: 'ANK-M', size: 'M', color: null, discount: 0, quantity: 3 },
            { id: 'v2', sku: 'ANK-L', size: 'L', color: null, discount: 4_000, quantity: 3 },
          ],
        })}
      />,
    );
    expect(screen.getByText('14% off')).toBeInTheDocument();
    await person.click(screen.getByRole('radio', { name: 'L' }));
    expect(screen.getByText('₦82,000.00')).toBeInTheDocument();
    expect(screen.getByText('18% off')).toBeInTheDocument();
    expect(screen.queryByText('14% off')).not.toBeInTheDocument();
  });

  it('disables a sold-out variant and keeps its name', () => {
    renderScreen(<ProductDetails product={product} />);
    const soldOut = screen.getByRole('radio', { name: 'XL / Red' });
    expect(soldOut).toBeDisabled();
    expect(soldOut).toHaveAccessibleDescription('Sold out');
  });

  it('moves between variants with the arrow keys (a native radio group)', async () => {
    const person = userEvent.setup();
    renderScreen(<ProductDetails product={product} />);
    screen.getByRole('radio', { name: 'M / Red' }).focus();
    await person.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'L / Red' })).toBeChecked();
  });

  it('shows an out-of-stock product without variants', () => {
    renderScreen(<ProductDetails product={productFixture({ quantity: 0, inStock: false })} />);
    expect(screen.getByText('Out of stock')).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });

  it('has a keyboard-operable gallery with sized, lazy-free main image', async () => {
    const person = userEvent.setup();
    const images = ['a', 'b', 'c'].map((id) => `/media/images/${id}-800.webp`);
    renderScreen(<ProductDetails product={productFixture({ hostedImages: images })} />);
    const main = screen.getByRole('img', { name: 'Ankara shirt, image 1 of 3' });
    expect(main).toHaveAttribute('srcset', expect.stringContaining('/media/images/a-160.webp 160w'));
    expect(main).toHaveAttribute('width', '800');
    await person.click(screen.getByRole('button', { name: 'Show image 1 of 3' }));
    await person.keyboard('{ArrowRight}');
    expect(screen.getByRole('img', { name: 'Ankara shirt, image 2 of 3' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show image 2 of 3' })).toHaveFocus();
    await person.click(screen.getByRole('button', { name: 'Previous image' }));
    expect(screen.getByRole('img', { name: 'Ankara shirt, image 1 of 3' })).toBeInTheDocument();
  });
});
