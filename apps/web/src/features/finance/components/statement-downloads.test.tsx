import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderScreen } from '../../../test/render';
import { StatementDownloads } from './statement-downloads';

afterEach(() => vi.unstubAllGlobals());

describe('StatementDownloads', () => {
  it("downloads the chosen month's statement as PDF or CSV, and refuses a month that is not one", async () => {
    const fetch = mockFetch(
      () =>
        new Response(new Blob(['%PDF-1.3']), { status: 200, headers: { 'content-type': 'application/pdf' } }),
    );
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }),
    );
    renderScreen(<StatementDownloads />);
    const month = screen.getByLabelText('Month');
    fireEvent.change(month, { target: { value: '2026-03' } });
    await userEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(String(fetch.mock.calls[0]![0])).toMatch(/\/merchant\/statements\/2026-03\/pdf$/);
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    expect(String(fetch.mock.calls[1]![0])).toMatch(/\/merchant\/statements\/2026-03\/csv$/);

    fireEvent.change(month, { target: { value: '' } });
    expect(screen.getByText('Choose a month, for example 2026-11.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeDisabled();
  });
});
