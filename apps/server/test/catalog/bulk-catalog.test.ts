import { bulkCatalogEndpoints } from '@market/contracts';
import { and, count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCatalogUpload } from '../../src/modules/catalog/bulk-catalog.upload.js';
import { products } from '../../src/modules/catalog/catalog.schema.js';
import { catalogImports } from '../../src/modules/catalog/catalog-imports.schema.js';
import { stores } from '../../src/modules/stores/stores.schema.js';
import { plans } from '../../src/modules/subscriptions/subscriptions.schema.js';
import { notificationEvents } from '../../src/platform/notify/events.schema.js';
import { createMerchantWithStore, type TestMerchant } from '../support/catalog-factory.js';
import { appliedImport, endedImport, readImport } from '../support/catalog-imports.js';
import { requestOf } from '../support/contract-requests.js';
import { pglite } from '../support/postgres-proofs.js';
import { addStoreMember } from '../support/staff-factory.js';
import { countStatements } from '../support/statement-counter.js';
import { createCategoryTree, multipart } from '../support/store-factory.js';
import { bearer, createTestApp, json, nextIp, type TestApp } from '../support/test-app.js';
import { world } from '../support/world.js';

// The catalogue by spreadsheet (issue 35, ADR 077, 094): template, dry run, a checked apply written in the
// background by SKU, export.

const HEADER =
  'sku,parent_sku,name,description,category,cost_price,price,sale_price,sale_start,sale_end,quantity,stock_alert_units,when_sold_out,weight,weight_unit,size,color,variant_discount,images,image_urls';

pglite.describe('catalogue by spreadsheet', () => {
  let test: TestApp;
  let merchant: TestMerchant;
  let other: TestMerchant;
  let tree: Awaited<ReturnType<typeof createCategoryTree>>;
  let path: string;
  let tokens: Record<'customer' | 'partner' | 'admin', string>;

  beforeAll(async () => {
    const market = await world({ stores: 0, merchants: 2, carriers: 1 });
    ({ test } = market);
    // The plan's product limit has its own test below; here the stores may list as many as the files hold.
    await test.deps.db.update(plans).set({ productLimit: null });
    ({ tree } = market.setup);
    path = `${tree.category.name} > ${tree.subCategory.name} > ${tree.childCategory.name}`;
    [merchant, other] = market.merchants;
    tokens = {
      customer: market.customers[0].token,
      partner: market.carriers[0].accessToken,
      admin: market.admin.accessToken,
    };
  });
  afterAll(() => test?.close());

  function upload(token: string, what: 'preview' | 'apply', csv: string | Buffer) {
    const form = multipart(
      'file',
      'catalogue.csv',
      'text/csv',
      Buffer.isBuffer(csv) ? csv : Buffer.from(csv),
    );
    return test.app.inject({
      ...requestOf(bulkCatalogEndpoints[what]),
      headers: { ...form.headers, ...bearer(token) },
      payload: form.payload,
      remoteAddress: nextIp(),
    });
  }
  const download = (token: string | undefined, file: string) =>
    test.app.inject({
      method: 'GET',
      url: `/api/products/bulk/${file}`,
      headers: token ? bearer(token) : {},
      remoteAddress: nextIp(),
    });
  const productRow = (sku: string, overrides: Record<string, string> = {}) => {
    const cells: Record<string, string> = {
      sku,
      name: `Ankara dress ${sku}`,
      description: 'Hand-sewn in Aba.',
      category: path,
      cost_price: '3000',
      price: '6500.00',
      sale_price: '5000.50',
      quantity: '12',
      stock_alert_units: '3',
      when_sold_out: 'show-sold-out',
      weight: '0.4',
      weight_unit: 'kg',
      ...overrides,
    };
    return HEADER.split(',')
      .map((column) => cells[column] ?? '')
      .join(',');
  };
  const variantRow = (sku: string, parent: string, size: string, quantity: string) =>
    `${sku},${parent},,,,,,,,,${quantity},,,,,${size},Red,,,`;
  const storeProducts = (storeId: string) =>
    test.deps.db.select().from(products).where(eq(products.storeId, storeId));
  const importsOf = async (storeId: string) =>
    (
      await test.deps.db
        .select({ n: count() })
        .from(catalogImports)
        .where(eq(catalogImports.storeId, storeId))
    )[0]!.n;
  const countOf = async (storeId: string) =>
    (await test.deps.db.select({ n: count() }).from(products).where(eq(products.storeId, storeId)))[0]!.n;

  it('gives a template and the allowed values, with this marketplace’s category paths', async () => {
    const template = await download(merchant.token, 'template.csv');
    expect(template.statusCode).toBe(200);
    expect(template.headers['content-type']).toContain('text/csv');
    expect(template.body.split('\r\n')[0]).toBe(HEADER);
    const allowed = await download(merchant.token, 'allowed-values.csv');
    expect(allowed.body).toContain(`category,${path},category path`);
    expect(allowed.body).toContain('when_sold_out,continue-selling');
  });

  it('a dry run lists each problem by row and column and writes nothing', async () => {
    const csv = [
      HEADER,
      productRow('DRY-1'),
      productRow('DRY-2', { price: '12.345' }),
      productRow('DRY-3', { category: 'Nowhere > At all' }),
      productRow('DRY-4', { sale_price: '9000', price: '8000' }),
      variantRow('DRY-1-S', 'DRY-1', 'S', 'lots'),
      variantRow('DRY-9-S', 'DRY-9', 'S', '2'),
      productRow('DRY-1'),
    ].join('\n');
    const before = await countOf(merchant.storeId);
    const response = await upload(merchant.token, 'preview', csv);
    expect(response.statusCode).toBe(200);
    const summary = json(response).data;
    expect(summary.applied).toBe(false);
    expect(summary.problems).toEqual([
      { row: 3, column: 'price', message: 'Use at most 2 decimal places' },
      { row: 4, column: 'category', message: 'No category "Nowhere > At all"; see the allowed values file' },
      { row: 5, column: 'sale_price', message: 'Selling price cannot be above the regular price' },
      { row: 6, column: 'quantity', message: 'Enter a whole number' },
      { row: 7, column: 'parent_sku', message: 'No product with SKU DRY-9 in this file or your store' },
      { row: 8, column: 'sku', message: 'SKU DRY-1 is also on row 2' },
    ]);
    expect(await countOf(merchant.storeId)).toBe(before);
  });

  it('refuses a broken workbook or a binary file with a 422, before parsing it', async () => {
    const zip = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0]);
    const response = await upload(merchant.token, 'preview', zip);
    expect(response.statusCode).toBe(422);
    expect(json(response).message).toMatch(/not an Excel workbook we can read/);
    const applied = await upload(merchant.token, 'apply', Buffer.from('sku\n\u0000x'));
    expect(applied.statusCode).toBe(422);
  });

  it('applies 500 rows in the background (202, progress to done), exactly in kobo, pending approval, and a second run changes nothing', async () => {
    const lines = [HEADER];
    for (let index = 0; index < 400; index += 1) {
      const sku = `BULK-${index}`;
      const prices =
        index === 1 ? { price: '"₦13,000"', sale_price: '"12,500.50"' } : { price: '19.99', sale_price: '' };
      lines.push(productRow(sku, { ...prices, quantity: String(index) }));
      if (index < 50)
        lines.push(variantRow(`${sku}-S`, sku, 'S', '4'), variantRow(`${sku}-M`, sku, 'M', '6'));
    }
    const csv = lines.join('\r\n');
    expect(lines.length - 1).toBe(500);
    // Counted in statements, not seconds (a wall clock failed under a loaded machine): 400 products in batches of
    // 100 cost a few statements a batch; written one by one they would cost 400 inserts at least. The count
    // includes the request's check and the test's reads of the progress (one or two statements each, every 50 ms).
    let result: Awaited<ReturnType<typeof appliedImport>> | undefined;
    const statements = await countStatements(test.database, async () => {
      const response = await upload(merchant.token, 'apply', csv);
      expect(json(response).data).toMatchObject({
        status: 'queued',
        rowsTotal: 500,
        rowsDone: 0,
        products: 400,
      });
      result = await appliedImport(test, merchant.token, response);
    });
    expect(statements).toBeLessThan(150);
    expect(result).toMatchObject({
      status: 'done',
      rowsTotal: 500,
      rowsDone: 500,
      products: 400,
      created: 400,
      updated: 0,
      unchanged: 0,
      failed: 0,
      toApproval: 400,
      error: null,
      createdBy: merchant.id,
    });
    expect(result!.outcomes).toHaveLength(400);
    expect(result!.outcomes.slice(0, 2)).toEqual([
      { row: 2, sku: 'BULK-0', outcome: 'created', message: null },
      { row: 5, sku: 'BULK-1', outcome: 'created', message: null },
    ]);

    const rows = await storeProducts(merchant.storeId);
    expect(rows).toHaveLength(400);
    const first = rows.find((row) => row.sku === 'BULK-0')!;
    expect(first).toMatchObject({
      priceKobo: 1999,
      sellingPriceKobo: 1999,
      approvalStatus: 'pending',
      isVisible: false,
    });
    expect(rows.find((row) => row.sku === 'BULK-1')).toMatchObject({
      priceKobo: 1_300_000,
      sellingPriceKobo: 1_250_050,
    });
    expect(first.variants.map((variant) => [variant.sku, variant.size, variant.quantity])).toEqual([
      ['BULK-0-S', 'S', 4],
      ['BULK-0-M', 'M', 6],
    ]);
    expect(first.variantProperties).toEqual([
      { type: 'size', options: ['S', 'M'] },
      { type: 'color', options: ['Red'] },
    ]);

    const again = await appliedImport(test, merchant.token, await upload(merchant.token, 'apply', csv));
    expect(again).toMatchObject({ status: 'done', rowsDone: 500, created: 0, updated: 0, unchanged: 400 });
    expect(again.outcomes.every((item) => item.outcome === 'unchanged')).toBe(true);
    const after = await storeProducts(merchant.storeId);
    expect(after).toHaveLength(400);
    expect(after.find((row) => row.sku === 'BULK-0')!.updatedAt).toEqual(first.updatedAt);

    // The store's list: newest first, without the per-row outcomes.
    const listed = await test.app.inject({
      ...requestOf(bulkCatalogEndpoints.imports),
      headers: bearer(merchant.token),
      remoteAddress: nextIp(),
    });
    expect(
      json(listed)
        .data.map((item: { id: string }) => item.id)
        .slice(0, 2),
    ).toEqual([again.id, result!.id]);
    expect(json(listed).data[0]).not.toHaveProperty('outcomes');
  }, 120_000);

  it('exports the catalogue in the import format, which reads back as unchanged', async () => {
    const exported = await download(merchant.token, 'export.csv');
    expect(exported.statusCode).toBe(200);
    expect(exported.body.split('\r\n')[0]).toBe(HEADER);
    expect(exported.body).toContain(`BULK-0-S,BULK-0,,,,,,,,,4,,,,,S,Red,,,`);
    const preview = await upload(merchant.token, 'preview', exported.body);
    const summary = json(preview).data;
    expect(summary.problemCount).toBe(0);
    expect(summary.create + summary.update).toBe(0);
  });

  it('an export read back keeps variant properties the form named otherwise (Size, Storage)', async () => {
    await test.deps.db
      .update(products)
      .set({
        variantProperties: [
          { type: 'Size', options: ['M', 'S'] },
          { type: 'Storage', options: ['64GB'] },
        ],
      })
      .where(and(eq(products.storeId, merchant.storeId), eq(products.sku, 'BULK-3')));
    const exported = (await download(merchant.token, 'export.csv')).body;
    expect(json(await upload(merchant.token, 'preview', exported)).data).toMatchObject({ update: 0 });
    // Changed variants do bring the properties of the file's sizes and colours.
    const changed = await upload(
      merchant.token,
      'preview',
      `sku,parent_sku,size,quantity\nBULK-3-XL,BULK-3,XL,2\n`,
    );
    expect(json(changed).data).toMatchObject({ update: 1 });
  });

  it('guards the export against formula injection and reads the guarded cell back as it was', async () => {
    const name = '=HYPERLINK("http://evil.example","Click")';
    const created = await upload(
      merchant.token,
      'apply',
      `${HEADER}\n${productRow('FORMULA-1', { name: `"${name.replaceAll('"', '""')}"` })}`,
    );
    expect(await appliedImport(test, merchant.token, created)).toMatchObject({ status: 'done', created: 1 });
    const exported = (await download(merchant.token, 'export.csv')).body;
    expect(exported).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")"`);
    expect(json(await upload(merchant.token, 'preview', exported)).data.update).toBe(0);
  });

  it('a bad row changes nothing, not even the good rows', async () => {
    const before = await storeProducts(merchant.storeId);
    const importsBefore = await importsOf(merchant.storeId);
    const csv = [
      HEADER,
      productRow('BULK-1', { quantity: '999' }),
      productRow('NEW-1'),
      productRow('BAD-1', { quantity: '-3' }),
    ].join('\n');
    const response = await upload(merchant.token, 'apply', csv);
    expect(response.statusCode).toBe(422);
    expect(json(response).details).toEqual([
      { path: 'row 4: quantity', message: 'Quantity cannot be negative' },
    ]);
    const after = await storeProducts(merchant.storeId);
    expect(after.length).toBe(before.length);
    expect(after.find((row) => row.sku === 'BULK-1')!.quantity).toBe(1);
    // Refused before any import is queued: no job will write any of it later.
    expect(await importsOf(merchant.storeId)).toBe(importsBefore);
  });

  it('a stock file keeps approval; a price file sends the product back to approval', async () => {
    await test.deps.db
      .update(products)
      .set({ approvalStatus: 'approved' })
      .where(and(eq(products.storeId, merchant.storeId), eq(products.sku, 'BULK-2')));
    const stock = await upload(merchant.token, 'apply', 'sku,quantity\nBULK-2,77\n');
    expect(await appliedImport(test, merchant.token, stock)).toMatchObject({ updated: 1, toApproval: 0 });
    const price = await upload(merchant.token, 'apply', 'sku,price,sale_price\nBULK-2,25000,20000\n');
    expect(await appliedImport(test, merchant.token, price)).toMatchObject({ updated: 1, toApproval: 1 });
    const [row] = await test.deps.db
      .select()
      .from(products)
      .where(and(eq(products.storeId, merchant.storeId), eq(products.sku, 'BULK-2')));
    expect(row).toMatchObject({
      quantity: 77,
      priceKobo: 2_500_000,
      sellingPriceKobo: 2_000_000,
      approvalStatus: 'pending',
    });
  });

  it('reads sale days day first as Nigerians write them, or ISO, and exports them as ISO that reads back unchanged', async () => {
    const bad = await upload(
      merchant.token,
      'preview',
      'sku,sale_start,sale_end\nBULK-5,31/02/2026,\nBULK-6,12/31/2026,\nBULK-7,10/12/2026,09/12/2026\n',
    );
    expect(json(bad).data.problems).toEqual([
      { row: 2, column: 'sale_start', message: 'There is no such day as 31/02/2026' },
      { row: 3, column: 'sale_start', message: 'There is no such day as 12/31/2026' },
      { row: 4, column: 'sale_end', message: 'The sale cannot end before it starts' },
    ]);
    const good = await upload(
      merchant.token,
      'apply',
      'sku,sale_start,sale_end\nBULK-5,1/12/2026,2026-12-31\n',
    );
    expect(await appliedImport(test, merchant.token, good)).toMatchObject({ status: 'done', updated: 1 });
    const [row] = await test.deps.db
      .select()
      .from(products)
      .where(and(eq(products.storeId, merchant.storeId), eq(products.sku, 'BULK-5')));
    expect(row).toMatchObject({ saleStartDate: '2026-12-01', saleEndDate: '2026-12-31' });
    const exported = (await download(merchant.token, 'export.csv')).body;
    expect(exported).toMatch(/\r\nBULK-5,.*,2026-12-01,2026-12-31,/);
    expect(json(await upload(merchant.token, 'preview', exported)).data).toMatchObject({
      update: 0,
      create: 0,
    });
  });

  it("never touches another store's product with the same SKU", async () => {
    const csv = `${HEADER}\n${productRow('SHARED-1', { quantity: '5' })}\n`;
    await appliedImport(test, other.token, await upload(other.token, 'apply', csv));
    const mine = await upload(
      merchant.token,
      'apply',
      `${HEADER}\n${productRow('SHARED-1', { quantity: '40' })}\n`,
    );
    expect(await appliedImport(test, merchant.token, mine)).toMatchObject({ created: 1, updated: 0 });
    const [theirs] = await test.deps.db
      .select()
      .from(products)
      .where(and(eq(products.storeId, other.storeId), eq(products.sku, 'SHARED-1')));
    expect(theirs!.quantity).toBe(5);
    // A variants-only file names its parent in the caller's store only.
    const otherOnly = `${HEADER}\n${productRow('THEIRS-ONLY')}\n`;
    await appliedImport(test, other.token, await upload(other.token, 'apply', otherOnly));
    const reach = await upload(merchant.token, 'preview', `sku,parent_sku,quantity\nX-1,THEIRS-ONLY,3\n`);
    expect(json(reach).data.problems[0]).toMatchObject({ row: 2, column: 'parent_sku' });
  });

  it("refuses a file that would take the store past its plan's product limit, as a whole", async () => {
    await test.deps.db.update(plans).set({ productLimit: 3 });
    try {
      const before = await countOf(other.storeId);
      const csv = [HEADER, productRow('LIMIT-1'), productRow('LIMIT-2')].join('\n');
      const response = await upload(other.token, 'apply', csv);
      expect(response.statusCode).toBe(409);
      expect(await countOf(other.storeId)).toBe(before);
    } finally {
      await test.deps.db.update(plans).set({ productLimit: null });
    }
  });

  it('lets only store staff with the products permissions in', async () => {
    const csv = `${HEADER}\n${productRow('ACCESS-1')}\n`;
    const [sales, finance, inventory] = await Promise.all([
      addStoreMember(test, merchant.storeId, 'sales'),
      addStoreMember(test, merchant.storeId, 'finance'),
      addStoreMember(test, merchant.storeId, 'inventory'),
    ]);
    expect((await download(undefined, 'export.csv')).statusCode).toBe(401);
    for (const token of Object.values(tokens)) {
      expect((await download(token, 'export.csv')).statusCode).toBe(403);
      expect((await upload(token, 'apply', csv)).statusCode).toBe(403);
    }
    expect((await download(finance.token, 'export.csv')).statusCode).toBe(403);
    expect((await download(sales.token, 'export.csv')).statusCode).toBe(200);
    expect((await upload(sales.token, 'apply', csv)).statusCode).toBe(403);
    expect(
      await appliedImport(test, inventory.token, await upload(inventory.token, 'apply', csv)),
    ).toMatchObject({
      created: 1,
    });
    expect(await countOf(other.storeId)).toBe(2);
  });

  it("shows an import's progress to its store's staff with the products permissions only", async () => {
    const done = await appliedImport(
      test,
      merchant.token,
      await upload(merchant.token, 'apply', `${HEADER}\n${productRow('READ-1')}\n`),
    );
    const [sales, inventory] = await Promise.all([
      addStoreMember(test, merchant.storeId, 'sales'),
      addStoreMember(test, merchant.storeId, 'inventory'),
    ]);
    const list = (token: string) =>
      test.app.inject({
        ...requestOf(bulkCatalogEndpoints.imports),
        headers: bearer(token),
        remoteAddress: nextIp(),
      });
    expect(json(await readImport(test, inventory.token, done.id)).data.outcomes).toEqual([
      { row: 2, sku: 'READ-1', outcome: 'created', message: null },
    ]);
    // Another store's merchant: not theirs, so not found, and not in their list.
    const theirs = await readImport(test, other.token, done.id);
    expect(theirs.statusCode).toBe(404);
    expect(json(theirs).error).toBe('NOT_FOUND');
    expect(json(await list(other.token)).data.some((item: { id: string }) => item.id === done.id)).toBe(
      false,
    );
    // Staff without the write permission, customers, carriers and admins: refused; nobody signed in: 401.
    for (const token of [sales.token, ...Object.values(tokens)]) {
      expect((await readImport(test, token, done.id)).statusCode).toBe(403);
      expect((await list(token)).statusCode).toBe(403);
    }
    const anonymous = await test.app.inject({
      ...requestOf(bulkCatalogEndpoints.importById, { params: { id: done.id } }),
      remoteAddress: nextIp(),
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await readImport(test, merchant.token, '6f1c3a52-0000-4000-8000-000000000000')).statusCode).toBe(
      404,
    );
  });

  it('a job taken up again after its worker stopped mid-way writes no product twice', async () => {
    const file = Array.from({ length: 250 }, (_, index) => productRow(`CRASH-${index}`));
    // The first batch was written, and its worker stopped before moving the cursor (the cursor moves in the same
    // transaction, so this is the worst a crash can leave): the next claim starts again at product 0.
    await appliedImport(
      test,
      other.token,
      await upload(other.token, 'apply', [HEADER, ...file.slice(0, 100)].join('\n')),
    );
    const read = await readCatalogUpload(Buffer.from([HEADER, ...file].join('\n')));
    const [stopped] = await test.deps.db
      .insert(catalogImports)
      .values({
        storeId: other.storeId,
        createdBy: other.id,
        status: 'running',
        records: read.file!.records,
        rowsTotal: 250,
        productsTotal: 250,
        attempts: 1,
        leaseUntil: new Date(Date.now() - 1_000),
      })
      .returning();
    // The timed job's run (or the loop the last apply started, which looks for more before it ends) takes it up.
    await test.jobs.runCatalogImports();
    const resumed = await endedImport(test, other.token, stopped!.id);
    expect(resumed).toMatchObject({
      status: 'done',
      rowsDone: 250,
      created: 150,
      unchanged: 100,
      updated: 0,
    });
    const skus = (await storeProducts(other.storeId))
      .map((row) => row.sku)
      .filter((sku) => sku.startsWith('CRASH-'));
    expect(skus).toHaveLength(250);
    expect(new Set(skus).size).toBe(250);
    // Its rows are dropped once it ends; a second run of the job finds nothing to do.
    const [ended] = await test.deps.db
      .select()
      .from(catalogImports)
      .where(eq(catalogImports.id, stopped!.id));
    expect(ended!.records).toBeNull();
    expect(await test.jobs.runCatalogImports()).toBe(0);
  }, 120_000);

  it("an approved store's file of several batches reaches the approvers as one item", async () => {
    const approved = await createMerchantWithStore(test);
    await test.deps.db
      .update(stores)
      .set({ approvalStatus: 'approved' })
      .where(eq(stores.id, approved.storeId));
    const csv = [HEADER, ...Array.from({ length: 230 }, (_, index) => productRow(`DIGEST-${index}`))].join(
      '\n',
    );
    const done = await appliedImport(test, approved.token, await upload(approved.token, 'apply', csv));
    expect(done).toMatchObject({ status: 'done', created: 230, toApproval: 230 });
    const events = await test.deps.db
      .select()
      .from(notificationEvents)
      .where(like(notificationEvents.key, `approval.waiting:products:${approved.storeId}:%`));
    expect(events).toHaveLength(1);
  }, 120_000);
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('catalogue applies at once on PostgreSQL', () => {
  it('three applies of the same file at once create each product once; the later ones find them unchanged', async () => {
    const test = await createTestApp();
    try {
      await test.deps.db.update(plans).set({ productLimit: null });
      const tree = await createCategoryTree(test);
      const merchant = await createMerchantWithStore(test);
      const lines = [
        'sku,name,category,price,quantity',
        ...Array.from(
          { length: 150 },
          (_, index) =>
            `RACE-${index},Race item ${index},${tree.category.name} > ${tree.subCategory.name},1500.00,3`,
        ),
      ];
      const form = () => multipart('file', 'race.csv', 'text/csv', Buffer.from(lines.join('\n')));
      const answers = await Promise.all(
        [1, 2, 3].map(() => {
          const body = form();
          return test.app.inject({
            ...requestOf(bulkCatalogEndpoints.apply),
            headers: { ...body.headers, ...bearer(merchant.token) },
            payload: body.payload,
            remoteAddress: nextIp(),
          });
        }),
      );
      const imports = await Promise.all(answers.map((answer) => appliedImport(test, merchant.token, answer)));
      expect(imports.map((item) => item.status)).toEqual(['done', 'done', 'done']);
      // Two workers may write batches of two imports side by side: each product is created by exactly one.
      expect(imports.reduce((sum, item) => sum + item.created, 0)).toBe(150);
      expect(imports.reduce((sum, item) => sum + item.created + item.unchanged, 0)).toBe(450);
      // A second runner (another server process) finds nothing left to take up.
      expect(await test.jobs.runCatalogImports()).toBe(0);
      const [row] = await test.deps.db
        .select({ n: count() })
        .from(products)
        .where(eq(products.storeId, merchant.storeId));
      expect(row!.n).toBe(150);
    } finally {
      await test.close();
    }
  }, 120_000);
});
