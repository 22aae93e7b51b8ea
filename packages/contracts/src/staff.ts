import { z } from 'zod';
import { access } from './access.js';
import { adminRoles } from './auth.js';
import { email, idParam, isoDateTime, personName, phoneNumber, uuid } from './common.js';
import { defineEndpoint } from './endpoint.js';
import { envelope, messageOnly } from './envelope.js';
import { adminPermissions, merchantRoles, storePermissions } from './permissions.js';
import { atLeastOneField } from './published-rules.js';

// Issue 9: a store's staff (members other than its owner), the store's custom roles, and the super admin's
// custom admin roles. A role is a set of permissions over resources (`storeResources`, `adminResources`).

export const STAFF_CREATED_MESSAGE = 'Store staff successfully created';

/** Built-in roles an owner may give a staff member (the owner role is the store's founder only). */
export const assignableMerchantRoles = merchantRoles.filter((role) => role !== 'owner');

/** A role as a staff form names it: a built-in role's name, or a custom role's id. */
export const staffRoleRef = z
  .string({ error: 'Choose a role' })
  .trim()
  .min(1, 'Choose a role')
  .max(80, 'Choose a role');

export const createStaffBody = z.object({
  firstName: personName('First name'),
  lastName: personName('Last name'),
  email,
  phoneNumber,
  role: staffRoleRef,
});
export type CreateStaffBody = z.input<typeof createStaffBody>;

export const editStaffBody = z
  .object({
    firstName: personName('First name'),
    lastName: personName('Last name'),
    phoneNumber,
    role: staffRoleRef,
  })
  .partial()
  .refine((value) => Object.keys(value).length > 0, 'Give at least one field to change')
  .apply(atLeastOneField('Give at least one field to change'));
export type EditStaffBody = z.input<typeof editStaffBody>;

export const staffMember = z.object({
  /** The member's account id. */
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  /** The role's name as people read it (a built-in name or the custom role's name). */
  role: z.string(),
  /** What a form sends back: the built-in role's name or the custom role's id. */
  roleRef: z.string(),
  isOwner: z.boolean(),
  isActive: z.boolean(),
  /** False until the invited person has set a password from the mail. */
  passwordSet: z.boolean(),
  permissions: z.array(z.string()),
  lastLogin: isoDateTime.nullable(),
  createdAt: isoDateTime,
});
export type StaffMember = z.infer<typeof staffMember>;

const permissionList = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z
    .array(z.enum(values, { error: `Unknown ${label} permission` }))
    .max(values.length)
    .transform((list) => [...new Set(list)]);

const roleName = z
  .string({ error: 'Role name is required' })
  .trim()
  .min(2, 'Role name must be at least 2 characters')
  .max(40, 'Role name must be at most 40 characters');

export const storeRoleBody = z.object({
  name: roleName,
  permissions: permissionList(storePermissions, 'store'),
});
export type StoreRoleBody = z.input<typeof storeRoleBody>;
export const editStoreRoleBody = storeRoleBody
  .partial()
  .refine((value) => Object.keys(value).length > 0, 'Give at least one field to change')
  .apply(atLeastOneField('Give at least one field to change'));

export const customRole = z.object({
  id: z.string(),
  name: z.string(),
  permissions: z.array(z.string()),
  memberCount: z.number().int(),
  createdAt: isoDateTime,
});
export type CustomRole = z.infer<typeof customRole>;

export const builtInRole = z.object({ name: z.string(), permissions: z.array(z.string()) });

export const resource = z.object({
  key: z.string(),
  label: z.string(),
  permissions: z.array(z.string()),
});
export type Resource = z.infer<typeof resource>;

export const rolesData = z.object({
  builtIn: z.array(builtInRole),
  custom: z.array(customRole),
  resources: z.array(resource),
});
export type RolesData = z.infer<typeof rolesData>;

const staffTags = ['Staff'];
const staffIdParam = idParam;

export const staffEndpoints = {
  list: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/merchant/staff',
    summary: "The store's people: the owner and every staff member, with role and state",
    tags: staffTags,
    access: access.merchant('staff:read'),
    response: envelope(z.object({ staff: z.array(staffMember) })),
  }),
  get: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/merchant/staff/:id',
    summary: 'One member of the store',
    tags: staffTags,
    access: access.merchant('staff:read'),
    params: staffIdParam,
    response: envelope(staffMember),
  }),
  create: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/merchant/staff',
    summary: 'Invite a staff member: their account is created and they set a password from the mail',
    tags: staffTags,
    access: access.merchant('staff:manage'),
    serverChecks: { role: "must be one of the store's roles" },
    // The platform's mail on a store's behalf is counted per store (issue 31).
    errors: [429],
    body: createStaffBody,
    response: envelope(staffMember),
    status: 201,
  }),
  edit: defineEndpoint({
    surface: 'api',
    method: 'PATCH',
    path: '/merchant/staff/:id',
    summary: "Edit a staff member's name, phone or role; a new role applies from their next call",
    tags: staffTags,
    access: access.merchant('staff:manage'),
    params: staffIdParam,
    body: editStaffBody,
    response: envelope(staffMember),
  }),
  deactivate: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/merchant/staff/:id/deactivate',
    summary: 'Deactivate a staff member: their sessions end at once',
    tags: staffTags,
    access: access.merchant('staff:manage'),
    params: staffIdParam,
    response: envelope(staffMember),
  }),
  activate: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/merchant/staff/:id/activate',
    summary: 'Reactivate a staff member',
    tags: staffTags,
    access: access.merchant('staff:manage'),
    params: staffIdParam,
    response: envelope(staffMember),
  }),
  remove: defineEndpoint({
    surface: 'api',
    method: 'DELETE',
    path: '/merchant/staff/:id',
    summary: 'Remove a staff member from the store and close their account',
    tags: staffTags,
    access: access.merchant('staff:manage'),
    params: staffIdParam,
    response: messageOnly,
  }),
  roles: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/merchant/roles',
    summary: "The store's roles: built-in (read-only) and custom, with the resources they cover",
    tags: staffTags,
    access: access.merchant('staff:read'),
    response: envelope(rolesData),
  }),
  createRole: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/merchant/roles',
    summary: 'Create a custom role from store permissions',
    tags: staffTags,
    access: access.merchant('staff:manage'),
    body: storeRoleBody,
    response: envelope(customRole),
    status: 201,
  }),
  editRole: defineEndpoint({
    surface: 'api',
    method: 'PATCH',
    path: '/merchant/roles/:id',
    summary:
      'Rename a custom role or change its permissions; its members hold the new set from their next call',
    tags: staffTags,
    access: access.merchant('staff:manage'),
    params: idParam,
    body: editStoreRoleBody,
    response: envelope(customRole),
  }),
  removeRole: defineEndpoint({
    surface: 'api',
    method: 'DELETE',
    path: '/merchant/roles/:id',
    summary: 'Delete a custom role nobody holds',
    tags: staffTags,
    access: access.merchant('staff:manage'),
    params: idParam,
    response: messageOnly,
  }),
} as const;

// ---------- admin roles (the super admin; specification section 6) ----------

/** Permissions a custom admin role may hold: every admin permission but managing admins. */
export const customAdminPermissions = adminPermissions.filter(
  (permission) => permission !== 'admins:manage',
) as unknown as readonly [string, ...string[]];

export const adminRoleBody = z.object({
  name: roleName,
  permissions: permissionList(customAdminPermissions, 'admin'),
});
export type AdminRoleBody = z.input<typeof adminRoleBody>;
export const editAdminRoleBody = adminRoleBody
  .partial()
  .refine((value) => Object.keys(value).length > 0, 'Give at least one field to change')
  .apply(atLeastOneField('Give at least one field to change'));

export const assignAdminRoleBody = z.object({
  adminId: uuid,
  /** A custom role's id, or null to go back to the admin's built-in role. */
  roleId: uuid.nullable(),
});

export const adminRolesData = z.object({
  builtIn: z.array(builtInRole.extend({ name: z.enum(adminRoles) })),
  custom: z.array(customRole),
  resources: z.array(resource),
  /** Which admin holds which custom role. */
  assignments: z.array(z.object({ adminId: z.string(), roleId: z.string() })),
});
export type AdminRolesData = z.infer<typeof adminRolesData>;

const adminRoleTags = ['Admin roles'];

export const adminRoleEndpoints = {
  list: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/admin/roles',
    summary: 'Admin roles: built-in (read-only) and custom, the resources they cover, and who holds which',
    tags: adminRoleTags,
    access: access.superadmin,
    response: envelope(adminRolesData),
  }),
  create: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/admin/roles',
    summary: 'Create a custom admin role',
    tags: adminRoleTags,
    access: access.superadmin,
    body: adminRoleBody,
    response: envelope(customRole),
    status: 201,
  }),
  edit: defineEndpoint({
    surface: 'api',
    method: 'PATCH',
    path: '/admin/roles/:id',
    summary: 'Rename a custom admin role or change its permissions',
    tags: adminRoleTags,
    access: access.superadmin,
    params: idParam,
    body: editAdminRoleBody,
    response: envelope(customRole),
  }),
  remove: defineEndpoint({
    surface: 'api',
    method: 'DELETE',
    path: '/admin/roles/:id',
    summary: 'Delete a custom admin role nobody holds',
    tags: adminRoleTags,
    access: access.superadmin,
    params: idParam,
    response: messageOnly,
  }),
  assign: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/admin/roles/assign',
    summary: 'Give an admin a custom role (or take it away); it applies from their next call',
    tags: adminRoleTags,
    access: access.superadmin,
    body: assignAdminRoleBody,
    response: messageOnly,
  }),
} as const;
