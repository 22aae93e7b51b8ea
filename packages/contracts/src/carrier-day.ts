import { z } from 'zod';
import { access } from './access.js';
import { defineEndpoint } from './endpoint.js';
import { envelope } from './envelope.js';

// A carrier's day (issue 35 item 7): the stops a shipping partner or a platform dispatcher holds now, grouped by
// state and LGA, each with the people to call and a map link. Only the carrier's own assignments: the phone numbers
// on it are the store's and the customer's, which no other carrier may read.

/**
 * What the carrier does at a stop: collect an order at its store, deliver it to the customer, collect a return
 * from the customer, or take a collected return to its store.
 */
export const carrierStopKinds = [
  'order_pickup',
  'order_delivery',
  'return_collection',
  'return_drop_off',
] as const;
export type CarrierStopKind = (typeof carrierStopKinds)[number];

/** A person or store to call: the number as stored, and links built from its +234 form (null when not valid). */
export const carrierContact = z.object({
  name: z.string(),
  phoneNumber: z.string().nullable(),
  /** `tel:+234…` */
  callUrl: z.string().nullable(),
  /** `https://wa.me/234…` */
  whatsappUrl: z.string().nullable(),
});
export type CarrierContact = z.infer<typeof carrierContact>;

export const carrierStop = z.object({
  kind: z.enum(carrierStopKinds),
  orderId: z.string(),
  orderName: z.string(),
  /** The return's pickup for a return stop; null for an order's. */
  pickupId: z.string().nullable(),
  status: z.object({ code_name: z.string(), known_name: z.string() }),
  /** Where the stop is: the store's place for a pickup or a drop-off, the customer's door otherwise. */
  place: z.object({
    state: z.string(),
    lga: z.string(),
    address: z.string(),
    /** `https://www.google.com/maps/search/?api=1&query=…` of the address. */
    mapUrl: z.string(),
  }),
  store: carrierContact,
  /** The customer; the number only while the carrier still has to meet them. */
  customer: carrierContact,
});
export type CarrierStop = z.infer<typeof carrierStop>;

export const carrierDayGroup = z.object({
  state: z.string(),
  lga: z.string(),
  stops: z.array(carrierStop),
});
export type CarrierDayGroup = z.infer<typeof carrierDayGroup>;

export const carrierDay = z.object({
  /** By state, then LGA, alphabetically; stops in each by order name. */
  groups: z.array(carrierDayGroup),
  stopCount: z.number().int(),
  /** More stops are held than one day reads (300 orders, 300 return pickups): the rest come as those are done. */
  truncated: z.boolean(),
});
export type CarrierDay = z.infer<typeof carrierDay>;

export const carrierDayEndpoints = {
  get: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/carrier/day',
    summary:
      "The caller's open stops (orders to collect or deliver, returns to collect or drop off), grouped by state and LGA, with call, WhatsApp and map links",
    tags: ['Fulfilment'],
    access: access.carriers('orders:carry', 'partner:orders:read'),
    response: envelope(carrierDay),
  }),
};
