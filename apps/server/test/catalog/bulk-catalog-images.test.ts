import { bulkCatalogEndpoints } from '@market/contracts';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importImageUrls } from '../../src/modules/catalog/bulk-catalog.images.js';
import { readCatalogCsv } from '../../src/modules/catalog/bulk-catalog.rows.js';
import { catalogImageImports, products } from '../../src/modules/catalog/catalog.schema.js';
import { plans } from '../../src/modules/subscriptions/subscriptions.schema.js';
import { storedFiles } from '../../src/platform/storage/files.schema.js';
import type { TestMerchant } from '../support/catalog-factory.js';
import { appliedImport } from '../support/catalog-imports.js';
import { requestOf } from '../support/contract-requests.js';
import { localHttpsServer } from '../support/local-https.js';
import { pglite } from '../support/postgres-proofs.js';
import { multipart } from '../support/store-factory.js';
import { bearer, json, nextIp, type TestApp } from '../support/test-app.js';
import { world } from '../support/world.js';
import { zipOfFiles } from '../support/zip-builder.js';

// Product images by address in the spreadsheet (issue 35, ADR 077): the dry run refuses addresses the guarded
// fetcher would refuse; the apply fetches through it, stores through the image uploader's pipeline, and remembers
// each address per store so the same file again fetches and changes nothing.

let test: TestApp;
let merchant: TestMerchant;
let other: TestMerchant;
let path_: string;
let local: Awaited<ReturnType<typeof localHttpsServer>>;
let base: string;
let port: string;
let ca: string;
const hits = new Map<string, number>();

/** The test's https server is on loopback, which the public rule refuses: allowed for the direct calls only. */
const localFetch = () => ({
  maxBytes: 8 * 1024 * 1024,
  timeoutMs: 2_000,
  ca,
  extraPorts: [port],
  addressAllowed: (address: string) => address === '127.0.0.1',
});

beforeAll(async () => {
  const market = await world({ stores: 0, merchants: 2, customers: 0 });
  ({ test } = market);
  await test.deps.db.update(plans).set({ productLimit: null });
  const { tree } = market.setup;
  path_ = `${tree.category.name} > ${tree.subCategory.name}`;
  [merchant, other] = market.merchants;
  const photo = await sharp({ create: { width: 1000, height: 700, channels: 3, background: '#c2410c' } })
    .jpeg()
    .toBuffer();
  local = await localHttpsServer((request, response) => {
    hits.set(request.url ?? '', (hits.get(request.url ?? '') ?? 0) + 1);
    if (request.url?.startsWith('/photo')) return response.end(photo);
    if (request.url === '/not-an-image.jpg') return response.end('<html>hello</html>');
    response.writeHead(404).end();
  });
  ({ base, port, ca } = local);
});
afterAll(async () => {
  await local?.close();
  await test?.close();
});

function upload(token: string, what: 'preview' | 'apply', csv: string) {
  const form = multipart('file', 'catalogue.csv', 'text/csv', Buffer.from(csv));
  return test.app.inject({
    ...requestOf(bulkCatalogEndpoints[what]),
    headers: { ...form.headers, ...bearer(token) },
    payload: form.payload,
    remoteAddress: nextIp(),
  });
}
const sheet = (rows: string[]) => ['sku,name,category,price,quantity,images,image_urls', ...rows].join('\n');

pglite.describe('catalogue images by address', () => {
  it('the dry run reports refused addresses by row and column, and writes nothing', async () => {
    const response = await upload(
      merchant.token,
      'preview',
      sheet([
        `IMG-1,Kente stole,${path_},9000,3,,http://images.example.ng/kente.jpg`,
        `IMG-2,Kente stole,${path_},9000,3,,https://10.0.0.9/kente.jpg https://169.254.169.254/latest/meta-data/`,
        `IMG-3,Kente stole,${path_},9000,3,/media/images/x.webp,https://8.8.8.8/kente.jpg`,
      ]),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(json(response).data.problems).toEqual([
      {
        row: 2,
        column: 'image_urls',
        message: 'http://images.example.ng/kente.jpg: Only https addresses are fetched',
      },
      {
        row: 3,
        column: 'image_urls',
        message: 'https://10.0.0.9/kente.jpg: The address points to a private or reserved network',
      },
      {
        row: 3,
        column: 'image_urls',
        message:
          'https://169.254.169.254/latest/meta-data/: The address points to a private or reserved network',
      },
      { row: 4, column: 'images', message: 'Upload product images through the image uploader first' },
      { row: 4, column: 'image_urls', message: 'Fill images or image_urls, not both' },
    ]);
    const applied = await upload(
      merchant.token,
      'apply',
      sheet([`IMG-1,Kente stole,${path_},9000,3,,https://127.0.0.1/kente.jpg`]),
    );
    expect(applied.statusCode).toBe(422);
    expect(json(applied).details?.[0]).toMatchObject({ path: 'row 2: image_urls' });
    const written = await test.deps.db.select().from(products).where(eq(products.storeId, merchant.storeId));
    expect(written).toEqual([]);
  });

  it('fetches through the guard, stores through the image pipeline, and fetches an address once per store', async () => {
    const url = `${base}/photo.jpg`;
    const read = readCatalogCsv(Buffer.from(sheet([`IMG-9,Kente stole,${path_},9000,3,,${url}`])));
    const first = await importImageUrls(test.deps, merchant.storeId, merchant.id, read, localFetch());
    expect(first.problems).toEqual([]);
    const stored = read.file!.records[0]!.cells.images!;
    expect(stored).toMatch(/^\/media\/images\/[0-9a-f-]{36}-800\.webp$/);
    expect(hits.get('/photo.jpg')).toBe(1);

    // Through the API now: the address is known to this store, so the apply fetches nothing (the guard would
    // refuse loopback) and uses the stored copy; the same file again changes nothing.
    const csv = sheet([`IMG-9,Kente stole,${path_},9000,3,,${url}`]);
    await appliedImport(test, merchant.token, await upload(merchant.token, 'apply', csv));
    const [product] = await test.deps.db
      .select()
      .from(products)
      .where(and(eq(products.storeId, merchant.storeId), eq(products.sku, 'IMG-9')));
    expect(product!.hostedImages).toEqual([stored]);
    expect(
      await appliedImport(test, merchant.token, await upload(merchant.token, 'apply', csv)),
    ).toMatchObject({ created: 0, updated: 0, unchanged: 1 });
    expect(hits.get('/photo.jpg')).toBe(1);

    // Another store naming the same address gets no copy of this store's: its fetch goes through the guard.
    const theirs = await upload(other.token, 'apply', csv);
    expect(theirs.statusCode).toBe(422);
    expect(json(theirs).details?.[0]?.message).toMatch(
      /photo\.jpg: Only the usual https port \(443\) is allowed/,
    );
    const mappings = await test.deps.db
      .select()
      .from(catalogImageImports)
      .where(eq(catalogImageImports.storeId, other.storeId));
    expect(mappings).toEqual([]);
  });

  it('refuses a body that is not an image, by its content', async () => {
    const read = readCatalogCsv(
      Buffer.from(sheet([`IMG-10,Kente stole,${path_},9000,3,,${base}/not-an-image.jpg`])),
    );
    const result = await importImageUrls(test.deps, merchant.storeId, merchant.id, read, localFetch());
    expect(result.problems).toEqual([
      {
        row: 2,
        column: 'image_urls',
        message: `${base}/not-an-image.jpg: Upload a JPEG, PNG or WebP image`,
      },
    ]);
  });
});

/** The sheet in `file` and the images zip in `images`, as the browser's form sends them. */
function uploadWithZip(token: string, what: 'preview' | 'apply', csv: string, zip: Buffer) {
  const boundary = `----zip${Date.now()}`;
  const part = (field: string, filename: string, type: string, bytes: Buffer) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from('\r\n'),
  ];
  return test.app.inject({
    ...requestOf(bulkCatalogEndpoints[what]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...bearer(token) },
    payload: Buffer.concat([
      ...part('file', 'catalogue.csv', 'text/csv', Buffer.from(csv)),
      ...part('images', 'images.zip', 'application/zip', zip),
      Buffer.from(`--${boundary}--\r\n`),
    ]),
    remoteAddress: nextIp(),
  });
}

const photo = (colour: string, format: 'jpeg' | 'png' = 'jpeg') =>
  sharp({ create: { width: 300, height: 200, channels: 3, background: colour } })
    [format]()
    .toBuffer();
const filesOf = async (userId: string) =>
  (await test.deps.db.select().from(storedFiles).where(eq(storedFiles.ownerUserId, userId))).length;

pglite.describe('catalogue images as a zip named by SKU', () => {
  it('the dry run checks names and contents, by row, and stores nothing', async () => {
    const before = await filesOf(merchant.id);
    const zip = zipOfFiles([
      { name: 'notes.txt', data: Buffer.from('hello') },
      { name: 'NOPE.jpg', data: await photo('#111111') },
      { name: 'photos/ZIP-3.jpg', data: Buffer.from('<html>not a photo</html>') },
      { name: '__MACOSX/._ZIP-3.jpg', data: Buffer.from('resource fork') },
    ]);
    const response = await uploadWithZip(
      merchant.token,
      'preview',
      sheet([`ZIP-3,Aso oke cap,${path_},4000,5,,`]),
      zip,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(json(response).data.problems).toEqual([
      { row: 1, column: 'images', message: 'notes.txt: name images SKU.jpg, SKU-2.jpg (JPEG, PNG, WebP)' },
      { row: 1, column: 'images', message: 'NOPE.jpg: no product row in the file has this SKU' },
      { row: 2, column: 'images', message: 'ZIP-3.jpg: Upload a JPEG, PNG or WebP image' },
    ]);
    expect(await filesOf(merchant.id)).toBe(before);
  });

  it('applies images in the order of their names, and the same sheet and zip again change and store nothing', async () => {
    const zip = zipOfFiles([
      { name: 'ZIP-1-2.png', data: await photo('#15803d', 'png') },
      { name: 'ZIP-1.jpg', data: await photo('#1d4ed8') },
      { name: 'ZIP-2.jpg', data: await photo('#b91c1c') },
    ]);
    const csv = sheet([`ZIP-1,Aso oke cap,${path_},4000,5,,`, `ZIP-2,Aso oke fan,${path_},3000,5,,`]);
    await appliedImport(test, merchant.token, await uploadWithZip(merchant.token, 'apply', csv, zip));
    const rows = await test.deps.db.select().from(products).where(eq(products.storeId, merchant.storeId));
    const first = rows.find((row) => row.sku === 'ZIP-1')!;
    expect(first.hostedImages).toHaveLength(2);
    expect(rows.find((row) => row.sku === 'ZIP-2')!.hostedImages).toHaveLength(1);
    const mappings = await test.deps.db
      .select()
      .from(catalogImageImports)
      .where(eq(catalogImageImports.storeId, merchant.storeId));
    const bluePhoto = mappings.find((row) => first.hostedImages[0] === row.imageUrl);
    expect(bluePhoto?.sourceKey).toMatch(/^sha256:/);

    const stored = await filesOf(merchant.id);
    const again = await uploadWithZip(merchant.token, 'apply', csv, zip);
    expect(await appliedImport(test, merchant.token, again)).toMatchObject({
      created: 0,
      updated: 0,
      unchanged: 2,
    });
    expect(await filesOf(merchant.id)).toBe(stored);
  });

  it('refuses a zip bomb beside the sheet with a 422', async () => {
    const bomb = zipOfFiles([{ name: 'ZIP-1.jpg', data: Buffer.alloc(80 * 1024 * 1024), declaredSize: 10 }]);
    const response = await uploadWithZip(
      merchant.token,
      'apply',
      sheet([`ZIP-1,Aso oke cap,${path_},4000,5,,`]),
      bomb,
    );
    expect(response.statusCode).toBe(422);
    expect(json(response).message).toMatch(
      /The images zip was refused: The archive unpacks to more than 64 MB/,
    );
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('catalogue images at once on PostgreSQL', () => {
  it('three applies of one sheet and zip at once store each image once and create each product once', async () => {
    const zip = zipOfFiles([
      { name: 'RACE-IMG-1.jpg', data: await photo('#0f766e') },
      { name: 'RACE-IMG-2.jpg', data: await photo('#7c2d12') },
    ]);
    const csv = sheet([`RACE-IMG-1,Adire scarf,${path_},2500,4,,`, `RACE-IMG-2,Adire bag,${path_},8000,2,,`]);
    const answers = await Promise.all([1, 2, 3].map(() => uploadWithZip(other.token, 'apply', csv, zip)));
    const imports = await Promise.all(answers.map((answer) => appliedImport(test, other.token, answer)));
    expect(imports.reduce((sum, item) => sum + item.created, 0)).toBe(2);
    const mappings = await test.deps.db
      .select()
      .from(catalogImageImports)
      .where(eq(catalogImageImports.storeId, other.storeId));
    expect(mappings.filter((row) => row.sourceKey.startsWith('sha256:'))).toHaveLength(2);
    const rows = await test.deps.db.select().from(products).where(eq(products.storeId, other.storeId));
    const raced = rows.filter((row) => row.sku.startsWith('RACE-IMG-'));
    expect(raced).toHaveLength(2);
    // Every product points at the one stored copy its store remembers.
    for (const row of raced) expect(mappings.map((m) => m.imageUrl)).toContain(row.hostedImages[0]);
  }, 60_000);
});
