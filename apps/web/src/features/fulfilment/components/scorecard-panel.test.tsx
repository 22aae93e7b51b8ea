import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderScreen } from '../../../test/render';
import { signedInForEachTest } from '../../../test/session';
import { ScorecardPanel } from './scorecard-panel';

signedInForEachTest('merchant');

const window = (days: number, orders: number) => ({
  days,
  orders,
  averageAcceptanceHours: 22,
  lateAcceptances: 2,
  cancelledByStore: 1,
  delivered: 2,
  returns: 1,
  returnRatePercent: 50,
});

describe('the store scorecard', () => {
  it('shows each measure for 30 and 90 days', async () => {
    mockFetch(() =>
      jsonResponse(200, {
        message: 'Scorecard',
        data: { storeId: 's1', windows: [window(30, 8), window(90, 9)], at: '2026-11-29T12:00:00.000Z' },
      }),
    );
    renderScreen(<ScorecardPanel kind="merchant" />);
    const orders = await screen.findByRole('row', { name: /Orders/ });
    expect(
      within(orders)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['8', '9']);
    expect(screen.getByRole('columnheader', { name: 'Last 90 days' })).toBeInTheDocument();
    expect(screen.getAllByText('50 % (1 of 2 delivered)')).toHaveLength(2);
    expect(screen.getAllByText('22 h')).toHaveLength(2);
  });
});
