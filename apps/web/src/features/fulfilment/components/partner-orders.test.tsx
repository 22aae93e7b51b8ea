import { screen } from '@testing-library/react';
import axe from 'axe-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderScreen } from '../../../test/render';
import { forgetSessionsAfterEach, signIn } from '../../../test/session';
import { DeliveredToday, PartnerOrders } from './partner-orders';

beforeEach(() => {
  signIn('partner');
  mockFetch(() =>
    jsonResponse(200, {
      message: 'Orders',
      data: {
        orders: [],
        deliveredToday: 3,
        pagination: { page: 1, limit: 20, totalItems: 0, totalPages: 1 },
      },
    }),
  );
});

forgetSessionsAfterEach();

async function dlViolations(container: HTMLElement) {
  const result = await axe.run(container, {
    runOnly: { type: 'rule', values: ['dlitem', 'definition-list'] },
  });
  return result.violations.map((violation) => violation.id);
}

describe("the partner's figures", () => {
  it('on the home page are a proper description list', async () => {
    const { container } = renderScreen(<DeliveredToday />);
    expect(await screen.findByText('Delivered today')).toBeInTheDocument();
    expect(await dlViolations(container)).toEqual([]);
  });

  it('on the orders page are a proper description list', async () => {
    const { container } = renderScreen(<PartnerOrders page={1} onPage={() => {}} />);
    expect(await screen.findByText('Open on this page')).toBeInTheDocument();
    expect(await dlViolations(container)).toEqual([]);
  });
});
