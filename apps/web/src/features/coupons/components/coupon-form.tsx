import {
  COUPON_DEFAULTS,
  type Coupon,
  type CreateCouponBody,
  type CustomerEligibility,
  createCouponBody,
  customerEligibilities,
  type DiscountMode,
  type DiscountType,
  discountModes,
  discountTypes,
  type MinRequireType,
  minRequireTypes,
  type RewardAppliesTo,
  rewardAppliesToValues,
  type SpendAppliesTo,
  spendAppliesToValues,
} from '@market/contracts';
import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { FormAlert } from '../../../components/ui/form-alert';
import { FormSection } from '../../../components/ui/form-section';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { TextareaField } from '../../../components/ui/textarea-field';
import { contractResolver } from '../../../lib/contract-form';
import { applyServerErrors } from '../../../lib/form-errors';
import { numberOrNaN } from '../../../lib/form-values';
import { serverFieldPaths } from '../../../lib/server-errors';
import { useCreateCoupon } from '../api/create-coupon';
import { useUpdateCoupon } from '../api/update-coupon';
import { CategoryPicker } from './category-picker';
import { todayUtc } from './coupon-status';
import { ProductPicker } from './product-picker';

/** Every field of the contract body, all filled: the inputs always hold a value. */
export type CouponFormValues = Required<CreateCouponBody>;
type CouponOutput = z.output<typeof createCouponBody>;

const modeLabels: Record<DiscountMode, string> = {
  Automatic: 'Automatic (no code)',
  Code: 'Code (customer enters it)',
};
const typeLabels: Record<DiscountType, string> = {
  Percent: 'Percent off',
  Fixed: 'Fixed amount off (₦)',
  BuyXGetY: 'Buy X get Y',
};
const spendLabels: Record<SpendAppliesTo, string> = {
  AllProducts: 'All your products',
  SpecificProducts: 'Specific products',
  SpecificCategories: 'Specific categories',
};
const minimumLabels: Record<MinRequireType, string> = {
  Amount: 'Minimum amount spent (₦)',
  Quantity: 'Minimum number of items',
  None: 'No minimum',
};
const eligibilityLabels: Record<CustomerEligibility, string> = {
  Everyone: 'Everyone',
  FirstTimeCustomers: 'First-time customers',
  SpecificCustomers: 'Specific customers',
};
const rewardLabels: Record<RewardAppliesTo, string> = {
  Product: 'Products',
  Category: 'Categories',
};

/** What the inputs hold, as the contract body: no code on Automatic coupons, an empty end date is no end. */
export function toCouponBody(values: CouponFormValues): CouponFormValues {
  const code = typeof values.code === 'string' ? values.code.trim() : '';
  return {
    ...values,
    code: values.discountMode === 'Code' && code ? code : null,
    endDate: values.endDate ? values.endDate : null,
    minRequireType: values.discountType === 'BuyXGetY' ? 'Quantity' : values.minRequireType,
    minRequireValue:
      values.discountType !== 'BuyXGetY' && values.minRequireType === 'None' ? 0 : values.minRequireValue,
    spendAppliesToId: values.spendAppliesTo === 'AllProducts' ? [] : values.spendAppliesToId,
    customerIds: values.customerEligibility === 'SpecificCustomers' ? values.customerIds : [],
    isPublic: values.discountMode === 'Code' ? values.isPublic : false,
  };
}

const baseResolver = contractResolver<typeof createCouponBody, CouponFormValues>(createCouponBody);
const couponResolver: Resolver<CouponFormValues, unknown, CouponOutput> = (values, context, options) =>
  baseResolver(toCouponBody(values), context, options);

/** The defaults of the specification (sections 3 and 9); a new coupon starts today (UTC). */
export function couponDefaults(coupon?: Coupon): CouponFormValues {
  if (!coupon) {
    return {
      discountMode: COUPON_DEFAULTS.discountMode,
      code: '',
      description: '',
      discountType: 'Percent',
      discountValue: Number.NaN,
      startDate: todayUtc(),
      endDate: '',
      spendAppliesTo: COUPON_DEFAULTS.spendAppliesTo,
      spendAppliesToId: [],
      minRequireType: COUPON_DEFAULTS.minRequireType,
      minRequireValue: COUPON_DEFAULTS.minRequireValue,
      usageLimit: COUPON_DEFAULTS.usageLimit,
      usageLimitPerUser: COUPON_DEFAULTS.usageLimitPerUser,
      customerEligibility: COUPON_DEFAULTS.customerEligibility,
      customerIds: [],
      customerReward: COUPON_DEFAULTS.customerReward,
      rewardAppliesTo: COUPON_DEFAULTS.rewardAppliesTo,
      rewardAppliesToId: [],
      rewardValue: COUPON_DEFAULTS.rewardValue,
      isPublic: false,
      isActive: true,
    };
  }
  return {
    discountMode: coupon.discountMode,
    code: coupon.code ?? '',
    description: coupon.description,
    discountType: coupon.discountType,
    discountValue: coupon.discountValue,
    startDate: coupon.startDate,
    endDate: coupon.endDate ?? '',
    spendAppliesTo: coupon.spendAppliesTo,
    spendAppliesToId: coupon.spendAppliesToId,
    minRequireType: coupon.minRequireType,
    minRequireValue: coupon.minRequireValue,
    usageLimit: coupon.usageLimit,
    usageLimitPerUser: coupon.usageLimitPerUser,
    customerEligibility: coupon.customerEligibility,
    customerIds: coupon.customerIds,
    customerReward: coupon.customerReward,
    rewardAppliesTo: coupon.rewardAppliesTo,
    rewardAppliesToId: coupon.rewardAppliesToId,
    rewardValue: coupon.rewardValue,
    isPublic: coupon.isPublic,
    isActive: coupon.isActive,
  };
}

/** Create or edit a coupon: every field of the contract with its defaults, checked by the contract schema. */
export function CouponForm({ coupon, onDone }: { coupon?: Coupon; onDone(coupon: Coupon): void }) {
  const create = useCreateCoupon();
  const update = useUpdateCoupon(coupon?.id ?? '');
  const [status, setStatus] = useState<string | null>(null);
  const [productNames, setProductNames] = useState<Record<string, string>>(() =>
    Object.fromEntries((coupon?.products ?? []).map((product) => [product.id, product.name])),
  );
  const { register, handleSubmit, watch, setValue, setError, formState } = useForm<
    CouponFormValues,
    unknown,
    CouponOutput
  >({ resolver: couponResolver, defaultValues: couponDefaults(coupon) });
  const errors = formState.errors;
  const revalidate = formState.isSubmitted;

  const mode = watch('discountMode');
  const type = watch('discountType');
  const spendAppliesTo = watch('spendAppliesTo');
  const minRequireType = watch('minRequireType');
  const eligibility = watch('customerEligibility');
  const rewardAppliesTo = watch('rewardAppliesTo');
  const buyXGetY = type === 'BuyXGetY';

  const onSubmit = handleSubmit((values) => {
    setStatus(null);
    const onError = (error: unknown) => {
      const message = applyServerErrors(error, setError, serverFieldPaths(error));
      setStatus(message);
    };
    const body = values as CreateCouponBody;
    if (coupon) update.mutate(body, { onSuccess: (answer) => onDone(answer.data), onError });
    else create.mutate(body, { onSuccess: (answer) => onDone(answer.data), onError });
  });

  const setIds = (name: 'spendAppliesToId' | 'rewardAppliesToId' | 'customerIds', ids: string[]) =>
    setValue(name, ids, { shouldDirty: true, shouldValidate: revalidate });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={coupon ? 'Edit coupon' : 'New coupon'}
      className="space-y-5"
    >
      <div aria-live="assertive">{status ? <FormAlert>{status}</FormAlert> : null}</div>

      <FormSection title="Discount">
        <SelectField
          label="Discount mode"
          options={discountModes.map((value) => ({ value, label: modeLabels[value] }))}
          error={errors.discountMode?.message}
          {...register('discountMode')}
        />
        {mode === 'Code' ? (
          <>
            <TextField
              label="Coupon code"
              autoComplete="off"
              autoCapitalize="characters"
              hint="3 to 30 letters, digits, - or _. Saved in capitals; customers may type it in any case."
              error={errors.code?.message}
              {...register('code')}
            />
            <CheckboxField
              label="List this code to customers"
              hint="Otherwise the code stays a secret you hand out yourself."
              {...register('isPublic')}
            />
          </>
        ) : null}
        <TextareaField label="Description" error={errors.description?.message} {...register('description')} />
        <SelectField
          label="Discount type"
          options={discountTypes.map((value) => ({ value, label: typeLabels[value] }))}
          error={errors.discountType?.message}
          {...register('discountType', {
            onChange: (event: { target: { value: string } }) => {
              if (event.target.value === 'BuyXGetY') {
                setValue('minRequireType', 'Quantity');
                const x = watch('minRequireValue');
                if (!Number.isInteger(x) || x < 1) setValue('minRequireValue', Number.NaN);
              }
            },
          })}
        />
        {type === 'Percent' ? (
          <TextField
            label="Percent off"
            type="number"
            inputMode="decimal"
            step="0.01"
            min="0"
            max="100"
            hint="More than 0 and at most 100, with up to 2 decimals."
            error={errors.discountValue?.message}
            {...register('discountValue', { setValueAs: numberOrNaN })}
          />
        ) : null}
        {type === 'Fixed' ? (
          <TextField
            label="Amount off (₦)"
            type="number"
            inputMode="decimal"
            step="0.01"
            min="0"
            hint="Naira off the eligible items, never more than they cost."
            error={errors.discountValue?.message}
            {...register('discountValue', { setValueAs: numberOrNaN })}
          />
        ) : null}
      </FormSection>

      {buyXGetY ? (
        <FormSection title="Buy X get Y">
          <p id="bxgy-help" className="text-sm text-slate-700">
            When a cart holds X of the items this coupon applies to, the customer gets Y reward items at the
            discount below. The cheapest reward items of the cart are the ones discounted, and no item counts
            both as bought and as given. The offer repeats for every full set: with “buy 2 get 1 free” on a
            ₦5,000 shirt, 3 shirts take ₦5,000 off, 5 shirts still ₦5,000, 6 shirts ₦10,000.
          </p>
          <div className="grid gap-4 sm:grid-cols-3">
            <TextField
              label="Customer buys (X items)"
              type="number"
              inputMode="numeric"
              min="1"
              step="1"
              aria-describedby="bxgy-help"
              error={errors.minRequireValue?.message}
              {...register('minRequireValue', { setValueAs: numberOrNaN })}
            />
            <TextField
              label="Customer gets (Y items)"
              type="number"
              inputMode="numeric"
              min="1"
              step="1"
              error={errors.discountValue?.message}
              {...register('discountValue', { setValueAs: numberOrNaN })}
            />
            <TextField
              label="Discount on each reward item (%)"
              type="number"
              inputMode="numeric"
              min="1"
              max="100"
              step="1"
              hint="100 makes them free."
              error={errors.rewardValue?.message}
              {...register('rewardValue', { setValueAs: numberOrNaN })}
            />
          </div>
          <SelectField
            label="Reward items"
            options={rewardAppliesToValues.map((value) => ({ value, label: rewardLabels[value] }))}
            error={errors.rewardAppliesTo?.message}
            {...register('rewardAppliesTo', {
              onChange: () => setIds('rewardAppliesToId', []),
            })}
          />
          <p className="text-sm text-slate-700">
            {rewardAppliesTo === 'Product'
              ? 'With no reward product chosen, the items bought are the reward items.'
              : 'Any product of the chosen categories can be a reward item.'}
          </p>
          {rewardAppliesTo === 'Product' ? (
            <ProductPicker
              label="Reward products"
              value={watch('rewardAppliesToId')}
              names={productNames}
              error={errors.rewardAppliesToId?.message}
              onChange={(ids, names) => {
                setProductNames(names);
                setIds('rewardAppliesToId', ids);
              }}
            />
          ) : (
            <CategoryPicker
              label="Reward categories"
              value={watch('rewardAppliesToId')}
              error={errors.rewardAppliesToId?.message}
              onChange={(ids) => setIds('rewardAppliesToId', ids)}
            />
          )}
          <TextField
            label="Customer reward (₦)"
            type="number"
            inputMode="decimal"
            step="0.01"
            min="0"
            hint="Kept with the coupon and shown to you; it does not change the discount."
            error={errors.customerReward?.message}
            {...register('customerReward', { setValueAs: numberOrNaN })}
          />
        </FormSection>
      ) : null}

      <FormSection title="Dates (UTC)">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Start date"
            type="date"
            hint="Whole days in UTC; the coupon works from the start of this day."
            error={errors.startDate?.message}
            {...register('startDate')}
          />
          <TextField
            label="End date"
            type="date"
            hint="Included. Leave empty for no end."
            error={errors.endDate?.message}
            {...register('endDate')}
          />
        </div>
      </FormSection>

      <FormSection title="Applies to">
        <SelectField
          label="Items the coupon applies to"
          options={spendAppliesToValues.map((value) => ({ value, label: spendLabels[value] }))}
          error={errors.spendAppliesTo?.message}
          {...register('spendAppliesTo', { onChange: () => setIds('spendAppliesToId', []) })}
        />
        {spendAppliesTo === 'SpecificProducts' ? (
          <ProductPicker
            label="Products"
            value={watch('spendAppliesToId')}
            names={productNames}
            error={errors.spendAppliesToId?.message}
            onChange={(ids, names) => {
              setProductNames(names);
              setIds('spendAppliesToId', ids);
            }}
          />
        ) : null}
        {spendAppliesTo === 'SpecificCategories' ? (
          <CategoryPicker
            label="Categories"
            value={watch('spendAppliesToId')}
            error={errors.spendAppliesToId?.message}
            onChange={(ids) => setIds('spendAppliesToId', ids)}
          />
        ) : null}
      </FormSection>

      {buyXGetY ? null : (
        <FormSection title="Minimum requirement">
          <SelectField
            label="Minimum requirement"
            options={minRequireTypes.map((value) => ({ value, label: minimumLabels[value] }))}
            error={errors.minRequireType?.message}
            {...register('minRequireType')}
          />
          {minRequireType === 'Amount' ? (
            <TextField
              label="Minimum amount (₦)"
              type="number"
              inputMode="decimal"
              step="0.01"
              min="0"
              hint="Of the items the coupon applies to."
              error={errors.minRequireValue?.message}
              {...register('minRequireValue', { setValueAs: numberOrNaN })}
            />
          ) : null}
          {minRequireType === 'Quantity' ? (
            <TextField
              label="Minimum quantity"
              type="number"
              inputMode="numeric"
              step="1"
              min="0"
              hint="Items the coupon applies to."
              error={errors.minRequireValue?.message}
              {...register('minRequireValue', { setValueAs: numberOrNaN })}
            />
          ) : null}
        </FormSection>
      )}

      <FormSection title="Usage limits">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Total uses"
            type="number"
            inputMode="numeric"
            step="1"
            min="0"
            hint="0 = unlimited."
            error={errors.usageLimit?.message}
            {...register('usageLimit', { setValueAs: numberOrNaN })}
          />
          <TextField
            label="Uses per customer"
            type="number"
            inputMode="numeric"
            step="1"
            min="0"
            hint="0 = unlimited."
            error={errors.usageLimitPerUser?.message}
            {...register('usageLimitPerUser', { setValueAs: numberOrNaN })}
          />
        </div>
      </FormSection>

      <FormSection title="Customer eligibility">
        <SelectField
          label="Who can use it"
          options={customerEligibilities.map((value) => ({ value, label: eligibilityLabels[value] }))}
          error={errors.customerEligibility?.message}
          {...register('customerEligibility')}
        />
        {eligibility === 'SpecificCustomers' ? (
          <CustomerIdsField
            value={watch('customerIds')}
            error={errors.customerIds?.message ?? errors.customerIds?.find?.((item) => item)?.message}
            onChange={(ids) => setIds('customerIds', ids)}
          />
        ) : null}
      </FormSection>

      <FormSection title="Status">
        <CheckboxField
          label="Switched on"
          hint="A switched-off coupon is kept but never applies."
          {...register('isActive')}
        />
      </FormSection>

      <div className="flex flex-col gap-2 sm:flex-row">
        <Button type="submit" loading={create.isPending || update.isPending} className="w-full sm:w-auto">
          {coupon ? 'Save coupon' : 'Create coupon'}
        </Button>
      </div>
    </form>
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
