import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import sharp from 'sharp';
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
import { createStoreForMerchant, findStoreByMerchant, slugify } from '../modules/stores/stores.repository.js';
import { merchantProfiles, storeApprovers, stores } from '../modules/stores/stores.schema.js';
import { hashPassword } from '../platform/auth/passwords.js';
import type { Db } from '../platform/db/client.js';
import type { Media } from '../platform/storage/media.js';
import {
  type Colourway,
  colourways,
  demoCategories,
  demoStores,
  productTemplates,
} from './demo-catalog-data.js';
import { DEMO_PASSWORD } from './demo-seed.js';

/** A small deterministic random source, so every fresh clone shows the same marketplace. */
function seededRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function escapeXml(value: string): string {
  return value.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** A product picture drawn on the spot: nothing is downloaded. */
function productArt(title: string, subtitle: string, color: string, hue: number): Promise<Buffer> {
  const words = title.split(' ');
  const lines: string[] = [];
  for (const word of words) {
    const last = lines.at(-1);
    if (last && `${last} ${word}`.length <= 16) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  const text = lines
    .slice(0, 4)
    .map((line, index) => `<tspan x="300" dy="${index === 0 ? 0 : 58}">${escapeXml(line)}</tspan>`)
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${color}"/><stop offset="1" stop-color="hsl(${hue},55%,35%)"/></linearGradient></defs>
  <rect width="600" height="600" fill="url(#g)"/>
  <circle cx="480" cy="110" r="150" fill="#ffffff" opacity="0.08"/><circle cx="90" cy="520" r="120" fill="#ffffff" opacity="0.07"/>
  <text x="300" y="${290 - (Math.min(lines.length, 4) - 1) * 29}" font-family="DejaVu Sans, Arial, sans-serif" font-size="48" font-weight="700" fill="#ffffff" text-anchor="middle">${text}</text>
  <text x="300" y="540" font-family="DejaVu Sans, Arial, sans-serif" font-size="26" fill="#ffffff" opacity="0.85" text-anchor="middle">${escapeXml(subtitle)}</text>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Draws and stores the pictures a few at a time: sharp works on a thread pool, so both cores stay busy. */
async function drawPictures(
  pictures: Map<string, string>,
  storeName: string,
  save: (art: Buffer) => Promise<string>,
): Promise<void> {
  const keys = [...pictures.keys()];
  const workers = Array.from({ length: 4 }, async (_, worker) => {
    for (let index = worker; index < keys.length; index += 4) {
      const key = keys[index]!;
      const [title, color, hue] = key.split('|');
      const art = await productArt(title!, storeName, color!, Number(hue));
      pictures.set(key, await save(art));
    }
  });
  await Promise.all(workers);
}

/** What a bag or pack weighs when its name says so ("Ofada Rice 5kg"): the contents and a little packaging. */
function weightFromName(name: string): number | null {
  const match = /(\d+(?:\.\d+)?)\s?(kg|g)\b/i.exec(name);
  if (!match) return null;
  const kg = Number(match[1]) / (match[2]!.toLowerCase() === 'g' ? 1000 : 1);
  return Math.round(kg * 1.02 * 1000) / 1000;
}

export interface DemoCatalogResult {
  stores: number;
  products: number;
  skipped: boolean;
}

/**
 * Fills a fresh database with a living marketplace: categories, six approved stores, over 200 products with
 * images, variants, discounts, a promotion, official outlets and a few products waiting for approval.
 * Runs once: when the demo stores already have products it changes nothing.
 */
/** Takes values drawn only to keep the random sequence as it was; adds nothing to the row. */
const discardDraws = (..._draws: number[]) => ({});

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

  // Categories: three levels.
  const childInfo = new Map<
    string,
    { categoryId: string; subCategoryId: string; childId: string; text: string; color: string }
  >();
  const topIds = new Map<string, string>();
  for (const [position, category] of demoCategories.entries()) {
    const [top] = await db
      .insert(categories)
      .values({ name: category.name, slug: slugify(category.name), level: 1, position })
      .returning();
    topIds.set(category.name, top!.id);
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

  // Approvers, so the admin console's approval screens have people in them.
  for (const approver of [superadmin, admin]) {
    await db
      .insert(storeApprovers)
      .values({ adminId: approver.id, createdBy: superadmin.id })
      .onConflictDoNothing();
  }

  let productCount = 0;
  const allProductIds: { id: string; discounted: boolean; storeId: string }[] = [];
  for (const [storeIndex, demo] of demoStores.entries()) {
    let merchant = await findUserByEmail(db, 'merchant', demo.owner.email);
    if (!merchant) {
      [merchant] = await db
        .insert(users)
        .values({
          kind: 'merchant',
          role: 'owner',
          ...demo.owner,
          passwordHash,
          emailConfirmedAt: new Date(),
        })
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
        category: childInfo.get(demo.sells[0]!)!.categoryId,
        physicalLocation: `${demo.street}, ${demo.city}`,
        pickupLocation: address,
        subCategoryIds: [...new Set(demo.sells.map((child) => childInfo.get(child)!.subCategoryId))],
        pricingPlan: 'growth',
        onboardedAt: new Date(),
      })
      .onConflictDoNothing();
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

    const rows: (typeof products.$inferInsert)[] = [];
    const pictures = new Map<string, string>();
    for (const child of demo.sells) {
      const template = productTemplates[child];
      const info = childInfo.get(child);
      if (!template || !info) throw new Error(`${demo.storeName} sells ${child}, which has no shelf`);
      for (const [productIndex, product] of template.products.entries()) {
        const baseName = product.name;
        // Print fabrics: two colourways of each model, each its own product in its own colour.
        const editions: (Colourway | null)[] =
          template.variants === 'prints'
            ? [0, 1].map((copy) => colourways[(productIndex * 2 + copy) % colourways.length]!)
            : [null];
        for (const colourway of editions) {
          const name = colourway ? `${baseName} - ${colourway.label}` : baseName;
          const price = product.price;
          // Deals are modest, as a shop's are: 5 to 20 % off the regular price.
          const discounted = random() < 0.4;
          const percentOff = discounted ? between(5, 20) : 0;
          const selling = Math.floor((price * (100 - percentOff)) / 100 / 50) * 50;
          const variants: ProductVariant[] = [];
          const properties: { type: string; options: string[] }[] = [];
          const quantity = random() < 0.06 ? 0 : price >= 300_000 ? between(2, 12) : between(5, 120);
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
            properties.push(
              { type: 'Size', options: ['S', 'M', 'L', 'XL'] },
              { type: 'Color', options: colors },
            );
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
          const sku = `${initials}-${String(rows.length + 1).padStart(4, '0')}`;
          variants.forEach((variant, index) => {
            variant.sku = `${sku}-${index + 1}`;
          });
          const variantStock = variants.reduce((total, variant) => total + variant.quantity, 0);
          // One picture per model in a store (its colourways share it), drawn after the loop.
          const pictureKey = `${baseName}|${info.color}|${(rows.length * 37 + storeIndex * 60) % 360}`;
          const sharedKey = [...pictures.keys()].find((key) => key.startsWith(`${baseName}|`)) ?? pictureKey;
          if (!pictures.has(sharedKey)) pictures.set(sharedKey, '');
          const pending = rows.length % 17 === 5;
          const rejected = rows.length % 41 === 7;
          const status = rejected ? 'rejected' : pending ? 'pending' : 'approved';
          rows.push({
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
            createdAt: new Date(Date.now() - between(0, 60) * 86_400_000 - rows.length * 60_000),
          });
        }
      }
    }
    await drawPictures(
      pictures,
      demo.storeName,
      async (art) => (await media.saveImage(db, merchantId, art, 'product-image')).url,
    );
    for (const row of rows) row.hostedImages = row.hostedImages!.map((key) => pictures.get(key)!);
    const inserted = await db.insert(products).values(rows).returning({
      id: products.id,
      discount: products.discountBasisPoints,
      visible: products.isVisible,
    });
    productCount += inserted.length;
    for (const row of inserted) {
      if (row.visible)
        allProductIds.push({ id: row.id, discounted: (row.discount ?? 0) > 0, storeId: store.id });
    }
    if (demo.officialOutlet) {
      await db
        .insert(officialOutlets)
        .values({ storeId: store.id, position: storeIndex, createdBy: superadmin.id });
    }
    if (storeIndex === 0) {
      const [collection] = await db
        .insert(featuredCollections)
        .values({
          storeId: store.id,
          title: 'New arrivals',
          description: 'Fresh in at Computer Village this week.',
        })
        .returning();
      await db.insert(featuredCollectionProducts).values(
        allProductIds
          .filter((product) => product.storeId === store.id)
          .slice(0, 6)
          .map((product) => ({ collectionId: collection!.id, productId: product.id })),
      );
    }
  }

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

  logger?.info(
    { stores: demoStores.length, products: productCount, ms: Math.round(performance.now() - started) },
    'demo catalog seeded',
  );
  return { stores: demoStores.length, products: productCount, skipped: false };
}
