import {
  type AdminTransaction,
  type FinanceReport,
  type FinanceTotals,
  financeEndpoints,
  urlOf,
} from '@market/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordFetch } from '../../../test/fixtures-catalog';
import { jsonResponse, renderScreen } from '../../../test/render';
import { FinanceReportScreen } from './finance-report-screen';
import { PaymentReportScreen } from './payment-report-screen';
import { TransactionsList } from './transactions-list';

// The chart is its own lazy chunk: the first screen of a file to draw it waits for its import, slow on a busy machine.
const LAZY_CHART_MS = 10_000;
vi.mock('./finance-chart', () => ({ default: () => <p>chart drawn</p> }));
afterEach(() => vi.unstubAllGlobals());

const range = { from: '2026-03-01', to: '2026-03-31' };
const totals: FinanceTotals = {
  ordersCount: 5,
  totalOrderAmountKobo: 15_033_335,
  totalSalesOrderAmountKobo: 14_583_335,
  totalDeliveryAmountKobo: 450_000,
  discountKobo: 250_000,
  commissionKobo: 1_233_334,
  commissionBasisPoints: 831,
  refundedKobo: 1_000_000,
  refundOwedKobo: 0,
  dueToMerchantKobo: 12_450_001,
  paidOutKobo: 900_000,
  payableKobo: 300_001,
  notYetPayableKobo: 11_250_000,
};
const point = {
  day: '2026-03-01',
  ordersCount: 1,
  totalOrderAmountKobo: 1_100_000,
  commissionKobo: 100_000,
  dueToMerchantKobo: 900_000,
  refundedKobo: 0,
};
const report = (overrides: Partial<FinanceReport> = {}): FinanceReport => ({
  ...range,
  startsAt: '2026-02-28T23:00:00.000Z',
  endsBefore: '2026-03-31T23:00:00.000Z',
  totals,
  remittances: {
    collectedKobo: 1_450_050,
    remittedKobo: 1_000_000,
    outstandingKobo: 450_050,
    byCarrier: [
      {
        carrierId: 'c1',
        carrierName: 'Swift Riders',
        collectedKobo: 1_450_050,
        remittedKobo: 1_000_000,
        outstandingKobo: 450_050,
      },
    ],
  },
  merchants: [
    {
      ...totals,
      storeId: '00000000-0000-4000-8000-000000000001',
      storeName: 'Ankara Palace',
      merchantId: '00000000-0000-4000-8000-000000000002',
      merchantName: 'Bisola Adeyemi',
      paymentCategory: 'premium',
      commissionBasisPoints: 750,
    },
  ],
  series: [point],
  ...overrides,
});
const stat = (label: string) => screen.getByText(label, { selector: 'dt' }).parentElement!;

describe('FinanceReportScreen', () => {
  it('loads the range, then shows the totals, the chart and every merchant', async () => {
    let answer: (response: Response) => void = () => {};
    const { calls, fetchMock } = recordFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetchMock);
    renderScreen(<FinanceReportScreen initialRange={range} />);
    expect((await screen.findAllByText('Loading the finance report…')).length).toBeGreaterThan(0);
    expect(calls[0]?.url).toBe(
      urlOf(financeEndpoints.report, { query: { from: '2026-03-01', to: '2026-03-31' } }),
    );
    answer(jsonResponse(200, { message: 'Finance report', data: report() }));
    expect(await screen.findByText('chart drawn', {}, { timeout: LAZY_CHART_MS })).toBeInTheDocument();
    expect(within(stat('Due to merchant')).getByText('₦124,500.01')).toBeInTheDocument();
    expect(within(stat('Commission (8.31 %)')).getByText('₦12,333.34')).toBeInTheDocument();
    expect(within(stat('Outstanding')).getByText('₦4,500.50')).toBeInTheDocument();
    expect(
      screen.getByText(/Swift Riders: collected ₦14,500.50, remitted ₦10,000.00, outstanding ₦4,500.50/),
    ).toBeInTheDocument();
    const merchants = within(screen.getByRole('table', { name: /per merchant/ }));
    expect(merchants.getByText('Ankara Palace')).toBeInTheDocument();
    expect(merchants.getByText(/Premium · 7.5 %/)).toBeInTheDocument();
  });

  it('counts a refund that failed as owed, not refunded (issue 34, item 14)', async () => {
    const owing = { ...totals, refundOwedKobo: 1_225_000, refundedKobo: 2_225_000 };
    const { fetchMock } = recordFetch(() =>
      jsonResponse(200, {
        message: 'Finance report',
        data: report({ totals: owing, merchants: [{ ...report().merchants[0]!, ...owing }] }),
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderScreen(<FinanceReportScreen initialRange={range} />);
    expect(
      await within(
        await screen.findByText('Refunded', { selector: 'dt' }).then((dt) => dt.parentElement!),
      ).findByText('₦10,000.00'),
    ).toBeInTheDocument();
    expect(within(stat('Refund owed (not yet paid)')).getByText('₦12,250.00')).toBeInTheDocument();
    const merchants = within(screen.getByRole('table', { name: /per merchant/ }));
    expect(merchants.getByText('₦12,250.00 owed')).toBeInTheDocument();
    expect(merchants.queryByText('₦22,250.00')).not.toBeInTheDocument();
  });

  it('says so when nothing was sold, and never asks for a backwards range', async () => {
    const { calls, fetchMock } = recordFetch(() =>
      jsonResponse(200, {
        message: 'Finance report',
        data: report({ totals: { ...totals, ordersCount: 0 }, merchants: [] }),
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderScreen(<FinanceReportScreen initialRange={range} />);
    expect(await screen.findByText('No paid orders in this range')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-04-10' } });
    expect(await screen.findByText('The end date cannot be before the start date')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });

  it('shows the specification’s failure message and downloads the CSV with the session', async () => {
    let fail = true;
    const { calls, fetchMock } = recordFetch(({ url }) =>
      url.includes('.csv')
        ? new Response('Store ID\r\n', { status: 200, headers: { 'content-type': 'text/csv' } })
        : fail
          ? jsonResponse(500, { message: 'Something went wrong', error: 'INTERNAL_ERROR' })
          : jsonResponse(200, { message: 'Finance report', data: report() }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }),
    );
    renderScreen(<FinanceReportScreen initialRange={range} />);
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(within(alert).getByText('Error getting payment report')).toBeInTheDocument();
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByText('chart drawn', {}, { timeout: LAZY_CHART_MS });
    await userEvent.selectOptions(screen.getByLabelText('CSV of'), 'series');
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(calls.at(-1)?.url).toBe(
      urlOf(financeEndpoints.reportCsv, { query: { from: '2026-03-01', to: '2026-03-31', view: 'series' } }),
    );
    click.mockRestore();
  });
});

describe('PaymentReportScreen', () => {
  it('shows the store’s own figures', async () => {
    const { calls, fetchMock } = recordFetch(() =>
      jsonResponse(200, {
        message: 'Payment report',
        data: {
          ...report(),
          storeName: 'Ankara Palace',
          paymentCategory: 'standard',
          commissionRatesBasisPoints: [1000],
        },
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderScreen(<PaymentReportScreen initialRange={range} />);
    expect(await screen.findByText('chart drawn', {}, { timeout: LAZY_CHART_MS })).toBeInTheDocument();
    expect(calls[0]?.url).toBe(
      urlOf(financeEndpoints.paymentReport, { query: { from: '2026-03-01', to: '2026-03-31' } }),
    );
    expect(within(stat('Paid out')).getByText('₦9,000.00')).toBeInTheDocument();
    expect(screen.getByText(/Ankara Palace · payment category Standard/)).toBeInTheDocument();
    // The store's rate, not commission ÷ goods (8.31 % here, moved by refunds) (issue 34, item 16).
    expect(stat('Commission (10 %)')).toBeInTheDocument();
    expect(screen.queryByText(/8\.31 %/)).not.toBeInTheDocument();
    // "Due" and "Paid" are rebuilt from the report's own lines.
    const signed = (text: string | null) => {
      const kobo = Math.round(Number((text ?? '').replace(/[^0-9.]/g, '')) * 100);
      return text?.startsWith('−') ? -kobo : kobo;
    };
    for (const [list, result] of [
      ['What customers paid', 15_033_335],
      ['What you are owed', 12_450_001],
    ] as const) {
      const figures = within(screen.getByLabelText(list))
        .getAllByRole('definition')
        .map((cell) => signed(cell.textContent));
      expect(figures.at(-1)).toBe(result);
      expect(figures.slice(0, -1).reduce((sum, figure) => sum + figure, 0)).toBe(result);
    }
    const owed = within(screen.getByLabelText('What you are owed'));
    expect(owed.getByText('Commission (10 % of the goods before your coupons)')).toBeInTheDocument();
    expect(owed.getByText('Goods refunded at your cost').nextElementSibling).toHaveTextContent('− ₦9,000.00');
  });
});

const transaction: AdminTransaction = {
  id: '00000000-0000-4000-8000-000000000003',
  orderTrackerId: null,
  transactionId: '4099',
  amountKobo: 2_400_000,
  reference: 'CHK-SALES-2',
  purpose: 'CHK',
  feesKobo: 36_000,
  date: '2026-03-02T10:01:00.000Z',
  customerName: 'Ada Obi',
  customerEmail: 'ada@example.com',
  cardType: 'visa',
  cardNumber: '**** **** **** 4081',
  bank: null,
  country: 'NG',
  ipAddress: null,
  paymentChannel: 'card',
  status: 'success',
  orderName: 'NM-SALES002',
  orderItemsCount: 2,
};

describe('TransactionsList', () => {
  it('lists payments and sends the filters and the search, back on page 1', async () => {
    const { calls, fetchMock } = recordFetch(({ url }) =>
      jsonResponse(200, {
        message: 'Transactions',
        data: url.includes('search=nobody')
          ? {
              transactions: [],
              pagination: { page: 1, limit: 20, totalItems: 0, totalPages: 1 },
              countIsEstimate: false,
            }
          : {
              transactions: [transaction],
              pagination: { page: 1, limit: 20, totalItems: 1, totalPages: 1 },
              countIsEstimate: false,
            },
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderScreen(<TransactionsList />);
    const link = await screen.findByRole('link', { name: 'CHK-SALES-2' });
    expect(link).toHaveAttribute('href', `/admin/finance/transactions/${transaction.id}`);
    expect(calls[0]?.url).toBe(urlOf(financeEndpoints.transactions, { query: { page: 1, limit: 20 } }));
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'failed');
    await waitFor(() =>
      expect(calls.at(-1)?.url).toBe(
        urlOf(financeEndpoints.transactions, { query: { page: 1, status: 'failed', limit: 20 } }),
      ),
    );
    await userEvent.type(screen.getByLabelText('Search transactions'), 'nobody');
    expect(await screen.findByText('No transaction matches these filters')).toBeInTheDocument();
    expect(calls.at(-1)?.url).toContain('search=nobody');
  });

  it('says "about" when the server estimated the total, and the exact count when it counted', async () => {
    const { fetchMock } = recordFetch(({ url }) =>
      jsonResponse(200, {
        message: 'Transactions',
        data: url.includes('status=failed')
          ? {
              transactions: [transaction],
              pagination: { page: 1, limit: 20, totalItems: 1234, totalPages: 62 },
              countIsEstimate: false,
            }
          : {
              transactions: [transaction],
              pagination: { page: 1, limit: 20, totalItems: 1_234_567, totalPages: 61_729 },
              countIsEstimate: true,
            },
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderScreen(<TransactionsList />);
    const pages = await screen.findByRole('navigation', { name: 'Transaction pages' });
    expect(pages).toHaveTextContent('Page 1 of 61729 · about 1,230,000 transactions');
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'failed');
    await waitFor(() =>
      expect(screen.getByRole('navigation', { name: 'Transaction pages' })).toHaveTextContent(
        'Page 1 of 62 · 1,234 transactions',
      ),
    );
    expect(screen.getByRole('navigation', { name: 'Transaction pages' })).not.toHaveTextContent('about');
  });
});
