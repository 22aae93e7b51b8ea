import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  chromiumPath,
  closeContexts,
  expectNoSeriousAxeViolations,
  expectNoSidewaysScroll,
  phoneContext,
  type RunningApp,
  screenshotsDir,
  sharedBrowser,
  signIn,
  startApp,
} from './harness';

// Issue 29 item 2 (ADR 065) on a 360 px phone, on the embedded default with its built-in sandbox: the sandbox's own
// records (standing in for Paystack's) and the books disagree in every way the transfer mode can, on a day before the
// demo marketplace existed; the demo admin reconciles that day and sees each difference with what to do, then marks
// one explained.

const DAY = '2025-06-15';
const AT = '2025-06-15T10:00:00.000Z';

/** What the sandbox holds and the books hold for DAY, written into a copy of the seeded data folder. */
async function plantDifferences(dataDir: string) {
  const db = new PGlite({ dataDir: path.join(dataDir, 'db') });
  const [order] = (
    await db.query<{ id: string; tracker_id: string }>('select id, tracker_id from orders limit 1')
  ).rows;
  const [admin] = (
    await db.query<{ id: string }>("select id from users where email = 'admin@demo.ng' and kind = 'admin'")
  ).rows;
  const [store] = (await db.query<{ id: string }>('select id from stores limit 1')).rows;
  const charge = (reference: string, amount: number) =>
    db.query(
      `insert into sandbox_charges (reference, transaction_id, amount_kobo, email, callback_url, status, paid_at,
         created_at, updated_at) values ($1, $2, $3, 'customer@demo.ng', 'http://localhost/checkout', 'success', $4, $4, $4)`,
      [reference, String(4_200_000_000 + amount), amount, AT],
    );
  const payment = (reference: string, status: string, amount: number) =>
    db.query(
      `insert into payment_transactions (reference, purpose, provider, amount_kobo, status, customer_email, created_at,
         updated_at) values ($1, 'CHK', 'sandbox', $2, $3, 'customer@demo.ng', $4, $4)`,
      [reference, amount, status, AT],
    );
  await charge('CHK-RECON-STRANGER', 99_900);
  await payment('CHK-RECON-UNPAID', 'initialized', 150_000);
  await charge('CHK-RECON-UNPAID', 150_000);
  await payment('CHK-RECON-MISSING', 'success', 200_000);
  await payment('CHK-RECON-AMOUNT', 'success', 300_000);
  await charge('CHK-RECON-AMOUNT', 310_000);
  const sandboxRefund = (id: string, amount: number) =>
    db.query(
      `insert into sandbox_refunds (id, reference, amount_kobo, created_at) values ($1, 'CHK-RECON-AMOUNT', $2, $3)`,
      [id, amount, AT],
    );
  const bookRefund = (reference: string, status: string, amount: number, providerReference: string | null) =>
    db.query(
      `insert into order_refunds (reference, tracker_id, order_id, kind, destination, payment_reference, amount_kobo,
         reason, status, provider_reference, requested_by_role, created_at, updated_at, processed_at)
       values ($1, $2, $3, 'cancellation', 'provider', 'CHK-RECON-AMOUNT', $4, 'Cancelled by the store', $5, $6,
         'merchant', $7, $7, $8)`,
      [
        reference,
        order!.tracker_id,
        order!.id,
        amount,
        status,
        providerReference,
        AT,
        status === 'processed' ? AT : null,
      ],
    );
  await sandboxRefund('RF_SBX_900000001', 5_000);
  await bookRefund('RFD-RECON-NOT-AT-PAYSTACK', 'processed', 50_000, 'RF_SBX_900000002');
  // Issue 29's late refund: the sandbox made it, the books marked it failed.
  await bookRefund('RFD-RECON-LATE', 'failed', 26_950, null);
  await sandboxRefund('RF_SBX_900000003', 26_950);
  const transfer = (reference: string, amount: number) =>
    db.query(
      `insert into sandbox_transfers (reference, transfer_code, amount_kobo, recipient_code, status, created_at)
       values ($1, $2, $3, 'RCP_sandbox_058_6785', 'success', $4)`,
      [reference, `TRF_sandbox_${reference}`, amount, AT],
    );
  const payout = (reference: string, status: string, amount: number) =>
    db.query(
      `insert into payouts (reference, store_id, store_name, amount_kobo, status, approved_by, approved_at, updated_at)
       values ($1, $2, 'Chinedu Gadgets', $3, $4, $5, $6, $6)`,
      [reference, store!.id, amount, status, admin!.id, AT],
    );
  await transfer('pay_recon_stranger', 90_000);
  await payout('pay_recon_missing', 'processed', 300_000);
  await payout('pay_recon_failed', 'failed', 80_000);
  await transfer('pay_recon_failed', 80_000);
  await db.close();
}

describe.skipIf(!chromiumPath)('reconciliation journey: an admin on a phone', () => {
  let app: RunningApp | undefined;
  let browser: Browser | undefined;
  let planted: string | undefined;

  beforeAll(async () => {
    const seeded = inject('seededDataDir');
    if (!seeded) throw new Error('no seeded data folder');
    planted = fs.mkdtempSync(path.join(os.tmpdir(), 'market-e2e-recon-'));
    fs.cpSync(seeded, planted, { recursive: true });
    await plantDifferences(planted);
    app = await startApp({ seededFrom: planted });
    browser = await sharedBrowser();
  });

  afterAll(async () => {
    await closeContexts(browser);
    await app?.stop();
    if (planted) fs.rmSync(planted, { recursive: true, force: true });
  });

  it('reconciles a day, sees each kind of difference with its action, and marks one explained', async () => {
    const context = await phoneContext(browser!);
    const page = await context.newPage();
    await signIn(page, app!.baseUrl, 'admin', 'admin@demo.ng');
    await page.goto(`${app!.baseUrl}/admin/payouts/reconciliation`);
    await page.getByRole('heading', { name: 'Reconciliation', level: 1 }).waitFor();
    await page.getByText('No check has run yet').waitFor();
    expect(await page.title()).toMatch(/Reconciliation/);

    await page.getByLabel('From').fill(DAY);
    await page.getByLabel('To').fill(DAY);
    await page.getByRole('button', { name: 'Reconcile now' }).click();
    await page.getByText('Reconciled: 10 differences to look at').first().waitFor();
    const cards = page.getByTestId('reconciliation-difference');
    await expect.poll(() => cards.count()).toBe(10);
    const kinds = (
      await cards.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-kind')))
    ).sort();
    expect(kinds).toEqual(
      [
        'amount_differs',
        'payment_not_at_provider',
        'payment_not_in_books',
        'payment_not_paid_in_books',
        'payout_not_at_provider',
        'refund_not_at_provider',
        'refund_not_in_books',
        'status_differs',
        'status_differs',
        'transfer_without_payout',
      ].sort(),
    );
    await page.getByRole('heading', { name: 'Refunded at Paystack, not in the books' }).waitFor();
    await page.getByRole('heading', { name: 'Transfer at Paystack, no payout' }).waitFor();
    await expectNoSidewaysScroll(page);
    await page.mouse.move(0, 0);
    await page.screenshot({
      path: path.join(screenshotsDir, 'admin-reconciliation-360.png'),
      fullPage: true,
    });
    await expectNoSeriousAxeViolations(page, 'admin reconciliation');

    const late = cards.filter({ hasText: 'RFD-RECON-LATE' });
    await late.getByRole('button', { name: 'Mark explained' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark this difference explained?' });
    await dialog
      .getByLabel('Why it is explained')
      .fill('Paystack made it after the timeout; booked by hand.');
    await dialog.getByRole('button', { name: 'Mark explained' }).click();
    await page.getByText('Difference marked explained').first().waitFor();
    await expect.poll(() => cards.count()).toBe(9);
    await page.getByRole('button', { name: /^Explained/ }).click();
    await page.getByText(/Explained by .* “Paystack made it after the timeout; booked by hand\.”/).waitFor();
    await context.close();
  });
});
