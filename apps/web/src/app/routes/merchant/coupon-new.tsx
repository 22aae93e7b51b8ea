import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { CouponForm } from '../../../features/coupons/components/coupon-form';
import { useDocumentTitle } from '../../../lib/document-title';

export function Component() {
  useDocumentTitle('New coupon');
  const navigate = useNavigate();
  return (
    <section>
      <PageHeader title="New coupon" description="Left-out fields keep their defaults." />
      <CouponForm onDone={() => navigate('/merchant/coupons')} />
    </section>
  );
}
