import type { ReviewKind } from '@market/contracts';
import { SelectField } from '../../../components/ui/select-field';

/** The reviews lists' filter by kind: product reviews, store reviews, or both (''). */
export function ReviewKindField({
  label,
  bothLabel,
  value,
  onChange,
}: {
  label: string;
  bothLabel: string;
  value: ReviewKind | '';
  onChange(kind: ReviewKind | ''): void;
}) {
  return (
    <SelectField
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value as ReviewKind | '')}
      options={[
        { value: '', label: bothLabel },
        { value: 'product', label: 'Product reviews' },
        { value: 'merchant', label: 'Store reviews' },
      ]}
      className="sm:w-56"
    />
  );
}
