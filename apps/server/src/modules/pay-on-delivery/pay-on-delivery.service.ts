import { randomUUID } from 'node:crypto';
import {
  type CarrierCash,
  formatNaira,
  koboToNaira,
  nairaToKobo,
  type PodCollection,
  type PodOption,
  type PodOverview,
  type PodSettings,
  type PodSettingsBody,
  type Remittance,
  type RemittanceBody,
} from '@market/contracts';
import { and, asc, count, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import type { Deps } from '../../platform/deps.js';
import { AppError, conflict, notFound, validation } from '../../platform/errors.js';
import {
  type PodMethod,
  podCollections,
  podRefusals,
  podRemittances,
  podSettings,
  podStoreSettings,
} from './pay-on-delivery.schema.js';

// Pay on delivery (ADR 074): who may use it, the cash a carrier takes at the door and its remittance to the
// platform. Every figure of money is the ledger's (through `needs.books`); these tables say which collection a
// remittance pays for.

const DAY_MS = 86_400_000;

/** The rules until an admin saves their own: off, ₦100,000 per order, ₦500 fee, 2 refusals in 90 days, ₦500,000. */
export const POD_DEFAULTS = {
  enabled: false,
  zoneIds: [] as string[],
  maxOrderKobo: 10_000_000,
  feeKobo: 50_000,
  refusalLimit: 2,
  refusalPeriodDays: 90,
  carrierCashLimitKobo: 50_000_000,
};

type Rules = typeof POD_DEFAULTS & { updatedAt: Date | null };

/** An order as pay on delivery needs it (the orders module's row). */
export interface PodOrder {
  id: string;
  orderName: string;
  storeId: string;
  customerId: string;
  totalKobo: number;
  podFeeKobo: number;
}

export interface PodCarrier {
  id: string;
  kind: 'dispatcher' | 'partner' | 'hub';
  name: string;
}

export interface PayOnDeliveryNeeds {
  /** The shipping zone (shipping module) each of these states lies in. */
  zonesOfStates(executor: Db, states: string[]): Promise<Map<string, { id: string }>>;
  /** Which of these zone ids exist. */
  existingZones(executor: Db, ids: string[]): Promise<string[]>;
  /** The customer's cart priced for an address: the delivery state and each store's order total (cart module). */
  cartStores(
    customerId: string,
    addressId: string | undefined,
  ): Promise<{ state: string | null; stores: { storeId: string; storeName: string; totalKobo: number }[] }>;
  /** The books (ledger, through the pay-on-delivery flow), each in the caller's transaction. */
  books: {
    /** The cash taken at the door for the order: its payment, commission and fee, held by the carrier. */
    collected(executor: Db, orderId: string, carrierId: string, feeKobo: number): Promise<void>;
    /** A remittance confirmed: the carrier's cash to the platform; the orders it pays for may become payable. */
    remitted(
      executor: Db,
      remittance: { carrierId: string; carrierName: string; amountKobo: number; reference: string },
      orderIds: string[],
    ): Promise<void>;
    carrierCash(
      executor: Db,
      carrierIds?: string[],
    ): Promise<Map<string, { collectedKobo: number; remittedKobo: number; heldKobo: number }>>;
    feesKobo(executor: Db): Promise<number>;
  };
}

type RemittanceRow = typeof podRemittances.$inferSelect;
type CollectionRow = typeof podCollections.$inferSelect;

function remittanceView(row: RemittanceRow): Remittance {
  return {
    id: row.id,
    carrierId: row.carrierId,
    carrierName: row.carrierName,
    reference: row.reference,
    amount: koboToNaira(row.amountKobo),
    orderCount: row.orderCount,
    status: row.status,
    decisionNote: row.decisionNote,
    submittedAt: row.submittedAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

function collectionView(row: CollectionRow): PodCollection {
  return {
    orderId: row.orderId,
    orderName: row.orderName,
    method: row.method,
    reference: row.reference,
    amount: koboToNaira(row.amountKobo),
    fee: koboToNaira(row.feeKobo),
    collectedAt: row.collectedAt.toISOString(),
    remittanceId: row.remittanceId,
    remittedAt: row.remittedAt?.toISOString() ?? null,
  };
}

export function createPayOnDeliveryService(deps: Deps, needs: PayOnDeliveryNeeds) {
  const { db } = deps;

  async function rules(executor: Db): Promise<Rules> {
    const [row] = await executor.select().from(podSettings).where(eq(podSettings.id, 1));
    return row
      ? {
          enabled: row.enabled,
          zoneIds: row.zoneIds,
          maxOrderKobo: row.maxOrderKobo,
          feeKobo: row.feeKobo,
          refusalLimit: row.refusalLimit,
          refusalPeriodDays: row.refusalPeriodDays,
          carrierCashLimitKobo: row.carrierCashLimitKobo,
          updatedAt: row.updatedAt,
        }
      : { ...POD_DEFAULTS, updatedAt: null };
  }

  const settingsView = (r: Rules): PodSettings => ({
    enabled: r.enabled,
    zoneIds: r.zoneIds,
    maxOrder: koboToNaira(r.maxOrderKobo),
    fee: koboToNaira(r.feeKobo),
    refusalLimit: r.refusalLimit,
    refusalPeriodDays: r.refusalPeriodDays,
    carrierCashLimit: koboToNaira(r.carrierCashLimitKobo),
    updatedAt: r.updatedAt?.toISOString() ?? null,
  });

  /**
   * Whether each store's order may be paid at the door for this customer and state, and why not. Read in the
   * caller's transaction (checkout's), so what create-order checks is what it writes.
   */
  async function terms(
    executor: Db,
    input: {
      customerId: string;
      state: string | null;
      stores: { storeId: string; storeName: string; totalKobo: number }[];
    },
  ): Promise<PodOption[]> {
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
            gte(podRefusals.refusedAt, new Date(deps.now().getTime() - r.refusalPeriodDays * DAY_MS)),
          ),
        ),
      input.state ? needs.zonesOfStates(executor, [input.state]) : new Map<string, { id: string }>(),
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

  async function remittanceRow(executor: Db, id: string, lock = false) {
    const query = executor.select().from(podRemittances).where(eq(podRemittances.id, id));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw notFound('Remittance not found');
    return row;
  }

  return {
    async settings(): Promise<PodSettings> {
      return settingsView(await rules(db));
    },

    async saveSettings(body: PodSettingsBody, adminId: string): Promise<PodSettings> {
      const zoneIds = [...new Set(body.zoneIds)];
      const known = new Set(await needs.existingZones(db, zoneIds));
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
        updatedAt: deps.now(),
      };
      await db
        .insert(podSettings)
        .values({ id: 1, ...values })
        .onConflictDoUpdate({ target: podSettings.id, set: values });
      return settingsView(await rules(db));
    },

    async storeSetting(storeId: string) {
      const [row] = await db.select().from(podStoreSettings).where(eq(podStoreSettings.storeId, storeId));
      return { enabled: row?.enabled ?? false };
    },

    async saveStoreSetting(storeId: string, enabled: boolean, userId: string) {
      const values = { enabled, updatedBy: userId, updatedAt: deps.now() };
      await db
        .insert(podStoreSettings)
        .values({ storeId, ...values })
        .onConflictDoUpdate({ target: podStoreSettings.storeId, set: values });
      return { enabled };
    },

    /** For the checkout page: each store of the customer's cart, whether it may be paid at the door. */
    async options(customerId: string, addressId?: string): Promise<PodOption[]> {
      const cart = await needs.cartStores(customerId, addressId);
      return terms(db, { customerId, state: cart.state, stores: cart.stores });
    },

    terms,

    /**
     * create-order: the stores the customer chose to pay on delivery, each checked again in the checkout's
     * transaction. Answers each chosen store's fee; refuses the checkout when one may not.
     */
    async choose(
      executor: Db,
      input: {
        customerId: string;
        state: string | null;
        stores: { storeId: string; storeName: string; totalKobo: number }[];
        chosen: string[];
      },
    ): Promise<Map<string, number>> {
      const chosen = new Set(input.chosen);
      if (chosen.size === 0) return new Map();
      const inCart = input.stores.filter((store) => chosen.has(store.storeId));
      if (inCart.length !== chosen.size)
        throw validation('payOnDeliveryStoreIds', 'Choose pay on delivery only for stores in your cart');
      const options = await terms(executor, { ...input, stores: inCart });
      const refused = options.filter((option) => !option.allowed);
      if (refused.length > 0)
        throw new AppError(
          'CONFLICT',
          `Failed to create order: ${refused.map((option) => option.reason).join('; ')}`,
        );
      return new Map(options.map((option) => [option.storeId, nairaToKobo(option.fee ?? 0)]));
    },

    /** The carrier took the due amount at the door (checked by the caller): the collection and its books. */
    async collect(
      executor: Db,
      order: PodOrder,
      collection: { method: PodMethod; reference: string | null; amountKobo: number; carrier: PodCarrier },
    ) {
      await executor.insert(podCollections).values({
        orderId: order.id,
        orderName: order.orderName,
        storeId: order.storeId,
        carrierId: collection.carrier.id,
        carrierKind: collection.carrier.kind,
        carrierName: collection.carrier.name,
        method: collection.method,
        reference: collection.reference,
        amountKobo: collection.amountKobo,
        feeKobo: order.podFeeKobo,
        collectedAt: deps.now(),
      });
      await needs.books.collected(executor, order.id, collection.carrier.id, order.podFeeKobo);
    },

    /** The customer refused the parcel at the door: it counts against their pay on delivery. */
    async refused(executor: Db, order: PodOrder) {
      await executor
        .insert(podRefusals)
        .values({ orderId: order.id, customerId: order.customerId, refusedAt: deps.now() })
        .onConflictDoNothing();
    },

    /** Why the carrier may take no more orders paid at the door (its cash held at the limit), or null. */
    async carrierRefusal(executor: Db, carrierId: string): Promise<string | null> {
      const r = await rules(executor);
      const held = (await needs.books.carrierCash(executor, [carrierId])).get(carrierId)?.heldKobo ?? 0;
      return held >= r.carrierCashLimitKobo
        ? `This carrier holds ${formatNaira(held)} of customers' cash (limit ${formatNaira(r.carrierCashLimitKobo)}); it takes no pay-on-delivery orders until it remits`
        : null;
    },

    /**
     * Whether the order's cash reached the platform (a confirmed remittance), read under the collection's row lock
     * so that completion and a remittance's confirmation, at once, never both leave the order unreleased. True for
     * an order with no collection (paid online).
     */
    async cashRemitted(executor: Db, orderId: string): Promise<boolean> {
      const [row] = await executor
        .select({ remittedAt: podCollections.remittedAt })
        .from(podCollections)
        .where(eq(podCollections.orderId, orderId))
        .for('update');
      return !row || row.remittedAt !== null;
    },

    async carrierCash(carrierId: string): Promise<CarrierCash> {
      const [r, held, collections, remittances] = await Promise.all([
        rules(db),
        needs.books.carrierCash(db, [carrierId]),
        db
          .select()
          .from(podCollections)
          .where(and(eq(podCollections.carrierId, carrierId), isNull(podCollections.remittedAt)))
          .orderBy(asc(podCollections.collectedAt))
          .limit(500),
        db
          .select()
          .from(podRemittances)
          .where(eq(podRemittances.carrierId, carrierId))
          .orderBy(desc(podRemittances.submittedAt))
          .limit(50),
      ]);
      return {
        held: koboToNaira(held.get(carrierId)?.heldKobo ?? 0),
        limit: koboToNaira(r.carrierCashLimitKobo),
        collections: collections.map(collectionView),
        remittances: remittances.map(remittanceView),
      };
    },

    /**
     * The carrier paid the platform by transfer for these collections. Each collection is claimed by one remittance
     * at most: the claim is one conditional update, so two remittances at once for the same cash cannot both win.
     */
    async remit(carrierId: string, body: RemittanceBody): Promise<Remittance> {
      const orderIds = [...new Set(body.orderIds)];
      try {
        return await db.transaction(async (tx) => {
          const id = randomUUID();
          const claimed = await tx
            .update(podCollections)
            .set({ remittanceId: id })
            .where(
              and(
                inArray(podCollections.orderId, orderIds),
                eq(podCollections.carrierId, carrierId),
                isNull(podCollections.remittanceId),
              ),
            )
            .returning();
          if (claimed.length !== orderIds.length)
            throw conflict(
              'Some of these collections are not yours to remit, or are already in a remittance; refresh and choose again',
            );
          const first = claimed[0]!;
          const [row] = await tx
            .insert(podRemittances)
            .values({
              id,
              carrierId,
              carrierKind: first.carrierKind,
              carrierName: first.carrierName,
              reference: body.reference,
              amountKobo: claimed.reduce((sum, row) => sum + row.amountKobo, 0),
              orderCount: claimed.length,
              submittedAt: deps.now(),
            })
            .returning();
          return remittanceView(row!);
        });
      } catch (error) {
        if (isUniqueViolation(error))
          throw conflict('A remittance with this transfer reference was already recorded');
        throw error;
      }
    },

    async remittances(status?: Remittance['status']): Promise<Remittance[]> {
      const rows = await db
        .select()
        .from(podRemittances)
        .where(status ? eq(podRemittances.status, status) : undefined)
        .orderBy(desc(podRemittances.submittedAt))
        .limit(200);
      return rows.map(remittanceView);
    },

    /**
     * The money is in the platform's account: the carrier's cash moves to the platform, its collections are
     * remitted, and the completed orders among them become payable. Only a submitted remittance is confirmed, under
     * its row lock: a second confirmation at once finds it confirmed.
     */
    async confirm(id: string, adminId: string, note?: string): Promise<Remittance> {
      return db.transaction(async (tx) => {
        const row = await remittanceRow(tx, id, true);
        if (row.status !== 'submitted') throw conflict(`This remittance is already ${row.status}`);
        const at = deps.now();
        const collections = await tx
          .update(podCollections)
          .set({ remittedAt: at })
          .where(eq(podCollections.remittanceId, id))
          .returning();
        const total = collections.reduce((sum, c) => sum + c.amountKobo, 0);
        if (total !== row.amountKobo || collections.length !== row.orderCount)
          throw new Error(
            `Remittance ${id} covers ${total} kobo in its collections but says ${row.amountKobo}`,
          );
        const [updated] = await tx
          .update(podRemittances)
          .set({ status: 'confirmed', decidedBy: adminId, decidedAt: at, decisionNote: note ?? null })
          .where(eq(podRemittances.id, id))
          .returning();
        await needs.books.remitted(
          tx,
          {
            carrierId: row.carrierId,
            carrierName: row.carrierName,
            amountKobo: row.amountKobo,
            reference: row.reference,
          },
          collections.map((c) => c.orderId),
        );
        return remittanceView(updated!);
      });
    },

    /** No money arrived: the collections go back to the carrier's cash held, free for another remittance. */
    async reject(id: string, adminId: string, note?: string): Promise<Remittance> {
      return db.transaction(async (tx) => {
        const row = await remittanceRow(tx, id, true);
        if (row.status !== 'submitted') throw conflict(`This remittance is already ${row.status}`);
        await tx
          .update(podCollections)
          .set({ remittanceId: null })
          .where(eq(podCollections.remittanceId, id));
        const [updated] = await tx
          .update(podRemittances)
          .set({ status: 'rejected', decidedBy: adminId, decidedAt: deps.now(), decisionNote: note ?? null })
          .where(eq(podRemittances.id, id))
          .returning();
        return remittanceView(updated!);
      });
    },

    /** The finance report's remittance fields (kobo): collected, remitted and outstanding, in all and per carrier. */
    async remittanceFigures() {
      const [cash, names] = await Promise.all([
        needs.books.carrierCash(db),
        db
          .select({
            carrierId: podCollections.carrierId,
            name: sql<string>`max(${podCollections.carrierName})`,
          })
          .from(podCollections)
          .groupBy(podCollections.carrierId),
      ]);
      const nameOf = new Map(names.map((row) => [row.carrierId, row.name]));
      const byCarrier = [...cash].map(([carrierId, books]) => ({
        carrierId,
        carrierName: nameOf.get(carrierId) ?? 'Carrier',
        collectedKobo: books.collectedKobo,
        remittedKobo: books.remittedKobo,
        outstandingKobo: books.heldKobo,
      }));
      byCarrier.sort((a, b) => b.outstandingKobo - a.outstandingKobo);
      const total = (pick: (row: (typeof byCarrier)[number]) => number) =>
        byCarrier.reduce((sum, row) => sum + pick(row), 0);
      return {
        collectedKobo: total((row) => row.collectedKobo),
        remittedKobo: total((row) => row.remittedKobo),
        outstandingKobo: total((row) => row.outstandingKobo),
        byCarrier,
      };
    },

    /** Every carrier's cash: from the ledger, beside the same from the collections, and what waits. */
    async overview(): Promise<PodOverview> {
      const [r, cash, fees, byCollections, waiting] = await Promise.all([
        rules(db),
        needs.books.carrierCash(db),
        needs.books.feesKobo(db),
        db
          .select({
            carrierId: podCollections.carrierId,
            carrierName: sql<string>`max(${podCollections.carrierName})`,
            carrierKind: sql<string>`max(${podCollections.carrierKind})`,
            heldKobo: sql<string>`coalesce(sum(${podCollections.amountKobo}) filter (where ${podCollections.remittedAt} is null), 0)`,
            oldestHeldAt: sql<
              Date | string | null
            >`min(${podCollections.collectedAt}) filter (where ${podCollections.remittedAt} is null)`,
          })
          .from(podCollections)
          .groupBy(podCollections.carrierId),
        db
          .select({ carrierId: podRemittances.carrierId, n: count() })
          .from(podRemittances)
          .where(eq(podRemittances.status, 'submitted'))
          .groupBy(podRemittances.carrierId),
      ]);
      const waitingOf = new Map(waiting.map((row) => [row.carrierId, row.n]));
      const carriers = byCollections.map((row) => {
        const books = cash.get(row.carrierId) ?? { collectedKobo: 0, remittedKobo: 0, heldKobo: 0 };
        const heldByCollections = Number(row.heldKobo);
        const oldest = row.oldestHeldAt === null ? null : new Date(row.oldestHeldAt);
        return {
          carrierId: row.carrierId,
          carrierName: row.carrierName,
          carrierKind: row.carrierKind,
          collected: koboToNaira(books.collectedKobo),
          remitted: koboToNaira(books.remittedKobo),
          outstanding: koboToNaira(books.heldKobo),
          outstandingByCollections: koboToNaira(heldByCollections),
          difference: koboToNaira(books.heldKobo - heldByCollections),
          oldestHeldAt: oldest?.toISOString() ?? null,
          waitingRemittances: waitingOf.get(row.carrierId) ?? 0,
          overLimit: books.heldKobo >= r.carrierCashLimitKobo,
        };
      });
      carriers.sort((a, b) => b.outstanding - a.outstanding);
      const sum = (
        pick: (books: { collectedKobo: number; remittedKobo: number; heldKobo: number }) => number,
      ) => [...cash.values()].reduce((total, books) => total + pick(books), 0);
      return {
        totals: {
          collected: koboToNaira(sum((b) => b.collectedKobo)),
          remitted: koboToNaira(sum((b) => b.remittedKobo)),
          outstanding: koboToNaira(sum((b) => b.heldKobo)),
          fees: koboToNaira(fees),
        },
        carriers,
      };
    },
  };
}

export type PayOnDeliveryService = ReturnType<typeof createPayOnDeliveryService>;
