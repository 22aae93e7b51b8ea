import { bulkCatalogEndpoints, categoryEndpoints, urlOf } from '@market/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderScreen } from '../../../test/render';
import { signedInForEachTest } from '../../../test/session';
import { CatalogueSpreadsheet } from './catalogue-spreadsheet';

const summary = (overrides: Record<string, unknown> = {}) => ({
  rows: 3,
  products: 2,
  create: 2,
  update: 0,
  unchanged: 0,
  toApproval: 2,
  problems: [],
  problemCount: 0,
  applied: false,
  ...overrides,
});

const IMPORT_ID = '0b5cf6f4-3f5e-4c55-9c1a-2f6a3e0c7d11';

const importOf = (overrides: Record<string, unknown> = {}) => ({
  id: IMPORT_ID,
  status: 'queued',
  rowsTotal: 3,
  rowsDone: 0,
  products: 2,
  created: 0,
  updated: 0,
  unchanged: 0,
  failed: 0,
  toApproval: 0,
  error: null,
  createdBy: 'm1',
  createdAt: '2026-11-29T10:00:00.000Z',
  startedAt: null,
  finishedAt: null,
  outcomes: [],
  ...overrides,
});

const sentForms: FormData[] = [];

/**
 * The server as the screen meets it: the dry run, the apply, then the import's reads in turn (the last repeats), and
 * the list of recent imports (empty unless given).
 */
function stubServer(
  preview: Response,
  apply?: Response,
  reads: Response[] = [],
  recent: Response = jsonResponse(200, { message: 'Your catalogue imports', data: [] }),
) {
  const calls: string[] = [];
  let read = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      calls.push(url);
      if (init?.body instanceof FormData) sentForms.push(init.body);
      if (url.endsWith(urlOf(bulkCatalogEndpoints.preview))) return preview.clone();
      if (url.endsWith(urlOf(bulkCatalogEndpoints.apply)) && apply) return apply.clone();
      if (
        url.endsWith(urlOf(bulkCatalogEndpoints.importById, { params: { id: IMPORT_ID } })) &&
        reads.length > 0
      )
        return reads[Math.min(read++, reads.length - 1)]!.clone();
      if (url.endsWith(urlOf(bulkCatalogEndpoints.imports))) return recent.clone();
      return jsonResponse(404, { message: 'Not found', error: 'NOT_FOUND' });
    }),
  );
  return calls;
}

const csv = () => new File(['sku,name\nA-1,Dress\n'], 'catalogue.csv', { type: 'text/csv' });

signedInForEachTest('merchant');

describe('the catalogue spreadsheet screen', () => {
  it('lists the dry run problems by row and column and keeps Apply off', async () => {
    stubServer(
      jsonResponse(200, {
        message: 'The file has 1 problem to fix',
        data: summary({
          problems: [{ row: 3, column: 'price', message: 'Use at most 2 decimal places' }],
          problemCount: 1,
        }),
      }),
    );
    const user = userEvent.setup();
    renderScreen(<CatalogueSpreadsheet />, { route: '/merchant/products/spreadsheet' });
    expect(screen.getByRole('button', { name: 'Apply file' })).toBeDisabled();
    await user.upload(screen.getByLabelText('Excel or CSV file'), csv());
    await user.click(screen.getByRole('button', { name: 'Check file' }));
    const table = await screen.findByRole('table', { name: /1 problem to fix/ });
    expect(table).toHaveTextContent('3');
    expect(table).toHaveTextContent('price');
    expect(table).toHaveTextContent('Use at most 2 decimal places');
    expect(screen.getByRole('button', { name: 'Apply file' })).toBeDisabled();
  });

  it('applies a clean file in the background: a labelled progress bar, then the result by product', async () => {
    const calls = stubServer(
      jsonResponse(200, { message: 'The file is ready to apply', data: summary() }),
      jsonResponse(202, { message: 'The file is being applied', data: importOf() }),
      [
        jsonResponse(200, {
          message: 'Catalogue import',
          data: importOf({ status: 'running', rowsDone: 1 }),
        }),
        jsonResponse(200, {
          message: 'Catalogue import',
          data: importOf({
            status: 'done',
            rowsDone: 3,
            created: 1,
            unchanged: 1,
            toApproval: 1,
            outcomes: [
              { row: 2, sku: 'A-1', outcome: 'created', message: null },
              { row: 4, sku: 'B-1', outcome: 'unchanged', message: null },
            ],
          }),
        }),
      ],
    );
    const user = userEvent.setup();
    renderScreen(<CatalogueSpreadsheet />, { route: '/merchant/products/spreadsheet' });
    expect(await screen.findByText('No file applied yet')).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Excel or CSV file'), csv());
    await user.click(screen.getByRole('button', { name: 'Check file' }));
    expect(await screen.findByText(/ready to apply/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Apply file' }));
    const bar = await screen.findByRole('progressbar', { name: 'Rows written' });
    // The bar and its words are seen together: the screen polls again on its own timer, and on a loaded machine the
    // next answer (done, 3 of 3) could land between two separate looks.
    await waitFor(() => {
      expect(bar).toHaveAttribute('value', '1');
      expect(bar).toHaveAttribute('max', '3');
      expect(screen.getByText('1 of 3 rows written')).toBeInTheDocument();
    });
    expect(
      await screen.findByText(/Catalogue updated: 1 new, 0 changed, 1 unchanged/, {}, { timeout: 4_000 }),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Each product of the file' });
    expect(table).toHaveTextContent('A-1');
    expect(table).toHaveTextContent('New');
    expect(table).toHaveTextContent('Unchanged');
    expect(screen.getByRole('progressbar', { name: 'Rows written' })).toHaveAttribute('value', '3');
    expect(calls.filter((url) => url.endsWith('/apply'))).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Apply file' })).toBeDisabled();
  });

  it('shows an import chosen from the recent ones, and why it stopped', async () => {
    stubServer(
      jsonResponse(200, { message: 'The file is ready to apply', data: summary() }),
      undefined,
      [
        jsonResponse(200, {
          message: 'Catalogue import',
          data: importOf({ status: 'failed', rowsDone: 1, error: 'Your plan allows 3 products' }),
        }),
      ],
      jsonResponse(200, {
        message: 'Your catalogue imports',
        data: [importOf({ status: 'failed', rowsDone: 1 })].map(({ outcomes: _outcomes, ...item }) => item),
      }),
    );
    const user = userEvent.setup();
    renderScreen(<CatalogueSpreadsheet />, { route: '/merchant/products/spreadsheet' });
    await user.click(await screen.findByRole('button', { name: /Show the import of/ }));
    expect(await screen.findByText(/The import stopped: Your plan allows 3 products/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Show the import of/ })).toBeDisabled();
  });

  it('offers to try again when the recent imports cannot be read', async () => {
    stubServer(
      jsonResponse(200, { message: 'The file is ready to apply', data: summary() }),
      undefined,
      [],
      jsonResponse(403, { message: 'You do not have permission', error: 'FORBIDDEN' }),
    );
    renderScreen(<CatalogueSpreadsheet />, { route: '/merchant/products/spreadsheet' });
    expect(await screen.findByText('Could not load recent imports')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('sends the images zip beside the sheet when one is chosen', async () => {
    sentForms.length = 0;
    stubServer(jsonResponse(200, { message: 'The file is ready to apply', data: summary() }));
    const user = userEvent.setup();
    renderScreen(<CatalogueSpreadsheet />, { route: '/merchant/products/spreadsheet' });
    await user.upload(screen.getByLabelText('Excel or CSV file'), csv());
    const zip = new File([new Uint8Array([0x50, 0x4b, 3, 4])], 'photos.zip', { type: 'application/zip' });
    await user.upload(screen.getByLabelText('Images zip (optional)'), zip);
    await user.click(screen.getByRole('button', { name: 'Check file' }));
    expect(await screen.findByText(/ready to apply/)).toBeInTheDocument();
    expect(sentForms).toHaveLength(1);
    expect((sentForms[0]!.get('file') as File).name).toBe('catalogue.csv');
    expect((sentForms[0]!.get('images') as File).name).toBe('photos.zip');
  });
});

describe('the template for one category', () => {
  it('offers the category tree by path and downloads the Excel and CSV templates for the chosen branch', async () => {
    const requested: string[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input);
        requested.push(url);
        if (url.includes(urlOf(categoryEndpoints.all)))
          return jsonResponse(200, {
            message: 'Categories',
            data: [
              {
                id: '11111111-1111-4111-8111-111111111111',
                name: 'Phones',
                subCategories: [
                  {
                    id: '22222222-2222-4222-8222-222222222222',
                    name: 'Smartphones',
                    childCategories: [{ id: '33333333-3333-4333-8333-333333333333', name: 'Android' }],
                  },
                ],
              },
            ],
          });
        if (url.includes('/products/bulk/template')) return new Response('sku\n', { status: 200 });
        return jsonResponse(404, { message: 'Not found', error: 'NOT_FOUND' });
      }),
    );
    const user = userEvent.setup();
    renderScreen(<CatalogueSpreadsheet />, { route: '/merchant/products/spreadsheet' });
    const picker = screen.getByRole('combobox', { name: 'Template for category' });
    await screen.findByRole('option', { name: 'Phones › Smartphones › Android' });
    expect(picker).toHaveValue('');
    await user.selectOptions(picker, 'Phones › Smartphones');
    await user.click(screen.getByRole('button', { name: 'Download template (Excel)' }));
    await waitFor(() =>
      expect(requested).toContainEqual(
        expect.stringMatching(
          /\/products\/bulk\/template\.xlsx\?category=22222222-2222-4222-8222-222222222222$/,
        ),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Download template (CSV)' }));
    await waitFor(() =>
      expect(requested).toContainEqual(
        expect.stringMatching(
          /\/products\/bulk\/template\.csv\?category=22222222-2222-4222-8222-222222222222$/,
        ),
      ),
    );
  });
});
