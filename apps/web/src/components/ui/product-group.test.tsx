import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { GroupProductsEditor, ProductGroupItem, ProductGroupList, ProductRow } from './product-group';

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

  it('lists the groups, one open at a time, and deletes one only once asked and confirmed', async () => {
    const remove = vi.fn((_group: { id: string; title: string }, done: () => void) => done());
    render(
      <ProductGroupList
        groups={[
          { id: 'c1', title: 'Rainy season' },
          { id: 'c2', title: 'Back to school' },
        ]}
        instead={null}
        nameOf={(group) => group.title}
        summaryOf={() => <p>summary</p>}
        productsOf={(group) => <p>products of {group.title}</p>}
        deleting={{
          title: 'Delete this collection?',
          describe: (group) => `“${group.title}” leaves your storefront.`,
          confirmLabel: 'Delete collection',
          busy: false,
          remove,
        }}
      />,
    );
    const [first, second] = screen.getAllByRole('button', { name: 'Products' });
    await userEvent.click(first!);
    expect(screen.getByText('products of Rainy season')).toBeInTheDocument();
    await userEvent.click(second!);
    expect(screen.queryByText('products of Rainy season')).not.toBeInTheDocument();
    expect(screen.getByText('products of Back to school')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Delete Back to school' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this collection?' });
    expect(dialog).toHaveTextContent('Delete this collection?');
    expect(dialog).toHaveTextContent('“Back to school” leaves your storefront.');
    expect(remove).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete collection' }));
    expect(remove).toHaveBeenCalledWith({ id: 'c2', title: 'Back to school' }, expect.any(Function));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('shows what it is given instead of the list while there is none', () => {
    render(
      <ProductGroupList
        groups={[]}
        instead={<p>No collections yet</p>}
        nameOf={() => ''}
        summaryOf={() => null}
        productsOf={() => null}
        deleting={{ title: 't', describe: () => '', confirmLabel: 'c', busy: false, remove: () => {} }}
      />,
    );
    expect(screen.getByText('No collections yet')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });
});

// The open group's products and its search to add more: written once for the featured collections and the promotions
// (issue 30, duplicates D2).
type Found = { id: string; name: string };

function Editor({
  found,
  onAdd = () => {},
  onRemove = () => {},
}: {
  found: Found[] | undefined;
  onAdd?: (product: Found) => void;
  onRemove?: (member: Found) => void;
}) {
  const [search, setSearch] = useState('');
  return (
    <GroupProductsEditor
      groupName="Rainy season"
      members={[{ id: 'p1', name: 'Umbrella' }]}
      instead={null}
      removing={false}
      onRemove={onRemove}
      searchLabel="Find products for Rainy season"
      search={search}
      onSearch={setSearch}
      found={found}
      noMatch="No products match."
      adding={false}
      onAdd={onAdd}
    />
  );
}

describe("an open group's products", () => {
  it('removes a product, and offers to add only the matches not in the group yet', async () => {
    const onAdd = vi.fn();
    const onRemove = vi.fn();
    render(
      <Editor
        found={[
          { id: 'p1', name: 'Umbrella' },
          { id: 'p2', name: 'Raincoat' },
        ]}
        onAdd={onAdd}
        onRemove={onRemove}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Remove Umbrella from Rainy season' }));
    expect(onRemove).toHaveBeenCalledWith({ id: 'p1', name: 'Umbrella' });
    expect(screen.queryByRole('button', { name: 'Add Umbrella to Rainy season' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add Raincoat to Rainy season' }));
    expect(onAdd).toHaveBeenCalledWith({ id: 'p2', name: 'Raincoat' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Find products for Rainy season' }), 'rain');
    expect(screen.getByRole('searchbox')).toHaveValue('rain');
  });

  it('says when a search matches nothing, and shows no matches before there is an answer', () => {
    const { rerender } = render(<Editor found={undefined} />);
    expect(screen.queryByText('No products match.')).not.toBeInTheDocument();
    rerender(<Editor found={[]} />);
    expect(screen.getByText('No products match.')).toBeInTheDocument();
  });

  it('shows what it is given instead of the products while there are none to show', () => {
    render(
      <GroupProductsEditor
        groupName="Rainy season"
        members={[]}
        instead={<p>No products yet.</p>}
        removing={false}
        onRemove={() => {}}
        searchLabel="Find products"
        search=""
        onSearch={() => {}}
        found={undefined}
        noMatch=""
        adding={false}
        onAdd={() => {}}
      />,
    );
    expect(screen.getByText('No products yet.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });
});
