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
});
