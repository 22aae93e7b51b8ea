import { customerProductEndpoints } from '@market/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { CATALOG_MESSAGES, catalogKeys } from './catalog-keys';

export function getPromotionProducts(productsPerPromotion: number, signal?: AbortSignal) {
  return api(customerProductEndpoints.promotionProducts, {
    kind: 'customer',
    query: { productsPerPromotion },
    signal,
  });
}

export function promotionProductsQueryOptions(productsPerPromotion = 12) {
  return queryOptions({
    queryKey: catalogKeys.promotions(productsPerPromotion),
    queryFn: async ({ signal }) => (await getPromotionProducts(productsPerPromotion, signal)).data,
    meta: { toast: { fallback: CATALOG_MESSAGES.products } },
  });
}

export function usePromotionProducts(productsPerPromotion = 12) {
  return useQuery(promotionProductsQueryOptions(productsPerPromotion));
}
