import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import { findUserByEmail } from '../modules/auth/auth.repository.js';
import { users } from '../modules/auth/auth.schema.js';
import {
  categories,
  featuredCollectionProducts,
  featuredCollections,
  officialOutlets,
  type ProductVariant,
  products,
  promotionProducts,
  promotions,
} from '../modules/catalog/catalog.schema.js';
import { createStoreForMerchant, findStoreByMerchant } from '../modules/stores/stores.repository.js';
import { merchantProfiles, storeApprovers, stores } from '../modules/stores/stores.schema.js';
import { hashPassword } from '../platform/auth/passwords.js';
import type { Db } from '../platform/db/client.js';
import { slugify } from '../platform/slug.js';
import type { Media } from '../platform/storage/media.js';
import { drawPictures, productArt, seededRandom, weightFromName } from './demo-catalog-art.js';
import {
  type Colourway,
  colourways,
  demoCategories,
  demoStores,
  productTemplates,
} from './demo-catalog-data.js';
import { DEMO_PASSWORD } from './demo-seed.js';

export interface DemoCatalogResult {
  stores: number;
  products: number;
  skipped: boolean;
}

/** Takes values drawn only to keep the random sequence as it was; adds nothing to the row. */
const discardDraws = (..._draws: number[]) => ({});

type Admin = NonNullable<Awaited<ReturnType<typeof findUserByEmail>>>;
type DemoStore = (typeof demoStores)[number];
type ProductRow = typeof products.$inferInsert;
type Shelf = { categoryId: string; subCategoryId: string; childId: string; text: string; color: string };
type ProductTemplate = NonNullable<(typeof productTemplates)[string]>;

/**
 * What every step of the catalog shares. `random` and `between` are one seeded sequence: the steps draw from it in
 * the order the single function did, so every fresh clone shows the same figures.
 */
interface CatalogContext {
  db: Db;
  media: Media;
  random: () => number;
  between: (low: number, high: number) => number;
  passwordHash: string;
  superadmin: Admin;
  admin: Admin;
  shelves: Map<string, Shelf>;
}

/** A visible product as the promotions and featured collection pick them. */
type Listed = { id: string; discounted: boolean; storeId: string };

/**
 * Fills a fresh database with a living marketplace: categories, six approved stores, over 200 products with
 * images, variants, discounts, a promotion, official outlets and a few products waiting for approval.
 * Runs once: when the demo stores already have products it changes nothing.
 */
export async function seedDemoCatalog(db: Db, media: Media, logger?: Logger): Promise<DemoCatalogResult> {
  const marker = await findUserByEmail(db, 'merchant', 'ankara@demo.ng');
  if (marker) return { stores: 0, products: 0, skipped: true };
  const started = performance.now();
  const random = seededRandom(20261121);
  const between = (low: number, high: number) => Math.round(low + random() * (high - low));
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const superadmin = await findUserByEmail(db, 'admin', 'superadmin@demo.ng');
  const admin = await findUserByEmail(db, 'admin', 'admin@demo.ng');
  if (!superadmin || !admin) throw new Error('Seed the demo accounts before the demo catalog');
  const shelves = await seedCategories(db);
  // Approvers, so the admin console's approval screens have people in them.
  for (const approver of [superadmin, admin]) {
    await db
      .insert(storeApprovers)
      .values({ adminId: approver.id, createdBy: superadmin.id })
      .onConflictDoNothing();
  }
  const context: CatalogContext = { db, media, random, between, passwordHash, superadmin, admin, shelves };

  let productCount = 0;
  const allProductIds: Listed[] = [];
  for (const [storeIndex, demo] of demoStores.entries()) {
    const store = await seedStore(context, demo, storeIndex);
    const inserted = await seedStoreProducts(context, demo, storeIndex, store);
    productCount += inserted.length;
    for (const row of inserted) {
      if (row.visible)
        allProductIds.push({ id: row.id, discounted: (row.discount ?? 0) > 0, storeId: store.id });
    }
    await seedStoreShowcase(context, demo, storeIndex, store.id, allProductIds);
  }
  await seedPromotions(context, allProductIds);

  logger?.info(
    { stores: demoStores.length, products: productCount, ms: Math.round(performance.now() - started) },
    'demo catalog seeded',
  );
  return { stores: demoStores.length, products: productCount, skipped: false };
}

/** Categories in three levels; each child shelf with its top and middle level, search text and colour. */
async function seedCategories(db: Db): Promise<Map<string, Shelf>> {
  const childInfo = new Map<string, Shelf>();
  for (const [position, category] of demoCategories.entries()) {
    const [top] = await db
      .insert(categories)
      .values({ name: category.name, slug: slugify(category.name), level: 1, position })
      .returning();
    for (const [subPosition, sub] of category.subs.entries()) {
      const [subRow] = await db
        .insert(categories)
        .values({
          name: sub.name,
          slug: slugify(sub.name),
          level: 2,
          parentId: top!.id,
          position: subPosition,
        })
        .returning();
      for (const [childPosition, child] of sub.children.entries()) {
        const [childRow] = await db
          .insert(categories)
          .values({
            name: child,
            slug: slugify(child),
            level: 3,
            parentId: subRow!.id,
            position: childPosition,
          })
          .returning();
        childInfo.set(child, {
          categoryId: top!.id,
          subCategoryId: subRow!.id,
          childId: childRow!.id,
          text: `${category.name} ${sub.name} ${child}`,
          color: category.color,
        });
      }
    }
  }
  return childInfo;
}

/** A demo store's owner, their onboarding papers and profile, and the store approved and visible. */
async function seedStore(
  context: CatalogContext,
  demo: DemoStore,
  storeIndex: number,
): Promise<{ id: string; merchantId: string; initials: string }> {
  const { db, media, passwordHash, superadmin, admin, between } = context;
  let merchant = await findUserByEmail(db, 'merchant', demo.owner.email);
  if (!merchant) {
    [merchant] = await db
      .insert(users)
      .values({ kind: 'merchant', role: 'owner', ...demo.owner, passwordHash, emailConfirmedAt: new Date() })
      .returning();
  }
  const merchantId = merchant!.id;
  const store =
    (await findStoreByMerchant(db, merchantId)) ??
    (await createStoreForMerchant(db, merchantId, demo.storeName));
  const initials = demo.storeName
    .split(' ')
    .map((word) => word[0])
    .join('')
    .slice(0, 3);
  const logo = await media.saveImage(
    db,
    merchantId,
    await productArt(initials, demo.storeName, '#0b6e4f', 150 + storeIndex * 30),
    'store-logo',
  );
  await seedMerchantProfile(context, demo, storeIndex, merchantId);
  await db
    .update(stores)
    .set({
      storeName: demo.storeName,
      logo: logo.url,
      storePhoneNumber: demo.owner.phoneNumber,
      isPhysicalLocation: true,
      isRegisteredBusiness: true,
      officeAddress: `${demo.street}, ${demo.city}, ${demo.state}`,
      shippingLocation: { country: 'Nigeria', state: demo.state, street: demo.street, city: demo.city },
      socials: { instagram: `https://instagram.com/${slugify(demo.storeName).replaceAll('-', '')}` },
      approvalStatus: 'approved',
      firstApproval: true,
      firstApprovedBy: superadmin.id,
      secondApproval: true,
      secondApprovedBy: admin.id,
      approvedAt: new Date(),
      isVisible: true,
      followersCount: between(20, 900),
    })
    .where(eq(stores.id, store.id));
  return { id: store.id, merchantId, initials };
}

/** The merchant's onboarding: identity papers drawn on the spot, home and pickup address, what they sell. */
async function seedMerchantProfile(
  context: CatalogContext,
  demo: DemoStore,
  storeIndex: number,
  merchantId: string,
): Promise<void> {
  const { db, media, shelves } = context;
  const idDocument = await media.savePrivate(
    db,
    merchantId,
    await productArt('ID CARD', demo.owner.lastName, '#334155', 210),
    'id-document',
    'id-card.png',
  );
  const proof = await media.savePrivate(
    db,
    merchantId,
    await productArt('UTILITY BILL', demo.city, '#475569', 200),
    'proof-of-address',
    'bill.png',
  );
  const address = { street: demo.street, lga: demo.lga, state: demo.state, country: 'Nigeria' };
  await db
    .insert(merchantProfiles)
    .values({
      userId: merchantId,
      dateOfBirth: `19${80 + storeIndex}-0${1 + storeIndex}-15`,
      nationality: 'Nigerian',
      idDocumentType: 'nin',
      idDocumentNumber: `${70000000000 + storeIndex * 1234567}`,
      idDocumentFileId: idDocument.fileId,
      homeAddress: [address],
      useHomeAddress: true,
      proofOfAddressFileId: proof.fileId,
      staffSize: '2-5',
      // What the merchant said they sell: the main category of their first shelf and every shelf's sub-category.
      category: shelves.get(demo.sells[0]!)!.categoryId,
      physicalLocation: `${demo.street}, ${demo.city}`,
      pickupLocation: address,
      subCategoryIds: [...new Set(demo.sells.map((child) => shelves.get(child)!.subCategoryId))],
      pricingPlan: 'growth',
      onboardedAt: new Date(),
    })
    .onConflictDoNothing();
}

/** The store's products on every shelf it sells, their pictures drawn and saved; the rows as inserted. */
async function seedStoreProducts(
  context: CatalogContext,
  demo: DemoStore,
  storeIndex: number,
  store: { id: string; merchantId: string; initials: string },
) {
  const { db, media, shelves } = context;
  const rows: ProductRow[] = [];
  const pictures = new Map<string, string>();
  for (const child of demo.sells) {
    const template = productTemplates[child];
    const info = shelves.get(child);
    if (!template || !info) throw new Error(`${demo.storeName} sells ${child}, which has no shelf`);
    for (const [productIndex, product] of template.products.entries()) {
      // Print fabrics: two colourways of each model, each its own product in its own colour.
      const editions: (Colourway | null)[] =
        template.variants === 'prints'
          ? [0, 1].map((copy) => colourways[(productIndex * 2 + copy) % colourways.length]!)
          : [null];
      for (const colourway of editions) {
        const edition = { template, info, product, colourway };
        rows.push(productRow(context, demo, storeIndex, store, edition, rows.length, pictures));
      }
    }
  }
  await drawPictures(
    pictures,
    demo.storeName,
    async (art) => (await media.saveImage(db, store.merchantId, art, 'product-image')).url,
  );
  for (const row of rows) row.hostedImages = row.hostedImages!.map((key) => pictures.get(key)!);
  return db.insert(products).values(rows).returning({
    id: products.id,
    discount: products.discountBasisPoints,
    visible: products.isVisible,
  });
}

/**
 * One product row (the `position`-th of its store): price, deal, stock, variants and approval drawn from the seeded
 * sequence in the order they always were. Its picture key goes into `pictures`, drawn once the store's rows are in.
 */
function productRow(
  context: CatalogContext,
  demo: DemoStore,
  storeIndex: number,
  store: { id: string; initials: string },
  edition: {
    template: ProductTemplate;
    info: Shelf;
    product: ProductTemplate['products'][number];
    colourway: Colourway | null;
  },
  position: number,
  pictures: Map<string, string>,
): ProductRow {
  const { random, between, admin } = context;
  const { template, info, product, colourway } = edition;
  const baseName = product.name;
  const name = colourway ? `${baseName} - ${colourway.label}` : baseName;
  const price = product.price;
  // Deals are modest, as a shop's are: 5 to 20 % off the regular price.
  const discounted = random() < 0.4;
  const percentOff = discounted ? between(5, 20) : 0;
  const selling = Math.floor((price * (100 - percentOff)) / 100 / 50) * 50;
  const quantity = random() < 0.06 ? 0 : price >= 300_000 ? between(2, 12) : between(5, 120);
  const { variants, properties } = variantsOf(template, colourway, selling, between);
  const sku = `${store.initials}-${String(position + 1).padStart(4, '0')}`;
  variants.forEach((variant, index) => {
    variant.sku = `${sku}-${index + 1}`;
  });
  const variantStock = variants.reduce((total, variant) => total + variant.quantity, 0);
  // One picture per model in a store (its colourways share it), drawn after the loop.
  const pictureKey = `${baseName}|${info.color}|${(position * 37 + storeIndex * 60) % 360}`;
  const sharedKey = [...pictures.keys()].find((key) => key.startsWith(`${baseName}|`)) ?? pictureKey;
  if (!pictures.has(sharedKey)) pictures.set(sharedKey, '');
  const pending = position % 17 === 5;
  const rejected = position % 41 === 7;
  const status = rejected ? 'rejected' : pending ? 'pending' : 'approved';
  return {
    storeId: store.id,
    name,
    description: [
      `${baseName} from ${demo.storeName}, ${demo.city}.`,
      'Delivered anywhere in Nigeria. Pay on checkout in naira; returns accepted within 7 days.',
    ],
    categoryId: info.categoryId,
    subCategoryId: info.subCategoryId,
    childCategoryId: info.childId,
    costPriceKobo: Math.round(selling * 0.7) * 100,
    sellingPriceKobo: selling * 100,
    priceKobo: price * 100,
    quantity: variants.length ? variantStock : quantity,
    sku,
    weight: String(product.weightKg ?? weightFromName(baseName) ?? template.weightKg),
    weightUnit: 'kg',
    dimension: { length: 30, width: 20, height: 10 },
    dimensionUnit: 'cm',
    stockAlertUnits: 5,
    variants,
    variantProperties: properties,
    hostedImages: [sharedKey],
    approvalStatus: status,
    rejectionReason: rejected ? 'The photo does not show the product clearly.' : null,
    approvedBy: status === 'approved' ? admin.id : null,
    approvedAt: status === 'approved' ? new Date() : null,
    isVisible: status === 'approved',
    salesCount: between(0, 480),
    // Ratings come from reviews now (demo-reviews.ts). The two draws that made them up stay, so every
    // figure drawn after them (dates, the next products) is what it was.
    ...discardDraws(random(), between(0, 230)),
    storeName: demo.storeName,
    categoryText: info.text,
    createdAt: new Date(Date.now() - between(0, 60) * 86_400_000 - position * 60_000),
  };
}

/** A product's variants by its shelf's kind (sizes and colours, shoe sizes, storage) and the properties they vary. */
function variantsOf(
  template: ProductTemplate,
  colourway: Colourway | null,
  selling: number,
  between: (low: number, high: number) => number,
) {
  const variants: ProductVariant[] = [];
  const properties: { type: string; options: string[] }[] = [];
  if (template.variants === 'prints' || template.variants === 'clothing') {
    const colors = colourway ? [colourway.colour] : (template.colours ?? []);
    for (const size of ['S', 'M', 'L', 'XL']) {
      for (const color of colors) {
        variants.push({
          id: crypto.randomUUID(),
          sku: '',
          size,
          color,
          discountKobo: 0,
          quantity: between(0, 15),
        });
      }
    }
    properties.push({ type: 'Size', options: ['S', 'M', 'L', 'XL'] }, { type: 'Color', options: colors });
  } else if (template.variants === 'shoes') {
    for (const size of ['40', '41', '42', '43', '44']) {
      variants.push({
        id: crypto.randomUUID(),
        sku: '',
        size,
        color: null,
        discountKobo: 0,
        quantity: between(0, 10),
      });
    }
    properties.push({ type: 'Size', options: ['40', '41', '42', '43', '44'] });
  } else if (template.variants === 'storage') {
    const storages = ['128GB', '256GB'];
    for (const [index, size] of storages.entries()) {
      // The smaller model sells for less than the listed (256GB) price.
      variants.push({
        id: crypto.randomUUID(),
        sku: '',
        size,
        color: 'Black',
        discountKobo: index === 0 ? Math.round(selling * 0.12) * 100 : 0,
        quantity: between(1, 25),
      });
    }
    properties.push({ type: 'Storage', options: storages }, { type: 'Color', options: ['Black'] });
  }
  return { variants, properties };
}

/** The store's official-outlet place, and for the first store a featured collection of its first six products. */
async function seedStoreShowcase(
  context: CatalogContext,
  demo: DemoStore,
  storeIndex: number,
  storeId: string,
  listed: Listed[],
): Promise<void> {
  const { db, superadmin } = context;
  if (demo.officialOutlet) {
    await db.insert(officialOutlets).values({ storeId, position: storeIndex, createdBy: superadmin.id });
  }
  if (storeIndex !== 0) return;
  const [collection] = await db
    .insert(featuredCollections)
    .values({ storeId, title: 'New arrivals', description: 'Fresh in at Computer Village this week.' })
    .returning();
  await db.insert(featuredCollectionProducts).values(
    listed
      .filter((product) => product.storeId === storeId)
      .slice(0, 6)
      .map((product) => ({ collectionId: collection!.id, productId: product.id })),
  );
}

/** A running sale of discounted products and a December one about to start. */
async function seedPromotions(context: CatalogContext, allProductIds: Listed[]): Promise<void> {
  const { db, superadmin } = context;
  const now = Date.now();
  const [sale] = await db
    .insert(promotions)
    .values({
      name: 'Black Friday Mega Sale',
      description: 'Big discounts from stores across Nigeria.',
      startsAt: new Date(now - 2 * 86_400_000),
      endsAt: new Date(now + 30 * 86_400_000),
      createdBy: superadmin.id,
    })
    .returning();
  const [december] = await db
    .insert(promotions)
    .values({
      name: 'Detty December Deals',
      description: 'Owambe outfits and party essentials.',
      startsAt: new Date(now + 10 * 86_400_000),
      endsAt: new Date(now + 45 * 86_400_000),
      createdBy: superadmin.id,
    })
    .returning();
  const discounted = allProductIds.filter((product) => product.discounted);
  await db
    .insert(promotionProducts)
    .values(discounted.slice(0, 24).map((product) => ({ promotionId: sale!.id, productId: product.id })));
  await db
    .insert(promotionProducts)
    .values(
      allProductIds.slice(-12).map((product) => ({ promotionId: december!.id, productId: product.id })),
    );
}
