import {
  type ReconciliationDifferenceKind,
  reconciliationDifferenceKinds,
  reconciliationEndpoints,
  reconciliationKindLabels,
  urlOf,
} from '@market/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordFetch } from '../../../test/fixtures-catalog';
import { jsonResponse, renderScreen } from '../../../test/render';
import { ReconciliationScreen, windowProblem } from './reconciliation-screen';

afterEach(() => vi.unstubAllGlobals());

const runId = '0c6b1f3e-1111-4a55-9d55-0b9a3a3f1c11';
const run = {
  id: runId,
  from: '2026-11-20',
  to: '2026-11-20',
  status: 'done',
  trigger: 'admin',
  provider: 'paystack',
  startedBy: 'Ngozi Okafor',
  startedAt: '2026-11-21T08:00:00.000Z',
  finishedAt: '2026-11-21T08:00:04.000Z',
  listed: { transactions: 22, refunds: 5, transfers: 5, settlements: 0 },
  differenceCount: reconciliationDifferenceKinds.length,
  failure: null,
};

function difference(kind: ReconciliationDifferenceKind, index: number) {
  return {
    id: `0c6b1f3e-2222-4a55-9d55-0b9a3a3f1c${String(index).padStart(2, '0')}`,
    runId,
    kind,
    subject: 'payment',
    title: reconciliationKindLabels[kind].title,
    action: reconciliationKindLabels[kind].action,
    reference: `REF-${index}`,
    providerId: null,
    booksAmountKobo: 2_695_000,
    providerAmountKobo: 2_695_000,
    booksStatus: 'failed',
    providerStatus: 'processed',
    detail: `Detail of ${kind}`,
    occurredAt: '2026-11-20T10:00:00.000Z',
    explainedAt: null,
    explainedBy: null,
    explanation: null,
  };
}

const differences = reconciliationDifferenceKinds.map(difference);

function serve() {
  return recordFetch(({ url, method }) => {
    if (method === 'GET' && url.startsWith(urlOf(reconciliationEndpoints.view)))
      return jsonResponse(200, {
        message: 'Reconciliation',
        data: { run, differences, open: differences.length, explained: 0 },
      });
    if (method === 'POST' && url.endsWith('/explain'))
      return jsonResponse(200, {
        message: 'Difference marked explained',
        data: { ...differences[0], explainedAt: '2026-11-21T09:00:00.000Z', explainedBy: 'Ngozi Okafor' },
      });
    if (method === 'POST' && url === urlOf(reconciliationEndpoints.run))
      return jsonResponse(201, {
        message: 'Reconciled: 11 differences to look at',
        data: { run, differences, open: differences.length, explained: 0 },
      });
    return jsonResponse(404, { message: 'Not found', error: 'NOT_FOUND' });
  });
}

describe('ReconciliationScreen', () => {
  it('shows every kind of difference with what it is, the amounts in naira and the action to take', async () => {
    vi.stubGlobal('fetch', serve().fetchMock);
    renderScreen(<ReconciliationScreen canRun />);
    const cards = await screen.findAllByTestId('reconciliation-difference');
    expect(cards.map((card) => card.getAttribute('data-kind'))).toEqual([...reconciliationDifferenceKinds]);
    for (const kind of reconciliationDifferenceKinds) {
      const card = cards.find((one) => one.getAttribute('data-kind') === kind)!;
      expect(within(card).getByRole('heading', { name: reconciliationKindLabels[kind].title })).toBeVisible();
      expect(within(card).getByText(reconciliationKindLabels[kind].action)).toBeInTheDocument();
    }
    expect(within(cards[0]!).getAllByText('₦26,950.00 · failed')).toHaveLength(1);
    expect(screen.getByTestId('reconciliation-run')).toHaveTextContent('by Ngozi Okafor');
    expect(screen.getByTestId('reconciliation-run')).toHaveTextContent('Listed 22 transactions, 5 refunds');
  });

  it('marks a difference explained with a note, and runs a window; an admin without the permission sees no buttons', async () => {
    const recorder = serve();
    vi.stubGlobal('fetch', recorder.fetchMock);
    const user = userEvent.setup();
    const view = renderScreen(<ReconciliationScreen canRun />);
    const [first] = await screen.findAllByTestId('reconciliation-difference');
    await user.click(within(first!).getByRole('button', { name: 'Mark explained' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark this difference explained?' });
    await user.type(
      within(dialog).getByLabelText('Why it is explained'),
      'Booked by hand after a call with Paystack.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Mark explained' }));
    await vi.waitFor(() =>
      expect(recorder.calls.find((call) => call.url.endsWith('/explain'))?.body).toEqual({
        note: 'Booked by hand after a call with Paystack.',
      }),
    );
    expect(recorder.calls.find((call) => call.url.endsWith('/explain'))?.url).toBe(
      urlOf(reconciliationEndpoints.explain, { params: { differenceId: differences[0]!.id } }),
    );

    await user.click(screen.getByRole('button', { name: 'Reconcile now' }));
    await vi.waitFor(() =>
      expect(recorder.calls.some((call) => call.method === 'POST' && call.url.endsWith('/runs'))).toBe(true),
    );
    view.unmount();

    renderScreen(<ReconciliationScreen canRun={false} />);
    await screen.findAllByTestId('reconciliation-difference');
    expect(screen.queryByRole('button', { name: 'Mark explained' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reconcile now' })).toBeNull();
  });

  it('says why a window cannot be checked, in the server’s words', () => {
    expect(windowProblem('2026-11-20', '2026-11-19')).toBe('The end date cannot be before the start date');
    expect(windowProblem('2026-10-01', '2026-11-20')).toBe('Choose at most 31 days');
    expect(windowProblem('2026-11-01', '2026-11-20')).toBeNull();
  });

  it('an empty first look says the daily check has not run yet', async () => {
    vi.stubGlobal(
      'fetch',
      recordFetch(() =>
        jsonResponse(200, {
          message: 'Reconciliation',
          data: { run: null, differences: [], open: 0, explained: 0 },
        }),
      ).fetchMock,
    );
    renderScreen(<ReconciliationScreen canRun={false} />);
    expect(await screen.findByText('No check has run yet')).toBeInTheDocument();
  });
});
