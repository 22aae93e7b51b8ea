import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { financeEndpoints, subscriptionMerchantEndpoints } from '@market/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestMerchant } from '../support/catalog-factory.js';
import { urlOf } from '../support/contract-requests.js';
import { pdfTextLines } from '../support/pdf-text.js';
import { placeOrder, reportCustomer } from '../support/report-factory.js';
import { storeMemberToken } from '../support/staff-factory.js';
import {
  bearer,
  createAdmin,
  createConfirmedAccount,
  createPartner,
  json,
  login,
  type TestApp,
} from '../support/test-app.js';
import { world } from '../support/world.js';

// The commission invoice of a store's month (issue 35 item 8) and the subscription invoices' issuer: the platform's
// name, TIN and VAT rate are the server's configuration (here not the defaults, so nothing can pass on a constant),
// and the invoice's figures are the ledger's, equal to the monthly statement and the payment report to the kobo.

const PAPERS = process.env.STATEMENT_PAPERS_DIR;
const TAX_ENV = {
  PLATFORM_LEGAL_NAME: 'Oja Platform Nigeria Ltd',
  PLATFORM_TIN: '11223344-0001',
  PLATFORM_VAT_BASIS_POINTS: '1000',
};
let test: TestApp;
let storeA: TestMerchant;
let storeB: TestMerchant;

beforeAll(async () => {
  const market = await world({ stores: 0, merchants: 2, customers: 0, app: { env: TAX_ENV } });
  ({ test } = market);
  [storeA, storeB] = market.merchants;
  const ada = await reportCustomer(test, 'Ada', 'Obi');
  const line = (name: string, unitKobo: number, quantity: number) => ({
    productId: crypto.randomUUID(),
    name,
    unitKobo,
    quantity,
  });
  // Store A, March 2026: two paid orders; an April order outside the month; store B's order in March.
  for (const [store, createdAt, items] of [
    [storeA, '2026-03-03T09:00:00Z', [line('Ankara Dress', 1_000_000, 2)]],
    [storeA, '2026-03-20T15:00:00Z', [line('Fila Cap', 1_234_567, 1)]],
    [storeA, '2026-04-02T09:00:00Z', [line('Agbada', 9_000_000, 1)]],
    [storeB, '2026-03-10T09:00:00Z', [line('Aso Oke', 5_000_000, 1)]],
  ] as const)
    await placeOrder(test, {
      store,
      customerId: ada,
      createdAt,
      status: 'delivered',
      paid: true,
      items: [...items],
    });
  await test.jobs.bookUnpostedOrders();
}, 120_000);
afterAll(() => test?.close());

const get = (token: string | undefined, url: string) =>
  test.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

/** "NGN 12,345.67" as kobo. */
const kobo = (text: string) => Number(text.replace(/[^\d-]/g, ''));

/** The amount printed right after a label in the PDF's text. */
function amountAfter(lines: string[], label: string): number {
  const at = lines.indexOf(label);
  expect(at, `${label} in ${lines.join(' | ')}`).toBeGreaterThanOrEqual(0);
  return kobo(lines[at + 1]!);
}

describe('commission invoice (issue 35 item 8)', () => {
  it("splits the month's commission into net and VAT at the configured rate, equal to the statement to the kobo", async () => {
    const report = json(
      await get(
        storeA.token,
        urlOf(financeEndpoints.paymentReport, { query: { from: '2026-03-01', to: '2026-03-31' } }),
      ),
    ).data.totals;
    // 10 % of 2,000,000 and of 1,234,567 (rounded half up): 200,000 + 123,457 = 323,457 kobo.
    expect(report.commissionKobo).toBe(323_457);
    const response = await get(
      storeA.token,
      urlOf(financeEndpoints.commissionInvoicePdf, { params: { month: '2026-03' } }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="commission-invoice-2026-03.pdf"',
    );
    expect(response.headers['cache-control']).toBe('private, no-store');
    if (PAPERS) writeFileSync(path.join(PAPERS, 'commission-invoice-2026-03.pdf'), response.rawPayload);
    const lines = pdfTextLines(response.rawPayload);
    expect(lines).toContain('Oja Platform Nigeria Ltd');
    expect(lines).toContain('TIN 11223344-0001');
    expect(lines).toContain(`COM-202603-${storeA.storeId.slice(0, 8).toUpperCase()}`);
    expect(lines).toContain(storeA.storeName);
    // VAT inside 323,457 at 10 %: 323,457 × 1,000 ÷ 11,000 = 29,405.18 → 29,405; net 294,052.
    expect(amountAfter(lines, 'VAT at 10 %')).toBe(29_405);
    expect(amountAfter(lines, 'Marketplace commission, before VAT')).toBe(294_052);
    expect(amountAfter(lines, 'Total commission, VAT included')).toBe(323_457);

    // The statement of the same month says the same, line for line.
    const csv = (
      await get(storeA.token, urlOf(financeEndpoints.statementCsv, { params: { month: '2026-03' } }))
    ).body;
    expect(csv).toContain('Commission before VAT,2940.52\r\n');
    expect(csv).toContain('VAT on commission (10 %),294.05\r\n');
    expect(csv).toContain('Commission with VAT,3234.57\r\n');
    expect(csv).toContain('Platform TIN,11223344-0001\r\n');
  });

  it('gives each store its own invoice; other accounts and members without payouts:read are refused', async () => {
    const b = pdfTextLines(
      (
        await get(
          storeB.token,
          urlOf(financeEndpoints.commissionInvoicePdf, { params: { month: '2026-03' } }),
        )
      ).rawPayload,
    );
    expect(b).toContain(storeB.storeName);
    expect(b).not.toContain(storeA.storeName);
    expect(amountAfter(b, 'Total commission, VAT included')).toBe(500_000);
    // A month with no sales is an invoice of zero, not an error.
    const quiet = pdfTextLines(
      (
        await get(
          storeB.token,
          urlOf(financeEndpoints.commissionInvoicePdf, { params: { month: '2026-05' } }),
        )
      ).rawPayload,
    );
    expect(amountAfter(quiet, 'Total commission, VAT included')).toBe(0);

    const finance = await storeMemberToken(test, storeA.storeId, 'finance');
    expect(
      (await get(finance, urlOf(financeEndpoints.commissionInvoicePdf, { params: { month: '2026-03' } })))
        .statusCode,
    ).toBe(200);
    const inventory = await storeMemberToken(test, storeA.storeId, 'inventory');
    expect(
      (await get(inventory, urlOf(financeEndpoints.commissionInvoicePdf, { params: { month: '2026-03' } })))
        .statusCode,
    ).toBe(403);
    const admin = (await createAdmin(test, 'superadmin')).accessToken;
    const partner = (await createPartner(test)).accessToken;
    const buyer = await createConfirmedAccount(test, 'customer');
    const customer = (await login(test, 'customer', buyer.email)).accessToken;
    for (const token of [admin, partner, customer])
      expect(
        (await get(token, urlOf(financeEndpoints.commissionInvoicePdf, { params: { month: '2026-03' } })))
          .statusCode,
      ).toBe(403);
    expect(
      (await get(undefined, urlOf(financeEndpoints.commissionInvoicePdf, { params: { month: '2026-03' } })))
        .statusCode,
    ).toBe(401);
    for (const month of ['2026-13', '2026-3', 'march'])
      expect(
        (await get(storeA.token, urlOf(financeEndpoints.commissionInvoicePdf, { params: { month } })))
          .statusCode,
      ).toBe(422);
  });
});

describe("subscription invoices' issuer (issue 35 item 8)", () => {
  it("answers the configured legal name, TIN and VAT rate with the store's invoices", async () => {
    const response = await get(storeA.token, urlOf(subscriptionMerchantEndpoints.invoices));
    expect(response.statusCode, response.body).toBe(200);
    expect(json(response).data.issuer).toEqual({
      legalName: 'Oja Platform Nigeria Ltd',
      tin: '11223344-0001',
      vatBasisPoints: 1000,
    });
  });
});
