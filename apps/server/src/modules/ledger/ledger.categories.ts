import { basisPointsToPercent, type PaymentCategory, percentToBasisPoints } from '@market/contracts';
import { recordAudit } from '../../platform/audit/record.js';
import type { Db } from '../../platform/db/client.js';
import { notFound } from '../../platform/errors.js';
import { listPaymentCategories, updatePaymentCategoryCommission } from '../stores/index.js';
import type { PayoutsContext } from './ledger.payouts.js';

// The payment categories and the commission each charges, as the admins read and set them.

export async function listCategories(ctx: PayoutsContext): Promise<PaymentCategory[]> {
  return listCategoriesWith(ctx.db);
}

async function listCategoriesWith(executor: Db): Promise<PaymentCategory[]> {
  return (await listPaymentCategories(executor)).map((row) => ({
    slug: row.slug,
    name: row.name,
    commissionPercentage: basisPointsToPercent(row.commissionBasisPoints),
    storeCount: row.storeCount,
    updatedAt: row.updatedAt.toISOString(),
  }));
}

export async function updateCategory(
  ctx: PayoutsContext,
  slug: string,
  commissionPercentage: number,
): Promise<PaymentCategory> {
  await ctx.db.transaction(async (tx) => {
    const before = (await listCategoriesWith(tx)).find((row) => row.slug === slug);
    const commissionBasisPoints = percentToBasisPoints(commissionPercentage);
    const updated = await updatePaymentCategoryCommission(tx, slug, commissionBasisPoints, ctx.deps.now());
    if (!updated || !before) throw notFound('Payment category not found');
    await recordAudit(tx, {
      action: 'category.commission',
      subjectType: 'category',
      subjectId: slug,
      before: { commissionPercentage: before.commissionPercentage },
      after: { commissionPercentage },
    });
  });
  const found = (await listCategories(ctx)).find((row) => row.slug === slug);
  return found!;
}
