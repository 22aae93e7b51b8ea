import type { CustomerProduct } from '@market/contracts';
import { useId } from 'react';
import { propertyName, type Variant, variantLabel } from './variants';

interface VariantPickerProps {
  product: CustomerProduct;
  selectedId: string | undefined;
  onSelect(variant: Variant): void;
}

/**
 * The product's variants as one radio group (arrow keys move between them); each radio is named by its
 * options, e.g. "M / Red". Sold-out variants stay visible but cannot be chosen.
 */
export function VariantPicker({ product, selectedId, onSelect }: VariantPickerProps) {
  const name = useId();
  if (product.variant.length === 0) return null;
  const legend =
    product.variantProperties.map((property) => propertyName(property.type)).join(' / ') || 'variant';
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold text-slate-900">Choose {legend}</legend>
      <div className="flex flex-wrap gap-2">
        {product.variant.map((variant) => {
          const soldOut = variant.quantity <= 0;
          const labelId = `${name}-${variant.id}-label`;
          const soldOutId = `${name}-${variant.id}-sold-out`;
          const checked = variant.id === selectedId;
          return (
            <label
              key={variant.id}
              className={`relative inline-flex min-h-11 min-w-11 cursor-pointer items-center justify-center gap-1 rounded-md border px-3 text-sm has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-emerald-700 ${
                checked
                  ? 'border-emerald-700 bg-emerald-50 font-semibold text-emerald-900 ring-1 ring-emerald-700'
                  : 'border-slate-400 bg-white text-slate-900'
              } ${soldOut ? 'cursor-not-allowed border-dashed text-slate-600 line-through' : ''}`}
            >
              <input
                type="radio"
                name={name}
                value={variant.id}
                checked={checked}
                disabled={soldOut}
                onChange={() => onSelect(variant)}
                aria-labelledby={labelId}
                aria-describedby={soldOut ? soldOutId : undefined}
                className="sr-only"
              />
              <span id={labelId}>{variantLabel(variant)}</span>
              {soldOut ? (
                <span id={soldOutId} className="sr-only">
                  Sold out
                </span>
              ) : null}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
