import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { nairaToKobo } from '../../../lib/money';
import { renderScreen } from '../../../test/render';
import { OrderMoney } from './order-money';

/** The figure on the line named `label` in the list named `list`. */
const value = (list: string, label: string) =>
  within(screen.getByLabelText(list)).getByText(label).closest('dt')?.nextElementSibling?.textContent;

/** Naira as the page shows it ("− ₦6,800.00") back to kobo, signed. */
const kobo = (text: string | null | undefined) => {
  const amount = nairaToKobo(Number((text ?? '').replace(/[^0-9.]/g, '')));
  return text?.startsWith('−') ? -amount : amount;
};

describe('order money', () => {
  // Issue 34 item 16: 10 % of ₦68,000 where the customer paid ₦61,200 for the goods (a ₦6,800 store coupon).
  const sold = {
    subtotal: 68000,
    discount: 6800,
    shippingFee: 4500,
    total: 65700,
    refunded: 0,
    commission: 6800,
    commissionBasisPoints: 1000,
    dueToMerchant: 54400,
  };

  it('shows the lines that add up: goods, the store’s coupon, delivery, commission at the store’s rate, due', () => {
    renderScreen(<OrderMoney order={sold} />);
    expect(value('What the customer paid', 'Goods at the store’s prices')).toBe('₦68,000.00');
    expect(value('What the customer paid', 'Store’s coupon')).toBe('− ₦6,800.00');
    expect(value('What the customer paid', 'Delivery')).toBe('+ ₦4,500.00');
    expect(value('What the customer paid', 'Paid by the customer')).toBe('₦65,700.00');
    // The store's rate, not commission ÷ goods.
    expect(screen.getByText('Commission (10 %)')).toBeInTheDocument();
    expect(value('What the store is owed', 'Commission (10 %)')).toBe('− ₦6,800.00');
    expect(value('What the store is owed', 'Due to the store')).toBe('₦54,400.00');
    // Each list adds up from its own lines, so paid − commission − due is rebuilt from the page.
    for (const list of ['What the customer paid', 'What the store is owed']) {
      const figures = within(screen.getByLabelText(list))
        .getAllByRole('definition')
        .map((cell) => kobo(cell.textContent));
      const result = figures.pop()!;
      expect(figures.reduce((sum, figure) => sum + figure, 0)).toBe(result);
    }
    const paid = kobo(value('What the customer paid', 'Paid by the customer'));
    const commission = -kobo(value('What the store is owed', 'Commission (10 %)'));
    const due = kobo(value('What the store is owed', 'Due to the store'));
    expect(paid - commission - due).toBe(kobo(value('What the customer paid', 'Delivery')));
  });

  it('a cancelled order refunded in full at the store’s cost: nothing kept, nothing due, the goods refunded', () => {
    renderScreen(<OrderMoney order={{ ...sold, refunded: 65700, commission: 0, dueToMerchant: 0 }} />);
    expect(value('Refunds', 'Refunded')).toBe('₦65,700.00');
    expect(value('What the store is owed', 'Commission (10 %)')).toBe('− ₦0.00');
    expect(value('What the store is owed', 'Goods refunded at the store’s cost')).toBe('− ₦61,200.00');
    expect(value('What the store is owed', 'Due to the store')).toBe('₦0.00');
  });

  it('says owed, not refunded, for a refund that has not reached the customer (issue 34 item 14)', () => {
    renderScreen(
      <OrderMoney
        order={{ total: 26950, refunded: 26950, refundOwed: 12250, commission: 0, dueToMerchant: 0 }}
      />,
    );
    expect(value('Refunds', 'Refunded')).toBe('₦14,700.00');
    expect(value('Refunds', 'Refund owed (not yet paid)')).toBe('₦12,250.00');
  });
});
