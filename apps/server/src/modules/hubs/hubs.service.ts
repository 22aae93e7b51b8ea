import type {
  Hub,
  HubApplication,
  HubApplicationStatus,
  hubApplicationBody,
  hubBody,
} from '@market/contracts';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import type { Deps } from '../../platform/deps.js';
import { conflict, forbidden, notFound, validation } from '../../platform/errors.js';
import type { AuthContext } from '../../platform/http/routes.js';
import { normalizeNigerianPhone } from '../../platform/phone.js';
import type { Applicant, HubApplicationRow, HubRow } from './hubs.repository.js';
import * as repository from './hubs.repository.js';

/** What the hubs module needs of others, handed in by the composition (ADR 010). */
export interface HubsNeeds {
  /** The store's name, to show admins who applied. */
  storeName(executor: Db, storeId: string): Promise<string | undefined>;
  /** A shipping partner's company and whether an admin approved it. */
  partner(executor: Db, userId: string): Promise<{ companyName: string; approved: boolean } | undefined>;
  /** Whether admins approved the store (a pending or rejected one is nobody the platform vouched for yet). */
  storeApproved(executor: Db, storeId: string): Promise<boolean>;
}

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

export function createHubsService(deps: Deps, needs: HubsNeeds) {
  const { db } = deps;

  /**
   * Hub addresses are where parcels wait: only a store or a shipping partner an admin approved sees them or applies
   * (issue 24: any self-registered account used to). Answers the applicant's name.
   */
  async function approvedApplicant(auth: AuthContext): Promise<string> {
    const applicant = applicantOf(auth);
    if (applicant.kind === 'partner') {
      const partner = await needs.partner(db, auth.userId);
      if (!partner?.approved)
        throw forbidden('An admin must approve your shipping company before it can see or apply for hubs');
      return partner.companyName;
    }
    if (!(await needs.storeApproved(db, applicant.id)))
      throw forbidden('An admin must approve your store before it can see or apply for hubs');
    const name = await needs.storeName(db, applicant.id);
    if (!name) throw forbidden('Only a store or a shipping partner applies for a hub');
    return name;
  }

  async function applicationViews(executor: Db, rows: HubApplicationRow[]): Promise<HubApplication[]> {
    const hubs = await repository.hubsByIds(executor, [...new Set(rows.map((row) => row.hubId))]);
    return rows.map((row) => toApplication(row, hubs));
  }

  async function decide(
    auth: AuthContext,
    id: string,
    status: Exclude<HubApplicationStatus, 'pending'>,
    reason: string | null,
  ): Promise<HubApplication> {
    const decided = await repository.decidePending(db, id, {
      status,
      rejectionReason: reason,
      decidedBy: auth.userId,
      decidedAt: deps.now(),
    });
    if (!decided) {
      const existing = await repository.findApplication(db, id);
      if (!existing) throw notFound(APPLICATION_NOT_FOUND);
      throw conflict(`This application is already ${existing.status}`);
    }
    const [view] = await applicationViews(db, [decided]);
    return view!;
  }

  return {
    /** The open hubs, for admins and for approved stores and shipping partners. */
    async open(auth: AuthContext): Promise<Hub[]> {
      if (auth.kind !== 'admin') await approvedApplicant(auth);
      return (await repository.listHubs(db, true)).map(toHub);
    },

    async list(onlyActive: boolean): Promise<Hub[]> {
      return (await repository.listHubs(db, onlyActive)).map(toHub);
    },

    async create(auth: AuthContext, body: z.output<typeof hubBody>): Promise<Hub> {
      const contactPhone = normalizeNigerianPhone(body.contactPhone, 'contactPhone');
      const at = deps.now();
      const row = await repository
        .insertHub(db, { ...body, contactPhone, createdBy: auth.userId, createdAt: at, updatedAt: at })
        .catch((error: unknown) => {
          throw nameTaken(error);
        });
      return toHub(row);
    },

    async update(id: string, body: z.output<typeof hubBody>): Promise<Hub> {
      const contactPhone = normalizeNigerianPhone(body.contactPhone, 'contactPhone');
      const row = await repository
        .updateHub(db, id, { ...body, contactPhone, updatedAt: deps.now() })
        .catch((error: unknown) => {
          throw nameTaken(error);
        });
      if (!row) throw notFound(HUB_NOT_FOUND);
      return toHub(row);
    },

    /**
     * A store or an approved shipping partner applies to run or use an active hub. A second application for the same
     * hub while one is pending, or for what is already approved, is a 409; the partial unique index settles two
     * sent at once.
     */
    async apply(auth: AuthContext, body: z.output<typeof hubApplicationBody>): Promise<HubApplication> {
      const applicant = applicantOf(auth);
      const applicantName = await approvedApplicant(auth);
      const hub = await repository.findHub(db, body.hubId);
      if (!hub?.isActive) throw validation('hubId', 'Choose an open hub');
      const open = await repository.findOpenApplication(db, hub.id, applicant, ['pending', 'approved']);
      if (open?.status === 'pending')
        throw conflict('You already applied for this hub; wait for an admin to decide');
      if (open?.status === 'approved' && open.kind === body.kind) {
        throw conflict(`You are already approved to ${body.kind} this hub`);
      }
      const row = await repository
        .insertApplication(db, {
          hubId: hub.id,
          applicantKind: applicant.kind,
          applicantId: applicant.id,
          applicantName,
          submittedBy: auth.userId,
          kind: body.kind,
          note: body.note || null,
          createdAt: deps.now(),
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) {
            throw conflict('You already applied for this hub; wait for an admin to decide');
          }
          throw error;
        });
      return toApplication(row, new Map([[hub.id, hub]]));
    },

    async mine(auth: AuthContext): Promise<HubApplication[]> {
      return applicationViews(db, await repository.applicationsOf(db, applicantOf(auth)));
    },

    async applications(status: HubApplicationStatus): Promise<HubApplication[]> {
      return applicationViews(db, await repository.applicationsByStatus(db, status));
    },

    approve: (auth: AuthContext, id: string) => decide(auth, id, 'approved', null),
    reject: (auth: AuthContext, id: string, reason: string) => decide(auth, id, 'rejected', reason),
  };
}

export type HubsService = ReturnType<typeof createHubsService>;
