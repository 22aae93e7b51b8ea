import { CATALOG_MESSAGES } from '../api/catalog-keys';
import { type DealRail as DealRailName, useDealRail } from '../api/get-deal-rails';
import { ProductRail } from './product-rail';

const titles: Record<DealRailName, string> = {
  'super-deals': 'Super deals',
  'super-discounted-offer': 'Super-discounted offers',
  'daily-discount-offer': 'Daily discounts',
};

/** One of the home page's deal rails. */
export function DealRail({ rail, priorityCount = 0 }: { rail: DealRailName; priorityCount?: number }) {
  const deals = useDealRail(rail);
  return (
    <ProductRail
      title={titles[rail]}
      priorityCount={priorityCount}
      products={deals.data}
      isPending={deals.isPending}
      isError={deals.isError}
      errorMessage={rail === 'daily-discount-offer' ? CATALOG_MESSAGES.dailyDeals : CATALOG_MESSAGES.products}
      emptyMessage="No deals right now. Check back soon."
      onRetry={() => deals.refetch()}
    />
  );
}
