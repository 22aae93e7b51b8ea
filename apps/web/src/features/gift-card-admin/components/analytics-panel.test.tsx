import { giftCardAdminEndpoints, urlOf } from '@market/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordFetch } from '../../../test/fixtures-catalog';
import { jsonResponse, renderScreen } from '../../../test/render';
import { AnalyticsPanel } from './analytics-panel';
import { utcDaysAgo } from './date-range';

vi.mock('./sold-redeemed-chart', () => ({ default: () => <p>chart drawn</p> }));
afterEach(() => vi.unstubAllGlobals());

function serve() {
  const recorder = recordFetch(({ url }) => {
    const query = new URL(url, 'http://localhost').searchParams;
    return jsonResponse(200, {
      message: 'Gift card analytics',
      data: {
        startDate: query.get('startDate'),
        endDate: query.get('endDate'),
        soldCount: 3,
        soldAmount: 45000,
        redeemedAmount: 12500.5,
        outstandingBalance: 32499.5,
        byDay: [
          { date: query.get('startDate'), soldCount: 2, soldAmount: 30000, redeemedAmount: 0 },
          { date: query.get('endDate'), soldCount: 1, soldAmount: 15000, redeemedAmount: 12500.5 },
        ],
      },
    });
  });
  vi.stubGlobal('fetch', recorder.fetchMock);
  return recorder;
}

describe('AnalyticsPanel', () => {
  it('asks for the last 30 UTC days, then for the range chosen, and shows totals', async () => {
    const { calls } = serve();
    renderScreen(<AnalyticsPanel />);
    expect(await screen.findByText('₦45,000.00')).toBeInTheDocument();
    expect(calls[0]?.url).toBe(
      urlOf(giftCardAdminEndpoints.analytics, {
        query: { startDate: utcDaysAgo(29), endDate: utcDaysAgo(0) },
      }),
    );
    const totals = within(screen.getByText('Cards sold').closest('dl')!);
    expect(totals.getByText('Cards sold').nextSibling).toHaveTextContent('3');
    expect(totals.getByText('Redeemed').nextSibling).toHaveTextContent('₦12,500.50');
    expect(totals.getByText('Outstanding balance (now)').nextSibling).toHaveTextContent('₦32,499.50');
    expect(await screen.findByText('chart drawn')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('From (UTC)'), { target: { value: '2026-01-01' } });
    fireEvent.change(screen.getByLabelText('To (UTC)'), { target: { value: '2026-01-31' } });
    await waitFor(() =>
      expect(calls.at(-1)?.url).toBe(
        urlOf(giftCardAdminEndpoints.analytics, {
          query: { startDate: '2026-01-01', endDate: '2026-01-31' },
        }),
      ),
    );
  });

  it('does not ask for a range that ends before it starts', async () => {
    const { calls } = serve();
    renderScreen(<AnalyticsPanel />);
    await screen.findByText('₦45,000.00');
    fireEvent.change(screen.getByLabelText('To (UTC)'), { target: { value: '2020-01-01' } });
    expect(await screen.findByText('The end date cannot be before the start date')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });
});
