import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { CATALOG_MESSAGES } from '../api/catalog-keys';
import { useStoreCatalog } from '../api/get-store-catalog';
import { useStorefrontCategories } from '../api/get-storefront-categories';
import { useStorefrontCollections } from '../api/get-storefront-collections';
import { Pager } from './pager';
import type { ProductHref } from './product-card';
import { ProductGrid, ProductGridSkeleton } from './product-grid';
import { ProductRail } from './product-rail';

export const storefrontProductHref =
  (storeUrl: string): ProductHref =>
  (product) =>
    `/storefront/${storeUrl}/products/${product.id}`;

/** The store's categories as links to `/storefront/{storeUrl}/categories/{categoryId}`. */
export function StoreCategoryNav({ storeUrl, currentId }: { storeUrl: string; currentId?: string }) {
  const { data: categories, isPending, isError } = useStorefrontCategories(storeUrl);
  if (isPending || isError || categories.length === 0) return null;
  const chip = (active: boolean) =>
    `inline-flex min-h-11 items-center whitespace-nowrap rounded-full border px-4 text-sm font-medium ${
      active
        ? 'border-[var(--sf-primary-button,#000000)] bg-[var(--sf-primary-button,#000000)] text-[var(--sf-primary-label,#ffffff)]'
        : 'border-slate-300 bg-white text-[var(--sf-body-text,#0f172a)]'
    }`;
  return (
    <nav aria-label="Store categories">
      <ul className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:px-0">
        <li>
          <Link
            to={`/storefront/${storeUrl}`}
            className={chip(!currentId)}
            aria-current={!currentId ? 'page' : undefined}
          >
            All products
          </Link>
        </li>
        {categories.map((category) => (
          <li key={category.id}>
            <Link
              to={`/storefront/${storeUrl}/categories/${category.id}`}
              className={chip(category.id === currentId)}
              aria-current={category.id === currentId ? 'page' : undefined}
            >
              {category.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The store's featured collections, each as a rail. */
export function StorefrontCollections({ storeUrl }: { storeUrl: string }) {
  const collections = useStorefrontCollections(storeUrl);
  if (collections.isPending || collections.isError) {
    return (
      <ProductRail
        title="Featured collections"
        products={undefined}
        isPending={collections.isPending}
        isError={collections.isError}
        errorMessage={CATALOG_MESSAGES.products}
        emptyMessage=""
        onRetry={() => collections.refetch()}
      />
    );
  }
  return (
    <>
      {collections.data
        .filter((collection) => collection.products.length > 0)
        .map((collection) => (
          <ProductRail
            key={collection.id}
            title={collection.title}
            products={collection.products}
            isPending={false}
            isError={false}
            errorMessage={CATALOG_MESSAGES.products}
            emptyMessage=""
            onRetry={() => collections.refetch()}
            href={storefrontProductHref(storeUrl)}
          />
        ))}
    </>
  );
}

const STORE_PAGE_SIZE = 20;

/** All of a store's products, newest first, paged. */
export function StoreProducts({ storeId, storeUrl }: { storeId: string; storeUrl: string }) {
  const [page, setPage] = useState(1);
  const products = useStoreCatalog(storeId, STORE_PAGE_SIZE, (page - 1) * STORE_PAGE_SIZE);
  return (
    <section aria-labelledby="store-products-heading" className="space-y-3">
      <h2 id="store-products-heading" className="text-lg font-bold text-[var(--sf-headings-links,#0f172a)]">
        All products
      </h2>
      {products.isPending ? (
        <ProductGridSkeleton />
      ) : products.isError ? (
        <ErrorState title={CATALOG_MESSAGES.products} onRetry={() => products.refetch()} />
      ) : products.data.data.length === 0 ? (
        <EmptyState title="This store has no products yet" />
      ) : (
        <>
          <ProductGrid
            products={products.data.data}
            label="Store products"
            href={storefrontProductHref(storeUrl)}
            busy={products.isPlaceholderData}
          />
          <Pager
            page={page}
            totalPages={Math.ceil(products.data.count / STORE_PAGE_SIZE)}
            totalItems={products.data.count}
            estimated={products.data.countIsEstimate}
            noun="product"
            onPage={setPage}
          />
        </>
      )}
    </section>
  );
}

/** A store's products in one category (any level), filtered and paged by the server. */
export function StoreCategoryProducts({
  storeId,
  storeUrl,
  categoryId,
}: {
  storeId: string;
  storeUrl: string;
  categoryId: string;
}) {
  const [page, setPage] = useState(1);
  const products = useStoreCatalog(storeId, STORE_PAGE_SIZE, (page - 1) * STORE_PAGE_SIZE, categoryId);
  const name = useStorefrontCategories(storeUrl).data?.find((category) => category.id === categoryId)?.name;
  return (
    <section aria-labelledby="store-category-heading" className="space-y-3">
      <h2 id="store-category-heading" className="text-lg font-bold text-[var(--sf-headings-links,#0f172a)]">
        {name ?? 'Category'}
      </h2>
      {products.isPending ? (
        <ProductGridSkeleton />
      ) : products.isError ? (
        <ErrorState title={CATALOG_MESSAGES.products} onRetry={() => products.refetch()} />
      ) : products.data.data.length === 0 ? (
        <EmptyState title="No products in this category">
          <Link to={`/storefront/${storeUrl}`} className="underline">
            See all products of this store
          </Link>
        </EmptyState>
      ) : (
        <>
          <ProductGrid
            products={products.data.data}
            label={`${name ?? 'Category'} products`}
            href={storefrontProductHref(storeUrl)}
            busy={products.isPlaceholderData}
          />
          <Pager
            page={page}
            totalPages={Math.ceil(products.data.count / STORE_PAGE_SIZE)}
            totalItems={products.data.count}
            estimated={products.data.countIsEstimate}
            noun="product"
            onPage={setPage}
          />
        </>
      )}
    </section>
  );
}
