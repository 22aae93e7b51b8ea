import { categoryEndpoints, productEndpoints, urlOf } from '@market/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { categoryTree, ids, merchantProduct, recordFetch } from '../../../test/fixtures-catalog';
import { jsonResponse, renderScreen } from '../../../test/render';
import { ProductForm } from './product-form';

afterEach(() => vi.unstubAllGlobals());

function serve(onCreate: (body: unknown) => Response) {
  const recorder = recordFetch(({ url, method, body }) => {
    if (url.includes(urlOf(categoryEndpoints.all)))
      return jsonResponse(200, { message: 'Categories', data: categoryTree });
    if (url === urlOf(productEndpoints.create) && method === 'POST') return onCreate(body);
    return jsonResponse(404, { message: 'Not found', error: 'NOT_FOUND' });
  });
  vi.stubGlobal('fetch', recorder.fetchMock);
  return recorder;
}

async function fillRequired(person: ReturnType<typeof userEvent.setup>) {
  await person.type(screen.getByLabelText('Product name'), 'Tecno Spark 20');
  await screen.findByRole('option', { name: 'Phones & Tablets' });
  await person.selectOptions(screen.getByLabelText('Category'), ids.phones);
  await person.selectOptions(screen.getByLabelText('Sub-category'), ids.smartphones);
  await person.selectOptions(screen.getByLabelText('Child category'), ids.android);
  await person.type(screen.getByLabelText('Cost price'), '80000');
  await person.type(screen.getByLabelText('Selling price'), '95000');
  await person.type(screen.getByLabelText('Regular price'), '110000');
  await person.type(screen.getByLabelText('SKU'), 'TS-20');
  await person.clear(screen.getByLabelText('Quantity'));
  await person.type(screen.getByLabelText('Quantity'), '12');
}

describe('ProductForm', () => {
  it('adds and removes variant rows', async () => {
    serve(() => jsonResponse(500, {}));
    const person = userEvent.setup();
    renderScreen(<ProductForm onDone={vi.fn()} />);
    expect(screen.getByText('No variants: the product sells as one item.')).toBeInTheDocument();
    await person.click(screen.getByRole('button', { name: 'Add variant' }));
    await person.click(screen.getByRole('button', { name: 'Add variant' }));
    expect(screen.getAllByLabelText('Variant SKU')).toHaveLength(2);
    await person.type(screen.getAllByLabelText('Variant SKU')[1]!, 'SECOND');
    await person.click(screen.getByRole('button', { name: 'Remove variant 1' }));
    const left = screen.getAllByLabelText('Variant SKU');
    expect(left).toHaveLength(1);
    expect(left[0]).toHaveValue('SECOND');
    expect(screen.getByRole('group', { name: 'Variant 1' })).toBeInTheDocument();
  });

  it('shows the contract rules as field errors and sends nothing', async () => {
    const { calls } = serve(() => jsonResponse(500, {}));
    const person = userEvent.setup();
    renderScreen(<ProductForm onDone={vi.fn()} />);
    await person.click(screen.getByRole('button', { name: 'Add variant' }));
    await person.click(screen.getByRole('button', { name: 'Create product' }));
    expect(await screen.findByText('Product name is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Product name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('SKU is required')).toBeInTheDocument();
    expect(screen.getByText('Variant SKU is required')).toBeInTheDocument();
    expect(screen.getByText('Choose a category', { selector: '[role="alert"]' })).toBeInTheDocument();
    expect(screen.queryByText('Must be a valid id')).not.toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('marks the required fields visibly and with aria-required, and says what the mark means', async () => {
    serve(() => jsonResponse(500, {}));
    renderScreen(<ProductForm onDone={vi.fn()} />);
    for (const label of [
      'Product name',
      'Category',
      'Cost price',
      'Selling price',
      'Regular price',
      'SKU',
      'Quantity',
    ])
      expect(screen.getByLabelText(label)).toHaveAttribute('aria-required', 'true');
    expect(screen.getByLabelText('Sub-category')).not.toHaveAttribute('aria-required');
    expect(screen.getByText(/are required/)).toBeInTheDocument();
  });

  it('sends the contract body and puts the first 422 detail on its field', async () => {
    const { calls } = serve(() =>
      jsonResponse(422, {
        message: 'Validation failed',
        error: 'VALIDATION_ERROR',
        details: [
          { path: 'variant.0.sku', message: 'This SKU is already used in your store' },
          { path: 'name', message: 'Too similar to another product' },
        ],
      }),
    );
    const person = userEvent.setup();
    renderScreen(<ProductForm onDone={vi.fn()} />);
    await fillRequired(person);
    await person.click(screen.getByRole('button', { name: 'Add variant' }));
    const variant = within(screen.getByRole('group', { name: 'Variant 1' }));
    await person.type(variant.getByLabelText('Variant SKU'), 'TS-20-BLK');
    await person.type(variant.getByLabelText('Color'), 'Black');
    await person.clear(variant.getByLabelText('Variant quantity'));
    await person.type(variant.getByLabelText('Variant quantity'), '5');
    await person.type(screen.getByLabelText('Sale ends (optional)'), '2026-12-31');
    await person.click(screen.getByRole('button', { name: 'Create product' }));

    // the first detail is the form's message and sits on its own field
    await waitFor(() =>
      expect(variant.getByLabelText('Variant SKU')).toHaveAttribute('aria-invalid', 'true'),
    );
    const messages = screen.getAllByText('This SKU is already used in your store');
    expect(messages).toHaveLength(2); // the form's alert and the field's own message
    expect(variant.getByLabelText('Variant SKU')).toHaveAccessibleDescription(
      'This SKU is already used in your store',
    );
    expect(screen.getByLabelText('Product name')).toHaveAttribute('aria-invalid', 'true');

    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toMatchObject({
      name: 'Tecno Spark 20',
      categoryId: ids.phones,
      subCategoryId: ids.smartphones,
      childCategoryId: ids.android,
      pricing: [
        {
          costPrice: 80000,
          sellingPrice: 95000,
          price: 110000,
          saleStartDate: null,
          saleEndDate: '2026-12-31',
        },
      ],
      quantity: 12,
      sku: 'TS-20',
      weight: null,
      dimension: null,
      description: [],
      variant: [{ sku: 'TS-20-BLK', size: null, color: 'Black', discount: 0, quantity: 5 }],
    });
  });

  it('fills the form from an existing product', async () => {
    serve(() => jsonResponse(500, {}));
    renderScreen(<ProductForm product={merchantProduct() as never} onDone={vi.fn()} />);
    expect(screen.getByLabelText('Product name')).toHaveValue('Tecno Spark 20');
    expect(screen.getByLabelText('Selling price')).toHaveValue(95000);
    expect(screen.getByRole('button', { name: 'Save product' })).toBeInTheDocument();
  });
});
