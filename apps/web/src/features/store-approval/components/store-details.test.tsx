import { categoryEndpoints, storeAdminEndpoints, urlOf } from '@market/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { categoryTree, ids, onboardingState, recordFetch } from '../../../test/fixtures-catalog';
import { jsonResponse, renderScreen } from '../../../test/render';
import { StoreDetails } from './store-details';

afterEach(() => vi.unstubAllGlobals());

function details(overrides: Record<string, unknown> = {}) {
  return {
    id: ids.store,
    storeName: 'Bisi Gadgets',
    storeUrl: 'bisi-gadgets',
    logo: null,
    merchant: {
      id: ids.merchant,
      firstName: 'Bisi',
      lastName: 'Adeyemi',
      email: 'bisi@example.ng',
      phoneNumber: '+2348031234567',
    },
    approvalStatus: 'pending',
    firstApproval: false,
    secondApproval: false,
    percentageComplete: 100,
    paymentCategory: 'standard',
    isVisible: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    profile: { socials: {}, store: { isRegisteredBusiness: true } },
    onboarding: onboardingState({
      idDocumentFileId: ids.file,
      idDocumentType: 'nin',
      idDocumentNumber: '12345678901',
      staffSize: '2-5',
      pricingPlan: 'pro',
      category: ids.phones,
      subCategoryIds: [ids.smartphones],
      dateOfBirth: '1990-05-01',
      percentageComplete: 100,
      isComplete: true,
    }),
    firstApprovedBy: null,
    secondApprovedBy: null,
    rejectionReason: null,
    productsCount: 3,
    ...overrides,
  };
}

function serve() {
  let current = details();
  const recorder = recordFetch(({ url, method }) => {
    if (url.endsWith('/approve') && method === 'POST') {
      current = details({ firstApproval: true, firstApprovedBy: { id: 'a1', name: 'Adaeze Okafor' } });
      return jsonResponse(200, { message: 'Store approved', data: current });
    }
    if (url.endsWith('/reject') && method === 'POST') {
      current = details({
        approvalStatus: 'rejected',
        firstApproval: true,
        rejectionReason: 'Blurry ID document',
      });
      return jsonResponse(200, { message: 'Store rejected', data: current });
    }
    if (url.endsWith('/payment-category') && method === 'PATCH')
      return jsonResponse(503, { message: '', error: 'SERVICE_UNAVAILABLE' });
    if (url.includes('/documents/')) return new Response('%PDF', { status: 200 });
    if (url.endsWith(urlOf(categoryEndpoints.all)))
      return jsonResponse(200, {
        message: 'Categories',
        data: categoryTree,
      });
    return jsonResponse(200, { message: 'Store', data: current });
  });
  vi.stubGlobal('fetch', recorder.fetchMock);
  return recorder;
}

describe('StoreDetails', () => {
  it('shows the onboarding answers in words, never raw values such as "nin" or "pro"', async () => {
    serve();
    renderScreen(<StoreDetails id={ids.store} />);
    const answers = within(await screen.findByRole('region', { name: 'Onboarding answers' }));
    expect(answers.getByText('National Identity Number (NIN) slip, 12345678901')).toBeInTheDocument();
    expect(answers.getByText('2 to 5 people')).toBeInTheDocument();
    expect(answers.getByText('Pro')).toBeInTheDocument();
    expect(answers.getByText('Registered business (CAC)')).toBeInTheDocument();
    expect(answers.getByText('1 May 1990')).toBeInTheDocument();
    expect(await answers.findByText('Phones & Tablets')).toBeInTheDocument();
    expect(answers.getByText('Smartphones')).toBeInTheDocument();
    expect(answers.queryByText(/\bnin\b/)).not.toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Premium' })).toBeInTheDocument();
  });

  it('approves after confirmation through the approve endpoint and shows who approved', async () => {
    const { calls } = serve();
    const person = userEvent.setup();
    renderScreen(<StoreDetails id={ids.store} />);
    expect(await screen.findByText('First approval: Waiting')).toBeInTheDocument();
    await person.click(screen.getByRole('button', { name: 'Approve store' }));
    await person.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('First approval: Given by Adaeze Okafor')).toBeInTheDocument();
    const call = calls.find((item) => item.method === 'POST');
    expect(call?.url).toBe(urlOf(storeAdminEndpoints.approve, { params: { id: ids.store } }));
  });

  it('rejects with a reason through the reject endpoint', async () => {
    const { calls } = serve();
    const person = userEvent.setup();
    renderScreen(<StoreDetails id={ids.store} />);
    await person.click(await screen.findByRole('button', { name: 'Reject store' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Reject this store?' }));
    await person.type(screen.getByLabelText('Reason'), 'No');
    await person.click(dialog.getByRole('button', { name: 'Reject store' }));
    expect(await screen.findByText('Give the merchant a reason')).toBeInTheDocument();
    expect(calls.some((item) => item.method === 'POST')).toBe(false);
    await person.type(screen.getByLabelText('Reason'), 't readable: blurry ID document');
    await person.click(dialog.getByRole('button', { name: 'Reject store' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const call = calls.find((item) => item.method === 'POST');
    expect(call?.url).toBe(urlOf(storeAdminEndpoints.reject, { params: { id: ids.store } }));
    expect(call?.body).toEqual({ reason: 'Not readable: blurry ID document' });
    expect(await screen.findByText('Rejected: Blurry ID document')).toBeInTheDocument();
  });

  it('opens a private document with the token as a blob and changes the payment category', async () => {
    const { calls } = serve();
    const open = vi.fn(() => ({}) as Window);
    vi.stubGlobal('open', open);
    URL.createObjectURL = vi.fn(() => 'blob:doc');
    URL.revokeObjectURL = vi.fn();
    const person = userEvent.setup();
    renderScreen(<StoreDetails id={ids.store} />);
    await person.click(await screen.findByRole('button', { name: 'Open ID document' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('blob:doc', '_blank'));
    expect(
      calls.some(
        (item) =>
          item.url === urlOf(storeAdminEndpoints.document, { params: { id: ids.store, fileId: ids.file } }),
      ),
    ).toBe(true);
    await person.selectOptions(screen.getByLabelText('Payment category'), 'premium');
    await waitFor(() =>
      expect(calls.find((item) => item.method === 'PATCH')?.body).toEqual({ paymentCategory: 'premium' }),
    );
  });
});
