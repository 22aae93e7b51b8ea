import { type ProductSort, productSorts } from '@market/contracts';
import { useId, useState } from 'react';
import { useCategoryTree } from '../../../api/get-category-tree';
import { SelectField } from '../../../components/ui/select-field';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { pluralize } from '../../../lib/plural';
import { CATALOG_MESSAGES } from '../api/catalog-keys';
import { useProducts } from '../api/get-products';
import { type CatalogFilters, filtersToQuery, MAX_PAGE, PAGE_SIZE, sortLabels } from './catalog-filters';
import { CatalogFiltersPanel } from './catalog-filters-panel';
import { Pager } from './pager';
import { ProductGrid, ProductGridSkeleton } from './product-grid';
import { useCatalogFilters } from './use-catalog-filters';

/** Search results or a category's products: filters, sort and pages, all kept in the URL. */
export function ProductListing({ fixed = {}, label }: { fixed?: Partial<CatalogFilters>; label: string }) {
  const { filters, update } = useCatalogFilters(fixed);
  const products = useProducts(filtersToQuery(filters));
  const categories = useCategoryTree();
  const filtersId = useId();
  const resultsId = useId();
  // filters start open on wide screens and folded on phones, where results come first
  const [openAtStart] = useState(
    () => typeof window !== 'undefined' && window.matchMedia?.('(min-width: 1024px)').matches,
  );
  const count = products.data?.count ?? 0;
  const estimated = products.data?.countIsEstimate ?? false;
  const totalPages = Math.min(Math.ceil(count / PAGE_SIZE), MAX_PAGE);
  const clear = () =>
    update({
      category: undefined,
      sub: undefined,
      child: undefined,
      min: undefined,
      max: undefined,
      inStock: false,
    });
  const filtered = Boolean(
    (filters.category && !fixed.category) ||
      filters.sub ||
      filters.child ||
      filters.min !== undefined ||
      filters.max !== undefined ||
      filters.inStock,
  );

  const panel = categories.isError ? (
    <ErrorState title={CATALOG_MESSAGES.categories} onRetry={() => categories.refetch()} />
  ) : (
    <CatalogFiltersPanel
      filters={filters}
      categories={categories.data ?? []}
      categoryFixed={Boolean(fixed.category)}
      onChange={update}
      onClear={clear}
    />
  );

  return (
    <div className="grid gap-6 lg:grid-cols-[16rem_1fr]">
      <aside aria-labelledby={filtersId} className="lg:sticky lg:top-20 lg:self-start">
        <details
          className="group rounded-lg border border-slate-200 bg-white"
          open={openAtStart || undefined}
        >
          <summary
            id={filtersId}
            className="flex min-h-11 cursor-pointer items-center justify-between px-4 font-semibold text-slate-900"
          >
            Filters{filtered ? ' (on)' : ''}
            <span aria-hidden="true" className="group-open:rotate-180">
              ▾
            </span>
          </summary>
          <div className="px-4 pb-4">{panel}</div>
        </details>
      </aside>
      <section aria-labelledby={resultsId} className="min-w-0 space-y-4">
        {/* The results' own heading, so the product cards' h3 do not skip a level under the page's h1 (issue 34,
            item 26); the page's h1 already says it to sighted readers. */}
        <h2 id={resultsId} className="sr-only">
          {label}
        </h2>
        <div className="flex flex-wrap items-end justify-between gap-3">
          <p className="text-sm text-slate-700" aria-live="polite">
            {products.isPending
              ? 'Loading products…'
              : products.isError
                ? ''
                : pluralize(count, 'product', { estimated })}
          </p>
          <SelectField
            label="Sort by"
            className="w-52"
            value={filters.sort ?? ''}
            onChange={(event) =>
              update({ sort: (event.target.value || undefined) as ProductSort | undefined })
            }
            options={[
              { value: '', label: filters.q ? 'Best match' : 'Newest' },
              ...productSorts
                .filter((sort) => filters.q || sort !== 'newest')
                .map((sort) => ({ value: sort, label: sortLabels[sort] })),
            ]}
          />
        </div>
        {products.isPending ? (
          <ProductGridSkeleton />
        ) : products.isError ? (
          <ErrorState title={CATALOG_MESSAGES.products} onRetry={() => products.refetch()} />
        ) : products.data.data.length === 0 ? (
          <EmptyState title={filters.q ? `No products match “${filters.q}”` : 'No products here yet'}>
            {filtered ? 'Try fewer filters or another price range.' : 'Try another search or category.'}
          </EmptyState>
        ) : (
          <>
            <ProductGrid products={products.data.data} label={label} busy={products.isPlaceholderData} />
            <Pager
              page={filters.page}
              totalPages={totalPages}
              totalItems={count}
              estimated={estimated}
              noun="product"
              onPage={(page) => {
                update({ page });
                window.scrollTo({ top: 0 });
              }}
            />
          </>
        )}
      </section>
    </div>
  );
}
