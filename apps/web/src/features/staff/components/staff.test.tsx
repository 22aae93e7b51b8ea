import { staffEndpoints, urlOf } from '@market/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderScreen } from '../../../test/render';
import { signedInForEachTest } from '../../../test/session';
import { InviteStaffForm } from './invite-staff-form';
import { StaffList } from './staff-list';

const member = (id: string, firstName: string, role: string, extra: Record<string, unknown> = {}) => ({
  id,
  firstName,
  lastName: 'Test',
  email: `${firstName.toLowerCase()}@demo.ng`,
  phoneNumber: null,
  role,
  roleRef: role,
  isOwner: role === 'owner',
  isActive: true,
  passwordSet: true,
  permissions: [],
  lastLogin: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  ...extra,
});

const options = [
  { value: 'manager', label: 'Manager' },
  { value: 'inventory', label: 'Inventory' },
];

signedInForEachTest('merchant', { id: 'owner' });

describe('InviteStaffForm', () => {
  it('shows the first validation message of a 422 and puts each on its field', async () => {
    mockFetch(() =>
      jsonResponse(422, {
        message: 'Enter a valid phone number',
        error: 'VALIDATION_FAILED',
        details: [
          { path: 'phoneNumber', message: 'Enter a valid Nigerian phone number' },
          { path: 'email', message: 'Email taken elsewhere' },
        ],
      }),
    );
    const person = userEvent.setup();
    renderScreen(<InviteStaffForm roleOptions={options} onDone={() => {}} onCancel={() => {}} />);
    await person.type(screen.getByLabelText('First name'), 'Halima');
    await person.type(screen.getByLabelText('Last name'), 'Sani');
    await person.type(screen.getByLabelText('Email'), 'halima@demo.ng');
    await person.type(screen.getByLabelText('Phone number'), '08035550199');
    await person.selectOptions(screen.getByLabelText('Role'), 'inventory');
    await person.click(screen.getByRole('button', { name: 'Send invitation' }));
    // the form's message is the first detail; each detail also sits on its field
    const alerts = await screen.findAllByRole('alert');
    expect(alerts[0]).toHaveTextContent('Enter a valid Nigerian phone number');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email taken elsewhere');
    expect(screen.getByLabelText('Phone number')).toHaveAccessibleDescription(
      'Enter a valid Nigerian phone number',
    );
  });

  it('checks the fields with the contract before sending anything', async () => {
    const fetchMock = mockFetch(() => jsonResponse(201, { message: 'Store staff successfully created' }));
    const person = userEvent.setup();
    renderScreen(<InviteStaffForm roleOptions={options} onDone={() => {}} onCancel={() => {}} />);
    await person.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('StaffList', () => {
  it('offers role changes and deactivation to those who manage staff, never on the owner', async () => {
    const calls: string[] = [];
    mockFetch((url, method) => {
      calls.push(`${method} ${url}`);
      if (method === 'POST')
        return jsonResponse(200, {
          message: 'Staff member deactivated',
          data: member('s1', 'Halima', 'inventory'),
        });
      return jsonResponse(200, {
        message: 'Store staff',
        data: { staff: [member('owner', 'Chinedu', 'owner'), member('s1', 'Halima', 'inventory')] },
      });
    });
    const person = userEvent.setup();
    renderScreen(<StaffList currentUserId="owner" canManage roleOptions={options} />);
    await screen.findByText('halima@demo.ng');
    expect(screen.queryByRole('button', { name: 'Deactivate Chinedu Test' })).toBeNull();
    expect(screen.getByLabelText('Role of Halima Test')).toHaveValue('inventory');
    // Issue 31: deactivating asks first; cancelling sends nothing.
    await person.click(screen.getByRole('button', { name: 'Deactivate Halima Test' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Deactivate this staff member?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await person.keyboard('{Escape}');
    expect(calls.some((call) => call.includes('/deactivate'))).toBe(false);
    await person.click(screen.getByRole('button', { name: 'Deactivate Halima Test' }));
    await person.click(screen.getByRole('button', { name: 'Deactivate' }));
    await waitFor(() =>
      expect(
        calls.some((call) => call.includes(urlOf(staffEndpoints.deactivate, { params: { id: 's1' } }))),
      ).toBe(true),
    );
  });

  it('shows roles read-only to a member who may only see staff', async () => {
    mockFetch(() =>
      jsonResponse(200, { message: 'Store staff', data: { staff: [member('s1', 'Halima', 'inventory')] } }),
    );
    renderScreen(<StaffList currentUserId="owner" canManage={false} roleOptions={options} />);
    await screen.findByText('halima@demo.ng');
    expect(screen.queryByLabelText('Role of Halima Test')).toBeNull();
    expect(screen.queryByRole('button', { name: /Deactivate/ })).toBeNull();
  });
});
