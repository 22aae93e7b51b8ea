import { subscriptionMerchantEndpoints, urlOf } from '@market/contracts';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, renderScreen } from '../../../test/render';
import { Component as InvoicePage } from './subscription-invoice';

afterEach(() => vi.unstubAllGlobals());

const invoice = {
  id: 'inv-1',
  reference: 'SUB-ABC123',
  planId: '00000000-0000-4000-8000-000000000003',
  planName: 'Growth',
  amountKobo: 1_500_000,
  periodStart: '2026-11-23T10:00:00.000Z',
  periodEnd: '2026-12-23T10:00:00.000Z',
  status: 'paid',
  paidAt: '2026-11-23T10:05:00.000Z',
  createdAt: '2026-11-23T10:00:00.000Z',
};

/** Who issues the invoices, as the server's configuration says. */
const issuer = { legalName: 'Naija Market Limited', tin: '13572468-0001', vatBasisPoints: 750 };

function serve() {
  return mockFetch((url) => {
    if (url.endsWith(urlOf(subscriptionMerchantEndpoints.invoices)))
      return jsonResponse(200, { message: 'Invoices', data: { count: 1, rows: [invoice], issuer } });
    return jsonResponse(403, { error: { code: 'FORBIDDEN', message: 'Not allowed' } });
  });
}

describe('subscription invoice page', () => {
  it('shows the platform, the plan, the period, the amount in naira, the status and the reference', async () => {
    serve();
    renderScreen(<InvoicePage />, {
      route: '/merchant/subscription/invoices/inv-1',
      path: '/merchant/subscription/invoices/:id',
    });
    const document = await screen.findByRole('article', { name: 'Invoice' });
    expect(document).toHaveTextContent('Naija Market Limited');
    expect(document).toHaveTextContent('Growth plan, one month');
    expect(document).toHaveTextContent('₦15,000');
    expect(document).toHaveTextContent('Paid');
    expect(document).toHaveTextContent('SUB-ABC123');
    expect(screen.getByRole('button', { name: 'Print or save as PDF' })).toBeInTheDocument();
  });

  it('says so for an invoice the store does not have', async () => {
    serve();
    renderScreen(<InvoicePage />, {
      route: '/merchant/subscription/invoices/other',
      path: '/merchant/subscription/invoices/:id',
    });
    expect(await screen.findByText('Invoice not found')).toBeInTheDocument();
  });
});

describe('subscription invoice as a Nigerian business invoice (issue 34 item 4)', () => {
  it("shows the seller's TIN, the price before VAT, VAT at 7.5 % and the store's address, never its slug", async () => {
    mockFetch((url) => {
      if (url.endsWith(urlOf(subscriptionMerchantEndpoints.invoices)))
        return jsonResponse(200, { message: 'Invoices', data: { count: 1, rows: [invoice], issuer } });
      if (url.includes('/profile'))
        return jsonResponse(200, {
          message: 'Store profile',
          data: {
            store: {
              storeName: 'Chinedu Gadgets',
              storeUrl: 'chinedu-gadgets',
              officeAddress: null,
              shippingLocation: {
                street: '14 Allen Avenue',
                city: 'Ikeja',
                state: 'Lagos',
                country: 'Nigeria',
              },
            },
          },
        });
      return jsonResponse(403, { error: { code: 'FORBIDDEN', message: 'Not allowed' } });
    });
    renderScreen(<InvoicePage />, {
      route: '/merchant/subscription/invoices/inv-1',
      path: '/merchant/subscription/invoices/:id',
    });
    const document = await screen.findByRole('article', { name: 'Invoice' });
    expect(document).toHaveTextContent('TIN 13572468-0001');
    // ₦15,000.00 charged = ₦13,953.49 before VAT + ₦1,046.51 VAT.
    expect(document).toHaveTextContent('₦13,953.49');
    expect(document).toHaveTextContent('VAT at 7.5 %₦1,046.51');
    expect(document).toHaveTextContent('₦15,000.00');
    expect(await screen.findByText('14 Allen Avenue, Ikeja, Lagos, Nigeria')).toBeInTheDocument();
    expect(document).not.toHaveTextContent('chinedu-gadgets');
  });
});

describe("the invoice's issuer comes from the server (issue 35 item 8)", () => {
  it("prints the TIN and the VAT rate the server sends, not the web build's", async () => {
    mockFetch((url) => {
      if (url.endsWith(urlOf(subscriptionMerchantEndpoints.invoices)))
        return jsonResponse(200, {
          message: 'Invoices',
          data: {
            count: 1,
            rows: [invoice],
            issuer: { legalName: 'Other Platform Ltd', tin: '98765432-0002', vatBasisPoints: 1000 },
          },
        });
      return jsonResponse(403, { error: { code: 'FORBIDDEN', message: 'Not allowed' } });
    });
    renderScreen(<InvoicePage />, {
      route: '/merchant/subscription/invoices/inv-1',
      path: '/merchant/subscription/invoices/:id',
    });
    const document = await screen.findByRole('article', { name: 'Invoice' });
    expect(document).toHaveTextContent('Other Platform Ltd');
    expect(document).toHaveTextContent('TIN 98765432-0002');
    // ₦15,000.00 with VAT at 10 % inside: ₦13,636.36 + ₦1,363.64.
    expect(document).toHaveTextContent('VAT at 10 %₦1,363.64');
    expect(document).toHaveTextContent('₦13,636.36');
    expect(document).not.toHaveTextContent('13572468');
  });
});
