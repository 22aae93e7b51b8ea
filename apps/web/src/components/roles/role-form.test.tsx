import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RoleForm } from './role-form';

const resources = [
  { key: 'products', label: 'Products', permissions: ['products:read', 'products:write'] },
  { key: 'orders', label: 'Orders', permissions: ['orders:read'] },
];

describe('a custom role’s form', () => {
  it('checks the name with the contract, then hands over the trimmed name and the boxes ticked', async () => {
    const onSubmit = vi.fn();
    const person = userEvent.setup();
    render(<RoleForm resources={resources} busy={false} submitLabel="Create role" onSubmit={onSubmit} />);
    const name = screen.getByLabelText('Role name');
    await person.type(name, ' P ');
    await person.click(screen.getByRole('button', { name: 'Create role' }));
    expect(await screen.findByText('Role name must be at least 2 characters')).toBeVisible();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveFocus();
    expect(onSubmit).not.toHaveBeenCalled();

    await person.type(name, 'acker');
    await person.click(screen.getByLabelText('Products: Change'));
    await person.click(screen.getByLabelText('Orders: See'));
    await person.click(screen.getByRole('button', { name: 'Create role' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith({
      name: 'P acker',
      permissions: ['products:write', 'orders:read'],
    });
  });

  it('starts from the role being edited', async () => {
    const onSubmit = vi.fn();
    render(
      <RoleForm
        resources={resources}
        initial={{ name: 'Packer', permissions: ['orders:read'] }}
        busy={false}
        submitLabel="Save role"
        onSubmit={onSubmit}
      />,
    );
    expect(screen.getByLabelText('Orders: See')).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Save role' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ name: 'Packer', permissions: ['orders:read'] }),
    );
  });
});
