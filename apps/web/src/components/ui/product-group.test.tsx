import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ProductGroupItem, ProductRow } from './product-group';

// The item of the featured collections and the promotions lists, and the product rows of those and of the coupon
// product picker, written once (issue 30, duplicates D3, D46).

function Group({ onDelete = () => {} }: { onDelete?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <ul>
      <ProductGroupItem
        name="Rainy season"
        summary={<p>3 products</p>}
        open={open}
        onToggle={() => setOpen(!open)}
        onDelete={onDelete}
      >
        <ul aria-label="Products of Rainy season">
          <ProductRow action={<button type="button">Remove</button>}>Umbrella</ProductRow>
        </ul>
      </ProductGroupItem>
    </ul>
  );
}

describe('a product group of a dashboard list', () => {
  it('shows its name and summary, and its products only once opened', async () => {
    render(<Group />);
    expect(screen.getByText('Rainy season')).toBeInTheDocument();
    expect(screen.getByText('3 products')).toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: 'Products' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('list', { name: 'Products of Rainy season' })).not.toBeInTheDocument();
    await userEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Hide products' })).toHaveAttribute('aria-expanded', 'true');
    const products = screen.getByRole('list', { name: 'Products of Rainy season' });
    expect(within(products).getByRole('listitem')).toHaveTextContent('Umbrella');
    await userEvent.click(screen.getByRole('button', { name: 'Hide products' }));
    expect(screen.queryByRole('list', { name: 'Products of Rainy season' })).not.toBeInTheDocument();
  });

  it('names the group on its Delete button', async () => {
    const onDelete = vi.fn();
    render(<Group onDelete={onDelete} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete Rainy season' }));
    expect(onDelete).toHaveBeenCalledOnce();
  });

  it('puts a product row’s action after its name, in one list item', () => {
    render(
      <ul>
        <ProductRow action={<button type="button">Add</button>}>
          Kettle <span>· SKU-1</span>
        </ProductRow>
      </ul>,
    );
    const row = screen.getByRole('listitem');
    expect(row).toHaveTextContent('Kettle · SKU-1Add');
    expect(within(row).getByRole('button', { name: 'Add' })).toBeInTheDocument();
  });
});
