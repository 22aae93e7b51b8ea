import { findLga, findState, merchantDirectoryEndpoints } from '@market/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/modules/auth/auth.schema.js';
import { categories, products } from '../../src/modules/catalog/catalog.schema.js';
import { merchantProfiles, stores } from '../../src/modules/stores/stores.schema.js';
import { type DemoCatalogResult, seedDemoCatalog } from '../../src/seed/demo-catalog.js';
import { demoStores } from '../../src/seed/demo-catalog-data.js';
import { seedDemo } from '../../src/seed/demo-seed.js';
import { requestOf } from '../support/contract-requests.js';
import { createTestApp, json, type TestApp } from '../support/test-app.js';

let test: TestApp;
let first: DemoCatalogResult;
beforeAll(async () => {
  test = await createTestApp();
  await seedDemo(test.deps.db);
  first = await seedDemoCatalog(test.deps.db, test.deps.media);
}, 180_000);
afterAll(() => test.close());

describe('demo catalog', () => {
  it('places every demo store at a real state and LGA', () => {
    for (const store of demoStores) {
      const state = findState(store.state);
      expect(state, store.storeName).toBeDefined();
      expect(findLga(state!, store.lga), `${store.storeName}: ${store.lga}`).toBeDefined();
    }
  });

  it('shows a living marketplace once: approved stores, 200+ products with images, deals, outlets and a queue', async () => {
    expect(first.skipped).toBe(false);
    expect(first.stores).toBeGreaterThanOrEqual(5);
    expect(first.products).toBeGreaterThanOrEqual(200);
    expect((await seedDemoCatalog(test.deps.db, test.deps.media)).skipped).toBe(true);

    const merchants = json(
      await test.app.inject(requestOf(merchantDirectoryEndpoints.list, { query: { limit: 100 } })),
    ).data;
    expect(merchants.merchants.length).toBeGreaterThanOrEqual(5);
    expect(merchants.merchants.map((store: { storeName: string }) => store.storeName)).toContain(
      'Chinedu Gadgets',
    );
    const productCounts = merchants.merchants.map((store: { productsCount: number }) => store.productsCount);
    expect(productCounts.reduce((a: number, b: number) => a + b, 0)).toBeGreaterThanOrEqual(180);

    const logo = merchants.merchants[0].logo as string;
    const image = await test.app.inject({ method: 'GET', url: logo });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
  });
});

// ---------- plausibility: what a Nigerian shopper would laugh at ----------

const colourWords = [
  'black',
  'blue',
  'brown',
  'cream',
  'gold',
  'green',
  'grey',
  'khaki',
  'navy',
  'orange',
  'pink',
  'purple',
  'red',
  'silver',
  'white',
  'wine',
  'yellow',
];
const coloursIn = (text: string) =>
  colourWords.filter((colour) => new RegExp(`\\b${colour}\\b`, 'i').test(text));

/**
 * The measure a name states, in one unit per family: kVA, watts, mAh, grams (kg and g), inches, pieces in a pack.
 * Litres and amp-hours are left out on purpose: a budget 3 L blender may well cost less than a 1.5 L Kenwood,
 * and a lithium battery more than a bigger tubular one.
 */
function measureOf(name: string): { unit: string; value: number } | null {
  const patterns: [RegExp, string, number][] = [
    [/(\d+(?:\.\d+)?)\s?kVA\b/i, 'kVA', 1],
    [/(\d+(?:\.\d+)?)\s?mAh\b/i, 'mAh', 1],
    [/(\d+(?:\.\d+)?)\s?W\b/, 'W', 1],
    [/(\d+(?:\.\d+)?)\s?kg\b/i, 'g', 1000],
    [/(\d+(?:\.\d+)?)\s?g\b/, 'g', 1],
    [/(\d+(?:\.\d+)?)\s?(?:"|inch)/i, 'inch', 1],
    [/pack of (\d+)|(\d+)-pack/i, 'pieces', 1],
  ];
  for (const [pattern, unit, factor] of patterns) {
    const match = pattern.exec(name);
    const number = match?.[1] ?? match?.[2];
    if (number) return { unit, value: Number(number) * factor };
  }
  return null;
}

/** Models of one brand line, cheapest first: an entry phone never costs more than the flagship. */
const modelLadders = [
  ['itel P55', 'Tecno Spark 20', 'Tecno Camon 30'],
  ['iPhone 12 Pro (UK used)', 'iPhone 13 (UK used)', 'iPhone 14'],
];

/** What each kind of shop sells, by the word its name carries: a solar shop sells power, not phones or TVs. */
const tradeOfStore: Record<string, string[]> = {
  Solar: ['Power & Solar'],
  Grains: ['Grains & Flour', 'Spices & Seasoning'],
  Gadgets: ['Smartphones', 'Tablets', 'Phone Accessories', 'Audio', 'Television'],
  Ankara: ["Women's Clothing", "Men's Clothing", 'Shoes'],
  Naturals: ['Skin Care', 'Hair Care'],
};

interface DemoRow {
  id: string;
  name: string;
  storeName: string;
  childCategory: string;
  subCategory: string;
  priceKobo: number;
  sellingPriceKobo: number;
  colours: string[];
  colourOptions: string[];
}

/** Every demo product with the names of its categories and its variants' colours. */
async function demoRows(): Promise<{ rows: DemoRow[]; declared: Map<string, Set<string>> }> {
  const db = test.deps.db;
  const names = new Map((await db.select().from(categories)).map((row) => [row.id, row.name]));
  const rows = (await db.select().from(products)).map((row) => ({
    id: row.id,
    name: row.name,
    storeName: row.storeName,
    childCategory: names.get(row.childCategoryId ?? '') ?? '',
    subCategory: names.get(row.subCategoryId ?? '') ?? '',
    priceKobo: row.priceKobo,
    sellingPriceKobo: row.sellingPriceKobo,
    colours: row.variants
      .map((variant) => variant.color)
      .filter((colour): colour is string => Boolean(colour)),
    colourOptions: row.variantProperties
      .filter((property) => /colou?r/i.test(property.type))
      .flatMap((property) => property.options),
  }));
  // What each merchant said they sell in onboarding: sub-category names.
  const declared = new Map<string, Set<string>>();
  const profiles = await db
    .select({ storeName: stores.storeName, subCategoryIds: merchantProfiles.subCategoryIds })
    .from(stores)
    .innerJoin(users, eq(users.id, stores.merchantId))
    .innerJoin(merchantProfiles, eq(merchantProfiles.userId, users.id));
  for (const profile of profiles) {
    declared.set(profile.storeName, new Set(profile.subCategoryIds.map((id) => names.get(id) ?? id)));
  }
  return { rows, declared };
}

const naira = (kobo: number) => `₦${(kobo / 100).toLocaleString('en-NG')}`;

describe('demo catalog plausibility', () => {
  it('sells each variant in the colour its name says', async () => {
    const { rows } = await demoRows();
    const wrong: string[] = [];
    for (const row of rows) {
      const named = coloursIn(row.name);
      for (const colour of [...row.colours, ...row.colourOptions]) {
        const words = coloursIn(colour);
        if (named.length > 0 && words.some((word) => !named.includes(word)))
          wrong.push(`"${row.name}" is sold in ${colour}`);
      }
      if ([...new Set(row.colours)].sort().join() !== [...new Set(row.colourOptions)].sort().join())
        wrong.push(`"${row.name}" lists colours ${row.colourOptions} but its variants are ${row.colours}`);
    }
    expect(wrong).toEqual([]);
  });

  it('prices more of the same thing higher: kVA, watts, mAh, weight, inches and pack sizes', async () => {
    const { rows } = await demoRows();
    const wrong: string[] = [];
    const families = new Map<string, (DemoRow & { value: number })[]>();
    for (const row of rows) {
      const measure = measureOf(row.name);
      if (!measure) continue;
      const key = `${row.storeName}|${row.childCategory}|${measure.unit}`;
      families.set(key, [...(families.get(key) ?? []), { ...row, value: measure.value }]);
    }
    for (const members of families.values()) {
      for (const small of members) {
        for (const big of members) {
          if (big.value <= small.value) continue;
          // The regular price always grows with the size; a deal may narrow the gap, but never reverse a doubling.
          if (big.priceKobo <= small.priceKobo)
            wrong.push(
              `"${big.name}" (${naira(big.priceKobo)}) is not dearer than "${small.name}" (${naira(small.priceKobo)})`,
            );
          if (big.value >= 2 * small.value && big.sellingPriceKobo <= small.sellingPriceKobo)
            wrong.push(
              `"${big.name}" sells for ${naira(big.sellingPriceKobo)}, no more than "${small.name}" at ${naira(small.sellingPriceKobo)}`,
            );
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it("prices a brand's entry models below its flagships", async () => {
    const { rows } = await demoRows();
    const wrong: string[] = [];
    for (const ladder of modelLadders) {
      const stocked = ladder.map((model) => rows.filter((row) => row.name === model));
      for (let step = 1; step < ladder.length; step++) {
        for (const lower of stocked[step - 1]!) {
          for (const higher of stocked[step]!.filter((row) => row.storeName === lower.storeName)) {
            if (higher.priceKobo <= lower.priceKobo || higher.sellingPriceKobo <= lower.sellingPriceKobo)
              wrong.push(
                `"${lower.name}" (${naira(lower.sellingPriceKobo)}) costs as much as "${higher.name}" (${naira(higher.sellingPriceKobo)})`,
              );
          }
        }
      }
      expect(
        stocked.every((found) => found.length > 0),
        `${ladder.join(' < ')} are all on sale`,
      ).toBe(true);
    }
    expect(wrong).toEqual([]);
  });

  it('keeps each store to its trade: products in the sub-categories its merchant declared, and what its name promises', async () => {
    const { rows, declared } = await demoRows();
    const wrong: string[] = [];
    for (const row of rows) {
      const subs = declared.get(row.storeName);
      if (!subs?.has(row.subCategory))
        wrong.push(`${row.storeName} sells "${row.name}" (${row.subCategory}), not among what it declared`);
      for (const [word, trade] of Object.entries(tradeOfStore)) {
        if (row.storeName.includes(word) && !trade.includes(row.subCategory))
          wrong.push(`${row.storeName} sells "${row.name}" (${row.subCategory})`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
