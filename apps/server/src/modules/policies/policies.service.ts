import {
  type CreatePolicyBody,
  POLICY_NOT_FOUND,
  POLICY_TYPE_TAKEN,
  type PolicyList,
  type StorePolicy,
  type UpdatePolicyBody,
} from '@market/contracts';
import type { Db } from '../../platform/db/client.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import type { Deps } from '../../platform/deps.js';
import { conflict, notFound } from '../../platform/errors.js';
import type { StoreActor } from '../../platform/http/routes.js';
import { findStoreById } from '../stores/index.js';
import {
  deleteStorePolicy,
  insertPolicy,
  listStorePolicies,
  type PolicyRow,
  updateStorePolicy,
} from './policies.repository.js';

/** Whether customers may see the store: the stores module's read of it. */
async function isStorePublic(executor: Db, storeId: string): Promise<boolean> {
  return (await findStoreById(executor, storeId))?.isVisible === true;
}

function toPolicy(row: PolicyRow): StorePolicy {
  return {
    id: row.id,
    storeId: row.storeId,
    type: row.type,
    title: row.title,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toList(rows: PolicyRow[]): PolicyList {
  return { count: rows.length, rows: rows.map(toPolicy) };
}

/** The one-per-kind unique index answers 409 with a message the merchant can act on. */
async function uniqueKind<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(POLICY_TYPE_TAKEN);
    throw error;
  }
}

export function createPoliciesService(deps: Deps) {
  const { db } = deps;
  return {
    async list(actor: StoreActor): Promise<PolicyList> {
      return toList(await listStorePolicies(db, actor.storeId));
    },

    async create(actor: StoreActor, body: CreatePolicyBody): Promise<StorePolicy> {
      const at = deps.now();
      const row = await uniqueKind(() =>
        insertPolicy(db, {
          storeId: actor.storeId,
          type: body.type,
          title: body.title,
          body: body.body,
          createdBy: actor.userId,
          createdAt: at,
          updatedAt: at,
        }),
      );
      return toPolicy(row);
    },

    async update(actor: StoreActor, id: string, body: UpdatePolicyBody): Promise<StorePolicy> {
      const row = await uniqueKind(() =>
        updateStorePolicy(db, actor.storeId, id, { ...body, updatedAt: deps.now() }),
      );
      // Another store's policy answers as if it did not exist.
      if (!row) throw notFound(POLICY_NOT_FOUND);
      return toPolicy(row);
    },

    async remove(actor: StoreActor, id: string): Promise<void> {
      if (!(await deleteStorePolicy(db, actor.storeId, id))) throw notFound(POLICY_NOT_FOUND);
    },

    /** A store customers can see; a hidden, pending or unknown store answers 404 like a missing one. */
    async ofPublicStore(storeId: string): Promise<PolicyList> {
      if (!(await isStorePublic(db, storeId))) throw notFound('Store not found');
      return toList(await listStorePolicies(db, storeId));
    },
  };
}

export type PoliciesService = ReturnType<typeof createPoliciesService>;
