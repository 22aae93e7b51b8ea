// Written by hand, not with useContractForm: a search or filter box that writes the address, no request body to check.
import type { Category } from '@market/contracts';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import type { CatalogFilters } from './catalog-filters';

interface FiltersPanelProps {
  filters: CatalogFilters;
  categories: Category[];
  /** The category comes from the route's path: it is not offered as a choice. */
  categoryFixed: boolean;
  onChange(change: Partial<CatalogFilters>): void;
  onClear(): void;
}

function PriceForm({ filters, onChange }: Pick<FiltersPanelProps, 'filters' | 'onChange'>) {
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const read = (name: string) => {
      const raw = String(data.get(name) ?? '').trim();
      return raw === '' ? undefined : Number(raw);
    };
    const min = read('min');
    const max = read('max');
    if ([min, max].some((value) => value !== undefined && (!Number.isFinite(value) || value < 0))) {
      setError('Enter an amount in naira');
      return;
    }
    if (min !== undefined && max !== undefined && min > max) {
      setError('Minimum price cannot be above the maximum price');
      return;
    }
    setError(undefined);
    onChange({ min, max });
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-2" aria-label="Price range">
      <div className="grid grid-cols-2 gap-2">
        <TextField
          label="Minimum price (₦)"
          name="min"
          type="number"
          inputMode="decimal"
          min={0}
          step="0.01"
          defaultValue={filters.min ?? ''}
          error={error}
        />
        <TextField
          label="Maximum price (₦)"
          name="max"
          type="number"
          inputMode="decimal"
          min={0}
          step="0.01"
          defaultValue={filters.max ?? ''}
        />
      </div>
      <Button type="submit" variant="secondary" className="w-full">
        Apply price
      </Button>
    </form>
  );
}

/** Category levels, price range and stock of a listing; every change lands in the URL. */
export function CatalogFiltersPanel({
  filters,
  categories,
  categoryFixed,
  onChange,
  onClear,
}: FiltersPanelProps) {
  const stockId = useId();
  const category = categories.find((item) => item.id === filters.category);
  const sub = category?.subCategories.find((item) => item.id === filters.sub);
  return (
    <div className="space-y-4">
      {!categoryFixed ? (
        <SelectField
          label="Category"
          value={filters.category ?? ''}
          onChange={(event) => onChange({ category: event.target.value || undefined })}
          options={[
            { value: '', label: 'All categories' },
            ...categories.map((item) => ({ value: item.id, label: item.name })),
          ]}
        />
      ) : null}
      {category && category.subCategories.length > 0 ? (
        <SelectField
          label="Sub-category"
          value={filters.sub ?? ''}
          onChange={(event) => onChange({ sub: event.target.value || undefined })}
          options={[
            { value: '', label: `All of ${category.name}` },
            ...category.subCategories.map((item) => ({ value: item.id, label: item.name })),
          ]}
        />
      ) : null}
      {sub && sub.childCategories.length > 0 ? (
        <SelectField
          label="Child category"
          value={filters.child ?? ''}
          onChange={(event) => onChange({ child: event.target.value || undefined })}
          options={[
            { value: '', label: `All of ${sub.name}` },
            ...sub.childCategories.map((item) => ({ value: item.id, label: item.name })),
          ]}
        />
      ) : null}
      <PriceForm key={`${filters.min ?? ''}-${filters.max ?? ''}`} filters={filters} onChange={onChange} />
      <div className="flex min-h-11 items-center gap-2">
        <input
          id={stockId}
          type="checkbox"
          checked={filters.inStock}
          onChange={(event) => onChange({ inStock: event.target.checked })}
          className="h-5 w-5 accent-emerald-700"
        />
        <label htmlFor={stockId} className="text-sm font-medium text-slate-800">
          In stock only
        </label>
      </div>
      <Button variant="ghost" className="w-full" onClick={onClear}>
        Clear filters
      </Button>
    </div>
  );
}
