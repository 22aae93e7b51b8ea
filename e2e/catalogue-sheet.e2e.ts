import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumPath, expectNoSidewaysScroll, signIn, useJourney } from './harness';

// Issue 35's proof of the catalogue by spreadsheet (ADR 077, 087): a merchant downloads the Excel template, a script
// fills 200 rows (products and their variants, with some mistakes), the dry run lists the mistakes by row, the
// fixed file is applied in the background (its progress, then each product's outcome), the catalogue is exported, and
// uploading the export changes nothing.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'catalogue-sheet-'));

async function download(page: Page, button: string): Promise<string> {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  const saved = path.join(dir, `${Date.now()}-${file.suggestedFilename()}`);
  await file.saveAs(saved);
  return saved;
}

/** 150 products, 50 of them with a variant row: 200 rows. `mistakes` puts three errors in rows 4, 50 and 120. */
async function fillTemplate(template: string, mistakes: boolean): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(template);
  const sheet = workbook.getWorksheet('Products')!;
  const header = (sheet.getRow(1).values as string[]).slice(1);
  const category = String(sheet.getRow(2).getCell(header.indexOf('category') + 1).value);
  const stamp = Date.now().toString(36).toUpperCase();
  const rows: Record<string, string | number>[] = [];
  for (let index = 0; index < 150; index += 1) {
    const sku = `E2E-${stamp}-${index}`;
    rows.push({ sku, name: `Ankara tote ${index}`, category, price: 5000 + index, quantity: 3, weight: 0.5 });
    if (index < 50) rows.push({ sku: `${sku}-RED`, parent_sku: sku, color: 'Red', quantity: 2 });
  }
  if (mistakes) {
    rows[2]!.price = 12.345; // row 4
    rows[48]!.category = 'Nowhere > At all'; // row 50 (rows alternate product, variant up to row 101)
    rows[118]!.quantity = 'lots'; // row 120
  }
  // Written by row number over the template's example rows (every column, so no example cell is left behind).
  rows.forEach((cells, index) => {
    sheet.getRow(index + 2).values = header.map((column) => cells[column] ?? null);
  });
  const filled = path.join(dir, `filled-${mistakes ? 'with-mistakes' : 'fixed'}.xlsx`);
  await workbook.xlsx.writeFile(filled);
  return filled;
}

async function check(page: Page, file: string) {
  await page.getByLabel('Excel or CSV file').setInputFiles(file);
  await page.getByRole('button', { name: 'Check file' }).click();
}

describe.skipIf(!chromiumPath)('catalogue by spreadsheet journey (360 px phone)', () => {
  const journey = useJourney();

  it('template, 200 rows with mistakes, dry run by row, fixed, applied, exported, re-uploaded unchanged', async () => {
    const page = await (await journey.phone()).newPage();
    await signIn(page, journey.baseUrl, 'merchant', 'merchant@demo.ng');
    await page.goto(`${journey.baseUrl}/merchant/products/spreadsheet`);
    const template = await download(page, 'Template (Excel)');

    await check(page, await fillTemplate(template, true));
    const problems = page.getByRole('table', { name: /3 problems to fix/ });
    await problems.waitFor();
    const text = await problems.innerText();
    expect(text).toMatch(/4\s+price\s+Use at most 2 decimal places/);
    expect(text).toMatch(/50\s+category\s+No category "Nowhere > At all"/);
    expect(text).toMatch(/120\s+quantity\s+Enter a whole number/);
    expect(await page.getByRole('button', { name: 'Apply file' }).isDisabled()).toBe(true);
    await expectNoSidewaysScroll(page);

    await check(page, await fillTemplate(template, false));
    await page.getByText('No problems found: the file is ready to apply.').waitFor();
    await page.getByRole('button', { name: 'Apply file' }).click();
    // Written in the background (ADR 094): the bar shows the rows written, then the result and each product's.
    await page.getByRole('progressbar', { name: 'Rows written' }).waitFor();
    await page.getByText(/Catalogue updated: 150 new, 0 changed/).waitFor({ timeout: 60_000 });
    expect(await page.getByRole('progressbar', { name: 'Rows written' }).getAttribute('value')).toBe('200');
    await page.getByRole('table', { name: 'Each product of the file' }).waitFor();
    await expectNoSidewaysScroll(page);

    const exported = await download(page, 'My catalogue (Excel)');
    await check(page, exported);
    await page.getByText('No problems found: the file is ready to apply.').waitFor();
    // The dry run of the export already says it: nothing new, nothing changed.
    const counts = await page.locator('[aria-live="polite"]').first().innerText();
    expect(counts).toMatch(/New products\s+0/);
    expect(counts).toMatch(/Products changed\s+0/);
    await page.getByRole('button', { name: 'Apply file' }).click();
    await page.getByText(/Catalogue updated: 0 new, 0 changed, \d+ unchanged/).waitFor({ timeout: 60_000 });
    await expectNoSidewaysScroll(page);
  }, 300_000);
});
