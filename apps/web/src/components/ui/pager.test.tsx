import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pager } from './pager';

describe('Pager', () => {
  it('reads "1 store", not "1 stores"', () => {
    render(
      <Pager label="Pages of stores" page={1} totalPages={1} totalItems={1} noun="store" onPage={() => {}} />,
    );
    expect(screen.getByText('Page 1 of 1 · 1 store')).toBeInTheDocument();
  });

  it('uses the plural for other counts and an irregular noun', () => {
    render(
      <Pager
        label="Pages of activities"
        page={2}
        totalPages={3}
        totalItems={25}
        noun={['activity', 'activities']}
        onPage={() => {}}
      />,
    );
    expect(screen.getByText('Page 2 of 3 · 25 activities')).toBeInTheDocument();
  });

  it("reads a list answer's pagination, and stops at its first and last page", async () => {
    const onPage = vi.fn();
    const answer = { orders: [], pagination: { page: 3, totalPages: 3, totalItems: 41, limit: 20 } };
    render(<Pager label="Order pages" pagination={answer.pagination} noun="order" onPage={onPage} />);
    expect(screen.getByRole('navigation', { name: 'Order pages' })).toHaveTextContent(
      'Page 3 of 3 · 41 orders',
    );
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(onPage).toHaveBeenCalledWith(2);
  });
});
