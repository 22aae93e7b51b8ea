import { contactEndpoints, urlOf } from '@market/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, renderScreen } from '../../../test/render';
import { ContactMessages } from './contact-messages';

afterEach(() => vi.unstubAllGlobals());

const message = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Tunde Bakare',
  email: 'tunde@example.ng',
  subject: 'Bulk order',
  message: 'Can you deliver 200 uniforms to Ibadan?',
  status: 'new',
  reply: null,
  repliedAt: null,
  emailConfirmed: false,
  createdAt: '2026-11-23T10:00:00.000Z',
};

describe('contact messages', () => {
  it('shows the status, replies by email and changes the status', async () => {
    const fetchMock = mockFetch((url, method, body) => {
      if (method === 'GET')
        return jsonResponse(200, {
          message: 'Contact messages',
          data: {
            messages: [message],
            pagination: { page: 1, limit: 10, totalItems: 1, totalPages: 1 },
          },
        });
      return jsonResponse(200, {
        message: url.endsWith('/reply') ? 'Reply sent by email' : 'Status saved',
        data: { ...message, ...(body as object) },
      });
    });
    renderScreen(<ContactMessages />);
    expect(await screen.findByText('New', { selector: 'span' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: /^Reply by email/ }));
    await userEvent.type(screen.getByLabelText('Your reply'), 'Yes, a merchant will call you.');
    await userEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(
        expect.stringContaining(urlOf(contactEndpoints.reply, { params: { id: message.id } })),
        expect.objectContaining({ method: 'POST' }),
      ),
    );

    await userEvent.selectOptions(screen.getByLabelText('Status of "Bulk order"'), 'closed');
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(
        expect.stringContaining(urlOf(contactEndpoints.setStatus, { params: { id: message.id } })),
        expect.objectContaining({ method: 'PATCH', body: JSON.stringify({ status: 'closed' }) }),
      ),
    );
  });
});
