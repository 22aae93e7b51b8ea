import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../test/render';
import { OrderCard } from './order-card';

// The order card of the customer's orders, the store's and the console's order lists, the console's search and
// the partner's orders, written once (issue 30, duplicates D15, D34, D35).

describe('an order card', () => {
  it('is one link to the order, named by its name, status, line and total', () => {
    renderScreen(
      <OrderCard to="/account/orders/o1" name="ORD-1001" status={<span>Delivered</span>} total="₦12,500.00">
        Ada's Store · 1 Nov 2026 · 2 items
      </OrderCard>,
    );
    const link = screen.getByRole('link');
    expect(link).toHaveAttribute('href', '/account/orders/o1');
    expect(link).toHaveTextContent("ORD-1001DeliveredAda's Store · 1 Nov 2026 · 2 items₦12,500.00");
    expect(screen.getByText('₦12,500.00')).toHaveClass('font-semibold', 'tabular-nums');
    expect(link).toHaveClass('p-3');
    expect(link).not.toHaveClass('flex-1');
  });

  it('shows no total where the list has none, and takes the room it is given', () => {
    renderScreen(
      <ul>
        <li>
          <OrderCard to="/x" name="ORD-2" status={<span>Assigned</span>} roomy inRow>
            Ikeja → Surulere
          </OrderCard>
        </li>
      </ul>,
    );
    const link = screen.getByRole('link', { name: /ORD-2/ });
    expect(link).toHaveTextContent('ORD-2AssignedIkeja → Surulere');
    expect(link.querySelectorAll('p')).toHaveLength(1);
    expect(link).toHaveClass('p-4', 'min-w-0', 'flex-1');
  });
});
