import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApprovalCard } from './approval-progress';

const pending = {
  firstApproval: false,
  secondApproval: false,
  approvalStatus: 'pending',
  rejectionReason: null,
} as const;

describe('approval progress on the merchant dashboard (issue 34 item 22)', () => {
  it('says how many of the two approvals the store has', () => {
    const { rerender } = render(<ApprovalCard store={pending} />);
    expect(screen.getByRole('heading', { name: 'Waiting for approval (0 of 2)' })).toBeInTheDocument();
    rerender(<ApprovalCard store={{ ...pending, firstApproval: true }} />);
    expect(screen.getByRole('heading', { name: 'Waiting for approval (1 of 2)' })).toBeInTheDocument();
    expect(screen.getByText(/One has approved yours so far/)).toBeInTheDocument();
  });

  it('gives the reason of a rejection instead', () => {
    render(
      <ApprovalCard store={{ ...pending, approvalStatus: 'rejected', rejectionReason: 'Add a real logo' }} />,
    );
    expect(screen.getByRole('heading', { name: 'Your store was not approved' })).toBeInTheDocument();
    expect(screen.getByText(/The approvers said: Add a real logo/)).toBeInTheDocument();
  });
});
