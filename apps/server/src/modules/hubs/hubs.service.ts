import type {
  Hub,
  HubApplication,
  HubApplicationStatus,
  hubApplicationBody,
  hubBody,
} from '@market/contracts';
import type { z } from 'zod';
import { bound } from '../../platform/bound.js';
import type { Db } from '../../platform/db/client.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import type { Deps } from '../../platform/deps.js';
import { conflict, forbidden, notFound, validation } from '../../platform/errors.js';
import type { AuthContext } from '../../platform/http/routes.js';
import { normalizeNigerianPhone } from '../../platform/phone.js';
import { findPartnerProfile } from '../auth/index.js';
import { findStoreById } from '../stores/index.js';
import type { Applicant, HubApplicationRow, HubRow } from './hubs.repository.js';
import * as repository from './hubs.repository.js';

export const HUB_NOT_FOUND = 'Hub not found';
const APPLICATION_NOT_FOUND = 'Hub application not found';

function toHub(row: HubRow): Hub {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    state: row.state,
    lga: row.lga,
    capacity: row.capacity,
    contactPhone: row.contactPhone,
    contactEmail: row.contactEmail,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toApplication(row: HubApplicationRow, hubs: Map<string, HubRow>): HubApplication {
  const hub = hubs.get(row.hubId);
  return {
    id: row.id,
    hub: {
      id: row.hubId,
      name: hub?.name ?? 'Removed hub',
      state: hub?.state ?? '',
      lga: hub?.lga ?? '',
    },
    kind: row.kind,
    note: row.note,
    applicantKind: row.applicantKind,
    applicantId: row.applicantId,
    applicantName: row.applicantName,
    status: row.status,
    rejectionReason: row.rejectionReason,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

const nameTaken = (error: unknown) => {
  if (isUniqueViolation(error)) return conflict('A hub with this name already exists');
  return error;
};

/** The store (merchant) or the partner the caller applies for; the guard has resolved the store. */
function applicantOf(auth: AuthContext): Applicant {
  if (auth.kind === 'partner') return { kind: 'partner', id: auth.userId };
  if (auth.kind === 'merchant' && auth.storeId) return { kind: 'store', id: auth.storeId };
  throw forbidden('Only a store or a shipping partner applies for a hub');
}

/** What the hubs service's functions work with. */
interface HubsContext {
  deps: Deps;
  db: Db;
}

/**
 * Hub addresses are where parcels wait: only a store or a shipping partner an admin approved sees them or applies
 * (issue 24: any self-registered account used to). Answers the applicant's name.
 */
async function approvedApplicant(ctx: HubsContext, auth: AuthContext): Promise<string> {
  const applicant = applicantOf(auth);
  if (applicant.kind === 'partner') {
    // The auth module's read of the partner's profile: its company, and whether an admin approved it.
    const partner = await findPartnerProfile(ctx.db, auth.userId);
    if (!partner || partner.approvedAt === null)
      throw forbidden('An admin must approve your shipping company before it can see or apply for hubs');
    return partner.companyName;
  }
  // The stores module's read: a pending or rejected store is nobody the platform vouched for yet.
  const store = await findStoreById(ctx.db, applicant.id);
  if (store?.approvalStatus !== 'approved')
    throw forbidden('An admin must approve your store before it can see or apply for hubs');
  return store.storeName;
}

async function applicationViews(executor: Db, rows: HubApplicationRow[]): Promise<HubApplication[]> {
  const hubs = await repository.hubsByIds(executor, [...new Set(rows.map((row) => row.hubId))]);
  return rows.map((row) => toApplication(row, hubs));
}

async function decide(
  ctx: HubsContext,
  auth: AuthContext,
  id: string,
  status: Exclude<HubApplicationStatus, 'pending'>,
  reason: string | null,
): Promise<HubApplication> {
  const decided = await repository.decidePending(ctx.db, id, {
    status,
    rejectionReason: reason,
    decidedBy: auth.userId,
    decidedAt: ctx.deps.now(),
  });
  if (!decided) {
    const existing = await repository.findApplication(ctx.db, id);
    if (!existing) throw notFound(APPLICATION_NOT_FOUND);
    throw conflict(`This application is already ${existing.status}`);
  }
  const [view] = await applicationViews(ctx.db, [decided]);
  return view!;
}

/** The open hubs, for admins and for approved stores and shipping partners. */
async function open(ctx: HubsContext, auth: AuthContext): Promise<Hub[]> {
  if (auth.kind !== 'admin') await approvedApplicant(ctx, auth);
  return (await repository.listHubs(ctx.db, true)).map(toHub);
}

async function list(ctx: HubsContext, onlyActive: boolean): Promise<Hub[]> {
  return (await repository.listHubs(ctx.db, onlyActive)).map(toHub);
}

async function create(ctx: HubsContext, auth: AuthContext, body: z.output<typeof hubBody>): Promise<Hub> {
  const contactPhone = normalizeNigerianPhone(body.contactPhone, 'contactPhone');
  const at = ctx.deps.now();
  const row = await repository
    .insertHub(ctx.db, { ...body, contactPhone, createdBy: auth.userId, createdAt: at, updatedAt: at })
    .catch((error: unknown) => {
      throw nameTaken(error);
    });
  return toHub(row);
}

async function update(ctx: HubsContext, id: string, body: z.output<typeof hubBody>): Promise<Hub> {
  const contactPhone = normalizeNigerianPhone(body.contactPhone, 'contactPhone');
  const row = await repository
    .updateHub(ctx.db, id, { ...body, contactPhone, updatedAt: ctx.deps.now() })
    .catch((error: unknown) => {
      throw nameTaken(error);
    });
  if (!row) throw notFound(HUB_NOT_FOUND);
  return toHub(row);
}

/**
 * A store or an approved shipping partner applies to run or use an active hub. A second application for the same
 * hub while one is pending, or for what is already approved, is a 409; the partial unique index settles two
 * sent at once.
 */
async function apply(
  ctx: HubsContext,
  auth: AuthContext,
  body: z.output<typeof hubApplicationBody>,
): Promise<HubApplication> {
  const applicant = applicantOf(auth);
  const applicantName = await approvedApplicant(ctx, auth);
  const hub = await repository.findHub(ctx.db, body.hubId);
  if (!hub?.isActive) throw validation('hubId', 'Choose an open hub');
  const open = await repository.findOpenApplication(ctx.db, hub.id, applicant, ['pending', 'approved']);
  if (open?.status === 'pending')
    throw conflict('You already applied for this hub; wait for an admin to decide');
  if (open?.status === 'approved' && open.kind === body.kind) {
    throw conflict(`You are already approved to ${body.kind} this hub`);
  }
  const row = await repository
    .insertApplication(ctx.db, {
      hubId: hub.id,
      applicantKind: applicant.kind,
      applicantId: applicant.id,
      applicantName,
      submittedBy: auth.userId,
      kind: body.kind,
      note: body.note || null,
      createdAt: ctx.deps.now(),
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) {
        throw conflict('You already applied for this hub; wait for an admin to decide');
      }
      throw error;
    });
  return toApplication(row, new Map([[hub.id, hub]]));
}

async function mine(ctx: HubsContext, auth: AuthContext): Promise<HubApplication[]> {
  return applicationViews(ctx.db, await repository.applicationsOf(ctx.db, applicantOf(auth)));
}

async function applications(ctx: HubsContext, status: HubApplicationStatus): Promise<HubApplication[]> {
  return applicationViews(ctx.db, await repository.applicationsByStatus(ctx.db, status));
}

/** Hubs and who may use them: named functions of a `HubsContext` (ADR 091, 102), bound here. */
export function createHubsService(deps: Deps) {
  const ctx: HubsContext = { deps, db: deps.db };
  return {
    open: bound(ctx, open),
    list: bound(ctx, list),
    create: bound(ctx, create),
    update: bound(ctx, update),
    apply: bound(ctx, apply),
    mine: bound(ctx, mine),
    applications: bound(ctx, applications),
    approve: (auth: AuthContext, id: string) => decide(ctx, auth, id, 'approved', null),
    reject: (auth: AuthContext, id: string, reason: string) => decide(ctx, auth, id, 'rejected', reason),
  };
}

export type HubsService = ReturnType<typeof createHubsService>;
