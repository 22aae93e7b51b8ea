import { type AuditEntry, auditEndpoints, urlOf } from '@market/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordFetch } from '../../../test/fixtures-catalog';
import { jsonResponse, renderScreen } from '../../../test/render';
import { AuditTrailScreen } from './audit-trail-screen';

afterEach(() => vi.unstubAllGlobals());

const entry = (overrides: Partial<AuditEntry>): AuditEntry => ({
  id: '10',
  at: '2026-11-20T09:30:00.000Z',
  actor: {
    id: '00000000-0000-4000-8000-000000000001',
    kind: 'admin',
    role: 'superadmin',
    name: 'Bisi Ade',
    email: 'bisi@example.ng',
  },
  action: 'store.payment-category',
  subjectType: 'store',
  subjectId: '00000000-0000-4000-8000-000000000002',
  storeId: '00000000-0000-4000-8000-000000000002',
  before: { paymentCategory: 'standard' },
  after: { paymentCategory: 'premium' },
  reason: null,
  ip: '203.0.113.7',
  userAgent: 'Firefox',
  requestId: 'req-1',
  ...overrides,
});

describe('AuditTrailScreen', () => {
  it('shows who changed what from where, then pages older lines by cursor', async () => {
    const { calls, fetchMock } = recordFetch((call) =>
      call.url.includes('cursor=10')
        ? jsonResponse(200, {
            message: 'Audit trail',
            data: {
              entries: [
                entry({
                  id: '9',
                  action: 'refund.decide',
                  subjectType: 'refund',
                  reason: 'Paid by transfer',
                }),
              ],
              nextCursor: null,
            },
          })
        : jsonResponse(200, { message: 'Audit trail', data: { entries: [entry({})], nextCursor: '10' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderScreen(<AuditTrailScreen today="2026-11-29" />);
    expect(await screen.findByText(/By Bisi Ade/)).toBeInTheDocument();
    expect(calls[0]?.url).toBe(
      urlOf(auditEndpoints.list, { query: { from: '2026-10-31', to: '2026-11-29', limit: 25 } }),
    );
    const lines = within(screen.getByRole('region', { name: 'Audit trail lines' }));
    expect(lines.getByText('Store payment category changed')).toBeInTheDocument();
    expect(lines.getByText(/By Bisi Ade \(bisi@example.ng\) · admin · superadmin/)).toBeInTheDocument();
    expect(lines.getByText('standard')).toBeInTheDocument();
    expect(lines.getByText('premium')).toBeInTheDocument();
    expect(lines.getByText(/From 203\.0\.113\.7 · Firefox · request req-1/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Show older lines' }));
    expect(await screen.findByText('Paid by transfer')).toBeInTheDocument();
    expect(lines.getByText('Refund request decided')).toBeInTheDocument();
    expect(calls[1]?.url).toContain('cursor=10');
    expect(screen.getByText('That is every line for these filters.')).toBeInTheDocument();
  });

  it('filters by action and refuses a window longer than the server allows before asking', async () => {
    const { calls, fetchMock } = recordFetch(() =>
      jsonResponse(200, { message: 'Audit trail', data: { entries: [], nextCursor: null } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderScreen(<AuditTrailScreen today="2026-11-29" />);
    expect(await screen.findByText('Nothing recorded for these filters')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Action'), 'Payout approved');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]?.url).toContain('action=payout.approve');

    fireEvent.change(screen.getByLabelText(/^From/), { target: { value: '2024-01-01' } });
    expect(await screen.findByText('Choose at most 366 days')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Apply filters' })).toBeDisabled();
    expect(calls).toHaveLength(2);
  });

  it("a store owner's screen reads the store's trail and offers no platform export", async () => {
    const { calls, fetchMock } = recordFetch(() =>
      jsonResponse(200, { message: 'Audit trail', data: { entries: [entry({})], nextCursor: null } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderScreen(<AuditTrailScreen today="2026-11-29" scope="store" />);
    expect(await screen.findByText(/By Bisi Ade/)).toBeInTheDocument();
    expect(calls[0]?.url).toBe(
      urlOf(auditEndpoints.store, { query: { from: '2026-10-31', to: '2026-11-29', limit: 25 } }),
    );
    expect(screen.queryByRole('button', { name: 'Download CSV' })).not.toBeInTheDocument();
  });

  it("reads one order's trail: every status move, who made it and from where, on a 360 px phone", async () => {
    const orderId = '00000000-0000-4000-8000-00000000000a';
    const move = (id: string, from: string, to: string, kind: 'merchant' | 'partner' | null) =>
      entry({
        id,
        action: 'order.status',
        subjectType: 'order',
        subjectId: orderId,
        actor: kind
          ? {
              id: `00000000-0000-4000-8000-00000000000${id}`,
              kind,
              role: null,
              name: `${kind} person`,
              email: null,
            }
          : null,
        before: { status: from },
        after: { status: to },
      });
    const { calls, fetchMock } = recordFetch(() =>
      jsonResponse(200, {
        message: 'Audit trail',
        data: {
          entries: [
            move('3', 'out_for_delivery', 'delivered', 'partner'),
            move('2', 'pending', 'accepted', 'merchant'),
            move('1', 'awaiting_payment', 'pending', null),
          ],
          nextCursor: null,
        },
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    window.innerWidth = 360;
    window.dispatchEvent(new Event('resize'));
    renderScreen(<AuditTrailScreen today="2026-11-29" subject={{ type: 'order', id: orderId }} />);
    expect(await screen.findByText(/By partner person/)).toBeInTheDocument();
    // The window opens to the longest the server reads, for this order only.
    expect(calls[0]?.url).toBe(
      urlOf(auditEndpoints.list, {
        query: { from: '2025-11-29', to: '2026-11-29', subjectType: 'order', subjectId: orderId, limit: 25 },
      }),
    );
    expect(screen.getByLabelText('Subject')).toHaveValue('order');
    expect(screen.getByLabelText('Subject id')).toHaveValue(orderId);
    const lines = within(screen.getByRole('region', { name: 'Audit trail lines' }));
    expect(lines.getAllByText('Order status changed')).toHaveLength(3);
    // Statuses by their names, before → after.
    expect(lines.getByText('Out for delivery')).toBeInTheDocument();
    expect(lines.getByText('Delivered')).toBeInTheDocument();
    expect(lines.getByText('Awaiting payment')).toBeInTheDocument();
    expect(lines.getByText('By the platform (a scheduled job)')).toBeInTheDocument();
    expect(lines.getByText(/By merchant person · merchant/)).toBeInTheDocument();
    // At 360 px the filters stack in one column and long ids wrap instead of widening the page.
    expect(screen.getByRole('form', { name: 'Filter the audit trail' })).toHaveClass('grid-cols-1');
    for (const id of lines.getAllByText(orderId)) expect(id.closest('p')).toHaveClass('break-all');
  });

  it("shows an order's refund and payout with their amounts in naira, before → after and the reason", async () => {
    const orderId = '00000000-0000-4000-8000-0000000000aa';
    const { fetchMock } = recordFetch(() =>
      jsonResponse(200, {
        message: 'Audit trail',
        data: {
          entries: [
            entry({
              id: '12',
              action: 'order.payout',
              subjectType: 'order',
              subjectId: orderId,
              before: { storeMoney: 'payable' },
              after: { storeMoney: 'approved for payout', amountKobo: 1_150_000, payoutReference: 'PO-ABC' },
            }),
            entry({
              id: '11',
              action: 'order.refund',
              subjectType: 'order',
              subjectId: orderId,
              before: { refund: 'nothing', refundedKobo: 0 },
              // A bigint amount reaches the trail as digits.
              after: { refund: 'in part', refundedKobo: '250000', amountKobo: 250_000 },
              reason: 'Return of NM-1: the charger stopped working',
            }),
          ],
          nextCursor: null,
        },
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderScreen(<AuditTrailScreen today="2026-11-29" subject={{ type: 'order', id: orderId }} />);
    const lines = within(await screen.findByRole('region', { name: 'Audit trail lines' }));
    const refund = lines.getByText('Order refunded').closest('li')!;
    expect(within(refund).getByText('refund', { exact: true }).nextElementSibling).toHaveTextContent(
      /nothing\s*→\s*changed to\s*in part/,
    );
    expect(within(refund).getByText('refunded', { exact: true }).nextElementSibling).toHaveTextContent(
      /₦0\.00\s*→\s*changed to\s*₦2,500\.00/,
    );
    expect(within(refund).getByText('amount').nextElementSibling).toHaveTextContent('₦2,500.00');
    expect(within(refund).getByText(/the charger stopped working/)).toBeInTheDocument();
    const payout = lines.getByText("Order's money approved for payout").closest('li')!;
    expect(within(payout).getByText('amount').nextElementSibling).toHaveTextContent('₦11,500.00');
    expect(within(payout).getByText('payoutReference').nextElementSibling).toHaveTextContent('PO-ABC');
  });

  it('offers a retry when the trail cannot be read', async () => {
    const { fetchMock } = recordFetch(() =>
      jsonResponse(500, { message: 'Something went wrong', error: 'INTERNAL' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderScreen(<AuditTrailScreen today="2026-11-29" />);
    expect(
      await screen.findByText('Could not get the audit trail. Try again later.', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /try again|retry/i })).toBeInTheDocument();
  });
});
