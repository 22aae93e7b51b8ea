import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { RequiredMark } from '../../../components/ui/field-label';
import { ProductRow } from '../../../components/ui/product-group';
import { SearchField } from '../../../components/ui/text-field';
import { useDebounced } from '../../../lib/use-debounced';
import { useSearchCouponProducts } from '../api/search-products';

/** Picks some of your products by search; chosen ones are listed with a Remove button. */
export function ProductPicker({
  label,
  value,
  names,
  error,
  required = false,
  onChange,
}: {
  label: string;
  value: readonly string[];
  /** At least one product must be chosen: marked, and said in the group's hint. */
  required?: boolean;
  /** Names of products already chosen (the coupon's own list, then what was found here). */
  names: Record<string, string>;
  error?: string;
  onChange(ids: string[], names: Record<string, string>): void;
}) {
  const headingId = useId();
  const hintId = useId();
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search.trim());
  const found = useSearchCouponProducts(debounced, debounced.length > 0);
  const chosen = new Set(value);
  return (
    <section
      aria-labelledby={headingId}
      aria-describedby={required ? hintId : undefined}
      className="space-y-3 rounded-md border border-slate-200 p-3"
    >
      <h3 id={headingId} className="flex items-baseline gap-1 text-sm font-semibold text-slate-900">
        {label}
        {required ? <RequiredMark /> : null}
      </h3>
      {required ? (
        <p id={hintId} className="text-sm text-slate-600">
          Choose at least one product.
        </p>
      ) : null}
      {value.length === 0 ? (
        <p className="text-sm text-slate-700">No products chosen yet.</p>
      ) : (
        <ul className="space-y-1" aria-label={`${label}: chosen`}>
          {value.map((id) => (
            <ProductRow
              key={id}
              action={
                <Button
                  variant="dangerGhost"
                  aria-label={`Remove ${names[id] ?? 'product'}`}
                  onClick={() =>
                    onChange(
                      value.filter((item) => item !== id),
                      names,
                    )
                  }
                >
                  Remove
                </Button>
              }
            >
              {names[id] ?? `Product ${id.slice(0, 8)}`}
            </ProductRow>
          ))}
        </ul>
      )}
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <SearchField
        label={`Search your products (${label.toLowerCase()})`}
        value={search}
        onSearch={setSearch}
      />
      <div aria-live="polite">
        {found.isFetching && !found.data ? <p className="text-sm text-slate-700">Searching…</p> : null}
        {found.isError ? (
          <p className="text-sm text-red-700">Could not get products. Try again later.</p>
        ) : null}
        {found.data && debounced ? (
          found.data.length === 0 ? (
            <p className="text-sm text-slate-700">No products match “{debounced}”.</p>
          ) : (
            <ul className="space-y-1">
              {found.data
                .filter((product) => !chosen.has(product.id))
                .map((product) => (
                  <ProductRow
                    key={product.id}
                    action={
                      <Button
                        variant="secondary"
                        aria-label={`Add ${product.name}`}
                        onClick={() =>
                          onChange([...value, product.id], { ...names, [product.id]: product.name })
                        }
                      >
                        Add
                      </Button>
                    }
                  >
                    {product.name} <span className="text-slate-600">· {product.sku}</span>
                  </ProductRow>
                ))}
            </ul>
          )
        ) : null}
      </div>
    </section>
  );
}
