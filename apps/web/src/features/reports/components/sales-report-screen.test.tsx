import { type SalesReport, salesReportEndpoints, urlOf } from '@market/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordFetch } from '../../../test/fixtures-catalog';
import { jsonResponse, renderScreen } from '../../../test/render';
import { SalesReportScreen } from './sales-report-screen';

// The chart is its own lazy chunk: the first screen of a file to draw it waits for its import, slow on a busy machine.
const LAZY_CHART_MS = 10_000;
vi.mock('./sales-chart', () => ({ default: () => <p>chart drawn</p> }));
afterEach(() => vi.unstubAllGlobals());

const range = { from: '2026-03-01', to: '2026-03-31', granularity: 'day' as const };

function report(overrides: Partial<SalesReport> = {}): SalesReport {
  const product = {
    productId: 'p1',
    productName: 'Ankara Dress',
    unitsSold: 3,
    ordersCount: 2,
    grossKobo: 3_000_000,
    discountKobo: 200_000,
    netKobo: 2_800_000,
  };
  return {
    ...range,
    startsAt: '2026-02-28T23:00:00.000Z',
    endsBefore: '2026-03-31T23:00:00.000Z',
    totals: {
      ordersCount: 5,
      itemsSold: 5,
      grossSalesKobo: 5_800_000,
      discountKobo: 350_000,
      returnedKobo: 1_900_000,
      netSalesKobo: 3_550_000,
      shippingKobo: 250_000,
      averageOrderKobo: 1_183_333,
      customersCount: 3,
      cancelledOrdersCount: 1,
      returnedOrdersCount: 1,
    },
    series: [
      { start: '2026-03-01', ordersCount: 0, netSalesKobo: 0, discountKobo: 0, returnedOrdersCount: 0 },
      {
        start: '2026-03-02',
        ordersCount: 1,
        netSalesKobo: 2_250_000,
        discountKobo: 250_000,
        returnedOrdersCount: 0,
      },
    ],
    byProduct: [product],
    topProducts: [product],
    byCustomer: [
      {
        customerId: 'c1',
        name: 'Ada Obi',
        ordersCount: 1,
        netSalesKobo: 2_250_000,
        lastOrderAt: '2026-03-02T10:00:00.000Z',
      },
    ],
    byState: [{ state: 'Lagos', lga: '', ordersCount: 1, netSalesKobo: 2_250_000 }],
    byLga: [{ state: 'Lagos', lga: 'Ikeja', ordersCount: 1, netSalesKobo: 2_250_000 }],
    ...overrides,
  };
}

const stat = (label: string) => screen.getByText(label, { selector: 'dt' }).parentElement!;

describe('SalesReportScreen', () => {
  it('shows a loading state, then totals, the chart and the breakdowns of the range asked', async () => {
    let answer: (response: Response) => void = () => {};
    const { calls, fetchMock } = recordFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetchMock);
    renderScreen(<SalesReportScreen initialRange={range} />);
    expect((await screen.findAllByText('Loading your sales report…')).length).toBeGreaterThan(0);
    expect(calls[0]?.url).toBe(
      urlOf(salesReportEndpoints.sales, {
        query: { from: '2026-03-01', to: '2026-03-31', granularity: 'day' },
      }),
    );
    answer(jsonResponse(200, { message: 'Sales report', data: report() }));

    expect(await screen.findByText('chart drawn', {}, { timeout: LAZY_CHART_MS })).toBeInTheDocument();
    expect(within(stat('Net sales')).getByText('₦35,500.00')).toBeInTheDocument();
    expect(within(stat('Orders')).getByText('5')).toBeInTheDocument();
    expect(within(stat('Discounts')).getByText('₦3,500.00')).toBeInTheDocument();
    expect(within(stat('Returned or cancelled')).getByText('₦19,000.00')).toBeInTheDocument();
    expect(screen.getByText(/1 order cancelled after payment, 1 order returned/)).toBeInTheDocument();
    const products = within(screen.getByRole('table', { name: 'Sales by product' }));
    expect(products.getByRole('rowheader', { name: 'Ankara Dress' })).toBeInTheDocument();
    expect(products.getByText('₦28,000.00')).toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'Sales by customer' })).getByText('Ada Obi'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'Sales by local government area' })).getByText('Ikeja, Lagos'),
    ).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Group by'), 'month');
    await waitFor(() => expect(calls.at(-1)?.url).toContain('granularity=month'));
  });

  it('says so when the range holds no paid order', async () => {
    const empty = report({
      totals: { ...report().totals, ordersCount: 0, itemsSold: 0, netSalesKobo: 0 },
      byProduct: [],
      topProducts: [],
      byCustomer: [],
      byState: [],
      byLga: [],
    });
    vi.stubGlobal(
      'fetch',
      recordFetch(() => jsonResponse(200, { message: 'Sales report', data: empty })).fetchMock,
    );
    renderScreen(<SalesReportScreen initialRange={range} />);
    expect(await screen.findByText('No paid orders in these days')).toBeInTheDocument();
    expect(screen.queryByText('chart drawn')).not.toBeInTheDocument();
  });

  it('shows the specification’s failure message with the reason, and tries again on request', async () => {
    let fail = true;
    const { calls, fetchMock } = recordFetch(() =>
      fail
        ? jsonResponse(422, {
            message: 'Choose at most 366 days',
            error: 'VALIDATION_ERROR',
            details: [{ path: 'query.to', message: 'Choose at most 366 days' }],
          })
        : jsonResponse(200, { message: 'Sales report', data: report() }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderScreen(<SalesReportScreen initialRange={range} />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Error getting sales report variants')).toBeInTheDocument();
    expect(within(alert).getByText('Choose at most 366 days')).toBeInTheDocument();
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('chart drawn', {}, { timeout: LAZY_CHART_MS })).toBeInTheDocument();
    expect(calls).toHaveLength(2);
  });

  it('does not ask for a range that is backwards or longer than 366 days', async () => {
    const { calls, fetchMock } = recordFetch(() =>
      jsonResponse(200, { message: 'Sales report', data: report() }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderScreen(<SalesReportScreen initialRange={range} />);
    await screen.findByText('chart drawn', {}, { timeout: LAZY_CHART_MS });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-01-01' } });
    expect(await screen.findByText('Choose at most 366 days')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-04-10' } });
    expect(await screen.findByText('The end date cannot be before the start date')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });

  it('downloads the chosen view as a CSV file with the session’s token', async () => {
    const { calls, fetchMock } = recordFetch(({ url }) =>
      url.includes('sales.csv')
        ? new Response('Product ID,Product\r\n', { status: 200, headers: { 'content-type': 'text/csv' } })
        : jsonResponse(200, { message: 'Sales report', data: report() }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const createObjectURL = vi.fn(() => 'blob:report');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderScreen(<SalesReportScreen initialRange={range} />);
    await screen.findByText('chart drawn', {}, { timeout: LAZY_CHART_MS });
    await userEvent.selectOptions(screen.getByLabelText('CSV of'), 'products');
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(calls.at(-1)?.url).toBe(
      urlOf(salesReportEndpoints.salesCsv, {
        query: { from: '2026-03-01', to: '2026-03-31', granularity: 'day', view: 'products' },
      }),
    );
    expect(createObjectURL).toHaveBeenCalled();
    click.mockRestore();
  });
});
