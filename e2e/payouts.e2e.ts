import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { chromiumPath, expectNoSidewaysScroll, screenshotsDir, signIn, useJourney } from './harness';

// Issue 8's payouts on 360 px phones: the demo admin sees the payment stats and the demo store's payable money
// (a completed demo order, NM-DEMO0009), approves the payout, and sees it processed through the sandbox transfer;
// the demo merchant then sees it paid in the payout history, with nothing payable left.

describe.skipIf(!chromiumPath)('payouts journey: admin and merchant on phones', () => {
  const journey = useJourney();

  it("an admin approves the demo store's payout and sees it processed; the merchant sees it paid", async () => {
    const adminContext = await journey.phone();
    const admin = await adminContext.newPage();
    await signIn(admin, journey.baseUrl, 'admin', 'admin@demo.ng');
    await admin.goto(`${journey.baseUrl}/admin/payouts`);
    await admin.getByRole('heading', { name: 'Payouts', level: 1 }).waitFor();
    const stats = admin.getByRole('region', { name: 'Payment stats' });
    await stats.getByText('Pending').waitFor();
    const row = admin.getByTestId('payable-merchant').filter({ hasText: 'Chinedu' });
    await row.waitFor();
    await expectNoSidewaysScroll(admin);
    await admin.screenshot({ path: path.join(screenshotsDir, 'admin-payouts-360.png'), fullPage: true });

    await row.getByRole('button', { name: 'Approve payout' }).click();
    const dialog = admin.getByRole('alertdialog', { name: 'Approve this payout?' });
    // The answer is awaited by itself, so a slow or refused approval says what it answered (in CI with the unit
    // tests beside the journeys, the toast was twice not seen within 30 s while the journey passed alone).
    const answered = admin.waitForResponse(
      (response) =>
        response.request().method() === 'POST' &&
        response.url().includes('/api/admin/payments/approve-payout/'),
      { timeout: 90_000 },
    );
    await dialog.getByRole('button', { name: 'Approve and pay' }).click();
    const answer = await answered;
    expect({ status: answer.status(), body: await answer.text() }).toMatchObject({ status: 200 });
    expect((await answer.json()).message).toBe('Payout approved and paid');
    await admin.getByText('Payout approved and paid').first().waitFor();
    const payouts = admin.getByRole('region', { name: 'Payouts', exact: true });
    const paid = payouts.getByTestId('payout').filter({ hasText: 'Chinedu' }).first();
    await paid.getByText('Paid', { exact: true }).waitFor();

    // The categories page lists the commission of each category.
    await admin.mouse.move(0, 0);
    await admin.goto(`${journey.baseUrl}/admin/payouts/categories`);
    await admin.getByTestId('payment-category').filter({ hasText: 'Standard' }).waitFor();
    await expectNoSidewaysScroll(admin);

    const merchantContext = await journey.phone();
    const merchant = await merchantContext.newPage();
    await signIn(merchant, journey.baseUrl, 'merchant', 'merchant@demo.ng');
    await merchant.goto(`${journey.baseUrl}/merchant/payouts`);
    await merchant.getByRole('heading', { name: 'Payouts', level: 1 }).waitFor();
    const history = merchant.getByRole('region', { name: 'Payout history' });
    await history.getByTestId('payout').first().getByText('Paid', { exact: true }).waitFor();
    const balances = merchant.getByRole('region', { name: 'Balances (all time)' });
    await balances.getByText('Paid out').waitFor();
    await expectNoSidewaysScroll(merchant);
    await merchant.screenshot({
      path: path.join(screenshotsDir, 'merchant-payouts-360.png'),
      fullPage: true,
    });
  });
});
