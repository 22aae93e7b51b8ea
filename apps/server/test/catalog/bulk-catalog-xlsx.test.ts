import { BULK_CATALOG_COLUMNS, bulkCatalogEndpoints } from '@market/contracts';
import { and, count, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../src/modules/catalog/catalog.schema.js';
import { plans } from '../../src/modules/subscriptions/subscriptions.schema.js';
import type { TestMerchant } from '../support/catalog-factory.js';
import { appliedImport } from '../support/catalog-imports.js';
import { requestOf } from '../support/contract-requests.js';
import { type createCategoryTree, multipart } from '../support/store-factory.js';
import {
  bearer,
  createAdmin,
  createConfirmedAccount,
  json,
  login,
  nextIp,
  type TestApp,
} from '../support/test-app.js';
import { world } from '../support/world.js';
import { zipOfFiles } from '../support/zip-builder.js';

// The catalogue as an Excel workbook (issue 35, ADR 077): the CSV's columns, checks and apply, read by content.

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function workbookOf(
  rows: (string | number | Date | null)[][],
  sheetName = 'Products',
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function sheetsOf(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  // exceljs types its input as the older Buffer; the bytes are the same.
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook;
}

/** A column's letter by its header (keys are not saved in the file). */
function letterOf(sheet: ExcelJS.Worksheet, column: string): string {
  return sheet.getColumn(BULK_CATALOG_COLUMNS.indexOf(column as never) + 1).letter;
}

describe('catalogue by Excel workbook', () => {
  let test: TestApp;
  let merchant: TestMerchant;
  let other: TestMerchant;
  let tree: Awaited<ReturnType<typeof createCategoryTree>>;
  let path: string;

  beforeAll(async () => {
    const market = await world({ stores: 0, merchants: 2, customers: 0 });
    ({ test } = market);
    await test.deps.db.update(plans).set({ productLimit: null });
    ({ tree } = market.setup);
    path = `${tree.category.name} > ${tree.subCategory.name} > ${tree.childCategory.name}`;
    [merchant, other] = market.merchants;
  });
  afterAll(() => test?.close());

  function upload(token: string, what: 'preview' | 'apply', bytes: Buffer, filename = 'catalogue.xlsx') {
    const form = multipart('file', filename, XLSX, bytes);
    return test.app.inject({
      ...requestOf(bulkCatalogEndpoints[what]),
      headers: { ...form.headers, ...bearer(token) },
      payload: form.payload,
      remoteAddress: nextIp(),
    });
  }
  const download = (token: string, file: string) =>
    test.app.inject({
      method: 'GET',
      url: `/api/products/bulk/${file}`,
      headers: bearer(token),
      remoteAddress: nextIp(),
    });
  const productRow = (sku: string, cells: Record<string, string | number> = {}) =>
    BULK_CATALOG_COLUMNS.map(
      (column) =>
        ({
          sku,
          name: `Adire wrapper ${sku}`,
          description: 'Dyed in Abeokuta.',
          category: path,
          price: 6500,
          sale_price: 5000.5,
          quantity: 12,
          weight: 0.4,
          ...cells,
        })[column as string] ?? null,
    );
  const countOf = async (storeId: string) =>
    (await test.deps.db.select({ n: count() }).from(products).where(eq(products.storeId, storeId)))[0]!.n;

  it('gives a template with the columns, the category tree as a drop-down list and the allowed values', async () => {
    const response = await download(merchant.token, 'template.xlsx');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain(XLSX);
    const workbook = await sheetsOf(response.rawPayload);
    const sheet = workbook.getWorksheet('Products')!;
    expect((sheet.getRow(1).values as string[]).slice(1)).toEqual([...BULK_CATALOG_COLUMNS]);
    const allowed = workbook.getWorksheet('Allowed values')!;
    const values = allowed.getColumn(2).values.filter(Boolean);
    expect(values).toContain(path);
    const categoryColumn = letterOf(sheet, 'category');
    expect(sheet.getCell(`${categoryColumn}2`).dataValidation).toMatchObject({ type: 'list' });
    expect(String(sheet.getCell(`${categoryColumn}2`).dataValidation.formulae[0])).toContain(
      'Allowed values',
    );
    const soldOut = sheet.getCell(`${letterOf(sheet, 'when_sold_out')}5`).dataValidation;
    expect(soldOut.formulae[0]).toBe('"hide,show-sold-out,continue-selling"');
  });

  it('gives a template per category: the example and the list hold only that branch', async () => {
    const response = await download(merchant.token, `template.xlsx?category=${tree.childCategory.id}`);
    expect(response.statusCode).toBe(200);
    const workbook = await sheetsOf(response.rawPayload);
    const sheet = workbook.getWorksheet('Products')!;
    expect(sheet.getCell(`${letterOf(sheet, 'category')}2`).value).toBe(path);
    const listed = workbook.getWorksheet('Allowed values')!.getColumn(2).values.filter(Boolean);
    expect(listed.filter((value) => String(value).includes('>'))).toEqual([path]);
    const unknown = await download(
      merchant.token,
      'template.xlsx?category=7c0a3a1e-8d2b-4f59-9a64-2d1c9b9f0c11',
    );
    expect(unknown.statusCode).toBe(404);
    expect(json(unknown).message).toBe('No live category with this id');
  });

  it('a dry run of a workbook reports each problem by row and column, as the CSV does, and writes nothing', async () => {
    const bytes = await workbookOf([
      [...BULK_CATALOG_COLUMNS],
      productRow('XL-1'),
      productRow('XL-2', { price: 12.345 }),
      productRow('XL-3', { category: 'Nowhere > At all' }),
      [],
      productRow('XL-4', { quantity: 'lots' }),
    ]);
    const before = await countOf(merchant.storeId);
    const response = await upload(merchant.token, 'preview', bytes);
    expect(response.statusCode, response.body).toBe(200);
    expect(json(response).data.problems).toEqual([
      { row: 3, column: 'price', message: 'Use at most 2 decimal places' },
      { row: 4, column: 'category', message: 'No category "Nowhere > At all"; see the allowed values file' },
      { row: 6, column: 'quantity', message: 'Enter a whole number' },
    ]);
    expect(await countOf(merchant.storeId)).toBe(before);
  });

  it('applies a workbook by SKU; its export re-imported changes nothing, and applying it again writes nothing', async () => {
    const rows = [[...BULK_CATALOG_COLUMNS] as (string | number | null)[]];
    for (let index = 0; index < 30; index += 1) rows.push(productRow(`WB-${index}`, { quantity: index }));
    rows.push(
      BULK_CATALOG_COLUMNS.map(
        (c) =>
          ({ sku: 'WB-0-S', parent_sku: 'WB-0', size: 'S', color: 'Blue', quantity: 3 })[c as string] ?? null,
      ),
    );
    const applied = await upload(merchant.token, 'apply', await workbookOf(rows, 'My sheet'));
    expect(await appliedImport(test, merchant.token, applied)).toMatchObject({
      status: 'done',
      created: 30,
      rowsDone: 31,
    });
    const [stored] = await test.deps.db
      .select()
      .from(products)
      .where(and(eq(products.storeId, merchant.storeId), eq(products.sku, 'WB-0')));
    expect(stored).toMatchObject({
      priceKobo: 650_000,
      sellingPriceKobo: 500_050,
      approvalStatus: 'pending',
    });
    expect(stored!.variants.map((variant) => [variant.sku, variant.quantity])).toEqual([['WB-0-S', 3]]);

    const exported = await download(merchant.token, 'export.xlsx');
    expect(exported.statusCode).toBe(200);
    const again = await upload(merchant.token, 'preview', exported.rawPayload);
    expect(json(again).data).toMatchObject({ problemCount: 0, create: 0, update: 0, unchanged: 30 });
    const reapplied = await upload(merchant.token, 'apply', exported.rawPayload);
    expect(await appliedImport(test, merchant.token, reapplied)).toMatchObject({
      created: 0,
      updated: 0,
      unchanged: 30,
    });
    const [after] = await test.deps.db
      .select()
      .from(products)
      .where(and(eq(products.storeId, merchant.storeId), eq(products.sku, 'WB-0')));
    expect(after!.updatedAt).toEqual(stored!.updatedAt);
  });

  it('a price and stock update is the same workbook with fewer columns', async () => {
    const bytes = await workbookOf([
      ['sku', 'price', 'quantity'],
      ['WB-3', '7,000.00', 40],
    ]);
    const response = await upload(merchant.token, 'apply', bytes);
    expect(await appliedImport(test, merchant.token, response)).toMatchObject({ updated: 1 });
    const [row] = await test.deps.db
      .select()
      .from(products)
      .where(and(eq(products.storeId, merchant.storeId), eq(products.sku, 'WB-3')));
    expect(row).toMatchObject({ priceKobo: 700_000, quantity: 40 });
  });

  it('refuses by content with a clear 422: a fake zip, a zip that is not a workbook, a zip bomb, too many rows', async () => {
    const fake = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(200, 7)]);
    const bomb = zipOfFiles([
      { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(40 * 1024 * 1024, 0x20), declaredSize: 100 },
    ]);
    const notWorkbook = zipOfFiles([{ name: 'hello.txt', data: Buffer.from('hello') }]);
    const rows: (string | number)[][] = [['sku', 'quantity']];
    for (let index = 0; index < 2_001; index += 1) rows.push([`MANY-${index}`, 1]);
    const many = await workbookOf(rows);
    const cases: [Buffer, RegExp][] = [
      [fake, /not an Excel workbook we can read/],
      [bomb, /unpacks to more than 24 MB/],
      [notWorkbook, /This is not an Excel workbook \(\.xlsx\)/],
      [many, /at most 2000 rows/],
    ];
    for (const [bytes, message] of cases) {
      for (const what of ['preview', 'apply'] as const) {
        const response = await upload(merchant.token, what, bytes);
        expect(response.statusCode, `${what} ${message}`).toBe(422);
        expect(json(response).message).toMatch(message);
      }
    }
    // A workbook named .csv is still read as a workbook: the content decides.
    const named = await upload(
      merchant.token,
      'preview',
      await workbookOf([
        ['sku', 'quantity'],
        ['WB-4', 9],
      ]),
      'x.csv',
    );
    expect(json(named).data).toMatchObject({ update: 1, problemCount: 0 });
  });

  it('a formula with no saved value is reported, not guessed', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Products');
    sheet.addRow(['sku', 'quantity']);
    sheet.addRow(['WB-5', { formula: 'A1*2' }]);
    const response = await upload(merchant.token, 'preview', Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(response.statusCode).toBe(200);
    expect(json(response).data.problems[0].message).toMatch(/Cell B2 is a formula with no saved value/);
  });

  it("exports only the caller's store, and applies only to it", async () => {
    const theirs = await upload(
      other.token,
      'apply',
      await workbookOf([[...BULK_CATALOG_COLUMNS], productRow('WB-0', { quantity: 99 })]),
    );
    expect(await appliedImport(test, other.token, theirs)).toMatchObject({ created: 1 });
    const exported = await sheetsOf((await download(other.token, 'export.xlsx')).rawPayload);
    const skus = exported.getWorksheet('Products')!.getColumn(1).values.filter(Boolean);
    expect(skus).toEqual(['sku', 'WB-0']);
    const [mine] = await test.deps.db
      .select()
      .from(products)
      .where(and(eq(products.storeId, merchant.storeId), eq(products.sku, 'WB-0')));
    expect(mine!.quantity).toBe(0);
  });

  it('lets no customer or admin download a store’s workbook or its template', async () => {
    const customer = await createConfirmedAccount(test, 'customer');
    const [customerSession, admin] = await Promise.all([
      login(test, 'customer', customer.email),
      createAdmin(test, 'admin'),
    ]);
    for (const token of [customerSession.accessToken, admin.accessToken])
      for (const file of ['export.xlsx', 'template.xlsx'])
        expect((await download(token, file)).statusCode, file).toBe(403);
    const anonymous = await test.app.inject(requestOf(bulkCatalogEndpoints.exportXlsx));
    expect(anonymous.statusCode).toBe(401);
  });
});
