import { randomUUID } from 'node:crypto';
import {
  categoryEndpoints,
  customerProductEndpoints,
  featuredCollectionEndpoints,
  productAdminEndpoints,
  productEndpoints,
  systemEndpoints,
} from '@market/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../src/modules/catalog/catalog.schema.js';
import {
  refreshStoreProductsVisibility,
  renameStoreInProducts,
} from '../../src/modules/catalog/catalog.service.js';
import { stores } from '../../src/modules/stores/stores.schema.js';
import { requestOf, urlOf } from '../support/contract-requests.js';
import { multipart, pngBytes } from '../support/store-factory.js';
import {
  bearer,
  createAdmin,
  createConfirmedAccount,
  createPartner,
  createTestApp,
  json,
  login,
  nextIp,
  type TestApp,
} from '../support/test-app.js';

let test: TestApp;
let admin: { id: string; accessToken: string };
let tree: { category: string; subCategory: string; childCategory: string; otherCategory: string };

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, token?: string, payload?: unknown) =>
  test.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    payload: payload as object,
    remoteAddress: nextIp(),
  });

// ---------- factories ----------

/** Until store approval is in every test's path, a visible store is set straight on the table. */
async function setStoreVisible(storeId: string, visible: boolean) {
  await test.deps.db
    .update(stores)
    .set({ approvalStatus: 'approved', isVisible: visible, firstApproval: true, secondApproval: true })
    .where(eq(stores.id, storeId));
  await refreshStoreProductsVisibility(test.deps.db, storeId, visible);
}

async function createMerchant(options: { visible?: boolean; storeName?: string } = {}) {
  const storeName = options.storeName ?? `Mama Nkechi Fabrics ${randomUUID().slice(0, 6)}`;
  const account = await createConfirmedAccount(test, 'merchant', { storeName });
  const session = await login(test, 'merchant', account.email);
  const storeId = session.user.storeId as string;
  if (options.visible !== false) await setStoreVisible(storeId, true);
  return {
    id: session.user.id as string,
    email: account.email,
    token: session.accessToken,
    storeId,
    storeName,
    storeUrl: session.user.storeUrl as string,
  };
}
type Merchant = Awaited<ReturnType<typeof createMerchant>>;

async function createCategory(name: string, parentId?: string): Promise<string> {
  const response = await call('POST', urlOf(categoryEndpoints.create), admin.accessToken, { name, parentId });
  if (response.statusCode !== 201) throw new Error(response.body);
  return json(response).data.id;
}

let skuCounter = 0;
function productBody(overrides: Record<string, unknown> = {}) {
  skuCounter += 1;
  return {
    name: 'Ankara Maxi Dress',
    description: ['Hand-sewn in Aba from pure cotton Ankara.', 'Fits true to size.'],
    categoryId: tree.category,
    subCategoryId: tree.subCategory,
    childCategoryId: tree.childCategory,
    pricing: [{ costPrice: 8000, sellingPrice: 12500, price: 15000 }],
    quantity: 20,
    sku: `ANK-${skuCounter}-${randomUUID().slice(0, 4)}`,
    weight: 0.5,
    weightUnit: 'kg',
    dimension: { length: 30, width: 20, height: 5 },
    dimensionUnit: 'cm',
    whenSoldOut: 'show-sold-out',
    contSalesOutOfStock: false,
    stockAlertUnits: 5,
    IsDigitalProduct: false,
    variant: [
      { sku: `V-S-${skuCounter}`, size: 'S', color: 'Blue', discount: 0, quantity: 10 },
      { sku: `V-M-${skuCounter}`, size: 'M', color: 'Blue', discount: 500, quantity: 10 },
    ],
    variantProperties: [{ type: 'size', options: ['S', 'M'] }],
    ...overrides,
  };
}

async function createProduct(merchant: Merchant, overrides: Record<string, unknown> = {}) {
  const response = await call('POST', urlOf(productEndpoints.create), merchant.token, productBody(overrides));
  if (response.statusCode !== 201) throw new Error(response.body);
  return json(response).data as { id: string; sku: string; name: string; approvalStatus: string };
}

async function approve(merchant: Merchant, productId: string) {
  const response = await call('POST', urlOf(productAdminEndpoints.approve), admin.accessToken, {
    productId,
    merchantId: merchant.id,
  });
  if (response.statusCode !== 200) throw new Error(response.body);
  return json(response).data;
}

async function createApprovedProduct(merchant: Merchant, overrides: Record<string, unknown> = {}) {
  const product = await createProduct(merchant, overrides);
  await approve(merchant, product.id);
  return product;
}

const customerList = async (query: string) => {
  const response = await call('GET', `${urlOf(customerProductEndpoints.list)}?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return json(response).data as {
    data: { id: string; name: string; [key: string]: unknown }[];
    count: number;
  };
};
const ids = (items: { id: string }[]) => items.map((item) => item.id);

async function uploadImage(token: string) {
  const form = multipart('image', 'dress.png', 'image/png', await pngBytes(900, 600));
  const response = await test.app.inject({
    ...requestOf(productEndpoints.uploadImage),
    headers: { ...bearer(token), ...form.headers },
    payload: form.payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return json(response).data as { url: string; urls: Record<string, string> };
}

beforeAll(async () => {
  test = await createTestApp();
  admin = await createAdmin(test, 'admin');
  const category = await createCategory(`Fashion ${randomUUID().slice(0, 4)}`);
  const subCategory = await createCategory('Women', category);
  const childCategory = await createCategory('Dresses', subCategory);
  const otherCategory = await createCategory(`Electronics ${randomUUID().slice(0, 4)}`);
  tree = { category, subCategory, childCategory, otherCategory };
});
afterAll(() => test.close());

// ---------- categories ----------

describe('categories', () => {
  it('serves the three-level tree and each level on its own', async () => {
    const all = json(await call('GET', urlOf(categoryEndpoints.all))).data;
    const fashion = all.find((node: { id: string }) => node.id === tree.category);
    expect(fashion.subCategories[0]).toMatchObject({ id: tree.subCategory, name: 'Women' });
    expect(fashion.subCategories[0].childCategories[0]).toMatchObject({
      id: tree.childCategory,
      name: 'Dresses',
      subCategoryId: tree.subCategory,
      categoryId: tree.category,
    });
    expect(
      json(await call('GET', urlOf(categoryEndpoints.oneCategory, { params: { id: tree.category } }))).data
        .id,
    ).toBe(tree.category);
    const sub = json(
      await call('GET', urlOf(categoryEndpoints.oneSubCategory, { params: { id: tree.subCategory } })),
    ).data;
    expect(sub).toMatchObject({ id: tree.subCategory, categoryId: tree.category });
    expect(sub.childCategories).toHaveLength(1);
    const children = json(
      await call('GET', urlOf(categoryEndpoints.children, { params: { id: tree.subCategory } })),
    ).data;
    expect(ids(children)).toEqual([tree.childCategory]);
    const child = json(
      await call('GET', urlOf(categoryEndpoints.oneChildCategory, { params: { id: tree.childCategory } })),
    ).data;
    expect(child).toMatchObject({ subCategoryId: tree.subCategory, categoryId: tree.category });
    // A level asked for by the wrong endpoint is not found.
    expect(
      (await call('GET', urlOf(categoryEndpoints.oneCategory, { params: { id: tree.subCategory } })))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('GET', urlOf(categoryEndpoints.oneChildCategory, { params: { id: randomUUID() } })))
        .statusCode,
    ).toBe(404);
  });

  it('lets admins create, rename and reorder; refuses a fourth level, a duplicate and non-admins', async () => {
    const top = await createCategory(`Beauty ${randomUUID().slice(0, 4)}`);
    const sub = await createCategory('Skincare', top);
    const child = await createCategory('Shea Butter', sub);
    const tooDeep = await call('POST', urlOf(categoryEndpoints.create), admin.accessToken, {
      name: 'Deeper',
      parentId: child,
    });
    expect(tooDeep.statusCode).toBe(422);
    expect(json(tooDeep).details?.[0]?.path).toBe('parentId');
    const duplicate = await call('POST', urlOf(categoryEndpoints.create), admin.accessToken, {
      name: 'skincare',
      parentId: top,
    });
    expect(duplicate.statusCode).toBe(409);
    const renamed = await call(
      'PATCH',
      urlOf(categoryEndpoints.edit, { params: { id: sub } }),
      admin.accessToken,
      {
        name: 'Skin Care',
        position: 3,
      },
    );
    expect(renamed.statusCode).toBe(200);
    expect(json(renamed).data).toMatchObject({ name: 'Skin Care', slug: 'skin-care', position: 3, level: 2 });
    const blank = await call('POST', urlOf(categoryEndpoints.create), admin.accessToken, { name: '  ' });
    expect(blank.statusCode).toBe(422);
    expect(json(blank).details?.[0]).toMatchObject({ path: 'name', message: 'Name is required' });

    const merchant = await createMerchant({ visible: false });
    const dispatcher = await createAdmin(test, 'dispatcher');
    expect(
      (await call('POST', urlOf(categoryEndpoints.create), merchant.token, { name: 'X' })).statusCode,
    ).toBe(403);
    expect(
      (await call('POST', urlOf(categoryEndpoints.create), dispatcher.accessToken, { name: 'X' })).statusCode,
    ).toBe(403);
    expect(
      (await call('DELETE', urlOf(categoryEndpoints.retire, { params: { id: top } }), merchant.token))
        .statusCode,
    ).toBe(403);
    expect((await call('POST', urlOf(categoryEndpoints.create), undefined, { name: 'X' })).statusCode).toBe(
      401,
    );
  });

  it('refuses to retire a category with products (409) and hides a retired one from customers', async () => {
    const top = await createCategory(`Groceries ${randomUUID().slice(0, 4)}`);
    const sub = await createCategory('Grains', top);
    const merchant = await createMerchant();
    const product = await createProduct(merchant, {
      categoryId: top,
      subCategoryId: sub,
      childCategoryId: null,
    });
    const refused = await call(
      'DELETE',
      urlOf(categoryEndpoints.retire, { params: { id: sub } }),
      admin.accessToken,
    );
    expect(refused.statusCode).toBe(409);
    expect(json(refused).message).toContain('1 product');
    await test.deps.db.delete(products).where(eq(products.id, product.id));
    expect(
      (await call('DELETE', urlOf(categoryEndpoints.retire, { params: { id: top } }), admin.accessToken))
        .statusCode,
    ).toBe(200);
    const all = json(await call('GET', urlOf(categoryEndpoints.all))).data;
    expect(ids(all)).not.toContain(top);
    expect(
      (await call('GET', urlOf(categoryEndpoints.oneSubCategory, { params: { id: sub } }))).statusCode,
    ).toBe(404);
    // A retired category cannot take new products.
    const create = await call(
      'POST',
      urlOf(productEndpoints.create),
      merchant.token,
      productBody({
        categoryId: top,
        subCategoryId: null,
        childCategoryId: null,
      }),
    );
    expect(create.statusCode).toBe(422);
    expect(json(create).details?.[0]?.path).toBe('categoryId');
  });

  it('ranks top categories by visible products and renames flow into search', async () => {
    const top = await createCategory(`Kitchen ${randomUUID().slice(0, 4)}`);
    const merchant = await createMerchant();
    for (let i = 0; i < 3; i++) {
      await createApprovedProduct(merchant, {
        name: `Pot ${i}`,
        categoryId: top,
        subCategoryId: null,
        childCategoryId: null,
      });
    }
    const ranked = json(await call('GET', urlOf(categoryEndpoints.top, { query: { limit: 50 } }))).data;
    const kitchen = ranked.find((row: { id: string }) => row.id === top);
    expect(kitchen.productCount).toBe(3);
    expect(ranked[0].productCount).toBeGreaterThanOrEqual(3);
    await call('PATCH', urlOf(categoryEndpoints.edit, { params: { id: top } }), admin.accessToken, {
      name: 'Cookware Zobozoba',
    });
    const found = await customerList('search=zobozoba');
    expect(found.count).toBe(3);
  });
});

// ---------- merchant products ----------

describe('merchant products', () => {
  let merchant: Merchant;
  beforeAll(async () => {
    merchant = await createMerchant();
  });

  it('creates a pending product with every field, in naira with kobo inside', async () => {
    const image = await uploadImage(merchant.token);
    const response = await call(
      'POST',
      urlOf(productEndpoints.create),
      merchant.token,
      productBody({
        hostedImages: [image.url],
        pricing: [{ costPrice: 8000.5, sellingPrice: 12500.75, price: 15000 }],
      }),
    );
    expect(response.statusCode).toBe(201);
    const body = json(response);
    expect(body.message).toBe('Successfully created/edited product');
    expect(body.data).toMatchObject({
      approvalStatus: 'pending',
      isVisible: false,
      storeId: merchant.storeId,
      storeName: merchant.storeName,
      storeUrl: merchant.storeUrl,
      category: expect.stringContaining('Fashion'),
      subCategory: 'Women',
      childCategory: 'Dresses',
      pricing: [{ costPrice: 8000.5, sellingPrice: 12500.75, price: 15000 }],
      discountPercentage: 16,
      weight: 0.5,
      dimension: { length: 30, width: 20, height: 5 },
      IsDigitalProduct: false,
      hostedImages: [image.url],
      stockStatus: 'in',
    });
    expect(body.data.variant[1]).toMatchObject({ size: 'M', discount: 500, quantity: 10 });
    const [row] = await test.deps.db.select().from(products).where(eq(products.id, body.data.id));
    expect(row).toMatchObject({ costPriceKobo: 800050, sellingPriceKobo: 1250075, priceKobo: 1500000 });
  });

  it('answers 422 with details for bad fields and prices', async () => {
    const missing = await call(
      'POST',
      urlOf(productEndpoints.create),
      merchant.token,
      productBody({ name: '' }),
    );
    expect(missing.statusCode).toBe(422);
    expect(json(missing).details?.[0]).toMatchObject({ path: 'name', message: 'Product name is required' });
    const tooPrecise = await call(
      'POST',
      urlOf(productEndpoints.create),
      merchant.token,
      productBody({ pricing: [{ costPrice: 1, sellingPrice: 10.555, price: 20 }] }),
    );
    expect(tooPrecise.statusCode).toBe(422);
    expect(json(tooPrecise).details?.[0]?.path).toBe('pricing.0.sellingPrice');
    const aboveRegular = await call(
      'POST',
      urlOf(productEndpoints.create),
      merchant.token,
      productBody({ pricing: [{ costPrice: 1, sellingPrice: 30, price: 20 }] }),
    );
    expect(json(aboveRegular).details?.[0]?.message).toBe('Selling price cannot be above the regular price');
    const negative = await call(
      'POST',
      urlOf(productEndpoints.create),
      merchant.token,
      productBody({ quantity: -1 }),
    );
    expect(negative.statusCode).toBe(422);
    const wrongBranch = await call(
      'POST',
      urlOf(productEndpoints.create),
      merchant.token,
      productBody({ subCategoryId: tree.subCategory, categoryId: tree.otherCategory }),
    );
    expect(wrongBranch.statusCode).toBe(422);
    expect(json(wrongBranch).details?.[0]?.path).toBe('subCategoryId');
  });

  it('keeps SKUs unique per store (409) but not across stores', async () => {
    const first = await createProduct(merchant, { sku: 'ADIRE-001' });
    const again = await call(
      'POST',
      urlOf(productEndpoints.create),
      merchant.token,
      productBody({ sku: 'ADIRE-001' }),
    );
    expect(again.statusCode).toBe(409);
    expect(json(again).error).toBe('CONFLICT');
    const other = await createMerchant();
    expect((await createProduct(other, { sku: 'ADIRE-001' })).sku).toBe('ADIRE-001');
    const second = await createProduct(merchant, { sku: 'ADIRE-002' });
    const clash = await call(
      'PATCH',
      urlOf(productEndpoints.edit, { params: { id: second.id } }),
      merchant.token,
      { sku: first.sku },
    );
    expect(clash.statusCode).toBe(409);
  });

  it('accepts only images this account uploaded', async () => {
    const stranger = await createMerchant({ visible: false });
    const theirs = await uploadImage(stranger.token);
    const borrowed = await call(
      'POST',
      urlOf(productEndpoints.create),
      merchant.token,
      productBody({ hostedImages: [theirs.url] }),
    );
    expect(borrowed.statusCode).toBe(422);
    expect(json(borrowed).details?.[0]?.path).toBe('hostedImages');
    const invented = await call(
      'POST',
      urlOf(productEndpoints.create),
      merchant.token,
      productBody({ hostedImages: ['https://evil.example/x.jpg'] }),
    );
    expect(invented.statusCode).toBe(422);
  });

  it('uploads real images as WebP sizes and refuses a file that lies about its type', async () => {
    const image = await uploadImage(merchant.token);
    expect(Object.keys(image.urls).sort()).toEqual(['1200', '160', '400', '800']);
    const served = await test.app.inject({ method: 'GET', url: image.urls['400']! });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toContain('image/webp');
    expect(served.headers['cache-control']).toContain('max-age=31536000');

    const lie = multipart('image', 'photo.jpg', 'image/jpeg', Buffer.from('this is plain text, not a JPEG'));
    const refused = await test.app.inject({
      ...requestOf(productEndpoints.uploadImage),
      headers: { ...bearer(merchant.token), ...lie.headers },
      payload: lie.payload,
    });
    expect(refused.statusCode).toBe(422);
    expect(json(refused).error).toBe('VALIDATION_ERROR');
    const customer = await createConfirmedAccount(test, 'customer');
    const session = await login(test, 'customer', customer.email);
    const form = multipart('image', 'a.png', 'image/png', await pngBytes());
    const forbidden = await test.app.inject({
      ...requestOf(productEndpoints.uploadImage),
      headers: { ...bearer(session.accessToken), ...form.headers },
      payload: form.payload,
    });
    expect(forbidden.statusCode).toBe(403);
    const notMultipart = await call('POST', urlOf(productEndpoints.uploadImage), merchant.token, {
      image: 'x',
    });
    expect([415, 422]).toContain(notMultipart.statusCode);
  });

  it("hides another store's product from a merchant (404) on every call", async () => {
    const other = await createMerchant();
    const theirs = await createProduct(other);
    expect(
      (
        await call('PATCH', urlOf(productEndpoints.edit, { params: { id: theirs.id } }), merchant.token, {
          name: 'Mine now',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await call('GET', urlOf(productEndpoints.mineOne, { params: { id: theirs.id } }), merchant.token))
        .statusCode,
    ).toBe(404);
    const inventory = await call('PATCH', urlOf(productEndpoints.updateInventory), merchant.token, {
      productId: theirs.id,
      quantity: 0,
    });
    expect(inventory.statusCode).toBe(404);
    expect(
      (await call('GET', urlOf(productEndpoints.mineOne, { params: { id: theirs.id } }), other.token))
        .statusCode,
    ).toBe(200);
  });

  it('sends an approved product back to pending on a content edit, but not on a stock update', async () => {
    const product = await createApprovedProduct(merchant, { name: 'Aso Oke Cap' });
    const stock = await call('PATCH', urlOf(productEndpoints.updateInventory), merchant.token, {
      productId: product.id,
      quantity: 3,
      variants: [{ sku: `V-S-${skuCounter}`, quantity: 1 }],
    });
    expect(stock.statusCode).toBe(200);
    expect(json(stock).message).toBe('Product updated successfully');
    expect(json(stock).data).toMatchObject({ approvalStatus: 'approved', quantity: 3, stockStatus: 'low' });
    expect(json(stock).data.variant[0].quantity).toBe(1);
    const unknownVariant = await call('PATCH', urlOf(productEndpoints.updateInventory), merchant.token, {
      productId: product.id,
      variants: [{ sku: 'NOPE', quantity: 1 }],
    });
    expect(unknownVariant.statusCode).toBe(422);

    const restock = await call(
      'PATCH',
      urlOf(productEndpoints.edit, { params: { id: product.id } }),
      merchant.token,
      { quantity: 40 },
    );
    expect(json(restock).data.approvalStatus).toBe('approved');
    const renamed = await call(
      'PATCH',
      urlOf(productEndpoints.edit, { params: { id: product.id } }),
      merchant.token,
      {
        name: 'Aso Oke Fila',
      },
    );
    expect(renamed.statusCode).toBe(200);
    expect(json(renamed).data).toMatchObject({
      approvalStatus: 'pending',
      isVisible: false,
      name: 'Aso Oke Fila',
    });
    expect(
      (await call('GET', urlOf(customerProductEndpoints.one, { params: { id: product.id } }))).statusCode,
    ).toBe(404);
    const empty = await call(
      'PATCH',
      urlOf(productEndpoints.edit, { params: { id: product.id } }),
      merchant.token,
      {},
    );
    expect(empty.statusCode).toBe(422);
  });

  it('lists own products with search, status and stock filters, a low-stock list and one product', async () => {
    const own = await createMerchant();
    const plenty = await createProduct(own, { name: 'Zobo Drink Mix', quantity: 50 });
    const low = await createApprovedProduct(own, { name: 'Kilishi Pack', quantity: 2, stockAlertUnits: 5 });
    const out = await createProduct(own, { name: 'Garri Ijebu', quantity: 0 });
    const list = async (query: string) => {
      const response = await call('GET', `${urlOf(productEndpoints.mine)}?${query}`, own.token);
      expect(response.statusCode, response.body).toBe(200);
      return json(response).data;
    };
    const all = await list('');
    expect(all.pagination).toMatchObject({ page: 1, limit: 12, totalItems: 3 });
    expect(ids((await list('search=kilishi')).products)).toEqual([low.id]);
    expect(ids((await list('status=approved')).products)).toEqual([low.id]);
    expect(ids((await list('stock=out')).products)).toEqual([out.id]);
    expect(ids((await list('stock=low')).products)).toEqual([low.id]);
    expect(ids((await list('stock=in')).products)).toEqual([plenty.id]);
    expect((await list('limit=1&page=2')).products).toHaveLength(1);
    expect(
      (await call('GET', urlOf(productEndpoints.mine, { query: { status: 'unknown' } }), own.token))
        .statusCode,
    ).toBe(422);
    const lowStock = json(await call('GET', urlOf(productEndpoints.lowStock), own.token)).data;
    expect(ids(lowStock)).toEqual([out.id, low.id]);
    const one = json(
      await call('GET', urlOf(productEndpoints.mineOne, { params: { id: low.id } }), own.token),
    ).data;
    expect(one.pricing[0].costPrice).toBe(8000);
  });
});

// ---------- admin ----------

describe('admin product approval', () => {
  it('lists with metrics, filters and the default page of 12', async () => {
    const merchant = await createMerchant();
    const approved = await createApprovedProduct(merchant, { name: 'Oja Tote Bag' });
    const pending = await createProduct(merchant, { name: 'Oja Purse' });
    const response = await call(
      'GET',
      urlOf(productAdminEndpoints.list, { query: { storeId: merchant.storeId } }),
      admin.accessToken,
    );
    expect(response.statusCode).toBe(200);
    const data = json(response).data;
    expect(data.pagination).toMatchObject({ page: 1, limit: 12, totalItems: 2 });
    expect(data.metrics).toEqual({ approved: 1, pending: 1, rejected: 0 });
    const onlyPending = json(
      await call(
        'GET',
        urlOf(productAdminEndpoints.list, { query: { merchantId: merchant.id, approvalStatus: 'pending' } }),
        admin.accessToken,
      ),
    ).data;
    expect(ids(onlyPending.products)).toEqual([pending.id]);
    expect(onlyPending.metrics).toEqual({ approved: 1, pending: 1, rejected: 0 });
    const searched = json(
      await call(
        'GET',
        urlOf(productAdminEndpoints.list, { query: { search: 'tote', storeId: merchant.storeId } }),
        admin.accessToken,
      ),
    ).data;
    expect(ids(searched.products)).toEqual([approved.id]);
    const everything = json(await call('GET', urlOf(productAdminEndpoints.list), admin.accessToken)).data;
    expect(everything.products.length).toBeLessThanOrEqual(12);
  });

  it('approves with the matching merchant only, and rejects with a reason mailed to the merchant', async () => {
    const merchant = await createMerchant();
    const product = await createProduct(merchant, { name: 'Akara Mix' });
    const wrongPair = await call('POST', urlOf(productAdminEndpoints.approve), admin.accessToken, {
      productId: product.id,
      merchantId: randomUUID(),
    });
    expect(wrongPair.statusCode).toBe(404);
    const approved = await approve(merchant, product.id);
    expect(approved).toMatchObject({ approvalStatus: 'approved', isVisible: true });
    // An approval is mailed too, as the preferences page says ("E-mail: always sent"), naming when it shows.
    const approvalMail = json(
      await test.app.inject(requestOf(systemEndpoints.outbox, { query: { to: merchant.email, limit: 1 } })),
    ).data[0];
    expect(approvalMail.subject).toBe('Your product "Akara Mix" is approved');
    expect(approvalMail.text).toContain('Customers can find it in your store now.');

    const rejected = await call('POST', urlOf(productAdminEndpoints.reject), admin.accessToken, {
      productId: product.id,
      merchantId: merchant.id,
      reason: 'The photos show a different product.',
    });
    expect(rejected.statusCode).toBe(200);
    expect(json(rejected).data).toMatchObject({
      approvalStatus: 'rejected',
      isVisible: false,
      rejectionReason: 'The photos show a different product.',
    });
    const outbox = json(
      await test.app.inject(requestOf(systemEndpoints.outbox, { query: { to: merchant.email, limit: 1 } })),
    ).data;
    expect(outbox[0].subject).toContain('Akara Mix');
    expect(outbox[0].text).toContain('The photos show a different product.');
    expect(
      (await call('GET', urlOf(customerProductEndpoints.one, { params: { id: product.id } }))).statusCode,
    ).toBe(404);
    // Editing a rejected product resubmits it.
    const resubmitted = await call(
      'PATCH',
      urlOf(productEndpoints.edit, { params: { id: product.id } }),
      merchant.token,
      {
        hostedImages: [(await uploadImage(merchant.token)).url],
      },
    );
    expect(json(resubmitted).data.approvalStatus).toBe('pending');
  });

  it('lets an admin list a product for a store, approved at once', async () => {
    const merchant = await createMerchant();
    const image = await uploadImage(admin.accessToken);
    const response = await call(
      'POST',
      urlOf(productAdminEndpoints.addProduct),
      admin.accessToken,
      productBody({ storeId: merchant.storeId, name: 'Official Suya Spice', hostedImages: [image.url] }),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(json(response).data).toMatchObject({
      approvalStatus: 'approved',
      isVisible: true,
      storeId: merchant.storeId,
    });
    const unknownStore = await call(
      'POST',
      urlOf(productAdminEndpoints.addProduct),
      admin.accessToken,
      productBody({ storeId: randomUUID() }),
    );
    expect(unknownStore.statusCode).toBe(422);
    // The merchant may still edit it: keeping the admin's image is allowed.
    const edit = await call(
      'PATCH',
      urlOf(productEndpoints.edit, { params: { id: json(response).data.id } }),
      merchant.token,
      {
        hostedImages: [image.url],
        quantity: 7,
      },
    );
    expect(edit.statusCode).toBe(200);
  });

  it('keeps customers, merchants, partners, dispatchers and schedulers out of admin endpoints', async () => {
    const merchant = await createMerchant({ visible: false });
    const customer = await createConfirmedAccount(test, 'customer');
    const customerToken = (await login(test, 'customer', customer.email)).accessToken;
    const partner = await createPartner(test);
    const dispatcher = await createAdmin(test, 'dispatcher');
    const scheduler = await createAdmin(test, 'scheduler');
    const superadmin = await createAdmin(test, 'superadmin');
    const adminCalls: [Method, string, unknown?][] = [
      ['GET', urlOf(productAdminEndpoints.list)],
      ['POST', urlOf(productAdminEndpoints.approve), { productId: randomUUID(), merchantId: randomUUID() }],
      ['POST', urlOf(productAdminEndpoints.reject), { productId: randomUUID(), reason: 'x' }],
      ['POST', urlOf(productAdminEndpoints.addProduct), productBody({ storeId: merchant.storeId })],
      ['POST', urlOf(productAdminEndpoints.createPromotion), { name: 'x' }],
      ['GET', urlOf(productAdminEndpoints.promotions)],
      [
        'POST',
        urlOf(productAdminEndpoints.addPromotionProducts),
        { promotionId: randomUUID(), productIds: [randomUUID()] },
      ],
      ['POST', urlOf(productAdminEndpoints.addOfficialOutlet), { storeId: merchant.storeId }],
      ['DELETE', urlOf(productAdminEndpoints.deleteOfficialOutlet, { params: { id: randomUUID() } })],
      ['DELETE', urlOf(productAdminEndpoints.deletePromotionProduct, { params: { promoId: randomUUID() } })],
      ['DELETE', urlOf(productAdminEndpoints.deletePromotion, { params: { promoId: randomUUID() } })],
      ['GET', urlOf(productAdminEndpoints.officialOutlets)],
    ];
    for (const [method, url, payload] of adminCalls) {
      for (const token of [
        customerToken,
        merchant.token,
        partner.accessToken,
        dispatcher.accessToken,
        scheduler.accessToken,
      ]) {
        const response = await call(method, url, token, payload);
        expect(response.statusCode, `${method} ${url}`).toBe(403);
      }
      expect((await call(method, url, undefined, payload)).statusCode, `${method} ${url}`).toBe(401);
    }
    const asSuper = await call('GET', urlOf(productAdminEndpoints.officialOutlets), superadmin.accessToken);
    expect(asSuper.statusCode).toBe(200);
  });
});

// ---------- customers ----------

describe('customers find products', () => {
  let shop: Merchant;
  let hidden: Merchant;
  const made: Record<string, string> = {};
  const tag = randomUUID().slice(0, 6);

  beforeAll(async () => {
    shop = await createMerchant({ storeName: `Balogun Wears ${tag}` });
    hidden = await createMerchant({ visible: false, storeName: `Hidden Wears ${tag}` });
    const make = async (
      key: string,
      merchant: Merchant,
      overrides: Record<string, unknown>,
      approveIt = true,
    ) => {
      const product = approveIt
        ? await createApprovedProduct(merchant, overrides)
        : await createProduct(merchant, overrides);
      made[key] = product.id;
    };
    await make('dress', shop, {
      name: `Ankara Dress ${tag}`,
      pricing: [{ costPrice: 5000, sellingPrice: 9000, price: 18000 }],
      quantity: 5,
    });
    await make('shirt', shop, {
      name: `Adire Shirt ${tag}`,
      description: [`Indigo tie-dye from Abeokuta ${tag}`],
      pricing: [{ costPrice: 3000, sellingPrice: 4000, price: 5000 }],
      categoryId: tree.otherCategory,
      subCategoryId: null,
      childCategoryId: null,
      quantity: 0,
    });
    await make('cap', shop, {
      name: `Fila Cap ${tag}`,
      pricing: [{ costPrice: 1000, sellingPrice: 2500, price: 2500 }],
      quantity: 12,
    });
    await make('pending', shop, { name: `Pending Gown ${tag}` }, false);
    await make('invisibleStore', hidden, { name: `Hidden Store Gown ${tag}` });
    await make('soldOutHidden', shop, { name: `Sold Out Wrapper ${tag}`, quantity: 0, whenSoldOut: 'hide' });
    const rejected = await createProduct(shop, { name: `Rejected Gown ${tag}` });
    await call('POST', urlOf(productAdminEndpoints.reject), admin.accessToken, {
      productId: rejected.id,
      reason: 'Blurry photos',
    });
    made.rejected = rejected.id;
  });

  it('shows only approved products of visible stores, with store links and never the cost price', async () => {
    const result = await customerList(`search=${tag}`);
    expect(ids(result.data).sort()).toEqual([made.dress, made.shirt, made.cap].sort());
    expect(result.count).toBe(3);
    const dress = result.data.find((item) => item.id === made.dress)!;
    expect(dress).toMatchObject({
      storeName: shop.storeName,
      storeUrl: shop.storeUrl,
      discountPercentage: 50,
    });
    expect(dress.pricing).toEqual([{ sellingPrice: 9000, price: 18000 }]);
    expect(JSON.stringify(result)).not.toContain('costPrice');
    expect(dress).not.toHaveProperty('approvalStatus');
    for (const key of ['pending', 'rejected', 'invisibleStore', 'soldOutHidden']) {
      expect(
        (await call('GET', urlOf(customerProductEndpoints.one, { params: { id: made[key]! } }))).statusCode,
        key,
      ).toBe(404);
    }
    const one = json(
      await call('GET', urlOf(customerProductEndpoints.one, { params: { id: made.dress! } })),
    ).data;
    expect(one).not.toHaveProperty('costPrice');
    expect(JSON.stringify(one)).not.toContain('costPrice');
  });

  it('follows the store: hiding it hides its products, showing it brings them back', async () => {
    await setStoreVisible(shop.storeId, false);
    expect((await customerList(`search=${tag}`)).count).toBe(0);
    await setStoreVisible(shop.storeId, true);
    expect((await customerList(`search=${tag}`)).count).toBe(3);
    await setStoreVisible(hidden.storeId, true);
    expect(ids((await customerList(`search=${tag}`)).data)).toContain(made.invisibleStore);
    await setStoreVisible(hidden.storeId, false);
  });

  it('searches name, description, category and store across word forms and case', async () => {
    expect(ids((await customerList(`search=${encodeURIComponent(`CAPS ${tag}`)}`)).data)).toEqual([made.cap]);
    expect(ids((await customerList(`search=${encodeURIComponent(`abeokuta ${tag}`)}`)).data)).toEqual([
      made.shirt,
    ]);
    expect(ids((await customerList(`search=${encodeURIComponent(`balogun fila ${tag}`)}`)).data)).toEqual([
      made.cap,
    ]);
    const byCategory = await customerList(`search=${encodeURIComponent(`women ${tag}`)}`);
    expect(ids(byCategory.data).sort()).toEqual([made.dress, made.cap].sort());
  });

  it('filters by category level, price (naira), stock and sorts', async () => {
    const inChild = await customerList(`childCategoryId=${tree.childCategory}&search=${tag}`);
    expect(ids(inChild.data).sort()).toEqual([made.dress, made.cap].sort());
    const inOther = await customerList(`categoryId=${tree.otherCategory}&search=${tag}`);
    expect(ids(inOther.data)).toEqual([made.shirt]);
    expect(
      ids((await customerList(`subCategoryId=${tree.subCategory}&search=${tag}&sortBy=price_asc`)).data),
    ).toEqual([made.cap, made.dress]);
    const priced = await customerList(`search=${tag}&minPrice=2500&maxPrice=4000.50&sortBy=price_desc`);
    expect(ids(priced.data)).toEqual([made.shirt, made.cap]);
    expect(ids((await customerList(`search=${tag}&inStock=true&sortBy=price_asc`)).data)).toEqual([
      made.cap,
      made.dress,
    ]);
    expect(ids((await customerList(`search=${tag}&inStock=false`)).data)).toEqual([made.shirt]);
    expect(ids((await customerList(`search=${tag}&sortBy=newest`)).data)).toEqual([
      made.cap,
      made.shirt,
      made.dress,
    ]);
    for (const sort of ['best_selling', 'top_rated']) {
      expect((await customerList(`search=${tag}&sortBy=${sort}`)).count).toBe(3);
    }
    const paged = await customerList(`search=${tag}&limit=1&offset=1&sortBy=price_asc`);
    expect(paged).toMatchObject({ count: 3 });
    expect(ids(paged.data)).toEqual([made.shirt]);
  });

  it('answers 422 for prices and pages out of bounds', async () => {
    for (const query of [
      'minPrice=5000&maxPrice=100',
      'limit=0',
      'limit=101',
      'offset=-1',
      'offset=10001',
      'minPrice=-5',
      'minPrice=10.555',
      'maxPrice=abc',
      'sortBy=cheapest',
      'categoryId=not-a-uuid',
      'inStock=maybe',
    ]) {
      const response = await call('GET', `${urlOf(customerProductEndpoints.list)}?${query}`);
      expect(response.statusCode, query).toBe(422);
      expect(json(response).details?.[0]?.path, query).toMatch(/^query\./);
    }
    const bounds = await call(
      'GET',
      urlOf(customerProductEndpoints.list, { query: { minPrice: '5000', maxPrice: '100' } }),
    );
    expect(json(bounds).details?.[0]).toMatchObject({
      path: 'query.minPrice',
      message: 'Minimum price cannot be above the maximum price',
    });
    const defaults = await customerList('');
    expect(defaults.data.length).toBeLessThanOrEqual(20);
  });

  it('hides a sold-out product set to hide until it is restocked', async () => {
    const merchant = await createMerchant();
    const product = await createApprovedProduct(merchant, {
      name: `Restock Wrapper ${tag}`,
      quantity: 1,
      whenSoldOut: 'hide',
    });
    expect(
      (await call('GET', urlOf(customerProductEndpoints.one, { params: { id: product.id } }))).statusCode,
    ).toBe(200);
    const soldOut = await call('PATCH', urlOf(productEndpoints.updateInventory), merchant.token, {
      productId: product.id,
      quantity: 0,
    });
    expect(json(soldOut).data).toMatchObject({
      approvalStatus: 'approved',
      isVisible: false,
      stockStatus: 'out',
    });
    expect(
      (await call('GET', urlOf(customerProductEndpoints.one, { params: { id: product.id } }))).statusCode,
    ).toBe(404);
    await call('PATCH', urlOf(productEndpoints.updateInventory), merchant.token, {
      productId: product.id,
      quantity: 9,
    });
    expect(
      (await call('GET', urlOf(customerProductEndpoints.one, { params: { id: product.id } }))).statusCode,
    ).toBe(200);
  });

  it('keeps the store name searchable after the stores module renames a store', async () => {
    const merchant = await createMerchant();
    const product = await createApprovedProduct(merchant, { name: 'Plain Tote' });
    const newName = `Ezinne Leatherworks ${tag}`;
    await test.deps.db.update(stores).set({ storeName: newName }).where(eq(stores.id, merchant.storeId));
    await renameStoreInProducts(test.deps.db, merchant.storeId, newName);
    const found = await customerList(`search=${encodeURIComponent(`ezinne ${tag}`)}`);
    expect(ids(found.data)).toEqual([product.id]);
    expect(found.data[0]!.storeName).toBe(newName);
  });

  it('reads several products at once and a store catalog by id or name', async () => {
    const several = await call('POST', urlOf(customerProductEndpoints.several), undefined, {
      ids: [made.cap, made.pending, made.dress, randomUUID()],
    });
    expect(ids(json(several).data)).toEqual([made.cap, made.dress]);
    const tooMany = await call('POST', urlOf(customerProductEndpoints.several), undefined, {
      ids: Array.from({ length: 101 }, () => randomUUID()),
    });
    expect(tooMany.statusCode).toBe(422);
    const byId = json(
      await call('GET', urlOf(customerProductEndpoints.storeCatalog, { query: { storeId: shop.storeId } })),
    ).data;
    expect(byId.count).toBe(3);
    const byName = json(
      await call(
        'GET',
        urlOf(customerProductEndpoints.storeCatalog, {
          query: { storeName: shop.storeName.toUpperCase(), limit: 2 },
        }),
      ),
    ).data;
    expect(byName.count).toBe(3);
    expect(byName.data).toHaveLength(2);
    expect(
      (
        await call(
          'GET',
          urlOf(customerProductEndpoints.storeCatalog, { query: { storeId: hidden.storeId } }),
        )
      ).statusCode,
    ).toBe(404);
    expect((await call('GET', urlOf(customerProductEndpoints.storeCatalog))).statusCode).toBe(422);
  });
});

// ---------- rails ----------

describe('deals and rails from real data', () => {
  let merchant: Merchant;
  const deal: Record<string, string> = {};
  beforeAll(async () => {
    merchant = await createMerchant();
    const priced = (selling: number, price: number) => ({
      pricing: [{ costPrice: 100, sellingPrice: selling, price }],
    });
    deal.half = (
      await createApprovedProduct(merchant, { name: 'Half Off Kettle', ...priced(5000, 10000) })
    ).id;
    deal.seventy = (
      await createApprovedProduct(merchant, { name: 'Seventy Off Iron', ...priced(3000, 10000) })
    ).id;
    deal.ten = (await createApprovedProduct(merchant, { name: 'Ten Off Fan', ...priced(9000, 10000) })).id;
    deal.none = (
      await createApprovedProduct(merchant, { name: 'Full Price Radio', ...priced(10000, 10000) })
    ).id;
    deal.pendingBig = (
      await createProduct(merchant, { name: 'Pending Ninety Off', ...priced(1000, 10000) })
    ).id;
  });

  const rail = async (url: string) => {
    const response = await call('GET', url);
    expect(response.statusCode, response.body).toBe(200);
    return json(response).data;
  };

  it('super deals order by discount; super-discounted offers need 40 % or more', async () => {
    const superDeals = ids(await rail(urlOf(customerProductEndpoints.superDeals, { query: { limit: 50 } })));
    expect(superDeals.indexOf(deal.seventy!)).toBeLessThan(superDeals.indexOf(deal.half!));
    expect(superDeals.indexOf(deal.half!)).toBeLessThan(superDeals.indexOf(deal.ten!));
    expect(superDeals).not.toContain(deal.none);
    expect(superDeals).not.toContain(deal.pendingBig);
    const offers = ids(
      await rail(urlOf(customerProductEndpoints.superDiscountedOffer, { query: { limit: 50 } })),
    );
    expect(offers).toContain(deal.half);
    expect(offers).toContain(deal.seventy);
    expect(offers).not.toContain(deal.ten);
  });

  it('daily discount offer is discounted only and stable within the day', async () => {
    const first = ids(
      await rail(urlOf(customerProductEndpoints.dailyDiscountOffer, { query: { limit: 50 } })),
    );
    const second = ids(
      await rail(urlOf(customerProductEndpoints.dailyDiscountOffer, { query: { limit: 50 } })),
    );
    expect(first).toEqual(second);
    expect(first).toContain(deal.ten);
    expect(first).not.toContain(deal.none);
  });

  it('random products of a category and marketplace products are visible ones', async () => {
    const random = ids(
      await rail(
        urlOf(customerProductEndpoints.randomOfCategory, {
          query: { categoryId: tree.subCategory, limit: 50 },
        }),
      ),
    );
    expect(random).toContain(deal.half);
    expect(random).not.toContain(deal.pendingBig);
    expect((await call('GET', urlOf(customerProductEndpoints.randomOfCategory))).statusCode).toBe(422);
    const market = await rail(urlOf(customerProductEndpoints.marketplace, { query: { limit: 5 } }));
    expect(market.data).toHaveLength(5);
    expect(market.count).toBeGreaterThanOrEqual(4);
    expect(ids(market.data)[0]).toBe(deal.none);
  });

  it('official outlets are keyed by store, managed by admins', async () => {
    const added = await call('POST', urlOf(productAdminEndpoints.addOfficialOutlet), admin.accessToken, {
      storeId: merchant.storeId,
      position: 1,
    });
    expect(added.statusCode).toBe(201);
    const outletId = json(added).data.id;
    const twice = await call('POST', urlOf(productAdminEndpoints.addOfficialOutlet), admin.accessToken, {
      storeId: merchant.storeId,
    });
    expect(twice.statusCode).toBe(409);
    const adminList = json(
      await call('GET', urlOf(productAdminEndpoints.officialOutlets), admin.accessToken),
    ).data;
    expect(ids(adminList)).toContain(outletId);
    const outlets = await rail(
      urlOf(customerProductEndpoints.officialOutlets, { query: { productsPerStore: 2 } }),
    );
    expect(outlets[merchant.storeId].store).toMatchObject({
      storeName: merchant.storeName,
      storeUrl: merchant.storeUrl,
    });
    expect(outlets[merchant.storeId].products).toHaveLength(2);
    expect(
      (
        await call(
          'DELETE',
          urlOf(productAdminEndpoints.deleteOfficialOutlet, { params: { id: outletId } }),
          admin.accessToken,
        )
      ).statusCode,
    ).toBe(200);
    expect(await rail(urlOf(customerProductEndpoints.officialOutlets))).not.toHaveProperty(merchant.storeId);
    expect(
      (
        await call(
          'DELETE',
          urlOf(productAdminEndpoints.deleteOfficialOutlet, { params: { id: outletId } }),
          admin.accessToken,
        )
      ).statusCode,
    ).toBe(404);
  });

  it('promotion products show running promotions with their visible products', async () => {
    const hour = 60 * 60 * 1000;
    const create = async (body: object) => {
      const response = await call(
        'POST',
        urlOf(productAdminEndpoints.createPromotion),
        admin.accessToken,
        body,
      );
      expect(response.statusCode, response.body).toBe(201);
      return json(response).data;
    };
    const running = await create({
      name: 'Detty December',
      startsAt: new Date(Date.now() - hour).toISOString(),
      endsAt: new Date(Date.now() + hour).toISOString(),
    });
    const later = await create({
      name: 'Easter Sales',
      startsAt: new Date(Date.now() + 24 * hour).toISOString(),
    });
    const badWindow = await call('POST', urlOf(productAdminEndpoints.createPromotion), admin.accessToken, {
      name: 'Backwards',
      startsAt: new Date(Date.now() + hour).toISOString(),
      endsAt: new Date(Date.now() - hour).toISOString(),
    });
    expect(badWindow.statusCode).toBe(422);
    const add = await call('POST', urlOf(productAdminEndpoints.addPromotionProducts), admin.accessToken, {
      promotionId: running.id,
      productIds: [deal.half, deal.ten, deal.pendingBig, deal.half],
    });
    expect(json(add).data).toMatchObject({ added: 3, promotion: { productCount: 3, isActive: true } });
    await call('POST', urlOf(productAdminEndpoints.addPromotionProducts), admin.accessToken, {
      promotionId: later.id,
      productIds: [deal.none],
    });
    const listed = json(await call('GET', urlOf(productAdminEndpoints.promotions), admin.accessToken)).data;
    expect(listed.find((row: { id: string }) => row.id === later.id).isActive).toBe(false);

    const shown = await rail(urlOf(customerProductEndpoints.promotionProducts));
    expect(ids(shown)).toContain(running.id);
    expect(ids(shown)).not.toContain(later.id);
    const detty = shown.find((row: { id: string }) => row.id === running.id);
    expect(ids(detty.products).sort()).toEqual([deal.half, deal.ten].sort());

    const member = detty.products[0].promotionProductId;
    expect(
      (
        await call(
          'DELETE',
          urlOf(productAdminEndpoints.deletePromotionProduct, { params: { promoId: member } }),
          admin.accessToken,
        )
      ).statusCode,
    ).toBe(200);
    const after = (await rail(urlOf(customerProductEndpoints.promotionProducts))).find(
      (row: { id: string }) => row.id === running.id,
    );
    expect(after.products).toHaveLength(1);
    expect(
      (
        await call(
          'DELETE',
          urlOf(productAdminEndpoints.deletePromotion, { params: { promoId: running.id } }),
          admin.accessToken,
        )
      ).statusCode,
    ).toBe(200);
    expect(ids(await rail(urlOf(customerProductEndpoints.promotionProducts)))).not.toContain(running.id);
    expect(
      (
        await call(
          'DELETE',
          urlOf(productAdminEndpoints.deletePromotion, { params: { promoId: running.id } }),
          admin.accessToken,
        )
      ).statusCode,
    ).toBe(404);
  });
});

// ---------- featured collections ----------

describe('featured collections', () => {
  it('are managed by the owning merchant only and shown on the storefront', async () => {
    const merchant = await createMerchant();
    const other = await createMerchant();
    const visibleProduct = await createApprovedProduct(merchant, { name: 'Collection Dress' });
    const pendingProduct = await createProduct(merchant, { name: 'Collection Pending' });
    const theirProduct = await createProduct(other);
    const image = await uploadImage(merchant.token);

    const created = await call('POST', urlOf(featuredCollectionEndpoints.create), merchant.token, {
      title: 'Sallah Collection',
      description: 'For the festive season',
      image: image.url,
    });
    expect(created.statusCode).toBe(201);
    const collection = json(created).data;
    expect(collection).toMatchObject({ status: 'active', productCount: 0, storeId: merchant.storeId });
    await call('POST', urlOf(featuredCollectionEndpoints.create), merchant.token, {
      title: 'Old',
      status: 'inactive',
    });
    expect(
      json(
        await call(
          'GET',
          urlOf(featuredCollectionEndpoints.list, { query: { status: 'active' } }),
          merchant.token,
        ),
      ).data,
    ).toHaveLength(1);
    expect(
      json(await call('GET', urlOf(featuredCollectionEndpoints.list), merchant.token)).data,
    ).toHaveLength(2);
    expect(json(await call('GET', urlOf(featuredCollectionEndpoints.list), other.token)).data).toHaveLength(
      0,
    );

    const url = `/api/featuredImageCollections/${collection.id}/products`;
    const added = await call('POST', url, merchant.token, {
      productIds: [visibleProduct.id, pendingProduct.id],
    });
    expect(json(added).data.productCount).toBe(2);
    expect((await call('POST', url, merchant.token, { productIds: [theirProduct.id] })).statusCode).toBe(422);
    expect((await call('POST', url, other.token, { productIds: [theirProduct.id] })).statusCode).toBe(404);
    expect((await call('GET', url, other.token)).statusCode).toBe(404);
    expect((await call('POST', url, merchant.token, { productIds: [] })).statusCode).toBe(422);
    expect(ids(json(await call('GET', url, merchant.token)).data)).toEqual([
      visibleProduct.id,
      pendingProduct.id,
    ]);

    const storefront = json(
      await call(
        'GET',
        urlOf(customerProductEndpoints.storefrontCollections, { params: { storeUrl: merchant.storeUrl } }),
      ),
    ).data;
    expect(storefront).toHaveLength(1);
    expect(ids(storefront[0].products)).toEqual([visibleProduct.id]);
    expect(
      (
        await call(
          'GET',
          urlOf(customerProductEndpoints.storefrontCollections, { params: { storeUrl: 'no-such-store' } }),
        )
      ).statusCode,
    ).toBe(404);

    const removed = await call('DELETE', url, merchant.token, { productIds: [pendingProduct.id] });
    expect(json(removed).data.productCount).toBe(1);
    expect(
      (
        await call(
          'DELETE',
          urlOf(featuredCollectionEndpoints.remove, { params: { collectionId: collection.id } }),
          other.token,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call(
          'DELETE',
          urlOf(featuredCollectionEndpoints.remove, { params: { collectionId: collection.id } }),
          merchant.token,
        )
      ).statusCode,
    ).toBe(200);
    expect((await call('GET', url, merchant.token)).statusCode).toBe(404);
    expect((await call('GET', urlOf(featuredCollectionEndpoints.list), admin.accessToken)).statusCode).toBe(
      403,
    );
  });
});
