import { useSearchParams } from 'react-router';
import { ProductListing } from '../../../features/catalog/components/product-listing';
import { useDocumentTitle } from '../../../lib/document-title';

/** `/search?q=…&category=…&sub=…&child=…&min=…&max=…&inStock=true&sort=…&page=…` */
export function Component() {
  const [params] = useSearchParams();
  const q = params.get('q')?.trim();
  const title = q ? `Results for “${q}”` : 'All products';
  useDocumentTitle(title);
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <ProductListing label={q ? `Search results for ${q}` : 'Products'} />
    </div>
  );
}
