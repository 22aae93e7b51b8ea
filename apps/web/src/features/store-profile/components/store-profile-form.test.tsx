import { storeProfileEndpoints, urlOf } from '@market/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, renderScreen } from '../../../test/render';
import { StoreProfileEditor } from './store-profile-form';

afterEach(() => vi.unstubAllGlobals());

const profile = {
  socials: {},
  store: {
    id: 'store-1',
    storeName: 'Ada Shoes',
    storeUrl: 'ada-shoes',
    logo: null,
    storePhoneNumber: '+2348091234567',
    isPhysicalLocation: false,
    isRegisteredBusiness: true,
    tin: null,
    isVatRegistered: false,
    shippingLocation: { country: 'Nigeria', state: 'Lagos', street: '14 Allen Avenue', city: 'Ikeja' },
    officeAddress: null,
    hubId: null,
    firstApproval: true,
    secondApproval: true,
    approvalStatus: 'approved',
    rejectionReason: null,
    isVisible: true,
    followersCount: 0,
  },
};

function serve() {
  const saved: unknown[] = [];
  const fetchMock = mockFetch((url, method, body) => {
    if (url.endsWith(urlOf(storeProfileEndpoints.save)) && method === 'POST') {
      saved.push(body);
      return jsonResponse(200, { message: 'Successfully added store profile', data: profile });
    }
    if (url.endsWith(urlOf(storeProfileEndpoints.get)))
      return jsonResponse(200, { message: 'Store profile', data: profile });
    if (url.includes('/hubs')) return jsonResponse(200, { message: 'Hubs', data: [] });
    return jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
  });
  return { saved, fetchMock };
}

describe("the store's TIN and VAT registration on the profile form (issue 35 item 8)", () => {
  it('refuses a badly written TIN before sending, and sends a FIRS one with the VAT box', async () => {
    const user = userEvent.setup();
    const { saved } = serve();
    renderScreen(<StoreProfileEditor />);
    const tin = await screen.findByRole('textbox', { name: /Tax Identification Number/ });
    await user.type(tin, '1234-5678');
    await user.click(screen.getByRole('button', { name: 'Save store profile' }));
    expect(
      await screen.findByText('Enter the TIN as FIRS issued it, e.g. 12345678-0001'),
    ).toBeInTheDocument();
    expect(tin).toHaveAttribute('aria-invalid', 'true');
    expect(saved).toEqual([]);

    await user.clear(tin);
    await user.type(tin, '12345678-0001');
    await user.click(screen.getByRole('checkbox', { name: 'Registered for VAT' }));
    await user.click(screen.getByRole('button', { name: 'Save store profile' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ store: { tin: '12345678-0001', isVatRegistered: true } });
  });

  it('sends no TIN (null) when the field is left empty', async () => {
    const user = userEvent.setup();
    const { saved } = serve();
    renderScreen(<StoreProfileEditor />);
    await screen.findByRole('textbox', { name: /Tax Identification Number/ });
    await user.click(screen.getByRole('button', { name: 'Save store profile' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ store: { tin: null, isVatRegistered: false } });
  });
});
