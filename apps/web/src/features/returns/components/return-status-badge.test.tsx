import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ReturnStatusBadge } from './return-status-badge';

const refunded = { code_name: 'refunded' as const, known_name: 'Refunded' };

describe('a return’s status next to its refunds (issue 34, item 14)', () => {
  it('says Refunded only once the money reached the customer', () => {
    render(<ReturnStatusBadge status={refunded} refunds={[{ status: 'processed' }]} />);
    expect(screen.getByText('Refunded')).toBeInTheDocument();
  });

  it('says the refund failed, not Refunded, next to a failed refund', () => {
    render(<ReturnStatusBadge status={refunded} refunds={[{ status: 'processed' }, { status: 'failed' }]} />);
    expect(screen.getByText('Refund failed')).toBeInTheDocument();
    expect(screen.queryByText('Refunded')).not.toBeInTheDocument();
  });

  it('says owed while a refund waits or its answer is not known', () => {
    for (const status of ['pending', 'processing', 'unknown'] as const) {
      const { unmount } = render(<ReturnStatusBadge status={refunded} refunds={[{ status }]} />);
      expect(screen.getByText('Refund owed')).toBeInTheDocument();
      unmount();
    }
  });

  it('leaves other statuses as they are', () => {
    render(
      <ReturnStatusBadge
        status={{ code_name: 'approved', known_name: 'Approved' }}
        refunds={[{ status: 'failed' }]}
      />,
    );
    expect(screen.getByText('Approved')).toBeInTheDocument();
  });
});
