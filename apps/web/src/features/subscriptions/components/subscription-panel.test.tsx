import { planPublicEndpoints, subscriptionMerchantEndpoints, urlOf } from '@market/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordFetch } from '../../../test/fixtures-catalog';
import { jsonResponse, renderScreen } from '../../../test/render';
import { paymentPage } from './payment-page';
import { SubscriptionPanel } from './subscription-panel';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const plan = (
  code: string,
  name: string,
  monthlyPriceKobo: number,
  productLimit: number | null,
  isDefault = false,
) => ({
  id: `00000000-0000-4000-8000-00000000000${monthlyPriceKobo / 500_000}`,
  code,
  name,
  summary: '',
  includes: [],
  monthlyPriceKobo,
  productLimit,
  isDefault,
  isActive: true,
  sortOrder: 0,
});
const starter = plan('starter', 'Starter', 500_000, 50, true);
const growth = plan('growth', 'Growth', 1_500_000, 500);

const paidGrowth = {
  planId: growth.id,
  planName: 'Growth',
  status: 'active',
  currentPeriodStart: '2026-11-23T10:00:00.000Z',
  currentPeriodEnd: '2026-12-23T10:00:00.000Z',
  autoRenew: true,
  renewsAt: '2026-12-22T10:00:00.000Z',
  card: { brand: 'visa', last4: '4081' },
};

function serve(invoices: unknown[] = [], subscription: Record<string, unknown> | null = null) {
  let current = subscription;
  const recorder = recordFetch(({ url, method, body }) => {
    if (url === urlOf(planPublicEndpoints.list))
      return jsonResponse(200, { message: 'Plans', data: [starter, growth] });
    if (url === urlOf(subscriptionMerchantEndpoints.current) && method === 'GET')
      return jsonResponse(200, {
        message: 'Subscription',
        data: { plan: current ? growth : starter, subscription: current },
      });
    if (url === urlOf(subscriptionMerchantEndpoints.update) && method === 'PATCH') {
      const { autoRenew } = body as { autoRenew: boolean };
      current = { ...current, autoRenew, renewsAt: autoRenew ? '2026-12-22T10:00:00.000Z' : null };
      return jsonResponse(200, {
        message: 'Automatic renewal turned off',
        data: { plan: growth, subscription: current },
      });
    }
    if (url === urlOf(subscriptionMerchantEndpoints.invoices))
      return jsonResponse(200, { message: 'Invoices', data: { count: invoices.length, rows: invoices } });
    if (url === urlOf(subscriptionMerchantEndpoints.subscribe) && method === 'POST')
      return jsonResponse(201, {
        message: 'Invoice raised: pay to start the plan',
        data: {
          invoice: {
            id: '5f0f3c2e-8a51-4c43-9a8e-2f4a7c1b9d10',
            reference: 'SUB-01',
            planId: growth.id,
            planName: 'Growth',
            amountKobo: 1_500_000,
            periodStart: '2026-11-23T10:00:00.000Z',
            periodEnd: '2026-12-23T10:00:00.000Z',
            status: 'pending',
            paidAt: null,
            createdAt: '2026-11-23T10:00:00.000Z',
          },
          authorizationUrl: 'https://pay.example/SUB-01',
        },
      });
    return jsonResponse(404, { message: 'Not found', error: 'NOT_FOUND' });
  });
  vi.stubGlobal('fetch', recorder.fetchMock);
  return recorder;
}

describe('SubscriptionPanel', () => {
  it('shows the plan in force with its limit, the plans, and no invoices yet', async () => {
    serve();
    renderScreen(<SubscriptionPanel />);
    expect(await screen.findByRole('heading', { name: 'You are on Starter' })).toBeInTheDocument();
    expect(screen.getByText(/Up to 50 products\./)).toBeInTheDocument();
    // One commission rule (ADR 046): no plan states a commission of its own.
    expect(screen.queryByText(/% commission/)).not.toBeInTheDocument();
    expect(screen.getByText(/set by your store's payment category/)).toBeInTheDocument();
    expect(screen.getByText('₦15,000.00 a month')).toBeInTheDocument();
    expect(await screen.findByText('No invoices yet')).toBeInTheDocument();
  });

  it('subscribing raises an invoice and sends the merchant to the payment page', async () => {
    const assign = vi.spyOn(paymentPage, 'assign').mockImplementation(() => {});
    const user = userEvent.setup();
    const recorder = serve();
    renderScreen(<SubscriptionPanel />);
    expect(await screen.findByRole('heading', { name: 'You are on Starter' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Subscribe: Growth' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.example/SUB-01'));
    expect(recorder.calls.find((call) => call.method === 'POST')?.body).toEqual({ planId: growth.id });
  });

  it('shows the saved card and renewal date, and turns automatic renewal off and on', async () => {
    const user = userEvent.setup();
    const recorder = serve([], paidGrowth);
    renderScreen(<SubscriptionPanel />);
    expect(await screen.findByRole('heading', { name: 'You are on Growth' })).toBeInTheDocument();
    expect(screen.getByText('Saved card: Visa ending 4081')).toBeInTheDocument();
    expect(screen.getByText(/^Renews on .*: we charge your Visa ending 4081 on /)).toBeInTheDocument();
    const toggle = screen.getByRole('checkbox', { name: 'Renew automatically with the saved card' });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    expect(await screen.findByText(/^Automatic renewal is off: Growth ends on /)).toBeInTheDocument();
    expect(toggle).not.toBeChecked();
    expect(recorder.calls.find((call) => call.method === 'PATCH')?.body).toEqual({ autoRenew: false });
    await user.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
  });
});
