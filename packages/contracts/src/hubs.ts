import { z } from 'zod';
import { access } from './access.js';
import { email, isoDateTime, phoneNumber, uuid } from './common.js';
import { defineEndpoint } from './endpoint.js';
import { envelope } from './envelope.js';
import { findLga, findState, nigerianStateName } from './nigeria.js';
import { publishRules } from './published-rules.js';

// Platform hubs (issue 7): admins create them; merchants and approved shipping partners apply to run or use one; an
// admin approves or rejects each application. A store names the hub it drops parcels at in its profile.

export const HUB_APPROVED_MESSAGE = 'Successfully approved hub';

export const hubApplicationKinds = ['run', 'use'] as const;
export type HubApplicationKind = (typeof hubApplicationKinds)[number];
export const hubApplicationStatuses = ['pending', 'approved', 'rejected'] as const;
export type HubApplicationStatus = (typeof hubApplicationStatuses)[number];

export const hubBody = z
  .object({
    name: z.string().trim().min(3, 'Hub name must be at least 3 characters').max(80),
    address: z.string().trim().min(5, 'Enter the street address of the hub').max(300),
    state: nigerianStateName,
    lga: z.string({ error: 'LGA is required' }).trim().min(1, 'LGA is required').max(80),
    /** How many parcels the hub can hold at once. */
    capacity: z.coerce
      .number({ error: 'Capacity is a number of parcels' })
      .int('Capacity is a whole number of parcels')
      .min(1, 'Capacity is at least 1 parcel')
      .max(1_000_000, 'Capacity is at most 1,000,000 parcels'),
    contactPhone: phoneNumber,
    contactEmail: email,
    /** An inactive hub takes no new applications and is offered to nobody. */
    isActive: z.boolean().default(true),
  })
  .transform((hub, context) => {
    const state = findState(hub.state)!;
    const lga = findLga(state, hub.lga);
    if (!lga) {
      context.addIssue({ code: 'custom', path: ['lga'], message: `Choose an LGA of ${state.name}` });
      return z.NEVER;
    }
    return { ...hub, lga };
  })
  .apply((schema) =>
    publishRules(schema, [{ fields: ['state', 'lga'], rule: 'lga must be an LGA of state' }]),
  );
export type HubBody = z.input<typeof hubBody>;

export const hub = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  state: z.string(),
  lga: z.string(),
  capacity: z.number().int(),
  contactPhone: z.string(),
  contactEmail: z.string(),
  isActive: z.boolean(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Hub = z.infer<typeof hub>;

export const hubApplicationBody = z.object({
  hubId: uuid,
  kind: z.enum(hubApplicationKinds, { error: 'Choose whether you want to run or use the hub' }),
  note: z.string().trim().max(500).optional(),
});
export type HubApplicationBody = z.input<typeof hubApplicationBody>;

export const hubApplication = z.object({
  id: z.string(),
  hub: z.object({ id: z.string(), name: z.string(), state: z.string(), lga: z.string() }),
  kind: z.enum(hubApplicationKinds),
  note: z.string().nullable(),
  /** A store (merchant) or a shipping partner. */
  applicantKind: z.enum(['store', 'partner']),
  applicantId: z.string(),
  applicantName: z.string(),
  status: z.enum(hubApplicationStatuses),
  /** Why an admin rejected it; shown to the applicant. */
  rejectionReason: z.string().nullable(),
  decidedAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
});
export type HubApplication = z.infer<typeof hubApplication>;

export const rejectHubApplicationBody = z.object({
  reason: z.string().trim().min(3, 'Say why the application is rejected').max(300),
});
export type RejectHubApplicationBody = z.input<typeof rejectHubApplicationBody>;

const idParams = z.object({ id: uuid });
const tags = ['Hubs'];

export const hubAdminEndpoints = {
  list: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/hubs/admin',
    summary: 'Every hub, active or not, by name',
    tags,
    access: access.admin('hubs:manage'),
    response: envelope(z.array(hub)),
  }),
  create: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/hubs/admin',
    summary: 'Create a hub (name, address, state, LGA, capacity, contact); the phone is normalised to +234',
    tags,
    access: access.admin('hubs:manage'),
    body: hubBody,
    response: envelope(hub),
    status: 201,
  }),
  update: defineEndpoint({
    surface: 'api',
    method: 'PUT',
    path: '/hubs/admin/:id',
    summary: 'Edit a hub, or close it to new applications (isActive false)',
    tags,
    access: access.admin('hubs:manage'),
    params: idParams,
    body: hubBody,
    response: envelope(hub),
  }),
  applications: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/hubs/admin/applications',
    summary: 'Hub applications by status (pending first in, first out; decided ones newest first)',
    tags,
    access: access.admin('approvals:hubs'),
    query: z.object({ status: z.enum(hubApplicationStatuses).default('pending') }),
    response: envelope(z.array(hubApplication)),
  }),
  approve: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/hubs/admin/applications/:id/approve',
    summary: 'Approve a pending hub application; it leaves the pending list',
    tags,
    access: access.admin('approvals:hubs'),
    params: idParams,
    response: envelope(hubApplication),
  }),
  reject: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/hubs/admin/applications/:id/reject',
    summary: 'Reject a pending hub application with a reason the applicant sees',
    tags,
    access: access.admin('approvals:hubs'),
    params: idParams,
    body: rejectHubApplicationBody,
    response: envelope(hubApplication),
  }),
};

export const hubEndpoints = {
  approved: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/hubs/approved',
    summary:
      'Active hubs, by state and name: what merchants and shipping partners may apply for (not customers or visitors)',
    tags,
    access: access.hubAccounts,
    response: envelope(z.array(hub)),
  }),
  apply: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/hubs/applications',
    summary: 'A store or an approved shipping partner applies to run or use a hub',
    tags,
    access: access.merchantOrPartner('store:profile:write', 'partner:hubs'),
    serverChecks: { hubId: 'must name an open hub' },
    body: hubApplicationBody,
    response: envelope(hubApplication),
    status: 201,
  }),
  mine: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/hubs/applications/mine',
    summary: "The caller's store's or partner's applications and their status, newest first",
    tags,
    access: access.merchantOrPartner('store:profile:read', 'partner:hubs'),
    response: envelope(z.array(hubApplication)),
  }),
};
