import { randomUUID } from 'node:crypto';
import { productAdminEndpoints, productEndpoints } from '@market/contracts';
import { eq } from 'drizzle-orm';
import { refreshStoreProductsVisibility } from '../../src/modules/catalog/catalog.service.js';
import { stores } from '../../src/modules/stores/stores.schema.js';
import { requestOf } from './contract-requests.js';
import { createCategoryTree } from './store-factory.js';
import { bearer, createConfirmedAccount, json, login, nextIp, type TestApp } from './test-app.js';

// Merchants with visible stores and approved products, for modules that sell them (cart, coupons, checkout).
// Store approval has its own tests: here the store is made visible straight on the table, which is much faster
// than onboarding and two approvals (createVisibleStore in store-factory.ts does it through the API).

export interface TestMerchant {
  id: string;
  email: string;
  token: string;
  storeId: string;
  storeName: string;
}

export async function createMerchantWithStore(test: TestApp): Promise<TestMerchant> {
  const storeName = `Mama Nkechi Fabrics ${randomUUID().slice(0, 6)}`;
  const account = await createConfirmedAccount(test, 'merchant', { storeName });
  const session = await login(test, 'merchant', account.email);
  const storeId = session.user.storeId as string;
  await test.deps.db
    .update(stores)
    .set({ approvalStatus: 'approved', isVisible: true, firstApproval: true, secondApproval: true })
    .where(eq(stores.id, storeId));
  await refreshStoreProductsVisibility(test.deps.db, storeId, true);
  return {
    id: session.user.id as string,
    email: account.email,
    token: session.accessToken,
    storeId,
    storeName,
  };
}

let skuCounter = 0;

/** A product created by the merchant through POST /products and approved by an admin; prices in naira. */
export async function createApprovedProduct(
  test: TestApp,
  merchant: TestMerchant,
  admin: { accessToken: string },
  options: {
    sellingPrice?: number;
    price?: number;
    name?: string;
    tree?: Awaited<ReturnType<typeof createCategoryTree>>;
  } = {},
) {
  skuCounter += 1;
  const tree = options.tree ?? (await createCategoryTree(test));
  const sellingPrice = options.sellingPrice ?? 12_500;
  const created = await test.app.inject({
    ...requestOf(productEndpoints.create),
    headers: bearer(merchant.token),
    remoteAddress: nextIp(),
    payload: {
      name: options.name ?? 'Ankara Maxi Dress',
      description: ['Hand-sewn in Aba from pure cotton Ankara.'],
      categoryId: tree.category.id,
      subCategoryId: tree.subCategory.id,
      childCategoryId: tree.childCategory.id,
      pricing: [
        { costPrice: Math.floor(sellingPrice / 2), sellingPrice, price: options.price ?? sellingPrice },
      ],
      quantity: 50,
      sku: `SKU-${skuCounter}-${randomUUID().slice(0, 6)}`,
      weight: 0.5,
      weightUnit: 'kg',
      dimension: { length: 30, width: 20, height: 5 },
      dimensionUnit: 'cm',
      whenSoldOut: 'show-sold-out',
      contSalesOutOfStock: false,
      stockAlertUnits: 5,
      IsDigitalProduct: false,
      variant: [],
      variantProperties: [],
    },
  });
  if (created.statusCode !== 201) throw new Error(created.body);
  const product = json(created).data as { id: string; name: string };
  const approved = await test.app.inject({
    ...requestOf(productAdminEndpoints.approve),
    headers: bearer(admin.accessToken),
    remoteAddress: nextIp(),
    payload: { productId: product.id, merchantId: merchant.id },
  });
  if (approved.statusCode !== 200) throw new Error(approved.body);
  return { id: product.id, name: product.name, storeId: merchant.storeId, tree };
}
