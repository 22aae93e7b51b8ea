import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { EmptyPage, ErrorPage } from './message-page';
import { EmptyState, ErrorState } from './states';

// One frame for the message boxes (issue 30, duplicates): on a page that is only a message the title is the page's
// main heading; inside a page with its own heading it is not a heading at all.

describe('the message boxes', () => {
  it('makes the title of a message page its main heading', () => {
    render(<EmptyPage title="Your role cannot open Payouts">Ask a super admin.</EmptyPage>);
    expect(screen.getByRole('heading', { level: 1, name: 'Your role cannot open Payouts' })).toHaveClass(
      'text-lg',
      'font-semibold',
      'text-slate-900',
    );
    expect(screen.getByText('Ask a super admin.')).toHaveClass('mt-2', 'text-sm', 'text-slate-700');
  });

  it('gives an empty state inside a page no heading of its own', () => {
    render(<EmptyState title="No products yet" />);
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    expect(screen.getByText('No products yet')).toHaveClass('font-semibold', 'text-slate-900');
    expect(screen.getByText('No products yet').tagName).toBe('P');
  });

  it('shows an error page as an alert with its heading, message and a retry', async () => {
    const onRetry = vi.fn();
    render(<ErrorPage message="Could not get your permissions." onRetry={onRetry} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Could not load this page');
    expect(screen.getByRole('heading', { level: 1, name: 'Could not load this page' })).toHaveClass(
      'text-red-800',
    );
    expect(screen.getByText('Could not get your permissions.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('shows an error state inside a page without a heading, and without a retry when none is given', () => {
    render(<ErrorState title="Could not get reviews" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Could not get reviews');
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
