import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, renderScreen } from '../../../test/render';
import { signedInForEachTest } from '../../../test/session';
import { AdminForm } from './admin-form';

const created = {
  id: '7d0f7a9c-5a43-4a4e-9d52-2f1f0b7c1a11',
  firstName: 'Tolu',
  lastName: 'Ade',
  email: 'tolu@demo.ng',
  accountType: 'admin',
  isActive: true,
  passwordSet: false,
  lastLogin: null,
  createdAt: '2026-11-29T00:00:00.000Z',
};
const viewers = { id: '0b8f1c52-9a0e-4f59-8d7b-1b2a3c4d5e6f', name: 'Payout viewers' };

signedInForEachTest('admin', { ...created, accountType: 'superadmin' });

describe('AdminForm at creation', () => {
  it('offers the custom roles, sends the one chosen, and offers none for a super admin', async () => {
    const fetchMock = mockFetch(() =>
      jsonResponse(201, { message: 'Admin successfully created', data: created }),
    );
    const onDone = vi.fn();
    const person = userEvent.setup();
    renderScreen(<AdminForm customRoles={[viewers]} onDone={onDone} onCancel={() => undefined} />);

    await person.type(screen.getByLabelText(/First name/), 'Tolu');
    await person.type(screen.getByLabelText(/Last name/), 'Ade');
    await person.type(screen.getByLabelText(/Email/), 'tolu@demo.ng');
    await person.selectOptions(screen.getByLabelText('Role'), 'superadmin');
    expect(screen.queryByLabelText(/Custom role/)).toBeNull();
    await person.selectOptions(screen.getByLabelText('Role'), 'admin');
    await person.selectOptions(screen.getByLabelText(/Custom role/), viewers.id);
    await person.click(screen.getByRole('button', { name: 'Create admin' }));

    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const [, init] = fetchMock.mock.calls[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({
      firstName: 'Tolu',
      lastName: 'Ade',
      email: 'tolu@demo.ng',
      role: 'admin',
      customRoleId: viewers.id,
    });
  });

  it('sends no custom role when None stays chosen', async () => {
    const fetchMock = mockFetch(() =>
      jsonResponse(201, { message: 'Admin successfully created', data: created }),
    );
    const person = userEvent.setup();
    renderScreen(<AdminForm customRoles={[viewers]} onDone={() => undefined} onCancel={() => undefined} />);
    await person.type(screen.getByLabelText(/First name/), 'Tolu');
    await person.type(screen.getByLabelText(/Last name/), 'Ade');
    await person.type(screen.getByLabelText(/Email/), 'tolu@demo.ng');
    await person.click(screen.getByRole('button', { name: 'Create admin' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).not.toHaveProperty('customRoleId');
  });
});
