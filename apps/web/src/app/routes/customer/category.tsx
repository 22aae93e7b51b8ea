import { Link, useParams } from 'react-router';
import { useCategoryTree } from '../../../api/get-category-tree';
import { buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/states';
import { ProductListing } from '../../../features/catalog/components/product-listing';
import { useDocumentTitle } from '../../../lib/document-title';
import { useNotFoundStatus } from '../../../lib/ssr';

/** `/categories/:categoryId?sub=…&child=…&min=…&max=…&inStock=true&sort=…&page=…` (a top-level category). */
export function Component() {
  const { categoryId = '' } = useParams();
  const categories = useCategoryTree();
  const name = categories.data?.find((category) => category.id === categoryId)?.name;
  const unknown = Boolean(categories.data) && !name;
  useDocumentTitle(unknown ? 'Category not found' : (name ?? 'Category'));
  useNotFoundStatus(unknown);
  if (unknown) {
    return (
      <EmptyState title="Category not found">
        <Link to="/search" className={buttonClasses('secondary', 'mt-2')}>
          Browse products
        </Link>
      </EmptyState>
    );
  }
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold text-slate-900">
        {name ?? (categories.isPending ? '\u00a0' : 'Category')}
      </h1>
      <ProductListing
        key={categoryId}
        fixed={{ category: categoryId }}
        label={`${name ?? 'Category'} products`}
      />
    </div>
  );
}
