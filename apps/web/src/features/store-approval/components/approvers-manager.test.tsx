import { adminManagementEndpoints, storeAdminEndpoints, urlOf } from '@market/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, renderScreen } from '../../../test/render';
import { ApproversManager } from './approvers-manager';

afterEach(() => vi.unstubAllGlobals());

const adminId = 'a0000000-0000-4000-8000-00000000000a';

/** The admins the select offers: one, Bisi Ade. */
const adminsAnswer = () =>
  jsonResponse(200, {
    message: 'Admins',
    data: {
      admins: [
        { id: adminId, accountType: 'admin', firstName: 'Bisi', lastName: 'Ade', email: 'bisi@example.com' },
      ],
      pagination: { page: 1, limit: 100, totalItems: 1, totalPages: 1 },
    },
  });

describe('naming a store approver', () => {
  it('names the admin chosen, active; Name approver stays off until one is chosen', async () => {
    const fetchMock = mockFetch((url, method) => {
      if (method === 'POST') return jsonResponse(200, { message: 'Successfully created approver', data: {} });
      if (url.includes(urlOf(adminManagementEndpoints.list))) return adminsAnswer();
      return jsonResponse(200, { message: 'Approvers', data: [] });
    });
    const person = userEvent.setup();
    renderScreen(<ApproversManager canManage />);
    const name = screen.getByRole('button', { name: 'Name approver' });
    expect(name).toBeDisabled();
    await screen.findByRole('option', { name: 'Bisi Ade (bisi@example.com)' });
    await person.selectOptions(screen.getByLabelText('Admin'), adminId);
    await person.click(name);
    const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(String(posts()[0]![0])).toContain(urlOf(storeAdminEndpoints.saveApprover));
    expect(JSON.parse(String(posts()[0]![1]?.body))).toEqual({ adminId, isActive: true });
    await waitFor(() => expect(screen.getByLabelText('Admin')).toHaveValue(''));
  });

  it('says a refusal of the server under the select', async () => {
    mockFetch((url, method) => {
      if (method === 'POST')
        return jsonResponse(422, {
          message: 'Invalid input',
          error: 'VALIDATION_ERROR',
          details: [{ path: 'adminId', message: 'Only an admin or a super admin can approve stores' }],
        });
      if (url.includes(urlOf(adminManagementEndpoints.list))) return adminsAnswer();
      return jsonResponse(200, { message: 'Approvers', data: [] });
    });
    const person = userEvent.setup();
    renderScreen(<ApproversManager canManage />);
    await screen.findByRole('option', { name: 'Bisi Ade (bisi@example.com)' });
    await person.selectOptions(screen.getByLabelText('Admin'), adminId);
    await person.click(screen.getByRole('button', { name: 'Name approver' }));
    await waitFor(() => expect(screen.getByLabelText('Admin')).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByLabelText('Admin')).toHaveAccessibleDescription(
      'Only an admin or a super admin can approve stores',
    );
  });
});
