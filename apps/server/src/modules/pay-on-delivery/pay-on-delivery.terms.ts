import {
  formatNaira,
  koboToNaira,
  nairaToKobo,
  type PodOption,
  type PodSettings,
  type PodSettingsBody,
} from '@market/contracts';
import { and, count, eq, gte, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { AppError, validation } from '../../platform/errors.js';
import { existingZoneIds, zonesOfStates } from '../shipping/index.js';
import { type PodContext, type PricedCart, rules, settingsView } from './pay-on-delivery.context.js';
import { podRefusals, podSettings, podStoreSettings } from './pay-on-delivery.schema.js';

// Who may pay at the door (ADR 074): the admin's rules, each store's opt-in, and the terms a checkout reads and
// checks again when it writes the order.

const DAY_MS = 86_400_000;

/** A checkout's stores for the terms: the customer, the delivery state and each store's order total. */
export interface TermsInput {
  customerId: string;
  state: string | null;
  stores: { storeId: string; storeName: string; totalKobo: number }[];
}

export async function settings(ctx: PodContext): Promise<PodSettings> {
  return settingsView(await rules(ctx.db));
}

export async function saveSettings(
  ctx: PodContext,
  body: PodSettingsBody,
  adminId: string,
): Promise<PodSettings> {
  const { db } = ctx;
  const zoneIds = [...new Set(body.zoneIds)];
  const known = new Set(await existingZoneIds(db, zoneIds));
  const unknown = zoneIds.filter((id) => !known.has(id));
  if (unknown.length > 0) throw validation('zoneIds', 'Choose existing shipping zones');
  const values = {
    enabled: body.enabled,
    zoneIds,
    maxOrderKobo: nairaToKobo(body.maxOrder),
    feeKobo: nairaToKobo(body.fee),
    refusalLimit: body.refusalLimit,
    refusalPeriodDays: body.refusalPeriodDays,
    carrierCashLimitKobo: nairaToKobo(body.carrierCashLimit),
    updatedBy: adminId,
    updatedAt: ctx.deps.now(),
  };
  await db
    .insert(podSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: podSettings.id, set: values });
  return settingsView(await rules(db));
}

export async function storeSetting(ctx: PodContext, storeId: string) {
  const [row] = await ctx.db.select().from(podStoreSettings).where(eq(podStoreSettings.storeId, storeId));
  return { enabled: row?.enabled ?? false };
}

export async function saveStoreSetting(ctx: PodContext, storeId: string, enabled: boolean, userId: string) {
  const values = { enabled, updatedBy: userId, updatedAt: ctx.deps.now() };
  await ctx.db
    .insert(podStoreSettings)
    .values({ storeId, ...values })
    .onConflictDoUpdate({ target: podStoreSettings.storeId, set: values });
  return { enabled };
}

/**
 * Whether each store's order may be paid at the door for this customer and state, and why not. Read in the
 * caller's transaction (checkout's), so what create-order checks is what it writes.
 */
export async function terms(ctx: PodContext, executor: Db, input: TermsInput): Promise<PodOption[]> {
  const r = await rules(executor);
  const storeIds = input.stores.map((store) => store.storeId);
  const [optedIn, refusals, zones] = await Promise.all([
    storeIds.length === 0
      ? []
      : executor
          .select({ storeId: podStoreSettings.storeId })
          .from(podStoreSettings)
          .where(and(inArray(podStoreSettings.storeId, storeIds), eq(podStoreSettings.enabled, true))),
    executor
      .select({ n: count() })
      .from(podRefusals)
      .where(
        and(
          eq(podRefusals.customerId, input.customerId),
          gte(podRefusals.refusedAt, new Date(ctx.deps.now().getTime() - r.refusalPeriodDays * DAY_MS)),
        ),
      ),
    input.state ? zonesOfStates(executor, [input.state]) : new Map<string, { id: string }>(),
  ]);
  const stores = new Set(optedIn.map((row) => row.storeId));
  const refused = refusals[0]?.n ?? 0;
  const zone = input.state ? zones.get(input.state)?.id : undefined;
  const platformReason = !r.enabled
    ? 'Pay on delivery is not available at the moment'
    : !input.state
      ? 'Choose a delivery address first'
      : !zone || !r.zoneIds.includes(zone)
        ? `Pay on delivery is not available for deliveries to ${input.state}`
        : refused >= r.refusalLimit
          ? `Pay on delivery is not available to you: ${refused} parcel${refused === 1 ? ' was' : 's were'} refused at the door in the last ${r.refusalPeriodDays} days`
          : null;
  return input.stores.map((store) => {
    const reason =
      platformReason ??
      (!stores.has(store.storeId)
        ? `${store.storeName} does not take payment at the door`
        : store.totalKobo > r.maxOrderKobo
          ? `Orders above ${formatNaira(r.maxOrderKobo)} are paid online`
          : null);
    return {
      storeId: store.storeId,
      storeName: store.storeName,
      orderTotal: koboToNaira(store.totalKobo),
      allowed: reason === null,
      fee: reason === null ? koboToNaira(r.feeKobo) : null,
      reason,
    };
  });
}

/** For the checkout page: each store of the customer's cart (priced by the flow), whether it may be paid at the door. */
export async function options(ctx: PodContext, customerId: string, cart: PricedCart): Promise<PodOption[]> {
  return terms(ctx, ctx.db, { customerId, state: cart.state, stores: cart.stores });
}

/**
 * create-order: the stores the customer chose to pay on delivery, each checked again in the checkout's
 * transaction. Answers each chosen store's fee; refuses the checkout when one may not.
 */
export async function choose(
  ctx: PodContext,
  executor: Db,
  input: TermsInput & { chosen: string[] },
): Promise<Map<string, number>> {
  const chosen = new Set(input.chosen);
  if (chosen.size === 0) return new Map();
  const inCart = input.stores.filter((store) => chosen.has(store.storeId));
  if (inCart.length !== chosen.size)
    throw validation('payOnDeliveryStoreIds', 'Choose pay on delivery only for stores in your cart');
  const options = await terms(ctx, executor, { ...input, stores: inCart });
  const refused = options.filter((option) => !option.allowed);
  if (refused.length > 0)
    throw new AppError(
      'CONFLICT',
      `Failed to create order: ${refused.map((option) => option.reason).join('; ')}`,
    );
  return new Map(options.map((option) => [option.storeId, nairaToKobo(option.fee ?? 0)]));
}
