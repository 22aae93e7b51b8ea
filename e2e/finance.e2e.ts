import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { chromiumPath, expectNoSidewaysScroll, screenshotsDir, signIn, useJourney } from './harness';

// Issue 8, finance: an admin on a phone reads the finance report of the last 30 days (the demo's Ankara Palace
// sales), downloads it as CSV, then finds one demo payment by its order's name (never assuming which page of the
// list holds it) and opens its detail with the card masked.

describe.skipIf(!chromiumPath)('admin finance', () => {
  const journey = useJourney();

  it('reads the finance report, downloads its CSV and opens a transaction', async () => {
    const context = await journey.phone();
    const page = await context.newPage();
    await signIn(page, journey.baseUrl, 'admin', 'admin@demo.ng');

    await page.getByRole('button', { name: 'Menu' }).click();
    await page
      .getByRole('navigation', { name: 'Admin console (menu)' })
      .getByRole('link', { name: 'Finance' })
      .click();
    await page.getByRole('heading', { name: 'Finance', exact: true }).waitFor();

    // The last 30 Lagos days hold paid demo orders: totals, the chart's figures and the merchants table.
    const totals = page.getByRole('definition').filter({ hasText: '₦' }).first();
    await totals.waitFor();
    const all = page.getByLabel('All merchants');
    await all.getByText('Due to merchant', { exact: true }).waitFor();
    await all.getByText('Total order amount', { exact: true }).waitFor();
    const merchants = page.getByRole('table', { name: 'Finance figures per merchant, the most owed first' });
    await merchants.getByText('Ankara Palace').first().waitFor();
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: path.join(screenshotsDir, 'admin-finance-360.png'), fullPage: true });

    // The CSV, per merchant, with its total line.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^finance-merchants-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const file = await download.path();
    const csv = fs.readFileSync(file!, 'utf8');
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^Store ID,Store,Merchant,Payment category,Orders,Total order amount \(NGN\)/);
    expect(lines.some((line) => line.includes('Ankara Palace'))).toBe(true);
    expect(lines.at(-1)).toMatch(/^,All merchants,/);

    // Transactions: find the payment of one demo order by its name, whatever page it would sit on.
    await page
      .getByRole('navigation', { name: 'Finance pages' })
      .getByRole('link', { name: 'Transactions' })
      .click();
    await page.getByRole('heading', { name: 'Transactions' }).waitFor();
    const found = page.getByRole('list', { name: 'Transactions found' });
    await found.getByRole('listitem').first().waitFor();
    await page.getByLabel('Search transactions').fill('NM-SALES002');
    await expect.poll(async () => found.getByRole('listitem').count(), { timeout: 15_000 }).toBe(1);
    await found.getByText('NM-SALES002').waitFor();
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: path.join(screenshotsDir, 'admin-transactions-360.png'), fullPage: true });
    await found.getByRole('link', { name: 'CHK-SALES-2' }).click();

    await page.getByRole('heading', { name: 'CHK-SALES-2' }).waitFor();
    const details = page.getByRole('article');
    // A card payment shows only its last four digits; a bank transfer has no card.
    const card = details
      .locator('div', { has: page.getByText('Card number', { exact: true }) })
      .locator('dd');
    expect(await card.innerText()).toMatch(/^(\*{4} \*{4} \*{4} \d{4}|—)$/);
    await details.getByRole('heading', { name: 'Order items' }).waitFor();
    await details
      .getByText(/NM-SALES002 · Ankara Palace/)
      .first()
      .waitFor();
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: path.join(screenshotsDir, 'admin-transaction-360.png'), fullPage: true });
    await context.close();
  }, 300_000);
});
