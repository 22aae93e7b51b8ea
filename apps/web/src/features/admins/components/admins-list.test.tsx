import { adminManagementEndpoints, urlOf } from '@market/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderScreen } from '../../../test/render';
import { signedInForEachTest } from '../../../test/session';
import { AdminsList } from './admins-list';

const admin = (id: string, firstName: string, role: string, isActive = true) => ({
  id,
  firstName,
  lastName: 'Test',
  email: `${firstName.toLowerCase()}@demo.ng`,
  accountType: role,
  isActive,
  passwordSet: true,
  lastLogin: null,
  createdAt: '2025-01-01T00:00:00.000Z',
});

signedInForEachTest('admin', admin('me', 'Super', 'superadmin'), {
  token: 'super-token',
  refreshToken: 'super-refresh',
});

describe('AdminsList', () => {
  it('lists admins, filters by role and deletes after confirmation', async () => {
    let rows = [admin('me', 'Super', 'superadmin'), admin('d1', 'Musa', 'dispatcher')];
    const fetchMock = mockFetch((url, method) => {
      if (method === 'DELETE') {
        rows = rows.filter((row) => !url.endsWith(row.id));
        return jsonResponse(200, { message: 'Admin deleted' });
      }
      return jsonResponse(200, {
        message: 'Admins',
        data: { admins: rows, pagination: { page: 1, limit: 10, totalItems: rows.length, totalPages: 1 } },
      });
    });
    const person = userEvent.setup();
    renderScreen(<AdminsList currentAdminId="me" />);

    const table = await screen.findByRole('table');
    expect(within(table).getByText('musa@demo.ng')).toBeInTheDocument();
    // no self-destruction: the signed-in super admin has no delete button on their own row
    expect(screen.queryAllByRole('button', { name: 'Delete Super Test' })).toHaveLength(0);

    await person.selectOptions(screen.getByLabelText('Role'), 'dispatcher');
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).includes('role=dispatcher'))).toBe(true),
    );

    const [deleteButton] = screen.getAllByRole('button', { name: 'Delete Musa Test' });
    await person.click(deleteButton!);
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this admin?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await person.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);

    await person.click(screen.getAllByRole('button', { name: 'Delete Musa Test' })[0]!);
    await person.click(screen.getByRole('button', { name: 'Delete admin' }));
    await waitFor(() => expect(screen.queryByText('musa@demo.ng')).not.toBeInTheDocument());
    const deleteCall = fetchMock.mock.calls.find(([, init]) => init?.method === 'DELETE');
    expect(String(deleteCall?.[0])).toBe(urlOf(adminManagementEndpoints.remove, { params: { id: 'd1' } }));
    expect((deleteCall?.[1]?.headers as Record<string, string> | undefined)?.authorization).toBe(
      'Bearer super-token',
    );
  });

  it('deactivates an admin only after confirmation: one Enter on the row does nothing (issue 31)', async () => {
    const rows = [admin('me', 'Super', 'superadmin'), admin('a1', 'Ada', 'admin')];
    const fetchMock = mockFetch((url) => {
      if (url.includes('/deactivate'))
        return jsonResponse(200, { message: 'Admin deactivated', data: { ...rows[1], isActive: false } });
      return jsonResponse(200, {
        message: 'Admins',
        data: { admins: rows, pagination: { page: 1, limit: 10, totalItems: rows.length, totalPages: 1 } },
      });
    });
    const person = userEvent.setup();
    renderScreen(<AdminsList currentAdminId="me" />);
    await screen.findByRole('table');
    const deactivations = () => fetchMock.mock.calls.filter(([url]) => String(url).includes('/deactivate'));

    screen.getAllByRole('button', { name: 'Deactivate Ada Test' })[0]!.focus();
    await person.keyboard('{Enter}');
    const dialog = screen.getByRole('alertdialog', { name: 'Deactivate this admin?' });
    // Focus starts on Cancel: a second Enter cancels instead of deactivating.
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await person.keyboard('{Enter}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(deactivations()).toHaveLength(0);

    await person.click(screen.getAllByRole('button', { name: 'Deactivate Ada Test' })[0]!);
    await person.click(screen.getByRole('button', { name: 'Deactivate admin' }));
    await waitFor(() => expect(deactivations()).toHaveLength(1));
  });

  it('shows the empty and error states', async () => {
    mockFetch(() =>
      jsonResponse(200, {
        message: 'Admins',
        data: { admins: [], pagination: { page: 1, limit: 10, totalItems: 0, totalPages: 0 } },
      }),
    );
    const first = renderScreen(<AdminsList currentAdminId="me" />);
    expect(await screen.findByText('No admins yet')).toBeInTheDocument();
    first.unmount();

    mockFetch(() => jsonResponse(404, { message: 'Not found', error: 'NOT_FOUND' }));
    renderScreen(<AdminsList currentAdminId="me" />);
    expect(await screen.findByText('Could not load this page')).toBeInTheDocument();
  });
});
