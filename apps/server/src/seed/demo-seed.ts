// Demo and seed data: loaded at start or by a script, outside any module, so it writes the tables directly.
import { and, eq, isNull } from 'drizzle-orm';
import type { Logger } from 'pino';
import { findUserByEmail } from '../modules/auth/auth.repository.js';
import { partnerProfiles, users } from '../modules/auth/auth.schema.js';
import { addStoreMember } from '../modules/stores/store-members.repository.js';
import { createStoreForMerchant, findStoreByMerchant } from '../modules/stores/stores.repository.js';
import { storeRoles } from '../modules/stores/stores.schema.js';
import { hashPassword } from '../platform/auth/passwords.js';
import type { Db } from '../platform/db/client.js';

export const DEMO_PASSWORD = 'Demo1234!';

type DemoAccount = {
  kind: 'customer' | 'merchant' | 'admin' | 'partner';
  role: string | null;
  email: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
};

export const demoAccounts: DemoAccount[] = [
  {
    kind: 'admin',
    role: 'superadmin',
    email: 'superadmin@demo.ng',
    firstName: 'Adaeze',
    lastName: 'Okafor',
    phoneNumber: '+2348030000001',
  },
  {
    kind: 'admin',
    role: 'admin',
    email: 'admin@demo.ng',
    firstName: 'Tunde',
    lastName: 'Bakare',
    phoneNumber: '+2348030000002',
  },
  {
    kind: 'admin',
    role: 'dispatcher',
    email: 'dispatcher@demo.ng',
    firstName: 'Musa',
    lastName: 'Ibrahim',
    phoneNumber: '+2348030000003',
  },
  {
    kind: 'admin',
    role: 'scheduler',
    email: 'scheduler@demo.ng',
    firstName: 'Ngozi',
    lastName: 'Eze',
    phoneNumber: '+2348030000004',
  },
  {
    kind: 'merchant',
    role: 'owner',
    email: 'merchant@demo.ng',
    firstName: 'Chinedu',
    lastName: 'Obi',
    phoneNumber: '+2348030000005',
  },
  {
    // Staff of Chinedu Gadgets with the inventory role (issue 9): products and stock, nothing else.
    kind: 'merchant',
    role: 'staff',
    email: 'stock@demo.ng',
    firstName: 'Halima',
    lastName: 'Yusuf',
    phoneNumber: '+2348030000008',
  },
  {
    kind: 'customer',
    role: null,
    email: 'customer@demo.ng',
    firstName: 'Funmilayo',
    lastName: 'Adeyemi',
    phoneNumber: '+2348030000006',
  },
  {
    kind: 'partner',
    role: null,
    email: 'partner@demo.ng',
    firstName: 'Emeka',
    lastName: 'Nwosu',
    phoneNumber: '+2348030000007',
  },
];

/** Creates the demo accounts that are missing; running it again changes nothing. */
export async function seedDemo(db: Db, logger?: Logger): Promise<number> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  let created = 0;
  for (const account of demoAccounts) {
    if (await findUserByEmail(db, account.kind, account.email)) continue;
    await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({ ...account, passwordHash, emailConfirmedAt: new Date() })
        .returning({ id: users.id });
      const id = row!.id;
      if (account.kind === 'merchant' && account.role === 'staff') {
        await seedDemoStaff(tx, id);
      } else if (account.kind === 'merchant') {
        const store = await createStoreForMerchant(tx, id, 'Chinedu Gadgets');
        logger?.info({ storeUrl: store.storeUrl }, 'demo store created');
      }
      if (account.kind === 'partner') {
        await tx.insert(partnerProfiles).values({
          userId: id,
          companyName: 'Swift Logistics Ltd',
          approvedAt: new Date(),
          company: {
            companyName: 'Swift Logistics Ltd',
            rcNumber: 'RC1234567',
            vatNumber: '',
            officeAddress: '12 Creek Road, Apapa, Lagos',
            postalAddress: '',
            phoneNumber: account.phoneNumber,
            email: account.email,
            contactPerson: 'Emeka Nwosu',
            lineOfBusiness: 'Last-mile delivery',
          },
          bankDetails: {
            bankName: 'Access Bank',
            branch: 'Apapa',
            accountName: 'Swift Logistics Ltd',
            accountNumber: '0123456789',
          },
          certification: {
            name: 'Emeka Nwosu',
            designation: 'Director',
            signature: 'E. Nwosu',
            date: '2026-01-15',
            introducedBy: '',
          },
        });
      }
    });
    created++;
  }
  // The demo partner receives orders: approved even when it was seeded before partners needed approval.
  const partner = await findUserByEmail(db, 'partner', 'partner@demo.ng');
  if (partner)
    await db
      .update(partnerProfiles)
      .set({ approvedAt: new Date() })
      .where(and(eq(partnerProfiles.userId, partner.id), isNull(partnerProfiles.approvedAt)));
  if (created > 0) logger?.info({ created }, 'demo accounts seeded');
  return created;
}

/** The demo staff member joins Chinedu Gadgets as inventory; the store also gets one custom role to look at. */
async function seedDemoStaff(tx: Db, userId: string) {
  const owner = await findUserByEmail(tx, 'merchant', 'merchant@demo.ng');
  const store = owner ? await findStoreByMerchant(tx, owner.id) : undefined;
  if (!store) throw new Error('Seed the demo merchant before its staff');
  await addStoreMember(tx, { storeId: store.id, userId, role: 'inventory' });
  await tx
    .insert(storeRoles)
    .values({
      storeId: store.id,
      name: 'Marketing',
      permissions: ['products:read', 'coupons:read', 'coupons:write', 'reports:read'],
    })
    .onConflictDoNothing();
}

export async function isSeeded(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'superadmin@demo.ng'))
    .limit(1);
  return Boolean(row);
}
