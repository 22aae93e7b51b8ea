import {
  type Coupon,
  type CouponStatus,
  couponStatuses,
  type DiscountType,
  discountTypes,
} from '@market/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { SelectField } from '../../../components/ui/select-field';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { formatDateRange } from '../../../lib/dates';
import { formatNaira, nairaToKobo } from '../../../lib/money';
import { errorToastMessage } from '../../../lib/toast-rules';
import { useDeleteCoupon } from '../api/delete-coupon';
import { useCoupons } from '../api/list-coupons';
import { couponStatusOn, statusLabels, statusTones } from './coupon-status';

const typeNames: Record<DiscountType, string> = {
  Percent: 'Percent',
  Fixed: 'Fixed',
  BuyXGetY: 'Buy X get Y',
};

/** What the coupon gives, in words: "15% off", "₦2,000.00 off", "Buy 2 get 1 at 100% off". */
export function couponOffer(coupon: Coupon): string {
  if (coupon.discountType === 'Percent') return `${coupon.discountValue}% off`;
  if (coupon.discountType === 'Fixed') return `${formatNaira(nairaToKobo(coupon.discountValue))} off`;
  return `Buy ${coupon.minRequireValue} get ${coupon.discountValue} at ${coupon.rewardValue}% off`;
}

const usage = (coupon: Coupon) =>
  `${coupon.usedCount}/${coupon.usageLimit === 0 ? 'unlimited' : coupon.usageLimit}`;

const dates = (coupon: Coupon) =>
  coupon.endDate
    ? formatDateRange(coupon.startDate, coupon.endDate)
    : `${formatDateRange(coupon.startDate, null)}, no end`;

/** The store's coupons with status (UTC dates), type, usage and code; filter, edit and delete. */
/** `canChange`: the role holds `coupons:write` (a "See"-only role gets no create, edit or delete). */
export function CouponsList({ canChange = true }: { canChange?: boolean } = {}) {
  const [status, setStatus] = useState<CouponStatus | ''>('');
  const [type, setType] = useState<DiscountType | ''>('');
  const list = useCoupons({ status: status || undefined, discountType: type || undefined });
  const remove = useDeleteCoupon();
  const [toDelete, setToDelete] = useState<Coupon | null>(null);
  const filtered = Boolean(status || type);
  const coupons = list.data ?? [];

  return (
    <section aria-label="Your coupons" className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-2 lg:max-w-xl">
        <SelectField
          label="Status"
          value={status}
          onChange={(event) => setStatus(event.target.value as CouponStatus | '')}
          options={[
            { value: '', label: 'All' },
            ...couponStatuses.map((value) => ({ value, label: statusLabels[value] })),
          ]}
        />
        <SelectField
          label="Type"
          value={type}
          onChange={(event) => setType(event.target.value as DiscountType | '')}
          options={[
            { value: '', label: 'All' },
            ...discountTypes.map((value) => ({ value, label: typeNames[value] })),
          ]}
        />
      </div>
      {list.isPending ? (
        <LoadingState label="Loading coupons…" />
      ) : list.isError ? (
        <ErrorState
          title="Could not get coupons"
          message={errorToastMessage(list.error) ?? undefined}
          onRetry={() => list.refetch()}
        />
      ) : coupons.length === 0 ? (
        <EmptyState title={filtered ? 'No coupons match' : 'No coupons yet'}>
          {filtered ? (
            'Try another status or type.'
          ) : canChange ? (
            <Link to="/merchant/coupons/new" className="font-semibold text-emerald-800 underline">
              Create your first coupon
            </Link>
          ) : null}
        </EmptyState>
      ) : (
        <div aria-busy={list.isFetching}>
          <table className="hidden w-full border-collapse rounded-lg bg-white text-left text-sm md:table">
            <caption className="sr-only">Coupons</caption>
            <thead>
              <tr className="border-b border-slate-200 text-slate-700">
                <th scope="col" className="p-3 font-semibold">
                  Coupon
                </th>
                <th scope="col" className="p-3 font-semibold">
                  Status
                </th>
                <th scope="col" className="p-3 font-semibold">
                  Type
                </th>
                <th scope="col" className="p-3 font-semibold">
                  Dates (UTC)
                </th>
                <th scope="col" className="p-3 font-semibold">
                  Used
                </th>
                <th scope="col" className="p-3 font-semibold">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {coupons.map((coupon) => {
                const state = couponStatusOn(coupon);
                return (
                  <tr key={coupon.id} className="border-b border-slate-100 align-top">
                    <td className="p-3">
                      <p className="font-semibold text-slate-900">{coupon.code ?? 'Automatic'}</p>
                      <p className="text-slate-700">{couponOffer(coupon)}</p>
                      {coupon.description ? <p className="text-slate-600">{coupon.description}</p> : null}
                    </td>
                    <td className="p-3">
                      <Badge tone={statusTones[state]}>{statusLabels[state]}</Badge>
                    </td>
                    <td className="p-3">{typeNames[coupon.discountType]}</td>
                    <td className="p-3">{dates(coupon)}</td>
                    <td className="p-3">{usage(coupon)}</td>
                    <td className="p-3">
                      <CouponActions
                        coupon={coupon}
                        canChange={canChange}
                        onDelete={() => setToDelete(coupon)}
                      />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <ul className="space-y-3 md:hidden">
            {coupons.map((coupon) => {
              const state = couponStatusOn(coupon);
              return (
                <li key={coupon.id} className="rounded-lg border border-slate-200 bg-white p-4">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <p className="font-semibold break-all text-slate-900">{coupon.code ?? 'Automatic'}</p>
                    <Badge tone={statusTones[state]}>{statusLabels[state]}</Badge>
                  </div>
                  <p className="text-sm text-slate-700">
                    {couponOffer(coupon)} · {typeNames[coupon.discountType]}
                  </p>
                  {coupon.description ? <p className="text-sm text-slate-600">{coupon.description}</p> : null}
                  <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 text-sm">
                    <dt className="text-slate-600">Dates (UTC)</dt>
                    <dd className="text-slate-900">{dates(coupon)}</dd>
                    <dt className="text-slate-600">Used</dt>
                    <dd className="text-slate-900">{usage(coupon)}</dd>
                  </dl>
                  <div className="mt-3">
                    <CouponActions
                      coupon={coupon}
                      canChange={canChange}
                      onDelete={() => setToDelete(coupon)}
                    />
                  </div>
                </li>
              );
            })}
          </ul>
        </div>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete this coupon?"
        description={
          toDelete
            ? `“${toDelete.code ?? couponOffer(toDelete)}” stops applying at once. Orders that used it keep their discount.`
            : ''
        }
        confirmLabel="Delete coupon"
        busy={remove.isPending}
        onConfirm={() => toDelete && remove.mutate(toDelete.id, { onSettled: () => setToDelete(null) })}
        onCancel={() => setToDelete(null)}
      />
    </section>
  );
}

function CouponActions({
  coupon,
  canChange,
  onDelete,
}: {
  coupon: Coupon;
  canChange: boolean;
  onDelete(): void;
}) {
  const name = coupon.code ?? couponOffer(coupon);
  return (
    <div className="flex flex-wrap gap-2">
      <Link
        to={`/merchant/coupons/${coupon.id}/edit`}
        className={buttonClasses('secondary')}
        aria-label={`${canChange ? 'Edit' : 'View'} ${name}`}
      >
        {canChange ? 'Edit' : 'View'}
      </Link>
      {canChange ? (
        <Button variant="dangerGhost" onClick={onDelete} aria-label={`Delete ${name}`}>
          Delete
        </Button>
      ) : null}
    </div>
  );
}
