import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { ErrorState, LoadingState } from '../../../components/ui/states';
import { ReadOnlyUnless } from '../../../features/auth/components/read-only-unless';
import { useCoupon } from '../../../features/coupons/api/get-coupon';
import { CouponForm } from '../../../features/coupons/components/coupon-form';
import { useDocumentTitle } from '../../../lib/document-title';
import { errorToastMessage } from '../../../lib/toast-rules';

export function Component() {
  useDocumentTitle('Edit coupon');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const coupon = useCoupon(id);
  return (
    <section>
      <PageHeader title="Edit coupon" description="Changes apply to carts from now on." />
      {coupon.isPending ? (
        <LoadingState label="Loading coupon…" />
      ) : coupon.isError ? (
        <ErrorState
          title="Could not get coupon"
          message={errorToastMessage(coupon.error) ?? undefined}
          onRetry={() => coupon.refetch()}
        />
      ) : (
        <ReadOnlyUnless permission="coupons:write" note="Your role can see coupons but not change them.">
          <CouponForm coupon={coupon.data} onDone={() => navigate('/merchant/coupons')} />
        </ReadOnlyUnless>
      )}
    </section>
  );
}
