import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { useHasPermission } from '../../../features/auth/api/permissions';
import { CouponsList } from '../../../features/coupons/components/coupons-list';
import { useDocumentTitle } from '../../../lib/document-title';

export function Component() {
  useDocumentTitle('Coupons');
  const canChange = useHasPermission('merchant', 'coupons:write');
  return (
    <section>
      <PageHeader
        title="Coupons"
        description="Percent, fixed and buy-X-get-Y discounts of your store. Dates are whole days in UTC."
        actions={
          canChange ? (
            <Link to="/merchant/coupons/new" className={buttonClasses('primary')}>
              New coupon
            </Link>
          ) : undefined
        }
      />
      <CouponsList canChange={canChange} />
    </section>
  );
}
