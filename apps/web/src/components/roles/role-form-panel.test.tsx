import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RoleFormPanel } from './role-form-panel';

const resources = [{ key: 'orders', label: 'Orders', permissions: ['orders:read'] }];
const packer = {
  id: 'role-packer',
  name: 'Packer',
  permissions: ['orders:read'],
  memberCount: 2,
  createdAt: '2026-01-05T10:00:00.000Z',
};

describe('the panel that creates or edits a custom role', () => {
  it('creates a new role and closes only once the save succeeds', async () => {
    let succeed: () => void = () => {};
    const save = vi.fn((_change: unknown, options: { onSuccess: () => void }) => {
      succeed = options.onSuccess;
    });
    const onClose = vi.fn();
    const person = userEvent.setup();
    render(<RoleFormPanel editing="new" resources={resources} busy={false} save={save} onClose={onClose} />);
    await person.type(screen.getByLabelText('Role name'), 'Picker');
    await person.click(screen.getByRole('button', { name: 'Create role' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save.mock.calls[0]?.[0]).toEqual({ action: 'create', body: { name: 'Picker', permissions: [] } });
    expect(onClose).not.toHaveBeenCalled();
    succeed();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('edits the role it was opened on, by its id', async () => {
    const save = vi.fn();
    render(
      <RoleFormPanel editing={packer} resources={resources} busy={false} save={save} onClose={() => {}} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save role' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save.mock.calls[0]?.[0]).toEqual({
      action: 'edit',
      id: 'role-packer',
      body: { name: 'Packer', permissions: ['orders:read'] },
    });
  });
});
