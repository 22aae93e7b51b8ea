import { AreaCards } from '../../../components/layout/area-cards';
import { PageHeader } from '../../../components/ui/page-header';
import { ErrorState, LoadingState } from '../../../components/ui/states';
import { useUserData } from '../../../features/auth/api/user-data';
import { DeliveredToday } from '../../../features/fulfilment/components/partner-orders';

const areas = [
  {
    to: '/shipping-partner/orders',
    label: 'Orders',
    description: 'Orders assigned to you: accept, decline, update, set the dispatcher, deliver.',
  },
];

export function Component() {
  const user = useUserData('partner');
  if (user.isPending) return <LoadingState label="Loading your dashboard…" />;
  if (user.isError)
    return <ErrorState message="Could not get user data. Try again later." onRetry={() => user.refetch()} />;
  const data = user.data;
  const company = 'shippingCompany' in data ? data.shippingCompany : `${data.firstName} ${data.lastName}`;
  return (
    <section>
      <PageHeader title="Shipping partner dashboard" description={`Welcome, ${company}.`} />
      <div className="mb-6">
        <DeliveredToday />
      </div>
      <AreaCards areas={areas} label="Partner areas" />
    </section>
  );
}
