import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';
import { PromptDialog } from './prompt-dialog';

function ConfirmOpener({ busy = false, onConfirm = () => {} }: { busy?: boolean; onConfirm?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Remove the store
      </button>
      <ConfirmDialog
        open={open}
        title="Remove this store?"
        description="Its products leave the catalog."
        confirmLabel="Remove"
        busy={busy}
        onConfirm={onConfirm}
        onCancel={() => setOpen(false)}
      />
    </>
  );
}

describe('the dialog frame every modal question shares', () => {
  it('focus starts on Cancel, Tab stays inside, Escape closes and focus goes back to the opener', async () => {
    render(<ConfirmOpener />);
    const person = userEvent.setup();
    const opener = screen.getByRole('button', { name: 'Remove the store' });
    await person.click(opener);
    const dialog = screen.getByRole('alertdialog', { name: 'Remove this store?' });
    expect(dialog).toHaveAccessibleDescription('Its products leave the catalog.');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await person.tab();
    expect(screen.getByRole('button', { name: 'Remove' })).toHaveFocus();
    await person.tab();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await person.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('while busy, Escape does not close it', async () => {
    render(<ConfirmOpener busy />);
    const person = userEvent.setup();
    await person.click(screen.getByRole('button', { name: 'Remove the store' }));
    await person.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog', { name: 'Remove this store?' })).toBeVisible();
  });

  it('a prompt starts in its field and refuses a short answer with a message', async () => {
    const onConfirm = vi.fn();
    render(
      <PromptDialog
        open
        title="Reject this product?"
        description="The store reads the reason."
        label="Reason"
        confirmLabel="Reject"
        minLength={5}
        tooShort="Say why in a few words"
        onConfirm={onConfirm}
        onCancel={() => {}}
      />,
    );
    const person = userEvent.setup();
    expect(screen.getByRole('dialog', { name: 'Reject this product?' })).toBeVisible();
    const field = screen.getByLabelText('Reason');
    expect(field).toHaveFocus();
    await person.type(field, 'no');
    await person.click(screen.getByRole('button', { name: 'Reject' }));
    expect(screen.getByText('Say why in a few words')).toBeVisible();
    expect(onConfirm).not.toHaveBeenCalled();
    await person.type(field, ' stock photo');
    await person.click(screen.getByRole('button', { name: 'Reject' }));
    expect(onConfirm).toHaveBeenCalledWith('no stock photo');
  });
});
