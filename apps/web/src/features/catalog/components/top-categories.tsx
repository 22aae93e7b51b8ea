import { Link } from 'react-router';
import { Skeleton } from '../../../components/ui/skeleton';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { imageAt } from '../../../lib/images';
import { CATALOG_MESSAGES } from '../api/catalog-keys';
import { useTopCategories } from '../api/get-top-categories';

/** Top categories as tappable tiles. */
export function TopCategories() {
  const categories = useTopCategories(12);
  return (
    <section aria-labelledby="top-categories-heading" className="space-y-3">
      <h2 id="top-categories-heading" className="text-lg font-bold text-slate-900 sm:text-xl">
        Top categories
      </h2>
      {categories.isPending ? (
        <div role="status" aria-label="Loading categories…" className="grid grid-cols-3 gap-3 sm:grid-cols-6">
          {[0, 1, 2, 3, 4, 5].map((index) => (
            <Skeleton key={index} className="h-24" />
          ))}
        </div>
      ) : categories.isError ? (
        <ErrorState title={CATALOG_MESSAGES.categories} onRetry={() => categories.refetch()} />
      ) : categories.data.length === 0 ? (
        <EmptyState title="No categories yet" />
      ) : (
        <ul className="grid grid-cols-3 gap-3 sm:grid-cols-6">
          {categories.data.map((category) => (
            <li key={category.id}>
              <Link
                to={`/categories/${category.id}`}
                className="flex h-full flex-col items-center gap-2 rounded-lg border border-slate-200 bg-white p-2 text-center text-sm font-medium text-slate-900 hover:border-emerald-700"
              >
                {category.image ? (
                  <img
                    src={imageAt(category.image, 160)}
                    alt=""
                    width={56}
                    height={56}
                    loading="lazy"
                    className="h-14 w-14 rounded-full object-cover"
                  />
                ) : (
                  <span
                    aria-hidden="true"
                    className="grid h-14 w-14 place-items-center rounded-full bg-emerald-100 text-lg font-bold text-emerald-900"
                  >
                    {category.name.slice(0, 1)}
                  </span>
                )}
                <span className="line-clamp-2">{category.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
