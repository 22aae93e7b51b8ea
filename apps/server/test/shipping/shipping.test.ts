import { randomUUID } from 'node:crypto';
import {
  shippingAddressEndpoints,
  shippingApiEndpoints,
  shippingFeeEndpoints,
  shippingPricingEndpoints,
  shippingZoneEndpoints,
  vehicleEndpoints,
} from '@market/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../src/modules/catalog/catalog.schema.js';
import { shippingVehicles, shippingZoneStates } from '../../src/modules/shipping/shipping.schema.js';
import { seedShippingDefaults } from '../../src/modules/shipping/shipping.seed.js';
import { quoteShipment, storeOrigin } from '../../src/modules/shipping/shipping.service.js';
import { merchantProfiles, stores } from '../../src/modules/stores/stores.schema.js';
import { urlOf } from '../support/contract-requests.js';
import {
  bearer,
  createAdmin,
  createConfirmedAccount,
  createPartner,
  createTestApp,
  json,
  login,
  type TestApp,
} from '../support/test-app.js';

let test: TestApp;
let admin: string;
let customer: { id: string; token: string };
let others: Record<string, string>;
let lagosStore: string;
let riversStore: string;
const product: Record<string, string> = {};

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, token?: string, payload?: unknown) =>
  test.app.inject({ method, url, headers: token ? bearer(token) : {}, payload: payload as object });

async function newStore(state: string, city: string) {
  const merchant = await createConfirmedAccount(test, 'merchant');
  const session = await login(test, 'merchant', merchant.email);
  const storeId = session.user.storeId as string;
  await test.deps.db
    .update(stores)
    .set({ shippingLocation: { country: 'Nigeria', state, city, street: '1 Market Road' } })
    .where(eq(stores.id, storeId));
  return { storeId, merchantId: merchant.id, token: session.accessToken };
}

async function newProduct(storeId: string, values: Partial<typeof products.$inferInsert>) {
  const [row] = await test.deps.db
    .insert(products)
    .values({
      storeId,
      name: 'Thing',
      categoryId: randomUUID(),
      sellingPriceKobo: 100_000,
      priceKobo: 100_000,
      sku: `SKU-${randomUUID().slice(0, 8)}`,
      storeName: 'Shop',
      ...values,
    })
    .returning({ id: products.id });
  return row!.id;
}

function quoteUrl(storeId: string, items: string, where: string) {
  return `${urlOf(shippingFeeEndpoints.calculate)}?storeId=${storeId}&items=${encodeURIComponent(items)}&${where}`;
}

beforeAll(async () => {
  test = await createTestApp();
  admin = (await createAdmin(test, 'admin')).accessToken;
  const account = await createConfirmedAccount(test, 'customer');
  customer = { id: account.id, token: (await login(test, 'customer', account.email)).accessToken };
  const lagos = await newStore('Lagos', 'Ikeja');
  const rivers = await newStore('Rivers', 'Port Harcourt');
  lagosStore = lagos.storeId;
  riversStore = rivers.storeId;
  others = {
    merchant: lagos.token,
    customer: customer.token,
    partner: (await createPartner(test)).accessToken,
    dispatcher: (await createAdmin(test, 'dispatcher')).accessToken,
    scheduler: (await createAdmin(test, 'scheduler')).accessToken,
  };
  product.lagosSmall = await newProduct(lagosStore, { weight: '1.2', weightUnit: 'kg' });
  product.lagosEbook = await newProduct(lagosStore, { weight: null, isDigitalProduct: true });
  product.small = await newProduct(riversStore, { weight: '1200', weightUnit: 'g' });
  product.bulky = await newProduct(riversStore, {
    weight: '2',
    dimension: { length: 50, width: 40, height: 30 },
    dimensionUnit: 'cm',
  });
  product.heavy = await newProduct(riversStore, { weight: '600', weightUnit: 'kg' });
});
afterAll(() => test.close());

describe('admin-only shipping management', () => {
  it('answers 403 to merchants, customers, partners, dispatchers and schedulers, 401 signed out', async () => {
    const id = randomUUID();
    const calls: [Method, string, unknown?][] = [
      ['GET', urlOf(shippingZoneEndpoints.list)],
      ['POST', urlOf(shippingZoneEndpoints.create), { name: 'X Zone', states: ['Kano'] }],
      ['PATCH', urlOf(shippingZoneEndpoints.update, { params: { id } }), { name: 'Y Zone' }],
      ['DELETE', urlOf(shippingZoneEndpoints.remove, { params: { id } })],
      ['GET', urlOf(shippingPricingEndpoints.get)],
      [
        'PUT',
        urlOf(shippingPricingEndpoints.replace),
        {
          lagos: {
            withinLagos: { baseFee: 1, perKgFee: 1 },
            lagosMerchant: { baseFee: 1, perKgFee: 1 },
            lagosCustomer: { baseFee: 1, perKgFee: 1 },
          },
          zoneRates: [],
        },
      ],
      ['GET', urlOf(vehicleEndpoints.list)],
      ['GET', urlOf(vehicleEndpoints.get, { params: { id } })],
      ['PATCH', urlOf(vehicleEndpoints.update, { params: { id } }), { surcharge: 1 }],
    ];
    for (const [method, url, payload] of calls) {
      for (const [kind, token] of Object.entries(others)) {
        expect((await call(method, url, token, payload)).statusCode, `${kind} ${method} ${url}`).toBe(403);
      }
      expect((await call(method, url, undefined, payload)).statusCode).toBe(401);
    }
    const superadmin = (await createAdmin(test, 'superadmin')).accessToken;
    expect((await call('GET', urlOf(shippingZoneEndpoints.list), superadmin)).statusCode).toBe(200);
  });

  it('lets only customers ask for a fee', async () => {
    const url = quoteUrl(lagosStore, `${product.lagosSmall}:1`, 'state=Lagos');
    expect((await call('GET', url, others.merchant)).statusCode).toBe(403);
    expect((await call('GET', url, admin)).statusCode).toBe(403);
    expect((await call('GET', url)).statusCode).toBe(401);
  });
});

describe('before any pricing exists', () => {
  it("answers 503 'Shipping prices are not set up yet' for physical goods, and 0 for digital ones", async () => {
    const pricing = await call('GET', urlOf(shippingPricingEndpoints.get), admin);
    expect(json(pricing).data).toEqual({
      isSetUp: false,
      lagos: { withinLagos: null, lagosMerchant: null, lagosCustomer: null },
      zoneRates: [],
    });
    const response = await call(
      'GET',
      quoteUrl(lagosStore, `${product.lagosSmall}:1`, 'state=Lagos'),
      customer.token,
    );
    expect(response.statusCode).toBe(503);
    expect(json(response)).toMatchObject({
      error: 'SERVICE_UNAVAILABLE',
      message: 'Shipping prices are not set up yet',
    });
    const digital = await call(
      'GET',
      quoteUrl(lagosStore, `${product.lagosEbook}:3`, 'state=Kano'),
      customer.token,
    );
    expect(digital.statusCode).toBe(200);
    expect(json(digital).data).toMatchObject({
      shippingFee: 0,
      chargeableWeightKg: 0,
      vehicle: null,
      breakdown: { rule: 'digital' },
    });
    const locations = json(await call('GET', urlOf(shippingApiEndpoints.locations))).data.locations;
    expect(locations).toHaveLength(37);
    expect(
      locations.every((row: { served: boolean; zone: unknown }) => !row.served && row.zone === null),
    ).toBe(true);
  });
});

describe('shipping zones', () => {
  it('creates, renames, re-states and deletes a zone; a state belongs to one zone at most', async () => {
    const created = await call('POST', urlOf(shippingZoneEndpoints.create), admin, {
      name: 'Test West',
      states: ['lagos', 'Ogun'],
    });
    expect(created.statusCode).toBe(201);
    const zone = json(created).data;
    expect(zone).toMatchObject({ name: 'Test West', states: ['Lagos', 'Ogun'] });

    const taken = await call('POST', urlOf(shippingZoneEndpoints.create), admin, {
      name: 'Another',
      states: ['Oyo', 'Ogun'],
    });
    expect(taken.statusCode).toBe(409);
    expect(json(taken).message).toBe('Ogun is already in the Test West zone');
    const sameName = await call('POST', urlOf(shippingZoneEndpoints.create), admin, {
      name: 'test west',
      states: ['Oyo'],
    });
    expect(sameName.statusCode).toBe(409);

    const foreign = await call('POST', urlOf(shippingZoneEndpoints.create), admin, {
      name: 'Ghana',
      states: ['Accra'],
    });
    expect(foreign.statusCode).toBe(422);
    expect(json(foreign).details?.[0]).toMatchObject({ path: 'states.0' });
    expect(
      (await call('POST', urlOf(shippingZoneEndpoints.create), admin, { name: 'Empty', states: [] }))
        .statusCode,
    ).toBe(422);
    expect(
      (
        await call('POST', urlOf(shippingZoneEndpoints.create), admin, {
          name: 'Twice',
          states: ['Oyo', 'oyo'],
        })
      ).statusCode,
    ).toBe(422);

    const updated = await call(
      'PATCH',
      urlOf(shippingZoneEndpoints.update, { params: { id: zone.id } }),
      admin,
      {
        name: 'Test South West',
        states: ['Oyo', 'Lagos'],
      },
    );
    expect(updated.statusCode).toBe(200);
    expect(json(updated).data).toMatchObject({ name: 'Test South West', states: ['Lagos', 'Oyo'] });

    const listed = json(await call('GET', urlOf(shippingZoneEndpoints.list), admin)).data;
    expect(listed.zones).toHaveLength(1);
    expect(listed.unzonedStates).toHaveLength(35);
    expect(listed.unzonedStates).toContain('Ogun');

    expect(
      (await call('DELETE', urlOf(shippingZoneEndpoints.remove, { params: { id: zone.id } }), admin))
        .statusCode,
    ).toBe(200);
    expect(
      (await call('DELETE', urlOf(shippingZoneEndpoints.remove, { params: { id: zone.id } }), admin))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await call('PATCH', urlOf(shippingZoneEndpoints.update, { params: { id: zone.id } }), admin, {
          name: 'Gone',
        })
      ).statusCode,
    ).toBe(404);
    expect(json(await call('GET', urlOf(shippingZoneEndpoints.list), admin)).data.zones).toEqual([]);
  });
});

describe('demo defaults', () => {
  it('seeds six zones covering all 37 states, a rate card and four vehicles, idempotently', async () => {
    const first = await seedShippingDefaults(test.deps.db);
    const again = await seedShippingDefaults(test.deps.db);
    expect(first).toEqual({ zones: 6, rates: 39, vehicles: 4 });
    expect(again).toEqual(first);
    expect(await test.deps.db.select().from(shippingZoneStates)).toHaveLength(37);
    expect(await test.deps.db.select().from(shippingVehicles)).toHaveLength(4);
    const listed = json(await call('GET', urlOf(shippingZoneEndpoints.list), admin)).data;
    expect(listed.zones.map((zone: { name: string }) => zone.name)).toEqual([
      'North Central',
      'North East',
      'North West',
      'South East',
      'South South',
      'South West',
    ]);
    expect(listed.unzonedStates).toEqual([]);
    const pricing = json(await call('GET', urlOf(shippingPricingEndpoints.get), admin)).data;
    expect(pricing.isSetUp).toBe(true);
    expect(pricing.lagos.withinLagos).toEqual({ baseFee: 2500, perKgFee: 300 });
    expect(pricing.zoneRates).toHaveLength(36);
  });
});

describe('shipping fee', () => {
  const fee = async (storeId: string, items: string, where: string) => {
    const response = await call('GET', quoteUrl(storeId, items, where), customer.token);
    if (response.statusCode !== 200) throw new Error(response.body);
    return json(response).data;
  };

  it('prices within Lagos: ₦2,500 + ₦300/kg', async () => {
    const quote = await fee(lagosStore, `${product.lagosSmall}:1`, 'state=Lagos&lga=ikeja');
    expect(quote).toMatchObject({
      shippingFee: 2950,
      chargeableWeightKg: 1.5,
      breakdown: { rule: 'withinLagos', baseFee: 2500, weightFee: 450, vehicleSurcharge: 0 },
      vehicle: { name: 'Bike' },
      withinLagos: true,
      lagosMerchant: false,
      lagosCustomer: false,
      fromZone: { name: 'South West' },
      toZone: { name: 'South West' },
      origin: { state: 'Lagos', lga: null },
      destination: { state: 'Lagos', lga: 'Ikeja' },
    });
  });

  it('prices a Lagos merchant shipping out of Lagos and a customer in Lagos', async () => {
    // Between states a parcel goes by car (issue 34, item 6): the rate plus the car's ₦2,000.
    const out = await fee(lagosStore, `${product.lagosSmall}:1`, 'state=Kano');
    expect(out).toMatchObject({
      shippingFee: 5250 + 2000,
      vehicle: { name: 'Car' },
      lagosMerchant: true,
      withinLagos: false,
      breakdown: { rule: 'lagosMerchant' },
    });
    const into = await fee(riversStore, `${product.small}:1`, 'state=Lagos&lga=Surulere');
    expect(into).toMatchObject({
      shippingFee: 5750 + 2000,
      lagosCustomer: true,
      breakdown: { rule: 'lagosCustomer' },
    });
  });

  it('prices the same zone and across zones', async () => {
    const same = await fee(riversStore, `${product.small}:1`, 'state=Delta');
    expect(same).toMatchObject({
      shippingFee: 3525 + 2000,
      breakdown: { rule: 'zone' },
      fromZone: { name: 'South South' },
      toZone: { name: 'South South' },
    });
    const across = await fee(riversStore, `${product.small}:1`, 'state=Kano');
    expect(across).toMatchObject({
      shippingFee: 6750 + 2000,
      fromZone: { name: 'South South' },
      toZone: { name: 'North West' },
    });
  });

  it('charges volumetric weight, quantities, and the vehicle that fits', async () => {
    // 50 × 40 × 30 cm → 12 kg: a car. ₦3,000 + ₦350 × 12 + ₦2,000.
    const bulky = await fee(riversStore, `${product.bulky}:1`, 'state=Delta');
    expect(bulky).toMatchObject({ shippingFee: 9200, chargeableWeightKg: 12, vehicle: { name: 'Car' } });
    // The same product twice in the list adds up: 1.2 kg × 3 = 3.6 → 4 kg.
    const repeated = await fee(riversStore, `${product.small}:1,${product.small}:2`, 'state=Delta');
    expect(repeated).toMatchObject({ chargeableWeightKg: 4, shippingFee: 3000 + 1400 + 2000 });
    const heavy = await fee(riversStore, `${product.heavy}:1`, 'state=Delta');
    expect(heavy).toMatchObject({
      chargeableWeightKg: 600,
      vehicle: { name: 'Truck' },
      shippingFee: 3000 + 210_000 + 25_000,
    });
    const tooHeavy = await call(
      'GET',
      quoteUrl(riversStore, `${product.heavy}:9`, 'state=Delta'),
      customer.token,
    );
    expect(tooHeavy.statusCode).toBe(422);
    expect(json(tooHeavy).message).toMatch(/too heavy/);
  });

  it('ships digital products free alongside physical ones', async () => {
    const mixed = await fee(lagosStore, `${product.lagosSmall}:1,${product.lagosEbook}:5`, 'state=Lagos');
    expect(mixed.shippingFee).toBe(2950);
    const digital = await fee(lagosStore, `${product.lagosEbook}:1`, 'state=Lagos');
    expect(digital).toMatchObject({ shippingFee: 0, vehicle: null, breakdown: { rule: 'digital' } });
  });

  it("uses the customer's saved address, and answers 404 for another customer's", async () => {
    const added = await call('POST', urlOf(shippingAddressEndpoints.add), customer.token, {
      fullName: 'Chioma Eze',
      phoneNumber: '08031234567',
      emailAddress: 'chioma@example.ng',
      stateOrRegion: 'Delta',
      lga: 'Warri South',
      address: '5 Airport Road',
    });
    const addressId = json(added).data.id;
    const quote = await fee(riversStore, `${product.small}:1`, `addressId=${addressId}`);
    expect(quote).toMatchObject({
      shippingFee: 3525 + 2000,
      destination: { state: 'Delta', lga: 'Warri South' },
    });

    const stranger = await createConfirmedAccount(test, 'customer');
    const strangerToken = (await login(test, 'customer', stranger.email)).accessToken;
    const theirs = await call(
      'GET',
      quoteUrl(riversStore, `${product.small}:1`, `addressId=${addressId}`),
      strangerToken,
    );
    expect(theirs.statusCode).toBe(404);
  });

  it('validates the query with details', async () => {
    const ask = (url: string) => call('GET', url, customer.token);
    const cases: [string, string][] = [
      [quoteUrl(riversStore, `${product.small}:1`, 'state=Accra'), 'query.state'],
      [quoteUrl(riversStore, `${product.small}:1`, 'state=Lagos&lga=Kano%20Municipal'), 'query.lga'],
      [quoteUrl(riversStore, 'nonsense', 'state=Lagos'), 'query.items'],
      [quoteUrl(riversStore, `${product.small}:0`, 'state=Lagos'), 'query.items'],
      [quoteUrl(riversStore, `${product.small}:1`, ''), 'query.addressId'],
      [quoteUrl(riversStore, `${product.lagosSmall}:1`, 'state=Lagos'), 'query.items'],
      [quoteUrl(riversStore, `${randomUUID()}:1`, 'state=Lagos'), 'query.items'],
    ];
    for (const [url, path] of cases) {
      const response = await ask(url);
      expect(response.statusCode, url).toBe(422);
      expect(json(response).details?.[0]?.path, url).toBe(path);
    }
    expect((await ask(quoteUrl(randomUUID(), `${product.small}:1`, 'state=Lagos'))).statusCode).toBe(404);
    const bare = await newStore('Kano', 'Kano');
    await test.deps.db.update(stores).set({ shippingLocation: null }).where(eq(stores.id, bare.storeId));
    expect((await ask(quoteUrl(bare.storeId, `${product.small}:1`, 'state=Lagos'))).statusCode).toBe(409);
  });
});

describe('exported functions for checkout', () => {
  it('quoteShipment prices a shipment in integer kobo', async () => {
    const quote = await quoteShipment(test.deps.db, {
      origin: { state: 'lagos', lga: 'ikeja' },
      destination: { state: 'FCT' },
      items: [
        {
          weight: 2.25,
          weightUnit: 'kg',
          dimension: null,
          dimensionUnit: 'cm',
          quantity: 1,
          isDigital: false,
        },
      ],
    });
    expect(quote).toMatchObject({
      feeKobo: 450_000 + 50_000 * 2.5 + 200_000,
      chargeableWeightKg: 2.5,
      vehicle: { name: 'Car' },
      withinLagos: false,
      lagosMerchant: true,
      lagosCustomer: false,
      fromZone: { name: 'South West' },
      toZone: { name: 'North Central' },
      origin: { state: 'Lagos', lga: 'Ikeja' },
      destination: { state: 'Federal Capital Territory', lga: null },
    });
    expect(Number.isInteger(quote.feeKobo)).toBe(true);
    await expect(
      quoteShipment(test.deps.db, {
        origin: { state: 'Lagos', lga: 'Kano Municipal' },
        destination: { state: 'Oyo' },
        items: [],
      }),
    ).rejects.toMatchObject({ status: 422 });
  });

  it("storeOrigin reads the store's shipping location, with the pickup LGA when in the same state", async () => {
    expect(await storeOrigin(test.deps.db, riversStore)).toEqual({ state: 'Rivers' });
    const store = await newStore('Lagos', 'Ikeja');
    await test.deps.db
      .insert(merchantProfiles)
      .values({
        userId: store.merchantId,
        pickupLocation: { street: '1 Allen', lga: 'Ikeja', state: 'Lagos', country: 'Nigeria' },
      })
      .onConflictDoUpdate({
        target: merchantProfiles.userId,
        set: { pickupLocation: { street: '1 Allen', lga: 'Ikeja', state: 'Lagos', country: 'Nigeria' } },
      });
    expect(await storeOrigin(test.deps.db, store.storeId)).toEqual({ state: 'Lagos', lga: 'Ikeja' });
    await test.deps.db.update(stores).set({ shippingLocation: null }).where(eq(stores.id, store.storeId));
    expect(await storeOrigin(test.deps.db, store.storeId)).toEqual({ state: 'Lagos', lga: 'Ikeja' });
    expect(await storeOrigin(test.deps.db, randomUUID())).toBeUndefined();
  });
});

describe('vehicles and pricing', () => {
  it('lists, reads and changes vehicles', async () => {
    const list = json(await call('GET', urlOf(vehicleEndpoints.list), admin)).data.vehicles;
    expect(
      list.map((row: { name: string; maxWeightKg: number; surcharge: number; betweenStates: boolean }) => [
        row.name,
        row.maxWeightKg,
        row.surcharge,
        row.betweenStates,
      ]),
    ).toEqual([
      ['Bike', 10, 0, false],
      ['Car', 50, 2000, true],
      ['Van', 500, 8000, true],
      ['Truck', 5000, 25000, true],
    ]);
    const car = list[1];
    expect(
      json(await call('GET', urlOf(vehicleEndpoints.get, { params: { id: car.id } }), admin)).data,
    ).toMatchObject({ name: 'Car' });
    expect(
      (await call('GET', urlOf(vehicleEndpoints.get, { params: { id: randomUUID() } }), admin)).statusCode,
    ).toBe(404);
    const changed = await call('PATCH', urlOf(vehicleEndpoints.update, { params: { id: car.id } }), admin, {
      surcharge: 2500.5,
      maxWeightKg: 60,
    });
    expect(changed.statusCode).toBe(200);
    expect(json(changed).data).toMatchObject({ surcharge: 2500.5, maxWeightKg: 60 });
    expect(
      (
        await call('PATCH', urlOf(vehicleEndpoints.update, { params: { id: car.id } }), admin, {
          name: 'bike',
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (
        await call('PATCH', urlOf(vehicleEndpoints.update, { params: { id: car.id } }), admin, {
          surcharge: 1.234,
        })
      ).statusCode,
    ).toBe(422);
    expect(
      (await call('PATCH', urlOf(vehicleEndpoints.update, { params: { id: car.id } }), admin, {})).statusCode,
    ).toBe(422);
    expect(
      (
        await call('PATCH', urlOf(vehicleEndpoints.update, { params: { id: randomUUID() } }), admin, {
          surcharge: 1,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('replaces the rate card and validates it', async () => {
    const zones = json(await call('GET', urlOf(shippingZoneEndpoints.list), admin)).data.zones as {
      id: string;
      name: string;
    }[];
    const southSouth = zones.find((zone) => zone.name === 'South South')!;
    const lagos = {
      withinLagos: { baseFee: 2000, perKgFee: 250.5 },
      lagosMerchant: { baseFee: 4000, perKgFee: 400 },
      lagosCustomer: { baseFee: 4200, perKgFee: 450 },
    };
    const unknown = await call('PUT', urlOf(shippingPricingEndpoints.replace), admin, {
      lagos,
      zoneRates: [{ fromZoneId: randomUUID(), toZoneId: southSouth.id, baseFee: 1, perKgFee: 1 }],
    });
    expect(unknown.statusCode).toBe(422);
    expect(json(unknown).details?.[0]?.path).toBe('zoneRates.0.fromZoneId');
    const negative = await call('PUT', urlOf(shippingPricingEndpoints.replace), admin, {
      lagos: { ...lagos, withinLagos: { baseFee: -1, perKgFee: 1 } },
      zoneRates: [],
    });
    expect(negative.statusCode).toBe(422);
    const twice = await call('PUT', urlOf(shippingPricingEndpoints.replace), admin, {
      lagos,
      zoneRates: [
        { fromZoneId: southSouth.id, toZoneId: southSouth.id, baseFee: 1, perKgFee: 1 },
        { fromZoneId: southSouth.id, toZoneId: southSouth.id, baseFee: 2, perKgFee: 2 },
      ],
    });
    expect(twice.statusCode).toBe(422);

    const saved = await call('PUT', urlOf(shippingPricingEndpoints.replace), admin, {
      lagos,
      zoneRates: [{ fromZoneId: southSouth.id, toZoneId: southSouth.id, baseFee: 2800, perKgFee: 333.33 }],
    });
    expect(saved.statusCode).toBe(200);
    expect(json(saved).data).toMatchObject({
      isSetUp: true,
      lagos,
      zoneRates: [{ fromZone: { name: 'South South' }, baseFee: 2800, perKgFee: 333.33 }],
    });
    expect(json(await call('GET', urlOf(shippingPricingEndpoints.get), admin)).data).toEqual(
      json(saved).data,
    );

    // 1.5 kg × ₦250.50 = ₦375.75; the odd half kobo of 333.33 × 1.5 = 499.995 rounds up to ₦500.00.
    const withinLagos = json(
      await call('GET', quoteUrl(lagosStore, `${product.lagosSmall}:1`, 'state=Lagos'), customer.token),
    ).data;
    expect(withinLagos.shippingFee).toBe(2375.75);
    const same = json(
      await call('GET', quoteUrl(riversStore, `${product.small}:1`, 'state=Delta'), customer.token),
    ).data;
    // Rivers → Delta goes by car (between states), whose surcharge the vehicles test set to ₦2,500.50.
    expect(same.shippingFee).toBe(3300 + 2500.5);
    const missing = await call(
      'GET',
      quoteUrl(riversStore, `${product.small}:1`, 'state=Kano'),
      customer.token,
    );
    expect(missing.statusCode).toBe(503);
    expect(json(missing).message).toBe('Shipping prices are not set up yet from South South to North West');
  });

  it('lists every state with its zone on the public shipping API', async () => {
    const response = await call('GET', urlOf(shippingApiEndpoints.locations));
    expect(response.statusCode).toBe(200);
    const locations = json(response).data.locations as {
      state: string;
      zone: { name: string } | null;
      isLagos: boolean;
      served: boolean;
      lgas: string[];
    }[];
    expect(locations).toHaveLength(37);
    expect(locations.reduce((sum, row) => sum + row.lgas.length, 0)).toBe(774);
    expect(locations.find((row) => row.state === 'Lagos')).toMatchObject({
      zone: { name: 'South West' },
      isLagos: true,
      served: true,
    });
    expect(locations.find((row) => row.state === 'Federal Capital Territory')).toMatchObject({
      zone: { name: 'North Central' },
      isLagos: false,
    });
    expect(locations.filter((row) => row.isLagos)).toHaveLength(1);
  });
});
