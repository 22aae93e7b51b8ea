import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render';
import { OrderMoney } from './order-money';

describe('order money', () => {
  it('shows what was paid, refunded, the commission and what is due to the store', () => {
    renderScreen(<OrderMoney order={{ total: 1907.5, refunded: 0, commission: 185, dueToMerchant: 1665 }} />);
    const value = (label: string) => screen.getByText(label).nextElementSibling?.textContent;
    expect(value('Paid by the customer')).toBe('₦1,907.50');
    expect(value('Refunded')).toBe('₦0.00');
    expect(value('Commission')).toBe('₦185.00');
    expect(value('Due to the store')).toBe('₦1,665.00');
  });

  it('a cancelled order refunded in full: nothing kept, nothing due', () => {
    renderScreen(<OrderMoney order={{ total: 1907.5, refunded: 1907.5, commission: 0, dueToMerchant: 0 }} />);
    expect(screen.getByText('Refunded').nextElementSibling?.textContent).toBe('₦1,907.50');
    expect(screen.getByText('Commission').nextElementSibling?.textContent).toBe('₦0.00');
    expect(screen.getByText('Due to the store').nextElementSibling?.textContent).toBe('₦0.00');
  });

  it('says owed, not refunded, for a refund that has not reached the customer (issue 34 item 14)', () => {
    renderScreen(
      <OrderMoney
        order={{ total: 26950, refunded: 26950, refundOwed: 12250, commission: 0, dueToMerchant: 0 }}
      />,
    );
    const value = (label: string) => screen.getByText(label).nextElementSibling?.textContent;
    expect(value('Refunded')).toBe('₦14,700.00');
    expect(value('Refund owed (not yet paid)')).toBe('₦12,250.00');
  });
});
