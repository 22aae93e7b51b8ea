import { z } from 'zod';
import { access } from './access.js';
import { idParam, isoDateTime, uuid } from './common.js';
import { defineEndpoint } from './endpoint.js';
import { envelope, messageOnly } from './envelope.js';
import { nairaAmount } from './money.js';
import { nigerianStateName } from './nigeria.js';
import { atLeastOneField, publishRules, RULES_KEY } from './published-rules.js';

// Every amount here is naira with at most 2 decimals; the server keeps kobo (see docs/decisions/007-shipping-fees.md).

// ---------- zones ----------

const zoneName = z.string({ error: 'Zone name is required' }).trim().min(2, 'Zone name is required').max(60);

export const shippingZoneBody = z.object({
  name: zoneName,
  states: z
    .array(nigerianStateName)
    .min(1, 'Choose at least one state')
    .max(37)
    .refine((states) => new Set(states).size === states.length, 'Each state may appear once')
    .apply((schema) =>
      publishRules(schema, [{ fields: [], rule: 'each state once' }], { uniqueItems: true }),
    ),
});
export type ShippingZoneBody = z.input<typeof shippingZoneBody>;

export const shippingZoneUpdateBody = z
  .object({ name: zoneName, states: shippingZoneBody.shape.states })
  .partial()
  .refine((value) => value.name !== undefined || value.states !== undefined, 'Change the name or the states')
  .apply(atLeastOneField('Change the name or the states'));
export type ShippingZoneUpdateBody = z.input<typeof shippingZoneUpdateBody>;

export const shippingZone = z.object({
  id: z.string(),
  name: z.string(),
  states: z.array(z.string()),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type ShippingZone = z.infer<typeof shippingZone>;

const zoneRef = z.object({ id: z.string(), name: z.string() });
export type ShippingZoneRef = z.infer<typeof zoneRef>;

// ---------- pricing (the rate card) ----------

export const lagosCases = ['withinLagos', 'lagosMerchant', 'lagosCustomer'] as const;
export type LagosCase = (typeof lagosCases)[number];

export const shippingRateBody = z.object({ baseFee: nairaAmount, perKgFee: nairaAmount });
export const shippingRate = z.object({ baseFee: z.number(), perKgFee: z.number() });

/** The whole rate card at once: PUT replaces it. */
export const shippingPricingBody = z
  .object({
    lagos: z.object({
      withinLagos: shippingRateBody,
      lagosMerchant: shippingRateBody,
      lagosCustomer: shippingRateBody,
    }),
    zoneRates: z
      .array(shippingRateBody.extend({ fromZoneId: uuid, toZoneId: uuid }))
      .max(1000, 'Too many zone rates'),
  })
  .superRefine((value, context) => {
    const seen = new Set<string>();
    value.zoneRates.forEach((entry, index) => {
      const key = `${entry.fromZoneId}>${entry.toZoneId}`;
      if (seen.has(key)) {
        context.addIssue({
          code: 'custom',
          path: ['zoneRates', index],
          message: 'This pair of zones appears twice',
        });
      }
      seen.add(key);
    });
  });
export type ShippingPricingBody = z.input<typeof shippingPricingBody>;

export const shippingPricing = z.object({
  /** False until an admin saves a rate card (or the demo seed does): quotes answer 503 until then. */
  isSetUp: z.boolean(),
  lagos: z.object({
    withinLagos: shippingRate.nullable(),
    lagosMerchant: shippingRate.nullable(),
    lagosCustomer: shippingRate.nullable(),
  }),
  zoneRates: z.array(shippingRate.extend({ fromZone: zoneRef, toZone: zoneRef })),
});
export type ShippingPricing = z.infer<typeof shippingPricing>;

// ---------- vehicles ----------

export const shippingVehicle = z.object({
  id: z.string(),
  name: z.string(),
  /** Heaviest chargeable weight the vehicle carries, in kg. */
  maxWeightKg: z.number(),
  /** Added to the fee of a shipment carried by this vehicle, in naira. */
  surcharge: z.number(),
  /** Carries from one state to another; false for a courier that delivers within a state (a motorbike). */
  betweenStates: z.boolean(),
  isActive: z.boolean(),
  updatedAt: isoDateTime,
});
export type ShippingVehicle = z.infer<typeof shippingVehicle>;

export const shippingVehicleUpdateBody = z
  .object({
    name: z.string().trim().min(2, 'Vehicle name is required').max(40),
    maxWeightKg: z
      .number({ error: 'Enter the maximum weight in kg' })
      .positive('Maximum weight must be above 0')
      .max(100_000, 'Maximum weight is too large')
      .multipleOf(0.001, 'Use at most 3 decimal places'),
    surcharge: nairaAmount,
    betweenStates: z.boolean(),
    isActive: z.boolean(),
  })
  .partial()
  .refine((value) => Object.keys(value).length > 0, 'Change at least one field')
  .apply(atLeastOneField('Change at least one field'));
export type ShippingVehicleUpdateBody = z.input<typeof shippingVehicleUpdateBody>;

// ---------- fee quote ----------

const itemPair = /^([0-9a-fA-F-]{36}):(\d{1,4})$/;

/**
 * `items=uuid:2,uuid:1`: product ids with quantities. The same product twice adds up. At most 100 lines.
 */
export const shippingItemsQuery = z
  .string({ error: 'Give the items as productId:quantity pairs' })
  .trim()
  .min(1, 'Give the items as productId:quantity pairs')
  .max(4000)
  .meta({
    pattern: '^\\s*[0-9a-fA-F-]{36}:[0-9]{1,4}(\\s*,\\s*[0-9a-fA-F-]{36}:[0-9]{1,4}){0,99}\\s*$',
    [RULES_KEY]: [{ fields: [], rule: 'each productId is a uuid and each quantity at least 1' }],
  })
  .transform((value, context) => {
    const totals = new Map<string, number>();
    const parts = value.split(',');
    if (parts.length > 100) {
      context.addIssue({ code: 'custom', message: 'At most 100 items' });
      return z.NEVER;
    }
    for (const part of parts) {
      const match = itemPair.exec(part.trim());
      const quantity = match ? Number(match[2]) : 0;
      if (!match || !uuid.safeParse(match[1]).success || quantity < 1) {
        context.addIssue({ code: 'custom', message: `Not a productId:quantity pair: ${part.slice(0, 60)}` });
        return z.NEVER;
      }
      const id = match[1]!.toLowerCase();
      totals.set(id, (totals.get(id) ?? 0) + quantity);
    }
    return [...totals].map(([productId, quantity]) => ({ productId, quantity }));
  });

export const shippingFeeQuery = z
  .object({
    storeId: uuid,
    addressId: uuid.optional(),
    state: nigerianStateName.optional(),
    lga: z.string().trim().min(1).max(80).optional(),
    items: shippingItemsQuery,
  })
  .refine((value) => value.addressId !== undefined || value.state !== undefined, {
    message: 'Give an addressId or a state',
    path: ['addressId'],
  })
  .apply(atLeastOneField('Give an addressId or a state', ['addressId', 'state']));

const place = z.object({ state: z.string(), lga: z.string().nullable() });

export const shippingRule = z.enum(['withinLagos', 'lagosMerchant', 'lagosCustomer', 'zone', 'digital']);
export type ShippingRule = z.infer<typeof shippingRule>;

export const shippingQuote = z.object({
  storeId: z.string(),
  /** Naira. */
  shippingFee: z.number(),
  breakdown: z.object({
    rule: shippingRule,
    baseFee: z.number(),
    weightFee: z.number(),
    vehicleSurcharge: z.number(),
  }),
  chargeableWeightKg: z.number(),
  vehicle: z.object({ id: z.string(), name: z.string() }).nullable(),
  withinLagos: z.boolean(),
  lagosMerchant: z.boolean(),
  lagosCustomer: z.boolean(),
  fromZone: zoneRef.nullable(),
  toZone: zoneRef.nullable(),
  origin: place,
  destination: place,
});
export type ShippingQuote = z.infer<typeof shippingQuote>;

// ---------- shipping API: locations ----------

export const shippingServedLocation = z.object({
  state: z.string(),
  code: z.string(),
  lgas: z.array(z.string()),
  zone: zoneRef.nullable(),
  /** Lagos prices (within Lagos, Lagos merchant, Lagos customer) apply to deliveries touching this state. */
  isLagos: z.boolean(),
  /** A delivery to this state can be priced today (a zone, or Lagos, with rates set). */
  served: z.boolean(),
});
export type ShippingServedLocation = z.infer<typeof shippingServedLocation>;

// ---------- endpoints ----------

export const vehicleEndpoints = {
  list: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/vehicle',
    summary: 'Delivery vehicles, lightest first (seeded; there is no create)',
    tags: ['Shipping admin'],
    access: access.admin('shipping:zones'),
    response: envelope(z.object({ vehicles: z.array(shippingVehicle) })),
  }),
  get: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/vehicle/:id',
    summary: 'One delivery vehicle',
    tags: ['Shipping admin'],
    access: access.admin('shipping:zones'),
    params: idParam,
    response: envelope(shippingVehicle),
  }),
  update: defineEndpoint({
    surface: 'api',
    method: 'PATCH',
    path: '/vehicle/:id',
    summary: 'Change a vehicle: name, maximum weight, surcharge, active',
    tags: ['Shipping admin'],
    access: access.admin('shipping:zones'),
    params: idParam,
    body: shippingVehicleUpdateBody,
    response: envelope(shippingVehicle),
  }),
};

export const shippingZoneEndpoints = {
  list: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/shipping',
    summary: 'Shipping zones with their states, and the states in no zone',
    tags: ['Shipping admin'],
    access: access.admin('shipping:zones'),
    response: envelope(z.object({ zones: z.array(shippingZone), unzonedStates: z.array(z.string()) })),
  }),
  create: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/shipping',
    summary: 'Create a shipping zone; a state belongs to one zone at most',
    tags: ['Shipping admin'],
    access: access.admin('shipping:zones'),
    body: shippingZoneBody,
    response: envelope(shippingZone),
    status: 201,
  }),
  update: defineEndpoint({
    surface: 'api',
    method: 'PATCH',
    path: '/shipping/:id',
    summary: 'Rename a zone or replace its states',
    tags: ['Shipping admin'],
    access: access.admin('shipping:zones'),
    params: idParam,
    body: shippingZoneUpdateBody,
    response: envelope(shippingZone),
  }),
  remove: defineEndpoint({
    surface: 'api',
    method: 'DELETE',
    path: '/shipping/:id',
    summary: 'Delete a zone and its zone rates',
    tags: ['Shipping admin'],
    access: access.admin('shipping:zones'),
    params: idParam,
    response: messageOnly,
  }),
};

export const shippingPricingEndpoints = {
  get: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/pricing',
    summary: 'The shipping rate card',
    tags: ['Shipping admin'],
    access: access.admin('shipping:zones'),
    response: envelope(shippingPricing),
  }),
  replace: defineEndpoint({
    surface: 'api',
    method: 'PUT',
    path: '/pricing',
    summary: 'Replace the shipping rate card (Lagos cases and zone-to-zone rates)',
    tags: ['Shipping admin'],
    access: access.admin('shipping:zones'),
    serverChecks: {
      'zoneRates.*.fromZoneId': 'must name a shipping zone',
      'zoneRates.*.toZoneId': 'must name a shipping zone',
    },
    body: shippingPricingBody,
    response: envelope(shippingPricing),
  }),
};

export const shippingFeeEndpoints = {
  calculate: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/shippingfees/calculate-shipping-fee',
    summary:
      "Shipping fee of a store's items to one of the customer's addresses (or a state and LGA), with its breakdown",
    tags: ['Shipping'],
    access: access.customer,
    query: shippingFeeQuery,
    response: envelope(shippingQuote),
  }),
};

export const shippingApiEndpoints = {
  locations: defineEndpoint({
    surface: 'shipping',
    method: 'GET',
    path: '/shipping/location',
    summary: 'Every state with its LGAs, the zone it belongs to and whether deliveries there can be priced',
    tags: ['Shipping API'],
    access: access.public,
    response: envelope(z.object({ locations: z.array(shippingServedLocation) })),
  }),
};
