import type { MerchantDashboard } from '@market/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, renderScreen } from '../../../test/render';
import { DashboardFigures } from './dashboard-figures';

afterEach(() => vi.unstubAllGlobals());

function figures(overrides: Partial<MerchantDashboard> = {}): MerchantDashboard {
  return {
    asOf: '2026-11-25T11:00:00.000Z',
    todayStartsAt: '2026-11-24T23:00:00.000Z',
    weekStartsAt: '2026-11-22T23:00:00.000Z',
    today: { ordersCount: 2, salesKobo: 2_500_000 },
    week: { ordersCount: 7, salesKobo: 12_345_650 },
    lowStock: {
      count: 6,
      products: [
        { id: 'p1', name: 'Oraimo FreePods 4', sku: 'OF-1', quantity: 0, stockAlertUnits: 5 },
        { id: 'p2', name: 'Tecno Spark 20', sku: 'TS-1', quantity: 3, stockAlertUnits: 5 },
      ],
    },
    needsAction: { ordersToAccept: 3, productsPendingApproval: 1, productsRejected: 0 },
    ...overrides,
  };
}

const figure = (label: string) => screen.getByText(label, { selector: 'dt' }).parentElement!;

describe('DashboardFigures', () => {
  it("shows today's and this week's orders and sales, what needs action and low stock", async () => {
    mockFetch(() => jsonResponse(200, { message: 'Dashboard', data: figures() }));
    renderScreen(<DashboardFigures />);
    await screen.findByText('Orders today');
    expect(within(figure('Orders today')).getByText('2')).toBeInTheDocument();
    expect(within(figure('Sales today')).getByText('₦25,000.00')).toBeInTheDocument();
    expect(within(figure('Orders this week')).getByText('7')).toBeInTheDocument();
    expect(within(figure('Sales this week')).getByText('₦123,456.50')).toBeInTheDocument();

    const needs = within(screen.getByRole('region', { name: 'Needs action' }));
    expect(needs.getByRole('link', { name: '3 orders to accept' })).toHaveAttribute(
      'href',
      '/merchant/orders',
    );
    expect(needs.getByRole('link', { name: '1 product waiting for approval' })).toHaveAttribute(
      'href',
      '/merchant/products',
    );
    expect(needs.queryByText(/rejected/)).not.toBeInTheDocument();

    const low = within(screen.getByRole('region', { name: 'Low stock' }));
    expect(low.getByText('6 products are at or under the stock alert.')).toBeInTheDocument();
    expect(low.getByRole('link', { name: 'Oraimo FreePods 4' })).toHaveAttribute(
      'href',
      '/merchant/products/p1/edit',
    );
    expect(low.getByText('Sold out')).toBeInTheDocument();
    expect(low.getByText('3 left')).toBeInTheDocument();
    expect(low.getByRole('link', { name: 'Restock low products' })).toHaveAttribute(
      'href',
      '/merchant/products/low-stock',
    );
    expect(screen.queryByText(/No paid orders yet this week/)).not.toBeInTheDocument();
  });

  it('says plainly when nothing has sold, nothing waits and nothing runs low', async () => {
    mockFetch(() =>
      jsonResponse(200, {
        message: 'Dashboard',
        data: figures({
          today: { ordersCount: 0, salesKobo: 0 },
          week: { ordersCount: 0, salesKobo: 0 },
          lowStock: { count: 0, products: [] },
          needsAction: { ordersToAccept: 0, productsPendingApproval: 0, productsRejected: 0 },
        }),
      }),
    );
    renderScreen(<DashboardFigures />);
    await screen.findByText(/No paid orders yet this week/);
    expect(within(figure('Sales today')).getByText('₦0.00')).toBeInTheDocument();
    expect(screen.getByText('Nothing is waiting for you.')).toBeInTheDocument();
    expect(screen.getByText('Every product is above its stock alert.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add a product' })).toHaveAttribute(
      'href',
      '/merchant/products/new',
    );
  });

  it('shows a loading state, then an error with a retry that loads the figures', async () => {
    let fail = true;
    mockFetch(() =>
      fail
        ? jsonResponse(500, { message: 'Something went wrong', error: 'INTERNAL_ERROR' })
        : jsonResponse(200, { message: 'Dashboard', data: figures() }),
    );
    const person = userEvent.setup();
    renderScreen(<DashboardFigures />);
    expect(screen.getByRole('status', { name: "Loading your store's figures" })).toBeInTheDocument();
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(within(alert).getByText("Could not load your store's figures")).toBeInTheDocument();
    fail = false;
    await person.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Orders today')).toBeInTheDocument();
  }, 20_000);

  it('tells a staff member whose role cannot read reports to ask the owner, without a retry', async () => {
    mockFetch(() =>
      jsonResponse(403, {
        message: 'Your role (inventory) does not have the reports:read permission',
        error: 'FORBIDDEN',
      }),
    );
    renderScreen(<DashboardFigures />);
    expect(
      await screen.findByText(/does not include sales figures/, {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  }, 20_000);
});
