// Demo hubs: a Lagos hub and an Abuja hub, and the demo store's pending application to use the Lagos one, so an
// admin signing in finds an application to decide and the merchant sees it waiting. Written once; again is a no-op.
import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import { findUserByEmail } from '../modules/auth/auth.repository.js';
import { hubApplications, hubs } from '../modules/hubs/hubs.schema.js';
import { stores } from '../modules/stores/stores.schema.js';
import type { Db } from '../platform/db/client.js';

const demoHubs = [
  {
    name: 'Lagos Ikeja Hub',
    address: '14 Oba Akran Avenue, Ikeja Industrial Estate',
    state: 'Lagos',
    lga: 'Ikeja',
    capacity: 1200,
    contactPhone: '+2348031234501',
    contactEmail: 'ikeja.hub@demo.ng',
  },
  {
    name: 'Abuja Garki Hub',
    address: '7 Ahmadu Bello Way, Garki Area 11',
    state: 'Federal Capital Territory',
    lga: 'Abuja Municipal Area Council',
    capacity: 600,
    contactPhone: '+2348031234502',
    contactEmail: 'garki.hub@demo.ng',
  },
];

/** Answers how many hubs it wrote (0 when they were there already). */
export async function seedDemoHubs(db: Db, logger?: Logger): Promise<number> {
  const [existing] = await db
    .select({ id: hubs.id })
    .from(hubs)
    .where(eq(hubs.name, demoHubs[0]!.name))
    .limit(1);
  if (existing) return 0;
  const admin = await findUserByEmail(db, 'admin', 'superadmin@demo.ng');
  const merchant = await findUserByEmail(db, 'merchant', 'merchant@demo.ng');
  await db.transaction(async (tx) => {
    const rows = await tx
      .insert(hubs)
      .values(demoHubs.map((hub) => ({ ...hub, createdBy: admin?.id ?? null })))
      .returning();
    const [store] = merchant
      ? await tx.select().from(stores).where(eq(stores.merchantId, merchant.id)).limit(1)
      : [];
    if (store && merchant) {
      await tx.insert(hubApplications).values({
        hubId: rows[0]!.id,
        applicantKind: 'store',
        applicantId: store.id,
        applicantName: store.storeName,
        submittedBy: merchant.id,
        kind: 'use',
        note: 'We drop off about 20 parcels a day for Lagos customers.',
      });
    }
  });
  logger?.info({ hubs: demoHubs.length }, 'demo hubs seeded');
  return demoHubs.length;
}
