import type { CreatePlanInput, Plan, UpdatePlanInput } from '@market/contracts';
import { PLAN_NOT_FOUND } from '@market/contracts';
import type { Db } from '../../platform/db/client.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { conflict, notFound } from '../../platform/errors.js';
import { type SubscriptionsContext, toPlan } from './subscriptions.context.js';
import {
  clearDefaultPlan,
  findDefaultPlan,
  findPlan,
  insertPlan,
  listPlans,
  lockPlans,
  type PlanRow,
  updatePlan as updatePlanRow,
} from './subscriptions.repository.js';

// The plans admins offer: one stays the default (and on offer) whatever is changed.

export async function plans(ctx: SubscriptionsContext, onlyActive: boolean): Promise<Plan[]> {
  return (await listPlans(ctx.db, onlyActive)).map(toPlan);
}

async function savePlan(
  ctx: SubscriptionsContext,
  write: (tx: Db) => Promise<PlanRow | undefined>,
): Promise<Plan> {
  try {
    const row = await ctx.db.transaction(async (tx) => {
      await lockPlans(tx);
      const saved = await write(tx);
      if (!saved) throw notFound(PLAN_NOT_FOUND);
      if (!(await findDefaultPlan(tx)))
        throw conflict('One plan must stay the default: make another plan the default first');
      return saved;
    });
    return toPlan(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('A plan with this code already exists');
    throw error;
  }
}

export function createPlan(ctx: SubscriptionsContext, body: CreatePlanInput): Promise<Plan> {
  const at = ctx.deps.now();
  return savePlan(ctx, async (tx) => {
    if (body.isDefault) await clearDefaultPlan(tx, at);
    return insertPlan(tx, {
      ...body,
      isActive: body.isActive || body.isDefault,
      createdAt: at,
      updatedAt: at,
    });
  });
}

export function updatePlan(ctx: SubscriptionsContext, id: string, body: UpdatePlanInput): Promise<Plan> {
  const at = ctx.deps.now();
  return savePlan(ctx, async (tx) => {
    const current = await findPlan(tx, id);
    if (!current) return undefined;
    if (
      (body.isActive === false && (body.isDefault ?? current.isDefault)) ||
      (body.isDefault && body.isActive === false)
    )
      throw conflict('The default plan must stay on offer: make another plan the default first');
    if (body.isDefault && !current.isDefault) await clearDefaultPlan(tx, at);
    return updatePlanRow(tx, id, {
      ...body,
      ...(body.isDefault ? { isActive: true } : {}),
      updatedAt: at,
    });
  });
}
