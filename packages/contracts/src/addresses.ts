import { z } from 'zod';
import { access } from './access.js';
import { email, idParam, isoDateTime, personName, phoneNumber } from './common.js';
import { defineEndpoint } from './endpoint.js';
import { envelope, messageOnly } from './envelope.js';
import { findLga, findState, nigerianStateName } from './nigeria.js';
import { atLeastOneField, publishRules } from './published-rules.js';

/** A customer keeps at most this many shipping addresses. */
export const MAX_SHIPPING_ADDRESSES = 20;

const street = z
  .string({ error: 'Address is required' })
  .trim()
  .min(3, 'Address is required')
  .max(200, 'Address must be at most 200 characters');
const lga = z.string({ error: 'LGA is required' }).trim().min(1, 'LGA is required').max(80);

/** Shared check: the LGA must belong to the state; answers the LGA's canonical spelling. */
function checkLga<T extends { stateOrRegion?: string; lga?: string }>(value: T, context: z.RefinementCtx): T {
  if (value.stateOrRegion === undefined || value.lga === undefined) return value;
  const state = findState(value.stateOrRegion)!;
  const found = findLga(state, value.lga);
  if (!found) {
    context.addIssue({ code: 'custom', path: ['lga'], message: `Choose an LGA of ${state.name}` });
    return z.NEVER;
  }
  return { ...value, lga: found };
}

/** The document's words for `checkLga` (ADR 085). */
const publishLgaRule = <S extends z.ZodType>(schema: S) =>
  publishRules(schema, [{ fields: ['stateOrRegion', 'lga'], rule: 'lga must be an LGA of stateOrRegion' }]);

const addressFields = {
  fullName: personName('Full name'),
  phoneNumber,
  emailAddress: email,
  stateOrRegion: nigerianStateName,
  lga,
  address: street,
};

export const shippingAddressBody = z
  .object({ ...addressFields, default: z.boolean().optional() })
  .transform((value, context) => checkLga(value, context))
  .apply(publishLgaRule);
export type ShippingAddressBody = z.input<typeof shippingAddressBody>;

/**
 * Any subset of the fields. When only the state changes, the server checks the stored LGA against it and asks
 * for a new LGA (422 on `lga`) if it does not belong. `default: false` on the default address is refused (409):
 * a customer with addresses always has one default, so they choose another address as the default instead.
 */
export const shippingAddressUpdateBody = z
  .object({
    fullName: addressFields.fullName.optional(),
    phoneNumber: addressFields.phoneNumber.optional(),
    emailAddress: addressFields.emailAddress.optional(),
    stateOrRegion: addressFields.stateOrRegion.optional(),
    lga: addressFields.lga.optional(),
    address: addressFields.address.optional(),
    default: z.boolean().optional(),
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), 'Change at least one field')
  .apply(atLeastOneField('Change at least one field'))
  .transform((value, context) => checkLga(value, context))
  .apply(publishLgaRule);
export type ShippingAddressUpdateBody = z.input<typeof shippingAddressUpdateBody>;

export const makeDefaultBody = z.object({
  default: z.literal(true, { error: 'Send default: true to make this the default address' }),
});

export const shippingAddress = z.object({
  id: z.string(),
  fullName: z.string(),
  /** +234 form. */
  phoneNumber: z.string(),
  emailAddress: z.string(),
  /** Canonical state name ("Lagos", "FCT"). */
  stateOrRegion: z.string(),
  lga: z.string(),
  address: z.string(),
  default: z.boolean(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type ShippingAddress = z.infer<typeof shippingAddress>;

export const shippingAddressList = z.object({ rows: z.array(shippingAddress), count: z.number().int() });
export type ShippingAddressList = z.infer<typeof shippingAddressList>;

const tags = ['Shipping addresses'];

export const shippingAddressEndpoints = {
  list: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/customershippingaddress',
    summary: "The customer's shipping addresses, the default first, then newest first",
    tags,
    access: access.customer,
    response: envelope(shippingAddressList),
  }),
  add: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/customershippingaddress/add',
    summary: `Add a shipping address (${MAX_SHIPPING_ADDRESSES} at most); the first one becomes the default`,
    tags,
    access: access.customer,
    body: shippingAddressBody,
    response: envelope(shippingAddress),
    status: 201,
  }),
  update: defineEndpoint({
    surface: 'api',
    method: 'PATCH',
    path: '/customershippingaddress/update/:id',
    summary: 'Change a shipping address',
    tags,
    access: access.customer,
    params: idParam,
    body: shippingAddressUpdateBody,
    response: envelope(shippingAddress),
  }),
  remove: defineEndpoint({
    surface: 'api',
    method: 'DELETE',
    path: '/customershippingaddress/delete/:id',
    summary: 'Delete a shipping address; deleting the default makes the newest remaining one the default',
    tags,
    access: access.customer,
    params: idParam,
    response: messageOnly,
  }),
  makeDefault: defineEndpoint({
    surface: 'api',
    method: 'PATCH',
    path: '/customershippingaddress/make-default/:id',
    summary: 'Make an address the default (every other address loses the flag)',
    tags,
    access: access.customer,
    params: idParam,
    body: makeDefaultBody,
    response: envelope(shippingAddress),
  }),
};
