import { z } from 'zod';
import { access } from './access.js';
import { isoDateTime, uuid } from './common.js';
import { defineEndpoint } from './endpoint.js';
import { envelope, messageOnly } from './envelope.js';
import { atLeastOneField } from './published-rules.js';

// ---------- store policies (issue 9; the specification's "Policies: count and rows") ----------

export const policyTypes = ['shipping', 'returns', 'refunds', 'privacy', 'terms'] as const;
export type PolicyType = (typeof policyTypes)[number];

/** What people read for each type (screens never show the raw value). */
export const policyTypeLabels: Record<PolicyType, string> = {
  shipping: 'Shipping policy',
  returns: 'Returns policy',
  refunds: 'Refund policy',
  privacy: 'Privacy policy',
  terms: 'Terms of service',
};

export const POLICY_BODY_MAX = 10_000;

const policyFields = {
  type: z.enum(policyTypes, { error: 'Choose the kind of policy' }),
  title: z
    .string({ error: 'Give the policy a title' })
    .trim()
    .min(3, 'A title has at least 3 characters')
    .max(120, 'A title has at most 120 characters'),
  /** Plain text; blank lines separate paragraphs. */
  body: z
    .string({ error: 'Write the policy' })
    .trim()
    .min(20, 'Write at least 20 characters')
    .max(POLICY_BODY_MAX, `At most ${POLICY_BODY_MAX.toLocaleString('en-NG')} characters`),
};

export const createPolicyBody = z.object(policyFields);
export type CreatePolicyBody = z.input<typeof createPolicyBody>;
export const updatePolicyBody = z
  .object(policyFields)
  .partial()
  .refine((value) => Object.keys(value).length > 0, 'Change at least one field')
  .apply(atLeastOneField('Change at least one field'));
export type UpdatePolicyBody = z.input<typeof updatePolicyBody>;

export const storePolicy = z.object({
  id: z.string(),
  storeId: z.string(),
  type: z.enum(policyTypes),
  title: z.string(),
  body: z.string(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type StorePolicy = z.infer<typeof storePolicy>;

/** The specification's shape for policies: `count` and `rows`. */
export const policyList = z.object({ count: z.number().int(), rows: z.array(storePolicy) });
export type PolicyList = z.infer<typeof policyList>;

export const POLICY_TYPE_TAKEN = 'Your store already has a policy of this kind: edit it instead';
export const POLICY_NOT_FOUND = 'Policy not found';

// ---------- endpoints ----------

const tags = ['Policies'];

export const policyMerchantEndpoints = {
  list: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/merchant/policies',
    summary: "Your store's policies (count and rows), in the order of their kinds",
    tags,
    access: access.merchant('policies:write'),
    response: envelope(policyList),
  }),
  create: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/merchant/policies',
    summary: 'Add a policy to your store (one of each kind)',
    tags,
    access: access.merchant('policies:write'),
    body: createPolicyBody,
    response: envelope(storePolicy),
    status: 201,
  }),
  update: defineEndpoint({
    surface: 'api',
    method: 'PATCH',
    path: '/merchant/policies/:id',
    summary: 'Change one of your policies',
    tags,
    access: access.merchant('policies:write'),
    params: z.object({ id: uuid }),
    body: updatePolicyBody,
    response: envelope(storePolicy),
  }),
  remove: defineEndpoint({
    surface: 'api',
    method: 'DELETE',
    path: '/merchant/policies/:id',
    summary: 'Delete one of your policies',
    tags,
    access: access.merchant('policies:write'),
    params: z.object({ id: uuid }),
    response: messageOnly,
  }),
};

export const policyPublicEndpoints = {
  ofStore: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/stores/:storeId/policies',
    summary: "A visible store's policies (count and rows), shown on its storefront and product pages",
    tags,
    access: access.public,
    params: z.object({ storeId: uuid }),
    response: envelope(policyList),
  }),
};
