import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render';
import { ProductCard } from './product-card';
import { productFixture } from './product-fixture';

describe('ProductCard', () => {
  it('labels the percent off from the prices it shows, rounded down', () => {
    // ₦11,000 of ₦15,625 is 29.6 % off: the label says 29 %, whatever figure came with the product
    renderScreen(
      <ProductCard
        product={productFixture({
          pricing: [{ sellingPrice: 11_000, price: 15_625 }],
          discountPercentage: 20,
        })}
      />,
    );
    expect(screen.getByText('-29%')).toBeInTheDocument();
    expect(screen.getByText('₦11,000.00')).toBeInTheDocument();
  });

  it('shows no label without a discount', () => {
    renderScreen(
      <ProductCard
        product={productFixture({
          pricing: [{ sellingPrice: 15_625, price: 15_625 }],
          discountPercentage: 0,
        })}
      />,
    );
    expect(screen.queryByText(/%/)).not.toBeInTheDocument();
  });

  it('shows the price the product page opens with: its first variant in stock, discount included', () => {
    renderScreen(
      <ProductCard
        product={productFixture({
          pricing: [{ sellingPrice: 215_000, price: 215_000 }],
          variant: [
            { id: 'v1', sku: 'GOWN-S', size: 'S', color: null, discount: 0, quantity: 0 },
            { id: 'v2', sku: 'GOWN-M', size: 'M', color: null, discount: 25_800, quantity: 4 },
          ],
        })}
      />,
    );
    expect(screen.getByText('₦189,200.00')).toBeInTheDocument();
    expect(screen.getByText('-12%')).toBeInTheDocument();
  });
});
