import { CATALOG_MESSAGES } from '../api/catalog-keys';
import { usePromotionProducts } from '../api/get-promotion-products';
import { ProductRail } from './product-rail';

/** Each running promotion as a rail of its products; nothing is shown when none runs. */
export function Promotions() {
  const promotions = usePromotionProducts();
  if (promotions.isPending || promotions.isError) {
    return (
      <ProductRail
        title="Promotions"
        products={undefined}
        isPending={promotions.isPending}
        isError={promotions.isError}
        errorMessage={CATALOG_MESSAGES.products}
        emptyMessage=""
        onRetry={() => promotions.refetch()}
      />
    );
  }
  return (
    <>
      {promotions.data
        .filter((promotion) => promotion.products.length > 0)
        .map((promotion) => (
          <ProductRail
            key={promotion.id}
            title={promotion.name}
            products={promotion.products}
            isPending={false}
            isError={false}
            errorMessage={CATALOG_MESSAGES.products}
            emptyMessage=""
            onRetry={() => promotions.refetch()}
          />
        ))}
    </>
  );
}
