import { type CustomerEligibility, customerEligibilities } from '@market/contracts';
import { useState } from 'react';
import { FormSection } from '../../../../components/ui/form-section';
import { SelectField } from '../../../../components/ui/select-field';
import { TextareaField } from '../../../../components/ui/textarea-field';
import { type CouponFormApi, setIds } from './coupon-form-values';

const eligibilityLabels: Record<CustomerEligibility, string> = {
  Everyone: 'Everyone',
  FirstTimeCustomers: 'First-time customers',
  SpecificCustomers: 'Specific customers',
};

/** Who may use the coupon: everyone, first-time customers, or the customers listed. */
export function CouponEligibilitySection({ form }: { form: CouponFormApi }) {
  const { register, watch, formState } = form;
  const errors = formState.errors;
  return (
    <FormSection title="Customer eligibility">
      <SelectField
        label="Who can use it"
        options={customerEligibilities.map((value) => ({ value, label: eligibilityLabels[value] }))}
        error={errors.customerEligibility?.message}
        {...register('customerEligibility')}
      />
      {watch('customerEligibility') === 'SpecificCustomers' ? (
        <CustomerIdsField
          value={watch('customerIds')}
          error={errors.customerIds?.message ?? errors.customerIds?.find?.((item) => item)?.message}
          onChange={(ids) => setIds(form, 'customerIds', ids)}
        />
      ) : null}
    </FormSection>
  );
}

/** Customer ids, one per line or comma separated (there is no customer search for merchants). */
function CustomerIdsField({
  value,
  error,
  onChange,
}: {
  value: readonly string[];
  error?: string;
  onChange(ids: string[]): void;
}) {
  const [text, setText] = useState(value.join('\n'));
  return (
    <TextareaField
      label="Customer ids"
      aria-required
      rows={4}
      value={text}
      error={error}
      placeholder="One customer id per line"
      onChange={(event) => {
        setText(event.target.value);
        onChange(
          event.target.value
            .split(/[\s,]+/)
            .map((item) => item.trim())
            .filter(Boolean),
        );
      }}
    />
  );
}
