import { useId } from 'react';
import { useCategoryTree } from '../../../api/get-category-tree';
import { RequiredMark } from '../../../components/ui/field-label';
import { Spinner } from '../../../components/ui/spinner';

/** Ticks categories at any of the three levels (a coupon covers the products filed under any ticked one). */
export function CategoryPicker({
  label,
  value,
  error,
  required = false,
  onChange,
}: {
  label: string;
  value: readonly string[];
  error?: string;
  /** At least one category must be ticked: marked, and said in the group's hint. */
  required?: boolean;
  onChange(ids: string[]): void;
}) {
  const categories = useCategoryTree();
  const hintId = useId();
  const chosen = new Set(value);
  const toggle = (id: string) =>
    onChange(chosen.has(id) ? value.filter((item) => item !== id) : [...value, id]);
  const box = (id: string, name: string) => (
    <label className="flex min-h-11 items-center gap-3 text-sm text-slate-800">
      <input
        type="checkbox"
        className="h-5 w-5 shrink-0 accent-emerald-700"
        checked={chosen.has(id)}
        onChange={() => toggle(id)}
      />
      {name}
    </label>
  );
  return (
    <fieldset
      aria-describedby={required ? hintId : undefined}
      className="space-y-2 rounded-md border border-slate-200 p-3"
    >
      <legend className="px-1 text-sm font-semibold text-slate-900">
        {label}
        {required ? (
          <>
            {' '}
            <RequiredMark />
          </>
        ) : null}
      </legend>
      {required ? (
        <p id={hintId} className="text-sm text-slate-600">
          Tick at least one category.
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {categories.isPending ? (
        <Spinner label="Loading categories" />
      ) : categories.isError ? (
        <p className="text-sm text-red-700">Could not get categories. Try again later.</p>
      ) : (
        <ul className="max-h-80 space-y-1 overflow-y-auto">
          {categories.data.map((category) => (
            <li key={category.id}>
              {box(category.id, category.name)}
              {category.subCategories.length > 0 ? (
                <ul className="ml-6">
                  {category.subCategories.map((sub) => (
                    <li key={sub.id}>
                      {box(sub.id, sub.name)}
                      {sub.childCategories.length > 0 ? (
                        <ul className="ml-6">
                          {sub.childCategories.map((child) => (
                            <li key={child.id}>{box(child.id, child.name)}</li>
                          ))}
                        </ul>
                      ) : null}
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
