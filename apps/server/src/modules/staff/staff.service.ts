import { bound } from '../../platform/bound.js';
import type { Deps } from '../../platform/deps.js';
import type { AuthService } from '../auth/index.js';
import type { StaffContext } from './staff.access.js';
import { create, edit, get, list, remove, setActive } from './staff.members.js';
import { createRole, editRole, removeRole, roles } from './staff.roles.js';

export { STORE_NOT_APPROVED_FOR_STAFF, type StaffActor, type StaffContext } from './staff.access.js';

/**
 * A store's staff, its custom roles, and the invitation that lets a staff member in. Named functions of a
 * `StaffContext` (ADR 091): who may change whom (`staff.access.ts`), the team (`staff.members.ts`), the roles
 * (`staff.roles.ts`); bound here.
 */
export function createStaffService(deps: Deps, auth: AuthService) {
  const ctx: StaffContext = { deps, db: deps.db, auth };
  return {
    list: bound(ctx, list),
    get: bound(ctx, get),
    /** Creates the staff account and membership and mails the set-password link, all or nothing. */
    create: bound(ctx, create),
    edit: bound(ctx, edit),
    /** Deactivating ends every session of the member at once: their next call answers 401. */
    setActive: bound(ctx, setActive),
    /** Removes the member and closes the staff account (its email can be invited again). */
    remove: bound(ctx, remove),
    roles: bound(ctx, roles),
    createRole: bound(ctx, createRole),
    editRole: bound(ctx, editRole),
    removeRole: bound(ctx, removeRole),
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
