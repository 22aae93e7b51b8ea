import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MoneyDialog } from './money-dialog';

function renderDialog(reason: 'none' | 'optional' | 'required') {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  render(
    <MoneyDialog
      open
      title="Reject this refund?"
      amount="₦190,750.00"
      description="This money will not go back to the customer."
      confirmLabel="Reject the refund"
      tone="danger"
      reason={reason}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />,
  );
  return { onConfirm, onCancel };
}

describe('MoneyDialog', () => {
  it('names the amount in ₦ in the dialog’s accessible description', () => {
    renderDialog('none');
    const dialog = screen.getByRole('dialog', { name: 'Reject this refund?' });
    expect(dialog).toHaveAccessibleDescription(/₦190,750\.00/);
    // Nothing to type: focus waits on Cancel, the safe choice.
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
  });

  it('a required reason: refuses blank or short text with a message, then confirms with the trimmed reason', async () => {
    const { onConfirm } = renderDialog('required');
    const person = userEvent.setup();
    const field = screen.getByLabelText('Reason');
    expect(field).toHaveFocus();
    await person.click(screen.getByRole('button', { name: 'Reject the refund' }));
    expect(screen.getByText('Give the reason (at least 5 characters)')).toBeVisible();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await person.type(field, '   no  ');
    await person.click(screen.getByRole('button', { name: 'Reject the refund' }));
    expect(onConfirm).not.toHaveBeenCalled();
    await person.clear(field);
    await person.type(field, '  Paid by bank transfer  ');
    await person.click(screen.getByRole('button', { name: 'Reject the refund' }));
    expect(onConfirm).toHaveBeenCalledWith('Paid by bank transfer');
  });

  it('an optional note may stay empty; Escape cancels without confirming', async () => {
    const { onConfirm, onCancel } = renderDialog('optional');
    const person = userEvent.setup();
    await person.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(1);
    await person.click(screen.getByRole('button', { name: 'Reject the refund' }));
    expect(onConfirm).toHaveBeenCalledWith('');
  });
});
